/**
 * /longterm as a visitor uses it (SPEC 2, 4, 6, 9): labelled a concept demo, no request of any
 * kind; the role switch turns My Earnings into Purchases and Start Earning into Purchase Data;
 * rupee figures with en-IN grouping; category search and demand filter; the transactions table
 * with statuses in text; Analytics; the closing future-vision banner; Hindi.
 */

import { DEFAULT_SETTINGS } from '@pehchaan/core';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

let fetchMock: ReturnType<typeof mockFetch>['fetchMock'];

beforeEach(() => {
  ({ fetchMock } = mockFetch());
});

async function openMarketplace() {
  const view = renderApp('/longterm');
  await screen.findByRole('heading', { level: 1, name: 'Data Marketplace' });
  return view;
}

const tabs = () => screen.getByRole('tablist', { name: 'Marketplace sections' });
const tabNames = () =>
  within(tabs())
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('/longterm (SPEC 2)', () => {
  it('is labelled a concept demo, shows the overview in rupees and closes with the vision', async () => {
    await openMarketplace();
    expect(screen.getByRole('note', { name: 'Concept demo' })).toHaveTextContent(
      'no real data is bought or sold',
    );
    expect(tabNames()).toEqual(['Market Overview', 'Data Categories', 'My Earnings', 'Analytics']);
    const panel = screen.getByRole('tabpanel');
    for (const figure of [
      '12,50,000',
      '450',
      '89,500',
      '₹4,56,00,000.00',
      '₹36.48 per month',
      '23.5% a year',
    ]) {
      expect(within(panel).getByText(figure)).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'For data sellers' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'For data buyers' })).toBeInTheDocument();
    expect(screen.getByText('Your Earnings:', { exact: false })).toHaveTextContent('₹747.15');
    const vision = screen.getByRole('region', { name: 'The future we are building towards' });
    expect(vision).toHaveTextContent('the marketplace does not exist today');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the role switch turns My Earnings into Purchases and keeps the tab', async () => {
    const { user } = await openMarketplace();
    const seller = screen.getByRole('button', { name: 'Data Seller' });
    const buyer = screen.getByRole('button', { name: 'Data Buyer' });
    expect(seller).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(tabs()).getByRole('tab', { name: 'My Earnings' }));
    expect(screen.getByText('Total Earnings').nextSibling).toHaveTextContent('₹747.15');
    expect(screen.getByText('This Month').nextSibling).toHaveTextContent('₹43.30');
    expect(screen.getByText('Active Contracts').nextSibling).toHaveTextContent('12');

    await user.click(buyer);
    expect(buyer).toHaveAttribute('aria-pressed', 'true');
    expect(tabNames()).toEqual(['Market Overview', 'Data Categories', 'Purchases', 'Analytics']);
    expect(within(tabs()).getByRole('tab', { name: 'Purchases' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByText('Your Earnings:', { exact: false })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Purchase Dataset:/ })).toHaveLength(3);
    for (const price of ['₹4,50,000.00', '₹6,80,000.00', '₹3,20,000.00']) {
      expect(screen.getByText(price)).toBeInTheDocument();
    }
    expect(screen.getByText('12 months')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Purchase Dataset: Consumer spending/ }));
    expect(await screen.findByText(/no data is sold here/)).toBeInTheDocument();

    await user.click(seller);
    expect(within(tabs()).getByRole('tab', { name: 'My Earnings' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('seller transactions: the table columns, statuses in text, Filter by Date', async () => {
    const { user } = await openMarketplace();
    await user.click(within(tabs()).getByRole('tab', { name: 'My Earnings' }));
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Buyer', 'Data Category', 'Amount', 'Duration', 'Date', 'Status']);
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(within(table).getAllByText('Completed')).toHaveLength(4);
    expect(within(table).getByText('Pending')).toHaveClass('text-yellow-900');
    expect(within(table).getByText('Cancelled')).toHaveClass('text-red-800');
    expect(within(table).getByText('₹15.50')).toBeInTheDocument();

    const filter = screen.getByRole('button', { name: 'Filter by Date' });
    await user.click(filter);
    expect(filter).toHaveAttribute('aria-expanded', 'true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 7 days');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('categories: search, demand filter and the role-specific button', async () => {
    const { user } = await openMarketplace();
    await user.click(within(tabs()).getByRole('tab', { name: 'Data Categories' }));
    const search = screen.getByRole('searchbox', { name: 'Search categories' });
    expect(search).toHaveAttribute('placeholder', 'Search categories...');
    expect(screen.getAllByRole('button', { name: /^Start Earning:/ })).toHaveLength(6);
    expect(screen.getByText('₹15.50 per seller per month')).toBeInTheDocument();
    expect(screen.getByText('Demand: Very High')).toBeInTheDocument();

    await user.type(search, 'HEALTH');
    expect(screen.getByRole('status')).toHaveTextContent('1 category');
    expect(screen.getByRole('heading', { name: 'Healthcare Data' })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'crypto');
    expect(screen.getByRole('status')).toHaveTextContent('No categories match your search.');
    await user.clear(search);

    const filter = screen.getByRole('button', { name: 'Filter' });
    await user.click(filter);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Demand' }), 'High');
    expect(screen.getByRole('status')).toHaveTextContent('2 categories');

    await user.click(screen.getByRole('button', { name: 'Data Buyer' }));
    expect(screen.getAllByRole('button', { name: /^Purchase Data:/ })).toHaveLength(2);
    expect(screen.queryByText('Your earnings')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Purchase Data: Shopping Data' }));
    expect(await screen.findByText(/cannot be bought; no data is sold here/)).toBeInTheDocument();
  });

  it('analytics: market trends, top four categories and success stories', async () => {
    const { user } = await openMarketplace();
    await user.click(within(tabs()).getByRole('tab', { name: 'Analytics' }));
    expect(screen.getByRole('region', { name: 'Market trends' })).toHaveTextContent(
      'The market grows 23.5% a year.',
    );
    const top = screen.getByRole('region', { name: 'Top four categories' });
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Financial Data'),
      expect.stringContaining('Healthcare Data'),
      expect.stringContaining('Shopping Data'),
      expect.stringContaining('Location Data'),
    ]);
    const stories = screen.getByRole('region', { name: 'Success stories' });
    expect(within(stories).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(stories).toHaveTextContent('Illustrative stories, not real people.');
  });

  it('speaks Hindi, with rupees still grouped the Indian way', async () => {
    await act(() => i18n.changeLanguage('hi'));
    const { user } = renderApp('/longterm');
    expect(await screen.findByRole('heading', { level: 1, name: 'डेटा मार्केटप्लेस' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'डेटा खरीदार' }));
    expect(screen.getByRole('tab', { name: 'खरीदारी' })).toBeInTheDocument();
    expect(screen.getByText('₹4,56,00,000.00')).toBeInTheDocument();
  });

  it("adds the approximate value in a signed-in holder's chosen currency beside the rupees", async () => {
    signIn();
    mockFetch({
      'GET /user/user-001/settings': () =>
        json({
          settings: { ...DEFAULT_SETTINGS, currency: 'USD' },
          user_id: 'user-001',
          updated_at: null,
        }),
    });
    renderApp('/longterm');
    // 45.6M rupees at the indicative 88 rupees a dollar, grouped as the UI language (en-IN) does.
    expect(await screen.findByText('₹4,56,00,000.00 (≈ $5,18,181.82)')).toBeInTheDocument();
  });
});
