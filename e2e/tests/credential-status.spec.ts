import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { storedSessionToken } from './browser-storage';
import { E2E_ISSUER, issuerApiKey } from './issuer-key';
import { signInThroughApi } from './sign-in';

/**
 * A credential its issuer suspends, reinstates and revokes, seen in a real Chromium against the
 * real server, nothing mocked (docs/status-lists.md "The issuer API" and "The wallet"): the holder
 * adds a Driving License through Add Credentials (issued by the Regional Transport Office over
 * OpenID4VCI, so it carries an entry of that issuer's status lists); the issuer changes its status
 * with POST /issuer/credentials/{id}/status and the key playwright.config.ts mints; the holder
 * presses "Check status" on the card and sees Suspended, then valid again, then Revoked; while
 * suspended or revoked Share and Show QR Code are disabled with the plain reason and the API
 * refuses a share link with it; the Activity Logs and the notifications bell show each change.
 *
 * The primary demo account (user-001) holds the licence: no other spec gives it a Driving License
 * (the other specs of this account use its PAN Card), and the test deletes the licence at its start
 * and its end, so a revoked card never reaches another spec.
 */

const HOLDER = { aadhaar: '234567890125', phone: '9876543210', id: 'user-001' } as const;
const DOCUMENT = 'Driving License';
const REVOKED_REASON = 'This credential was revoked by its issuer, so it cannot be shared.';
const SUSPENDED_REASON = 'This credential was suspended by its issuer, so it cannot be shared.';

