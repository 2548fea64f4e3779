import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { storedSessionToken } from './browser-storage';
import { CHROMIUM_PATH } from './chromium';
import { fileWidePage } from './file-page';
import { E2E_ISSUER, issuerApiKey } from './issuer-key';
import { fakeCameraArgs, qrVideo } from './qr-video';
import { signInAsDemo, signInThroughApi } from './sign-in';

/**
 * Receiving a credential from one of the product's issuers over OpenID4VCI 1.0 (DECISIONS 8 and
 * 9; docs/oid4vci.md) in a real Chromium against the real server, nothing mocked: the Regional
 * Transport Office makes an offer through the issuer API (POST /issuer/offers with the key
 * playwright.config.ts mints), and the holder receives it as a person would, by scanning its QR
 * code on /credentials ("Add from an issuer", the camera being Chromium's fake device showing the
 * code) or by opening /receive?<the offer's query>, signed in or not; sees the issuer (trusted)
 * and every claim; types the transaction code; accepts and finds the card; or declines. SPEC 5's
 * one-per-type rule holds across both ways of adding a document. A used, declined or unknown
 * offer is refused in plain words.
 *
 * The test demo account (user-003) holds the credentials, as in receive-credential.spec.ts: each
 * test starts from a known state through the holder's API (no Driving License, a type no other
 * spec file gives this holder) and leaves it so. The scan has a browser of its own (its camera);
 * the other tests share one page (tests/file-page.ts): the signed-out link first, whose sign-in
 * through the Login page then serves the tests after it.
 */

const HOLDER = { aadhaar: '456789012341', phone: '8765432109', id: 'user-003' } as const;
const DOCUMENT = 'Driving License';

/** The Driving License the issuer offers: `name` and SPEC 3's subject fields. */
const CLAIMS = {
  name: 'Meera Iyer',
  driving_license: 'TN-0920190034567',
  date_of_birth: '1988-11-02',
  address: '14 Marina Beach Road, Chennai',
  license_type: 'LMV-NT',
  valid_from: '2019-06-01',
};
/**
 * What the holder is told the offer contains, in the issuer's order (core's English field labels):
 * the claims above and the document type the issuer adds.
 */
const CLAIM_LABELS = [
  'Name',
  'Document type',
  'Driving License',
  'Date of Birth',
  'Address',
  'Licence type',
  'Valid from',
];

interface Offer {
  offer_uri: string;
  openid_credential_offer: string;
  tx_code?: string;
  expires_at: string;
}

