import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { storedSessionToken } from './browser-storage';
import { openDeveloperTools } from './developer-tools-panel';
import { ensureCredential } from './held-credential';
import { signInThroughApi } from './sign-in';
import { verifierKeyFile } from './verifier-key';

/**
 * In a real Chromium against the real server: a seeded request shows each field with its reason,
 * required or optional; the holder unticks the optional Phone of State Bank of India's request,
 * Approve shows exactly what will leave, Confirm sends, and only the ticked fields reach the
 * bank (its own API, with the key playwright.config.ts mints) and the Approved card, after a
 * reload too. The test demo account (user-003) is used, with an Aadhaar Card (added when
 * missing; share-links.spec.ts adds the same), and Reset Requests first gives it the three
 * seeded requests, pending, whatever ran before.
 */

const BANK = 'State Bank of India';
const USER = 'user-003';
const PHONE_REASON =
  'For account alerts and OTPs. Not needed to open the account; you can give it at the branch.';

function section(page: Page, name: RegExp) {
  return page.getByRole('region', { name });
}

/** The texts of the items of the list named `name` inside `scope`. */
function items(scope: ReturnType<Page['getByRole']>, name: string) {
  return scope.getByRole('list', { name, exact: true }).getByRole('listitem');
}

async function ensureAadhaarCard(page: Page) {
  await ensureCredential(page, 'Aadhaar Card');
}

/**
 * The claim names State Bank of India's verifier received for the holder's bank consent, per
 * credential: the bank finds its request through the grievance the holder sends about that
 * consent (GET /verifier/rights-requests names it), then reads it (GET /verifier/requests/{id}).
 */
async function receivedByTheBank(page: Page, message: string): Promise<Record<string, string[]>> {
  const holder = { Authorization: `Bearer ${await storedSessionToken(page)}` };
  const sent = await page.request.post(`/user/${USER}/rights-requests`, {
    headers: holder,
    data: { kind: 'grievance', consent_request_id: `consent-${USER}-bank`, message },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const key = readFileSync(verifierKeyFile(), 'utf8').trim();
  const bank = { Authorization: `Bearer ${key}` };
  const listed = await page.request.get('/verifier/rights-requests', { headers: bank });
  expect(listed.ok()).toBe(true);
  const { rights_requests } = (await listed.json()) as {
    rights_requests: { message: string; verifier_request_id: string | null }[];
  };
  const id = rights_requests.find((r) => r.message === message)?.verifier_request_id;
  expect(id, 'the grievance names the bank request it is about').toBeTruthy();
  const answer = await page.request.get(`/verifier/requests/${id}`, { headers: bank });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as {
    status: string;
    credentials: Record<string, { claims: Record<string, unknown> }[]> | null;
  };
  expect(body.status).toBe('shared');
  return Object.fromEntries(
    Object.entries(body.credentials ?? {}).map(([query, list]) => [
      query,
      Object.keys(list[0]?.claims ?? {}).sort(),
    ]),
  );
}

test('unticking Phone on the bank request: the summary, the bank and the Approved card have only the ticked fields', async ({
  page,
}) => {
  test.slow();
  await signInThroughApi(page, '456789012341', '8765432109');
  await ensureAadhaarCard(page);
  await page.goto('/consent');
  await expect(page.getByRole('heading', { level: 1, name: 'Consent Management' })).toBeVisible();
  await openDeveloperTools(page);
  await page.getByRole('button', { name: 'Reset Requests' }).click();
  await expect(page.getByText('Consent requests reset')).toBeVisible();

  // Each field with its reason, required or optional.
  const pending = section(page, /^Pending \(\d+\)$/).getByRole('article', { name: BANK });
  const aadhaar = pending.getByRole('group', { name: 'From your Aadhaar Card' });
  const phone = aadhaar.getByRole('checkbox', { name: 'Phone (optional)' });
  await expect(phone).toBeChecked();
  await expect(phone).toBeEnabled();
  await expect(aadhaar.getByText(PHONE_REASON)).toBeVisible();
  await expect(aadhaar.getByRole('checkbox', { name: 'Aadhaar number (required)' })).toBeDisabled();
  await phone.uncheck();

  // Approve shows exactly what will leave, by keyboard too; nothing leaves before Confirm.
  await pending.getByRole('button', { name: `Approve ${BANK}` }).focus();
  await page.keyboard.press('Enter');
  const summary = page.getByRole('dialog', { name: `Share with ${BANK}?` });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText(`${BANK} (Verified verifier)`);
  await expect(summary).toContainText('Open savings account');
  await expect(summary).toContainText('1,825 days');
  await expect(items(summary, 'From your Aadhaar Card')).toHaveText([
    'Name',
    'Aadhaar number',
    'Address',
    'Date of Birth',
  ]);
  await expect(items(summary, 'Left out (you unticked these)')).toHaveText(['Phone']);
  await expect(summary.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await summary.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Consent approved for ${BANK}`)).toBeVisible();

  // The Approved card shows what was sent, after a reload too.
  const sentTo = `What was sent to ${BANK}`;
  for (const reload of [false, true]) {
    if (reload) await page.reload();
    const approved = section(page, /^Approved \(\d+\)$/).getByRole('article', { name: BANK });
    const sent = approved.getByRole('region', { name: sentTo });
    await expect(items(sent, 'From your Aadhaar Card')).toHaveText([
      'Name',
      'Aadhaar number',
      'Address',
      'Date of Birth',
    ]);
    await expect(approved.getByText('Phone')).toHaveCount(0);
    await expect(approved.getByRole('checkbox')).toHaveCount(0);
  }

  // The bank received exactly that: no phone number.
  const received = await receivedByTheBank(page, `What did you receive? ${Date.now()}`);
  expect(received.aadhaar).toEqual(['aadhaar_number', 'address', 'date_of_birth', 'name']);
  expect(Object.values(received).flat()).not.toContain('phone');

  // Leave user-003 in the known state for whoever comes next.
  await openDeveloperTools(page);
  await page.getByRole('button', { name: 'Reset Requests' }).click();
  await expect(section(page, /^Pending \(3\)$/)).toBeVisible();
});