async function holderHeaders(page: Page): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await storedSessionToken(page)}` };
}

/** Deletes every Driving License of the holder (DELETE /user/{id}/credentials/{id}). */
async function dropLicences(page: Page, request: APIRequestContext): Promise<void> {
  const headers = await holderHeaders(page);
  const listed = await request.get(`/user/${HOLDER.id}/credentials`, { headers });
  expect(listed.ok()).toBe(true);
  const { credentials } = (await listed.json()) as {
    credentials: { id: string; credential_subject: { document_type: string } }[];
  };
  for (const credential of credentials) {
    if (credential.credential_subject.document_type !== DOCUMENT) continue;
    const deleted = await request.delete(`/user/${HOLDER.id}/credentials/${credential.id}`, {
      headers,
    });
    expect(deleted.ok()).toBe(true);
  }
}

async function openCredentials(page: Page): Promise<void> {
  await page.goto('/credentials');
  await expect(
    page.getByRole('heading', { level: 1, name: /^Verifiable Credentials \(\d+\)$/ }),
  ).toBeVisible();
}

/**
 * The issuer's side: sets the credential's status (`urn:uuid:...`, its id as issued) with the
 * issuer's API key, as docs/status-lists.md's curl example does.
 */
async function setStatus(
  request: APIRequestContext,
  issuedId: string,
  status: 'revoked' | 'suspended' | 'valid',
): Promise<void> {
  const answer = await request.post(`/issuer/credentials/${encodeURIComponent(issuedId)}/status`, {
    headers: { Authorization: `Bearer ${issuerApiKey()}` },
    data: { status, reason: status === 'valid' ? undefined : 'Licence under review' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  expect(await answer.json()).toMatchObject({ id: issuedId, status });
}

/** Presses the card's "Check status" and waits for the check to finish. */
async function checkStatus(card: Locator): Promise<void> {
  await card.getByRole('button', { name: 'Check status' }).click();
  await expect(card.getByRole('button', { name: 'Check status' })).toBeEnabled();
}

test('the issuer suspends, reinstates and revokes a licence: the card, its sharing, the activity log and the bell follow', async ({
  page,
  request,
}) => {
  await signInThroughApi(page, HOLDER.aadhaar, HOLDER.phone);
  await dropLicences(page, request);

  // The holder adds the licence; the Regional Transport Office issues it.
  await openCredentials(page);
  await page.getByRole('button', { name: 'Add Credentials' }).click();
  await page
    .getByRole('menu', { name: 'Credential types' })
    .getByRole('menuitem', { name: new RegExp(`^${DOCUMENT}`) })
    .click();
  const card = page.getByRole('article', { name: DOCUMENT });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(E2E_ISSUER)).toBeVisible();
  // Checked on arrival: valid, so no badge, and the time of the check.
  await expect(card.getByText(/^Status at issuer: Valid, Checked /)).toBeVisible();
  await expect(card.locator('[data-status]')).toHaveCount(0);

  // Its id as issued: the W3C document's `id`.
  const headers = await holderHeaders(page);
  const listed = (await (
    await request.get(`/user/${HOLDER.id}/credentials`, { headers })
  ).json()) as { credentials: { id: string; credential_subject: { document_type: string } }[] };
  const cardId = listed.credentials.find((c) => c.credential_subject.document_type === DOCUMENT)
    ?.id as string;
  const document = await request.get(`/user/${HOLDER.id}/credentials/${cardId}/document`, {
    headers,
  });
  expect(document.ok()).toBe(true);
  const issuedId = ((await document.json()) as { verifiable_credential: { id: string } })
    .verifiable_credential.id;
  expect(issuedId).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);

  const share = card.getByRole('button', { name: 'Share', exact: true });
  const showQr = card.getByRole('button', { name: 'Show QR Code' });
  await card.getByRole('button', { name: `Show details of ${DOCUMENT}` }).click();
  await expect(share).toBeEnabled();

  // Suspended: the badge, and sharing disabled with the reason.
  await setStatus(request, issuedId, 'suspended');
  await checkStatus(card);
  await expect(page.getByText('Suspended by its issuer', { exact: true })).toBeVisible();
  await expect(card.locator('[data-status="suspended"]')).toHaveText('Suspended');
  await expect(share).toBeDisabled();
  await expect(share).toHaveAccessibleDescription(SUSPENDED_REASON);
  await expect(showQr).toBeDisabled();

  // Reinstated: valid again, sharing allowed.
  await setStatus(request, issuedId, 'valid');
  await checkStatus(card);
  await expect(
    page.getByText('Valid: its issuer has not revoked or suspended it', { exact: true }),
  ).toBeVisible();
  await expect(card.locator('[data-status]')).toHaveCount(0);
  await expect(share).toBeEnabled();
  await expect(showQr).toBeEnabled();

  // Revoked: for good.
  await setStatus(request, issuedId, 'revoked');
  await checkStatus(card);
  await expect(page.getByText('Revoked by its issuer', { exact: true })).toBeVisible();
  await expect(card.locator('[data-status="revoked"]')).toHaveText('Revoked');
  await expect(card.getByRole('note')).toHaveText(REVOKED_REASON);
  await expect(share).toBeDisabled();
  await expect(share).toHaveAccessibleDescription(REVOKED_REASON);
  await expect(showQr).toBeDisabled();
  await expect(showQr).toHaveAccessibleDescription(REVOKED_REASON);

  // A fresh load shows the status the server keeps.
  await openCredentials(page);
  await expect(card.locator('[data-status="revoked"]')).toHaveText('Revoked');
  await expect(card.getByRole('button', { name: 'Share', exact: true })).toBeDisabled();

  // A share link asked of the API directly is refused with the same plain words.
  const refused = await request.post(`/user/${HOLDER.id}/shares`, {
    headers,
    data: { credential_id: cardId, fields: ['name'], lifetime: '7d' },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    code: 'credential_revoked',
    detail: REVOKED_REASON,
  });

  // The bell shows the revocation (before the Activity Logs page marks the entries seen).
  await page.getByRole('button', { name: /^Notifications \(\d+\+? new\)$/ }).click();
  const panel = page.getByRole('region', { name: 'Recent Updates' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(`${DOCUMENT} was revoked by its issuer`)).toBeVisible();

  // The activity log records each change, newest first.
  await page.goto('/logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Logs' })).toBeVisible();
  const entries = page.getByRole('list', { name: 'Activity entries' }).getByRole('listitem');
  const changes = entries.filter({ hasText: 'Credential status changed' });
  await expect(changes.first()).toContainText(`${DOCUMENT} was revoked by its issuer`);
  await expect(changes.nth(1)).toContainText(`${DOCUMENT} is valid again`);
  await expect(changes.nth(2)).toContainText(`${DOCUMENT} was suspended by its issuer`);

  // Revoked is final at the issuer.
  const reinstate = await request.post(
    `/issuer/credentials/${encodeURIComponent(issuedId)}/status`,
    { headers: { Authorization: `Bearer ${issuerApiKey()}` }, data: { status: 'valid' } },
  );
  expect(reinstate.status()).toBe(409);

  await dropLicences(page, request);
});