/** The issuer's side: an offer of CLAIMS made with the issuer's API key. */
async function makeOffer(request: APIRequestContext, txCode: boolean): Promise<Offer> {
  const answer = await request.post('/issuer/offers', {
    headers: { Authorization: `Bearer ${issuerApiKey()}` },
    data: { document_type: DOCUMENT, claims: CLAIMS, tx_code: txCode },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const offer = (await answer.json()) as Offer;
  expect(offer.openid_credential_offer).toMatch(
    /^openid-credential-offer:\/\/\?credential_offer_uri=/,
  );
  return offer;
}

/** `/receive?<query>`: the offer link's query, as an issuer links a web wallet. */
function receiveHref(offer: Offer): string {
  return `/receive?${offer.openid_credential_offer.split('?')[1] ?? ''}`;
}

/** A code of the offer's length that is not its code. */
function wrongCode(offer: Offer): string {
  return String((Number(offer.tx_code) + 1) % 1_000_000).padStart(6, '0');
}

/**
 * Deletes every Driving License the signed-in holder has (DELETE /user/{id}/credentials/{id},
 * with the page's session), so a test starts and ends with none.
 */
async function dropDrivingLicences(page: Page, request: APIRequestContext): Promise<void> {
  const headers = { Authorization: `Bearer ${await storedSessionToken(page)}` };
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

async function signIn(page: Page, request: APIRequestContext): Promise<void> {
  await signInThroughApi(page, HOLDER.aadhaar, HOLDER.phone);
  await dropDrivingLicences(page, request);
}

async function openCredentials(page: Page): Promise<void> {
  await page.goto('/credentials');
  await expect(
    page.getByRole('heading', { level: 1, name: /^Verifiable Credentials \(\d+\)$/ }),
  ).toBeVisible();
}

/** The review of the offer: the issuer by name, trusted, and every claim of the licence. */
async function expectReview(page: Page): Promise<Locator> {
  const review = page.getByRole('dialog', { name: 'Review the offer' });
  await expect(review).toBeVisible({ timeout: 15_000 });
  await expect(review.getByRole('heading', { name: E2E_ISSUER })).toBeVisible();
  await expect(review.getByText('Trusted issuer')).toBeVisible();
  await expect(review.getByText(/\/oid4vci\/issuers\/regional-transport-office$/)).toBeVisible();
  await expect(
    review.getByRole('list', { name: `${DOCUMENT}: It contains` }).getByRole('listitem'),
  ).toHaveText(CLAIM_LABELS);
  return review;
}

/** The dialog's own Close button (not its corner's close icon, also named Close). */
function closeButton(dialog: Locator): Locator {
  return dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' });
}

/** The new card: the licence, from the issuer, with the offered claims. */
async function expectCard(page: Page): Promise<void> {
  await expect(page.getByText(`${DOCUMENT} added to your credentials`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const card = page.getByRole('article', { name: DOCUMENT });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(E2E_ISSUER)).toBeVisible();
  await card.getByRole('button', { name: `Show details of ${DOCUMENT}` }).click();
  await expect(card.getByText('LMV-NT')).toBeVisible();
  await expect(card.getByText('14 Marina Beach Road, Chennai')).toBeVisible();
}

const test = fileWidePage();

test('scan the offer QR on /credentials, see the issuer and claims, a wrong code then the right one, accept, find the card', async ({
  playwright,
  baseURL,
  request,
}) => {
  // A second Chromium starts, on a machine shared with another test server in CI.
  test.slow();
  const offer = await makeOffer(request, true);
  // The camera is chosen when Chromium starts, and the offer is made now: a browser of its own
  // whose camera shows the offer's QR code.
  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: fakeCameraArgs(qrVideo(offer.openid_credential_offer)),
  });
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await signIn(page, request);
    await openCredentials(page);
    await page.getByRole('button', { name: 'Add from an issuer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a credential from an issuer' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Scan QR' }).click();

    const review = await expectReview(page);
    const code = review.getByLabel('Transaction code');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    // The issuer's own description of the code (its offer's tx_code), with the length.
    await expect(
      review.getByText('Enter the code we sent you by SMS or e-mail. (6 digits)'),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The issuer refuses a wrong code; the holder types again.
    await page.keyboard.type(wrongCode(offer));
    await page.keyboard.press('Enter');
    await expect(review.getByRole('alert')).toHaveText(
      'That code is not right. Check the code the issuer sent you and type it again.',
    );
    await expect(code).toBeFocused();
    await page.keyboard.type(offer.tx_code ?? '');
    await review.getByRole('button', { name: 'Accept' }).click();

    await expectCard(page);
    expect(await seriousViolations(page)).toEqual([]);

    // SPEC 5: now held, so Add Credentials no longer offers it.
    await page.getByRole('button', { name: 'Add Credentials' }).click();
    await expect(
      page.getByRole('menu', { name: 'Credential types' }).getByRole('menuitem', {
        name: new RegExp(`^${DOCUMENT}`),
      }),
    ).toBeDisabled();
    await page.keyboard.press('Escape');
    await dropDrivingLicences(page, request);
  } finally {
    await browser.close();
  }
});

test('/receive?<the offer query> signed out: sign in, come back to the offer, type the code, accept; the used link says it ended', async ({
  page,
  request,
}) => {
  const offer = await makeOffer(request, true);
  await page.goto(receiveHref(offer));
  await expect(page).toHaveURL(/\/login$/);
  await signInAsDemo(page, HOLDER.aadhaar, HOLDER.phone, {
    open: false,
    landing: /\/credentials\?offer=offer-[\w-]+$/,
  });
  // Known state only now (the offer is already stored for the holder; it is not yet accepted).
  await dropDrivingLicences(page, request);

  const review = await expectReview(page);
  await expect(review.getByLabel('Transaction code')).toBeFocused();
  await page.keyboard.type(offer.tx_code ?? '');
  await page.keyboard.press('Enter');
  await expectCard(page);
  await expect(page).toHaveURL(/\/credentials$/);

  // The same link again: the issuer says the offer is used up, the holder reads that it ended.
  await page.goto(receiveHref(offer));
  await expect(page.getByRole('alert')).toHaveText(
    'This offer has expired. Ask the issuer for a new one.',
  );
  await expect(page.getByRole('link', { name: 'Go to Verifiable Credentials' })).toBeVisible();
  await dropDrivingLicences(page, request);
});

test('/receive?<the offer query> signed in: review, accept; a second licence is refused as SPEC 5 says', async ({
  page,
  request,
}) => {
  await dropDrivingLicences(page, request);
  await page.goto(receiveHref(await makeOffer(request, false)));
  const review = await expectReview(page);
  await expect(page).toHaveURL(/\/credentials\?offer=offer-[\w-]+$/);
  // No code asked for: Accept has the focus.
  await expect(review.getByLabel('Transaction code')).toHaveCount(0);
  await expect(review.getByRole('button', { name: 'Accept' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectCard(page);

  // The same type again, by an offer this time: the server's SPEC 5 message, and only Close.
  await page.goto(receiveHref(await makeOffer(request, false)));
  const again = await expectReview(page);
  await again.getByRole('button', { name: 'Accept' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    `You already have a ${DOCUMENT}. Only one document of each type is allowed.`,
  );
  await expect(again.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await closeButton(again).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('article', { name: DOCUMENT })).toHaveCount(1);
  await dropDrivingLicences(page, request);
});

test('decline an offer; a declined or unknown offer says so in plain words', async ({
  page,
  request,
  baseURL,
}) => {
  await dropDrivingLicences(page, request);
  await page.goto(receiveHref(await makeOffer(request, true)));
  const review = await expectReview(page);
  const offerId = new URL(page.url()).searchParams.get('offer');
  await review.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Offer declined')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/credentials$/);
  await expect(page.getByRole('article', { name: DOCUMENT })).toHaveCount(0);

  // The declined offer is gone from the wallet: its review says so and leaves only Close.
  await page.goto(`/credentials?offer=${offerId}`);
  const gone = page.getByRole('dialog', { name: 'Review the offer' });
  await expect(gone.getByRole('alert')).toHaveText(
    'This offer is no longer available. Ask the issuer for a new one.',
  );
  await expect(gone.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  // The same review with its alert and only Close was scanned above (a type already held).
  await closeButton(gone).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // An offer the issuer does not have: the wallet's plain reason, and a way back.
  const unknown = encodeURIComponent(`${baseURL}/oid4vci/offers/no-such-offer`);
  await page.goto(`/receive?credential_offer_uri=${unknown}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This offer is no longer available. Ask the issuer for a new one.',
  );
  await expect(page.getByRole('main')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Go to Verifiable Credentials' }).click();
  await expect(page).toHaveURL(/\/credentials$/);
});
