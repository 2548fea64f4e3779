import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
import { decodeOfflineQr, encodeOfflineQr } from '../../packages/core/src/offline/qr-codec';

/**
 * /verify "Scan offline QR" in a real Chromium against the real server
 * (docs/offline-verification.md): the demo holder (user-003) makes an offline QR of their Basic
 * Identity through the API, it is drawn to a PNG as a phone would photograph it, /verify is
 * opened once online in a browser that never saw the app (the service worker installs and keeps
 * the trust list and the issuers' status lists), then with the browser offline the image is
 * chosen and verified on the device:
 * fields, nonce, and the status list's age. A code whose field was changed is refused.
 * Nothing is changed on the server but an activity entry of the holder.
 */

const HOLDER = { aadhaar: '456789012341', phone: '8765432109', userId: 'user-003' };
const IMAGE_LABEL = 'Or choose a photo or screenshot of the code';

async function waitForActiveServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => (await navigator.serviceWorker.ready).active?.state === 'activated',
    undefined,
    { timeout: 30_000 },
  );
}

/** The paths the service worker saved for offline verification. */
function savedLists(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('offline-verification');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

/** The code drawn as the holder's screen draws it (level L, the version the API names). */
async function qrPng(text: string, version: number, path: string): Promise<string> {
  writeFileSync(
    path,
    await QRCode.toBuffer(text, { errorCorrectionLevel: 'L', version, scale: 4 }),
  );
  return path;
}

// The service worker stays on here, as playwright.config.ts blocks it elsewhere:
// the offline verifier runs from the worker's cache.
test.use({ serviceWorkers: 'allow' });

test('Scan offline QR verifies a QR image with the browser offline, and refuses a changed one', async ({
  context,
  page,
  request,
}, testInfo) => {
  // The holder, on their own device: signs in and makes the code (the API the card's "Offline
  // QR" calls).
  const login = await request.post('/api/auth/verify-otp', {
    data: { aadhaarNumber: HOLDER.aadhaar, phoneNumber: HOLDER.phone, otp: '123456' },
  });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).session_token}` };
  const listed = await request.get(`/user/${HOLDER.userId}/credentials`, { headers });
  const { credentials } = (await listed.json()) as {
    credentials: { id: string; permanent?: boolean; credential_subject: { name: string } }[];
  };
  const basic = credentials.find((credential) => credential.permanent);
  expect(basic).toBeDefined();
  const made = await request.post(
    `/user/${HOLDER.userId}/credentials/${basic?.id}/offline-presentation`,
    { headers, data: { fields: ['name', 'date_of_birth'] } },
  );
  expect(made.status()).toBe(200);
  const { qr, nonce, qr_version } = (await made.json()) as {
    qr: string;
    nonce: string;
    qr_version: number;
  };
  const image = await qrPng(qr, qr_version, testInfo.outputPath('offline-qr.png'));

  // The same code with the holder's name changed in its disclosure (salt and all kept).
  const [jwt = '', first = '', ...rest] = decodeOfflineQr(qr).split('~');
  const [salt, claim] = JSON.parse(Buffer.from(first, 'base64url').toString('utf8'));
  const forged = Buffer.from(JSON.stringify([salt, claim, 'Someone Else'])).toString('base64url');
  const changed = await qrPng(
    encodeOfflineQr([jwt, forged, ...rest].join('~')),
    qr_version,
    testInfo.outputPath('changed-qr.png'),
  );

  // The verifier's browser, never here before, opens /verify once online: the worker installs
  // and takes the page over, and the page fetches the lists again through it, so they are kept.
  await page.goto('/verify');
  await waitForActiveServiceWorker(page);
  await expect
    .poll(() => savedLists(page), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['/trust-list', '/status-lists/digital-identity-system/1']));

  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto('/verify');
  await offline.setViewportSize({ width: 390, height: 844 });
  await offline.getByRole('button', { name: 'Scan offline QR' }).click();
  await offline.screenshot({ path: testInfo.outputPath('offline-open-390.png') });
  await offline.getByLabel(IMAGE_LABEL).setInputFiles(image);

  await expect(offline.getByRole('heading', { name: 'Offline QR verified' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(offline.getByTestId('offline-nonce')).toHaveText(nonce);
  const fields = offline.getByRole('region', { name: 'Fields shown' });
  await expect(fields.getByText(basic?.credential_subject.name ?? '')).toBeVisible();
  await expect(fields.locator('[data-field="date_of_birth"]')).toBeVisible();
  await expect(offline.getByText(/^Status checked with a list from /)).toBeVisible();
  await expect(offline.getByText(/^Trust list from /)).toBeVisible();
  await expect(offline.getByText('Not checked offline')).toHaveCount(0);

  await offline.setViewportSize({ width: 390, height: 844 });
  await offline.screenshot({
    path: testInfo.outputPath('offline-verified-390.png'),
    fullPage: true,
  });
  await offline.setViewportSize({ width: 1280, height: 900 });
  await offline.screenshot({
    path: testInfo.outputPath('offline-verified-1280.png'),
    fullPage: true,
  });

  await offline.getByLabel(IMAGE_LABEL).setInputFiles(changed);
  await expect(offline.getByRole('heading', { name: 'Fields changed' })).toBeVisible();
  await expect(offline.getByRole('region', { name: 'Fields shown' })).toHaveCount(0);
  await expect(offline.getByText('Someone Else')).toHaveCount(0);
  await expect(offline.getByTestId('offline-nonce')).toHaveCount(0);
  await offline.setViewportSize({ width: 390, height: 844 });
  await offline.screenshot({
    path: testInfo.outputPath('offline-refused-390.png'),
    fullPage: true,
  });
  await context.setOffline(false);
});
