/**
 * The /verify/{id} island (ADR 0010): before the app starts, the page a stranger opens from a
 * shared link shows its verdict with the island alone, for a credential and for a consent
 * receipt (whose page differs from the credential frame the build prerenders); when the app
 * takes the page over, the verdict shown is handed to its verify route, which shows it without
 * checking again.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { publicReceiptAnswer, WITHDRAWN_RECEIPT } from '@/testing/consent-receipts';
import { verificationAnswer } from '@/testing/fixtures';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { renderPage } from './prerender';
import { clearVerifyHandOver, handedOverVerifyOutcome } from './verify-hand-over';
import { loadVerifyIsland } from './verify-island';

const RECEIPT = WITHDRAWN_RECEIPT;

/** Waits past SPEC 9's 1 s verification delay. */
const slow = { timeout: 4000 };

/** The prerendered /verify frame's <main>, in the document, as the browser would have it. */
async function prerenderedMain(): Promise<HTMLElement> {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = await renderPage(paths.verify.getHref('_'));
  document.body.append(root);
  const main = root.querySelector<HTMLElement>('#main');
  if (!main) throw new Error('the verify frame has no <main id="main">');
  return main;
}

afterEach(() => {
  clearVerifyHandOver();
  document.getElementById('root')?.remove();
});

describe('the /verify/{id} island', () => {
  it('shows a credential verdict in the frame and hands it to the app', async () => {
    const { calls } = mockFetch({
      'GET /api/verify/cred-1': () => json(verificationAnswer('verified', true)),
    });
    const main = await prerenderedMain();
    const mount = await loadVerifyIsland('cred-1');
    const island = await act(async () => mount(main, 'cred-1'));
    expect(
      await within(main).findByRole('heading', { name: 'Credential verified' }, slow),
    ).toBeVisible();
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
    const main = await prerenderedMain();
    const mount = await loadVerifyIsland(RECEIPT.id);
    const island = await act(async () => mount(main, RECEIPT.id));
    // The receipt page replaces the credential frame: its own heading, then the verdict.
    expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent('Consent Receipt');
    expect(
      await within(main).findByRole('heading', { name: 'Receipt verified' }, slow),
    ).toBeVisible();
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
});
