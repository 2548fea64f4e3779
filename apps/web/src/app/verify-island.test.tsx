/**
 * The /verify/{id} island (ADR 0010): before the app starts, the page a stranger opens from a
 * shared link shows its verdict with the island alone, for a credential and for a consent
 * receipt (in the receipt page's own frame); when the app takes the page over, the verdict shown
 * is handed to its verify route, which shows it without checking again. A visitor with a stored
 * 'light' or 'dark' theme gets the island too, with the header's theme button showing that
 * theme as the app's does.
 */
import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemeToggle } from '@/components/layouts/theme-toggle';
import { paths } from '@/config/paths';
import { VERIFY_DELAY_MS } from '@/features/verifier/verify-delay';
import { i18n } from '@/lib/i18n';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { ThemeProvider } from '@/lib/theme';
import { publicReceiptAnswer, WITHDRAWN_RECEIPT } from '@/testing/consent-receipts';
import { forgetEarlierDelays, passDelay } from '@/testing/fake-delays';
import { verificationAnswer } from '@/testing/fixtures';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { expectSamePage, prerenderedMain, removePrerendered } from '@/testing/verify-islands';
import { RECEIPT_FRAME_ID } from './prerender';
import { clearVerifyHandOver, handedOverVerifyOutcome } from './verify-hand-over';
import { loadVerifyIsland } from './verify-island';

const RECEIPT = WITHDRAWN_RECEIPT;

/** The prerendered frame the server sends for `id`'s page: the receipt page's for a receipt. */
const frameOf = (id: string) =>
  prerenderedMain(paths.verify.getHref(id.startsWith('receipt-') ? RECEIPT_FRAME_ID : '_'));

beforeEach(forgetEarlierDelays);

afterEach(() => {
  clearVerifyHandOver();
  removePrerendered();
  window.localStorage.removeItem(STORAGE_KEYS.theme);
});

describe('the /verify/{id} island', () => {
  it('shows a credential verdict in the frame and hands it to the app', async () => {
    const { calls } = mockFetch({
      'GET /api/verify/cred-1': () => json(verificationAnswer('verified', true)),
    });
    const main = await frameOf('cred-1');
    const mount = await loadVerifyIsland('cred-1');
    const island = await act(async () => mount(main, 'cred-1'));
    await passDelay(VERIFY_DELAY_MS);
    expect(await within(main).findByRole('heading', { name: 'Credential verified' })).toBeVisible();
    expect(within(main).getByText('cred-1')).toBeVisible();

    act(() => island.unmount());
    expect(handedOverVerifyOutcome('cred-1')).toMatchObject({ page: 'credential' });
    const checksBefore = calls.length;
    renderApp(paths.verify.getHref('cred-1'));
    expect(await screen.findByRole('heading', { name: 'Credential verified' })).toBeVisible();
    // The app shows the island's verdict and checks nothing again.
    expect(calls.length).toBe(checksBefore);
  });

  it("shows a consent receipt's verdict and contents as the app does, and hands it over", async () => {
    const { calls } = mockFetch({
      [`GET /api/consent-receipts/${RECEIPT.id}`]: () => json(publicReceiptAnswer(RECEIPT)),
    });
    const main = await frameOf(RECEIPT.id);
    const mount = await loadVerifyIsland(RECEIPT.id);
    const island = await act(async () => mount(main, RECEIPT.id));
    // The receipt page's frame: its own heading, then the verdict.
    expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent('Consent Receipt');
    await passDelay(VERIFY_DELAY_MS);
    expect(await within(main).findByRole('heading', { name: 'Receipt verified' })).toBeVisible();
    const contents = within(main).getByRole('region', { name: 'What this receipt records' });
    expect(within(contents).getByText('State Bank of India')).toBeVisible();

    act(() => island.unmount());
    expect(handedOverVerifyOutcome(RECEIPT.id)).toMatchObject({ page: 'receipt' });
    const checksBefore = calls.length;
    renderApp(paths.verify.getHref(RECEIPT.id));
    expect(await screen.findByRole('heading', { name: 'Receipt verified' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'What this receipt records' })).toBeVisible();
    expect(calls.length).toBe(checksBefore);
  });

  it.each([
    ['light', 'Change theme (current: Light)'],
    ['dark', 'Change theme (current: Dark)'],
  ] as const)(
    "shows a stored '%s' theme on the header's theme button, as the app does",
    async (theme, name) => {
      mockFetch({ 'GET /api/verify/cred-1': () => json(verificationAnswer('verified', true)) });
      // The frame as the build renders it (no theme stored), then the visitor's stored theme.
      const main = await frameOf('cred-1');
      window.localStorage.setItem(STORAGE_KEYS.theme, theme);
      const root = document.getElementById('root') as HTMLElement;
      const prerendered = within(root).getByRole('button', {
        name: 'Change theme (current: System)',
      });
      const mount = await loadVerifyIsland('cred-1');
      await act(async () => mount(main, 'cred-1'));
      const shown = within(root).getByRole('button', { name });
      expect(shown).toBe(prerendered);
      const { container } = render(
        <I18nextProvider i18n={i18n}>
          <ThemeProvider>
            <ThemeToggle />
          </ThemeProvider>
        </I18nextProvider>,
      );
      expectSamePage(shown, container.firstElementChild as Element);
      await passDelay(VERIFY_DELAY_MS);
      await within(main).findByRole('heading', { name: 'Credential verified' });
    },
  );

  it('leaves the theme button as it is for the system theme', async () => {
    mockFetch({ 'GET /api/verify/cred-1': () => json(verificationAnswer('verified', true)) });
    const main = await frameOf('cred-1');
    window.localStorage.setItem(STORAGE_KEYS.theme, 'system');
    const mount = await loadVerifyIsland('cred-1');
    await act(async () => mount(main, 'cred-1'));
    const root = document.getElementById('root') as HTMLElement;
    expect(
      within(root).getByRole('button', { name: 'Change theme (current: System)' }),
    ).toBeVisible();
    await passDelay(VERIFY_DELAY_MS);
    await within(main).findByRole('heading', { name: 'Credential verified' });
  });
});
