import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { storedSessionToken } from './browser-storage';
import { openDeveloperTools } from './developer-tools-panel';
import { fileWidePage } from './file-page';
import { signInThroughApi } from './sign-in';

/**
 * Consent receipts and "who has my data" (issue 17) in a real Chromium against the real server.
 * The secondary demo account (user-002) is used; Reset Requests first gives it the three seeded
 * requests, pending, whatever ran before (the server is shared by every spec file).
 * - Approving the bank's request gives a receipt the holder downloads as JSON; in a fresh
 *   browser context (anyone, not signed in) /verify checks the uploaded file, and the receipt's
 *   own link shows it too.
 * - Who has my data lists the bank with what it received, and the holder's open share link.
 * One page for the holder, signed in once for the file (tests/file-page.ts).
 */

const BANK = 'State Bank of India';

const test = fileWidePage((page) => signInThroughApi(page, '345678901238', '9123456780'));

async function approveTheBank(page: Page) {
  await page.goto('/consent');
  await expect(page.getByRole('heading', { level: 1, name: 'Consent Management' })).toBeVisible();
  // Reset Requests is a developer tool, in the page's collapsed panel (issue 19).
  await openDeveloperTools(page);
  await page.getByRole('button', { name: 'Reset Requests' }).click();
  await expect(page.getByText('Consent requests reset')).toBeVisible();
  await page.getByRole('button', { name: `Approve ${BANK}` }).click();
  await page
    .getByRole('dialog', { name: `Share with ${BANK}?` })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText(`Consent approved for ${BANK}`)).toBeVisible();
}

/** Makes a share link of the holder's Basic Identity through the API, as the share dialog does. */
async function shareBasicIdentity(page: Page): Promise<void> {
  const headers = { Authorization: `Bearer ${await storedSessionToken(page)}` };
  const list = await page.request.get('/user/user-002/credentials', { headers });
  const { credentials } = (await list.json()) as {
    credentials: { id: string; permanent?: boolean }[];
  };
  const basic = credentials.find((credential) => credential.permanent);
  expect(basic).toBeDefined();
  const created = await page.request.post('/user/user-002/shares', {
    headers,
    data: { credential_id: basic?.id, fields: ['name'], lifetime: '1d', max_views: 5 },
  });
  expect(created.status()).toBe(201);
}

test('the receipt downloads and verifies on /verify in a fresh context; its link shows it too', async ({
  page,
  browser,
  baseURL,
}) => {
  await approveTheBank(page);

  await page.getByRole('link', { name: 'Who has my data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Who has my data' })).toBeVisible();
  const bank = page.getByRole('region', { name: BANK });
  const consent = bank.getByRole('listitem').filter({ hasText: 'Active' }).first();
  await expect(consent).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    consent.getByRole('button', { name: 'Download the receipt "Consent given" as JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^receipt-[0-9a-f]{32}\.json$/);
  const file = await download.path();
  const receipt = JSON.parse(await readFile(file, 'utf8')) as { id: string; type: string[] };
  expect(receipt.type).toEqual(['VerifiableCredential', 'ConsentReceipt']);

  // Anyone: a fresh browser context, nothing stored, not signed in.
  const context = await browser.newContext({ baseURL });
  try {
    const visitor = await context.newPage();
    await visitor.goto('/verify');
    await visitor.getByLabel('Or upload a JSON file').setInputFiles(file);
    await expect(visitor.getByRole('heading', { name: 'Receipt verified' })).toBeVisible();
    await expect(
      visitor.getByText(
        'The signature is valid and the receipt was issued by Pehchaan consent registry.',
      ),
    ).toBeVisible();
    const contents = visitor.getByRole('region', { name: 'What this receipt records' });
    await expect(contents.getByText(BANK)).toBeVisible();
    await expect(contents.getByText('Open savings account')).toBeVisible();

    // The receipt's id is its public link.
    expect(receipt.id).toBe(
      `${baseURL}/verify/${download.suggestedFilename().replace('.json', '')}`,
    );
    await visitor.goto(receipt.id);
    await expect(visitor.getByRole('heading', { name: 'Receipt verified' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Print' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('who has my data lists the organisation and the open share link', async ({ page }) => {
  await approveTheBank(page);
  await shareBasicIdentity(page);

  await page.goto('/consent/who-has-my-data');
  const bank = page.getByRole('region', { name: BANK });
  await expect(bank).toBeVisible();
  await expect(bank.getByText('Grievance contact: grievance@sbi.example')).toBeVisible();
  await expect(bank.getByText('Open savings account').first()).toBeVisible();
  // What it received, from which credential (the Basic Identity when nothing better is held).
  await expect(
    bank
      .getByRole('listitem')
      .filter({ hasText: /\(from your / })
      .first(),
  ).toBeVisible();

  const links = page.getByRole('region', { name: 'Open share links' });
  await expect(links.getByText('Basic Identity').first()).toBeVisible();
  await expect(links.getByText(/Anyone with the link · 0 of 5 views/).first()).toBeVisible();
  await expect(
    links.getByRole('button', { name: 'Withdraw the Basic Identity link' }).first(),
  ).toBeVisible();
});
