/**
 * /business-dashboard through the real route table (SPEC 2, 4, 5, 8, 9): header nav, the four
 * computed stat cards, the static figures, the panels, search by name or PAN and the status
 * filter, score bands named in text, Export's alert, and no network call.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';

const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in the demo')));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchSpy);
  fetchSpy.mockClear();
});
afterEach(() => {
  expect(fetchSpy).not.toHaveBeenCalled();
});

async function open() {
  const view = renderApp('/business-dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Business Dashboard' });
  return view;
}

function rowNames(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .queryAllByRole('rowheader')
    .map((cell) => cell.textContent ?? '');
}

describe('/business-dashboard', () => {
  it('has the header nav Dashboard, Customers, Reports, Settings, Logout', async () => {
    const { user } = await open();
    const nav = screen.getByRole('navigation', { name: 'Business portal' });
    const items = within(nav)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Dashboard', 'Customers', 'Reports', 'Settings', 'Logout']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Customers' })).toHaveAttribute(
      'href',
      '#customers',
    );
    expect(within(nav).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/');
    await user.click(within(nav).getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Portal settings are not part of this offline demo.',
    );
  });

  it('computes the four stat cards from the sample customers (SPEC 9)', async () => {
    await open();
    const cards = within(screen.getByRole('list', { name: 'Key figures' })).getAllByRole(
      'listitem',
    );
    expect(cards.map((card) => card.textContent)).toEqual([
      'Verified Customers50%5 of 10 customers',
      'Moderate Quality Data30%3 of 10 customers',
      'High Risk20%2 of 10 customers',
      'Average Data Score72out of 100 Moderate',
    ]);
  });

  it('shows the distribution, trend, insights and recent alerts with the static figures', async () => {
    await open();
    const distribution = screen.getByRole('region', { name: 'Customer Distribution' });
    expect(within(distribution).getByRole('list', { name: 'By status' })).toHaveTextContent(
      'Verified5 customers (50%)',
    );
    expect(within(distribution).getByRole('list', { name: 'By status' })).toHaveTextContent(
      'Flagged1 customer (10%)',
    );
    expect(within(distribution).getByRole('list', { name: 'By data score' })).toHaveTextContent(
      'At risk2 customers (20%)',
    );
    const trend = screen.getByRole('region', { name: 'Data Quality Trend' });
    expect(trend).toHaveTextContent('+5.2%over 30 days');
    expect(screen.getByRole('region', { name: 'Insights' })).toHaveTextContent(
      '2 customers have a data score below 50 and need re-verification.',
    );
    const alerts = screen.getByRole('region', { name: 'Recent Alerts' });
    expect(within(alerts).getByText('3 consent renewals due this week')).toBeVisible();
    expect(within(alerts).getByText('Data quality up +5.2% over 30 days')).toBeVisible();
    expect(within(alerts).getByText('1 customer flagged for review')).toBeVisible();
  });

  it('lists every customer with masked PAN, score band in text, risk and consent', async () => {
    await open();
    expect(rowNames()).toHaveLength(10);
    const table = screen.getByRole('table', {
      name: /Customers with their status, data score, risk level and consent/,
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Customer',
      'PAN',
      'Status',
      'Data Score',
      'Risk Level',
      'Consent',
      'Last Updated',
    ]);
    const row = (name: string) =>
      within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    expect(row('Rajesh Kumar Sharma')).toHaveTextContent(
      'ABXXXXXX4KVerified92High qualityLowActive14/01/2025',
    );
    expect(row('Arjun Reddy')).toHaveTextContent('58ModerateHighPending');
    expect(row('Vikram Singh Rathore')).toHaveTextContent('Flagged32At riskHighRevoked');
    expect(row('Meera Nair')).toHaveTextContent('Expired');
    // The full PAN never appears.
    expect(screen.queryByText('ABCPS1234K')).not.toBeInTheDocument();
  });

  it('searches by name or PAN substring, ignoring case, and filters by status (SPEC 5)', async () => {
    const { user } = await open();
    const search = screen.getByRole('searchbox', { name: 'Search customers' });
    expect(search).toHaveAttribute('placeholder', 'Search by name or PAN');
    await user.type(search, 'SINGH');
    expect(rowNames()).toEqual(['Gurpreet Singh Sandhu', 'Vikram Singh Rathore']);
    expect(screen.getByText('Showing 2 of 10 customers')).toBeVisible();

    await user.clear(search);
    await user.type(search, 'xx8l');
    expect(rowNames()).toEqual(['Priya Venkataraman']);

    await user.clear(search);
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All statuses', 'Verified', 'Moderate Quality Data', 'Pending', 'Flagged']);
    await user.selectOptions(status, 'Moderate Quality Data');
    expect(rowNames()).toEqual(['Mohammed Arif Khan', 'Meera Nair', 'Arjun Reddy']);
    await user.type(search, 'nair');
    expect(rowNames()).toEqual(['Meera Nair']);
    await user.type(search, 'zzz');
    expect(rowNames()).toEqual([]);
    expect(screen.getByText('No customers match your search.')).toBeVisible();
    expect(screen.getByText('Showing 0 of 10 customers')).toBeVisible();
  });

  it("Export only shows SPEC 8's message", async () => {
    const { user } = await open();
    const exportButton = screen.getByRole('button', { name: 'Export' });
    await user.click(exportButton);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Dashboard data would be exported to CSV or Excel.',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(exportButton).toHaveFocus();
  });

  it('speaks Hindi', async () => {
    await i18n.changeLanguage('hi');
    renderApp('/business-dashboard');
    await screen.findByRole('heading', { level: 1, name: 'बिज़नेस डैशबोर्ड' });
    const nav = screen.getByRole('navigation', { name: 'बिज़नेस पोर्टल' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['डैशबोर्ड', 'ग्राहक', 'रिपोर्ट', 'सेटिंग्स', 'लॉग आउट']);
    expect(screen.getByText('इस सप्ताह 3 सहमतियों का नवीनीकरण होना है')).toBeVisible();
  });
});
