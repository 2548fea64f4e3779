import { expect, type Page, type Route, test } from '@playwright/test';
import { CHROMIUM_PATH } from './chromium';
import { fakeCameraArgs, qrVideo } from './qr-video';
import { signInThroughApi } from './sign-in';

/**
 * Receiving a credential from an OUTSIDE issuer (DECISIONS 9, OpenID4VCI 1.0) as the holder sees
 * it, in the states the product's own issuers cannot produce (they are all trusted and issue
 * SPEC 3's flat claims): a type outside SPEC 3 with nested claims (address.locality) on its card,
 * an untrusted issuer's plain warning, and pasting the link on a phone-sized screen. The same
 * flows against the real server and the product's issuer, nothing mocked, are
 * receive-from-issuer.spec.ts.
 *
 * The wallet's credential-offer API (POST /user/{userId}/credential-offers, .../accept,
 * .../decline) is answered here with page.route in the shapes of @pehchaan/core's
 * api/credential-offers.ts, and the received record is added to the real credential list.
 * The camera is Chromium's fake capture device showing the offer's QR code (qr-video.ts).
 */

const OFFER_LINK =
  'openid-credential-offer://?credential_offer_uri=https%3A%2F%2Funiversity.example%2Foffers%2F7';

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: fakeCameraArgs(qrVideo(OFFER_LINK)),
  },
});
test.describe.configure({ mode: 'serial' });

function offerView(trusted: boolean, withCode: boolean) {
  return {
    id: 'offer-e2e',
    credential_issuer: 'https://university.example',
    issuer: { name: trusted ? 'Anna University' : 'Quick Certs Pvt Ltd', trusted, logo: null },
    credentials: [
      {
        configuration_id: 'degree_sd_jwt',
        format: 'dc+sd-jwt',
        name: 'Degree Certificate',
        claims: [
          { path: 'degree', label: 'Degree' },
          { path: 'graduation_year', label: 'Year of graduation' },
          { path: 'address.locality', label: 'Town' },
        ],
      },
    ],
    tx_code: withCode ? { length: 6, input_mode: 'numeric', description: null } : null,
    grant: 'pre-authorized_code',
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  };
}

function receivedRecord(userId: string) {
  return {
    id: 'degree-e2e',
    userId,
    type: ['VerifiableCredential', 'DegreeCredential'],
    issuer: 'https://university.example',
    issuance_date: new Date().toISOString(),
    expiration_date: '',
    credential_subject: {
      id: 'did:key:z6MkHolder',
      name: 'Demo User',
      document_type: 'Degree Certificate',
      degree: 'B.Tech Computer Science',
      graduation_year: 2012,
      address: { locality: 'Chennai' },
    },
    proof: null,
    received: {
      format: 'dc+sd-jwt',
      credential_issuer: 'https://university.example',
      issuer_name: 'Anna University',
      trusted: true,
      name: 'Degree Certificate',
      vct: 'https://university.example/vct/degree',
      claim_labels: {
        degree: 'Degree',
        graduation_year: 'Year of graduation',
        'address.locality': 'Town',
      },
      state: 'issued',
    },
  };
}

const problem = (route: Route, status: number, code: string, detail: string) =>
  route.fulfill({
    status,
    contentType: 'application/problem+json',
    body: JSON.stringify({ type: `/problems/${code}`, title: code, status, detail, code }),
  });

/**
 * Answers the wallet's credential-offer API for `page`: the offer `view` for any offer posted,
 * a first wrong transaction code, then the received record (added to the real list from then on).
 * @returns what the page sent.
 */
async function mockOfferApi(page: Page, view: ReturnType<typeof offerView>) {
  const sent = { offers: [] as string[], codes: [] as unknown[], declined: 0 };
  let accepted = false;
  await page.route(/\/user\/[^/]+\/credentials$/, async (route) => {
    if (route.request().method() !== 'GET' || !accepted) return route.fallback();
    try {
      const response = await route.fetch();
      const answer = (await response.json()) as { credentials: unknown[]; user_id: string };
      const credentials = [...answer.credentials, receivedRecord(answer.user_id)];
      await route.fulfill({
        response,
        json: { ...answer, credentials, count: credentials.length },
      });
    } catch (error) {
      // The app dropped this read (a newer read of the list replaced it), so Playwright disposed
      // of its answer: nothing waits for it any more. The newer read comes through here too.
      // Likewise a read still in flight when the test has ended ('Test ended').
      if (!/disposed|already handled|closed|test ended/i.test(String(error))) throw error;
    }
  });
  await page.route(/\/user\/[^/]+\/credential-offers(\/.*)?$/, async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && path.endsWith('/credential-offers')) {
      sent.offers.push((request.postDataJSON() as { offer: string }).offer);
      return route.fulfill({ status: 201, json: view });
    }
    if (path.endsWith('/offer-e2e/accept')) {
      const body = (request.postDataJSON() ?? {}) as { tx_code?: string };
      sent.codes.push(body.tx_code);
      if (view.tx_code && body.tx_code !== '424242') {
        return problem(route, 400, 'tx_code_invalid', 'The transaction code is wrong.');
      }
      accepted = true;
      const userId = path.split('/')[2] ?? '';
      return route.fulfill({ status: 201, json: { credentials: [receivedRecord(userId)] } });
    }
    if (path.endsWith('/offer-e2e/decline')) {
      sent.declined += 1;
      return route.fulfill({ status: 204, body: '' });
    }
    return route.fallback();
  });
  return sent;
}

