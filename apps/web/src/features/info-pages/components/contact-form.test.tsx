/**
 * The Contact form (SPEC 2): labelled fields, the five subject choices, messages at the field,
 * and a valid message handed to the email app as a mailto: link (there is no message backend).
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/app/prerender';
import { renderApp } from '@/testing/render-app';
import { openMailApp } from '../open-mail-app';

vi.mock('../open-mail-app', () => ({ openMailApp: vi.fn() }));

/** A text field by its accessible name (the label without the visual '(required)'). */
function field(name: string) {
  return screen.getByRole('textbox', { name });
}

async function openContact() {
  const view = renderApp('/contact');
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
  return view;
}

beforeEach(() => {
  vi.mocked(openMailApp).mockClear();
});

describe('Contact form', () => {
  it('offers exactly the five subjects of SPEC 2, General Inquiry first', async () => {
    await openContact();
    const subject = screen.getByRole('combobox', { name: 'Subject' });
    expect(
      within(subject)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'General Inquiry',
      'Partnership Opportunity',
      'Technical Support',
      'Feature Request',
      'Other',
    ]);
    expect(subject).toHaveDisplayValue('General Inquiry');
    for (const label of ['Name', 'Email', 'Message']) {
      expect(field(label)).toBeRequired();
    }
  });

  it('says at each empty field what is missing and focuses the first', async () => {
    const { user } = await openContact();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const name = field('Name');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter your name');
    expect(field('Email')).toHaveAccessibleDescription('Please enter your email address');
    expect(field('Message')).toHaveAccessibleDescription(/Please enter your message/);
    expect(openMailApp).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and a short message, and clears each message once fixed', async () => {
    const { user } = await openContact();
    await user.type(field('Name'), 'Asha Verma');
    await user.type(field('Email'), 'asha@');
    await user.type(field('Message'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(field('Name')).not.toHaveAttribute('aria-invalid');
    const email = field('Email');
    expect(email).toHaveFocus();
    expect(
      screen.getByText('Please enter a valid email address, like name@example.com'),
    ).toBeVisible();
    expect(screen.getByText('Your message must be at least 20 characters long')).toBeVisible();

    await user.type(email, 'example.in');
    expect(
      screen.queryByText('Please enter a valid email address, like name@example.com'),
    ).not.toBeInTheDocument();
    await user.type(field('Message'), ' to be useful, now longer.');
    expect(
      screen.queryByText('Your message must be at least 20 characters long'),
    ).not.toBeInTheDocument();
    expect(openMailApp).not.toHaveBeenCalled();
  });

  it('opens the email app with the message and says so, promising a reply within 24 hours', async () => {
    const { user } = await openContact();
    await user.type(field('Name'), 'Asha Verma');
    await user.type(field('Email'), 'asha@example.in');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Subject' }),
      'Technical Support',
    );
    await user.type(field('Message'), 'The QR code does not scan on my phone.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(openMailApp).toHaveBeenCalledTimes(1);
    const href = vi.mocked(openMailApp).mock.calls[0]![0];
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('support@pehchaan.example');
    expect(url.searchParams.get('subject')).toBe('Pehchaan: Technical Support');
    expect(url.searchParams.get('body')).toBe(
      'The QR code does not scan on my phone.\r\n\r\n--\r\nAsha Verma\r\nasha@example.in',
    );

    const status = screen.getByRole('status');
    expect(
      within(status).getByRole('heading', {
        name: 'Thank you! Your message is ready in your email app.',
      }),
    ).toHaveFocus();
    expect(status).toHaveTextContent("we'll respond within 24 hours");
    expect(within(status).getByRole('link', { name: 'Open email app again' })).toHaveAttribute(
      'href',
      href,
    );

    await user.click(screen.getByRole('button', { name: 'Write another message' }));
    expect(field('Name')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Subject' })).toHaveDisplayValue('General Inquiry');
  });
});

describe('the prerendered Contact page', () => {
  // Before the app starts, the page's loader holds a submission and src/public-start.ts replays
  // it (public-start.test.ts, e2e prerender.spec.ts); without any JavaScript the form posts.
  it('works from the first paint and never puts a message into a URL', async () => {
    const html = await renderPage('/contact');
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('form')).toHaveAttribute('method', 'post');
    const send = page.querySelector('form button[type="submit"]');
    expect(send).toHaveTextContent('Send Message');
    expect(send).toBeEnabled();
  });
});
