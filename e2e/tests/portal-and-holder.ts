import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { ensureCredential } from './held-credential';
import { signInThroughApi } from './sign-in';
import { verifierKeyFile } from './verifier-key';

/**
 * The two sides of an OpenID4VP exchange in the browser, shared by oid4vp.spec.ts and
 * consent-withdrawal.spec.ts: State Bank of India's officer on the verifier portal (/verifier,
 * signed in with the key playwright.config.ts mints) and the primary demo holder (user-001) in a
 * fresh browser context, with a PAN Card.
 */

export const BANK = 'State Bank of India';
const HOLDER = { aadhaar: '234567890125', phone: '9876543210' };

function apiKey(): string {
  const key = readFileSync(verifierKeyFile(), 'utf8').trim();
  expect(key, 'playwright.config.ts mints a key before the server starts').toMatch(/^pvk_/);
  return key;
}

/**
 * What a helper also does at each screen it reaches: `scan: true` runs the axe check there. One
 * test scans (oid4vp.spec.ts's first); the others reach the same screens and don't repeat it.
 */
interface Scan {
  scan?: boolean;
}

async function scanIf(page: Page, options: Scan): Promise<void> {
  if (options.scan) expect(await seriousViolations(page)).toEqual([]);
}

/**
 * Signs in to the portal and creates the PAN request; answers the wallet link it shows. With
 * `scan`, axe checks the portal's sign-in, its filled request form and the waiting request.
 */
export async function createPanRequest(portal: Page, options: Scan = {}): Promise<string> {
  await portal.goto('/verifier');
  await expect(portal.getByRole('heading', { level: 1, name: 'Verifier portal' })).toBeVisible();
  await scanIf(portal, options);
  // By keyboard: the key field, then Enter submits.
  const keyField = portal.getByRole('textbox', { name: 'API key' });
  await keyField.focus();
  await keyField.fill(apiKey());
  await keyField.press('Enter');
  await expect(portal.getByText(`Signed in as ${BANK}`)).toBeVisible();
  await expect(portal.getByRole('combobox', { name: 'Purpose' })).toHaveValue(
    'open_savings_account',
  );

  const pan = portal.getByRole('group', { name: 'PAN Card' });
  await pan.getByRole('checkbox', { name: 'Name', exact: true }).check();
  await pan.getByRole('checkbox', { name: 'Date of Birth', exact: true }).check();
  await pan.getByRole('checkbox', { name: 'Date of Birth is optional' }).check();
  await scanIf(portal, options);
  await portal.getByRole('button', { name: 'Create request' }).click();

  await expect(portal.getByText('Status: Waiting for the holder')).toBeVisible();
  await expect(portal.getByRole('img', { name: 'QR code of the OpenID4VP request' })).toBeVisible();
  const link = portal.getByRole('link', { name: /\/present\?/ });
  const walletUrl = (await link.getAttribute('href')) ?? '';
  await scanIf(portal, options);
  expect(walletUrl).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+\/present\?client_id=decentralized_identifier/,
  );
  return walletUrl;
}

/** A signed-in holder in a fresh browser context (nothing shared with the portal's context). */
export async function holderWithPan(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughApi(page, HOLDER.aadhaar, HOLDER.phone);
  await ensureCredential(page, 'PAN Card');
  return { context, page };
}

/** Confirms the summary Approve opens (what will be sent to the bank); `scan`: axe checks it. */
export async function confirmShare(page: Page, options: Scan = {}) {
  const summary = page.getByRole('dialog', { name: `Share with ${BANK}?` });
  await expect(summary).toBeVisible();
  await scanIf(page, options);
  await summary.getByRole('button', { name: 'Confirm' }).click();
}

/**
 * What only the portal's PAN request sent (from the holder's PAN Card): picks its decided card out
 * by what it holds, whatever the seeded bank request's card shows while its record loads.
 */
export function portalAnswer(page: Page) {
  return page.getByRole('list', { name: 'From your PAN Card', exact: true });
}

/** Opens the wallet link as the holder; answers the presentation's consent card. */
export async function openOnConsent(page: Page, walletUrl: string) {
  await page.goto(walletUrl);
  await expect(page).toHaveURL(/\/consent$/);
  const card = page
    .getByRole('article', { name: BANK })
    .filter({ hasText: 'Verified verifier' })
    .filter({ has: page.getByRole('button', { name: `Share with ${BANK}` }) });
  await expect(card).toHaveCount(1);
  return card;
}