async function openCredentials(page: Page) {
  await page.goto('/credentials');
  await expect(
    page.getByRole('heading', { level: 1, name: /^Verifiable Credentials \(\d+\)$/ }),
  ).toBeVisible();
}

test('scan the offer QR, see the issuer and claims, type the code (wrong, then right), accept, find the card', async ({
  page,
}) => {
  await signInThroughApi(page, '456789012341', '8765432109');
  const sent = await mockOfferApi(page, offerView(true, true));
  await openCredentials(page);

  await page.getByRole('button', { name: 'Add from an issuer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a credential from an issuer' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Scan QR' }).click();

  const review = page.getByRole('dialog', { name: 'Review the offer' });
  await expect(review).toBeVisible({ timeout: 15_000 });
  expect(sent.offers).toEqual([OFFER_LINK]);
  await expect(review.getByRole('heading', { name: 'Anna University' })).toBeVisible();
  await expect(review.getByText('Trusted issuer')).toBeVisible();
  await expect(review.getByText('Degree Certificate')).toBeVisible();
  await expect(
    review.getByRole('list', { name: 'Degree Certificate: It contains' }).getByRole('listitem'),
  ).toHaveText(['Degree', 'Year of graduation', 'Town']);

  const code = review.getByLabel('Transaction code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await page.keyboard.type('111111');
  await page.keyboard.press('Enter');
  await expect(review.getByRole('alert')).toHaveText(
    'That code is not right. Check the code the issuer sent you and type it again.',
  );
  await expect(code).toBeFocused();
  await page.keyboard.type('424242');
  await review.getByRole('button', { name: 'Accept' }).click();

  await expect(page.getByText('Degree Certificate added to your credentials')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(sent.codes).toEqual(['111111', '424242']);
  const card = page.getByRole('article', { name: 'Degree Certificate' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Anna University')).toBeVisible();
  await card.getByRole('button', { name: 'Show details of Degree Certificate' }).click();
  await expect(card.getByText('Year of graduation')).toBeVisible();
  await expect(card.getByText('Chennai')).toBeVisible();
});

test('/receive?<the offer query> opens the same review; an untrusted issuer is warned about; Decline', async ({
  page,
}) => {
  await signInThroughApi(page, '456789012341', '8765432109');
  const sent = await mockOfferApi(page, offerView(false, false));
  await page.goto('/receive?credential_offer_uri=https%3A%2F%2Funiversity.example%2Foffers%2F7');

  const review = page.getByRole('dialog', { name: 'Review the offer' });
  await expect(review).toBeVisible();
  await expect(page).toHaveURL(/\/credentials\?offer=offer-e2e$/);
  expect(sent.offers).toEqual([
    '?credential_offer_uri=https%3A%2F%2Funiversity.example%2Foffers%2F7',
  ]);
  await expect(review.getByText('Not a trusted issuer')).toBeVisible();
  await expect(
    review.getByText(/Quick Certs Pvt Ltd is not on Pehchaan's list of trusted issuers/),
  ).toBeVisible();
  await expect(review.getByLabel('Transaction code')).toHaveCount(0);

  await review.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Offer declined')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/credentials$/);
  expect(sent.declined).toBe(1);
});

test('paste the offer link on a phone-sized screen; the dialog fits and is keyboard-operable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page, '456789012341', '8765432109');
  const sent = await mockOfferApi(page, offerView(true, true));
  await openCredentials(page);

  await page.getByRole('button', { name: 'Add from an issuer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a credential from an issuer' });
  await expect(
    dialog.getByLabel('Paste an openid-credential-offer:// or https link'),
  ).toBeFocused();
  await page.keyboard.type(OFFER_LINK);
  await page.keyboard.press('Enter');
  const review = page.getByRole('dialog', { name: 'Review the offer' });
  await expect(review.getByLabel('Transaction code')).toBeFocused();
  const box = await review.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(sent.offers).toEqual([OFFER_LINK]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add from an issuer' })).toBeFocused();
});
