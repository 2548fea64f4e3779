import { expect, type Page, test } from '@playwright/test';
import {
  type OutsideIssuer,
  startOutsideIssuer,
} from '../../apps/server/test/helpers/outside-issuer';
import { storedSessionToken } from './browser-storage';
import { signInThroughApi } from './sign-in';

/**
 * Receiving by the OpenID4VCI 1.0 authorization code grant with PKCE (docs/oid4vci.md
 * "Authorization code") in a real Chromium against the real server, nothing mocked: an OUTSIDE
 * issuer on 127.0.0.1 (apps/server/test/helpers/outside-issuer.ts, on jose and @sd-jwt only; the
 * server reaches it under OID4VCI_ALLOW_LOOPBACK, playwright.config.ts) offers a Library Card
 * with only the authorization code grant. The holder opens /receive?<the offer's query>, sees the
 * review say "Continue at the issuer", goes there (the issuer's authorization endpoint approves at
 * once), is sent back to /oid4vci/callback and finds the card; the same return a second time is
 * refused in plain words. The holder (user-003) is left without the card.
 */

const HOLDER = { aadhaar: '456789012341', phone: '8765432109', id: 'user-003' } as const;

let issuer: OutsideIssuer;

test.beforeAll(async () => {
  issuer = await startOutsideIssuer(() => new Date());
  const origin = new URL(String(test.info().project.use.baseURL)).origin;
  issuer.setClient(origin, `${origin}/oid4vci/callback`);
});

test.afterAll(() => issuer?.close());

/** Deletes the holder's Library Cards (DELETE /user/{id}/credentials/{id}, the page's session). */
async function dropLibraryCards(page: Page): Promise<void> {
  const headers = { Authorization: `Bearer ${await storedSessionToken(page)}` };
  const listed = await page.request.get(`/user/${HOLDER.id}/credentials`, { headers });
  expect(listed.ok()).toBe(true);
  const { credentials } = (await listed.json()) as {
    credentials: { id: string; credential_subject: { document_type: string } }[];
  };
  for (const credential of credentials) {
    if (credential.credential_subject.document_type !== 'Library Card') continue;
    const deleted = await page.request.delete(`/user/${HOLDER.id}/credentials/${credential.id}`, {
      headers,
    });
    expect(deleted.ok()).toBe(true);
  }
}

test('an authorization-code offer: continue at the issuer, come back, find the card', async ({
  page,
}) => {
  await signInThroughApi(page, HOLDER.aadhaar, HOLDER.phone);
  await dropLibraryCards(page);
  const { link } = issuer.makeAuthorizationOffer('library');
  await page.goto(`/receive?${link.split('?')[1]}`);

  const review = page.getByRole('dialog', { name: 'Review the offer' });
  await expect(review).toBeVisible({ timeout: 15_000 });
  await expect(review.getByRole('heading', { name: 'City Library' })).toBeVisible();
  await expect(
    review.getByText("You will continue at the issuer's site to sign in, then come back here."),
  ).toBeVisible();
  await expect(review.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await review.getByRole('button', { name: 'Continue at the issuer' }).click();

  // The issuer approves at once and sends the browser back with the code.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Added to your credentials' }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/oid4vci\/callback$/);
  const card = page.getByRole('article', { name: 'Library Card' });
  await expect(card.getByText('From City Library')).toBeVisible();
  // The issuer checked the PKCE verifier against the challenge it was sent.
  expect(issuer.codeTokenRequests.at(-1)).toMatchObject({ pkceMatched: true, granted: true });

  await page.getByRole('link', { name: 'Go to Verifiable Credentials' }).click();
  await expect(page.getByRole('article', { name: 'Library Card' })).toHaveCount(1);

  // The same return again (the browser's history): not recognised, said plainly.
  const first = issuer.authorizationRequests.at(-1);
  await page.goto(`/oid4vci/callback?code=used&state=${encodeURIComponent(String(first?.state))}`);
  await expect(page.getByRole('alert')).toHaveText(
    'Pehchaan does not recognise this return from the issuer: it was already used, or it was started in another account. Open the offer and continue at the issuer again.',
  );
  await expect(page.getByRole('article', { name: 'Library Card' })).toHaveCount(0);

  await dropLibraryCards(page);
});
