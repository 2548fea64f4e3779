import { readFile } from 'node:fs/promises';
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  expect,
  type Page,
} from '@playwright/test';
import { storedSessionToken } from './browser-storage';
import { fileWidePage } from './file-page';
import { ensureCredential } from './held-credential';
import { visitInApp } from './in-app-visit';
import { screenshotToLookAt } from './look-at';
import { signInFromNewDevice, signInThroughApi } from './sign-in';

/**
 * Settings that act (issue 19), in a real Chromium against the real server: every control of
 * Security, Privacy and Data and Storage changes what it names, on the server where it has a
 * server side, and Delete Account erases after its grace period unless the holder signs in.
 * Passkeys are answered by Chromium's virtual authenticator (CDP WebAuthn.addVirtualAuthenticator,
 * an internal, user-verifying one: a phone's fingerprint reader). Passkeys need a domain, so this
 * file opens the app at http://localhost:<port> (playwright.config.ts sets WEBAUTHN_RP_ID).
 *
 * The test demo account (user-003, DECISIONS 2) is used; what a test turns on (a passkey, a
 * password, a short timeout) is put back at its end, so the other spec files see it as seeded.
 * The grace period of Delete Account passing is shown with a moved clock in the API suite
 * (apps/server/test/data-settings.test.ts, TestClock); here the holder asks and cancels.
 *
 * One page for the file, signed in once (tests/file-page.ts): each test starts signed in and
 * leaves the page signed in (a test that signs out signs in again). The two tests that move the
 * page's clock (Session timeout, Biometric unlock) share a context of their own whose clock is
 * installed before its first page load, so the file's page keeps the real clock; it is signed in
 * once, and each of the two leaves it signed in. The Login page is used only where the sign-in
 * is what a test checks (a second factor, a password, a sign-in that cancels a deletion); the
 * sign-in on another device that Login notifications report is the Login page's request sent
 * from the test (tests/sign-in.ts `signInFromNewDevice`).
 */

const PORT = Number(process.env.E2E_PORT ?? 5123);
const AADHAAR = '456789012341';
const PHONE = '8765432109';
const USER = 'user-003';

/** Signs in without the Login page (tests/sign-in.ts), at /dashboard. */
function signIn(page: Page) {
  return signInThroughApi(page, AADHAAR, PHONE);
}

const test = fileWidePage(signIn);
test.use({ baseURL: `http://localhost:${PORT}` });

/**
 * The page of the tests that move the clock: a context of its own with Playwright's clock
 * installed before anything loads (time flows as usual until a test fast-forwards it), made and
 * signed in on first use, closed after the file's last test. Each of its tests leaves it signed
 * in (one signed out by the idle timeout signs in again), so the next starts signed in.
 */
let clocked: { context: BrowserContext; page: Page } | undefined;
async function clockedPage(browser: Browser): Promise<Page> {
  if (!clocked) {
    const context = await browser.newContext({ baseURL: `http://localhost:${PORT}` });
    const page = await context.newPage();
    await page.clock.install();
    await signIn(page);
    clocked = { context, page };
  }
  return clocked.page;
}
test.afterAll(async () => {
  await clocked?.context.close();
  clocked = undefined;
});

/**
 * Chromium's virtual authenticator on `page`: internal (platform), user verification on. Answers
 * `remove`, which takes it away again (the file's page goes on without it).
 */
async function addAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; id: string; remove: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const remove = async () => {
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    await cdp.detach();
  };
  return { cdp, id: authenticatorId, remove };
}

/** Steps 1 and 2 of the sign-in; the caller expects what follows (dashboard or a second step). */
async function enterOtp(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Aadhaar Number').fill(AADHAAR);
  await page.getByLabel('Mobile Number').fill(PHONE);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Demo OTP sent! Use 123456')).toBeVisible();
  await page.getByLabel('Enter OTP').fill('123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs in through the Login page (where what the sign-in does is under test). */
async function signInOnPage(page: Page) {
  await enterOtp(page);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Opens `path` inside the running app (tests/in-app-visit.ts: no page load, where the load is not
 * what is tested), so the screen mounts afresh (its status line says nothing saved yet). A screen
 * already open is loaded again instead, as a route to itself would not mount it afresh.
 */
async function openInApp(page: Page, path: string) {
  if (new URL(page.url()).pathname === path) await page.goto(path);
  else await visitInApp(page, path);
}

async function openSettings(page: Page) {
  await openInApp(page, '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account' })).toBeVisible();
}

/** GET (PUT, POST) one of the holder's API paths with the page's session. */
async function api(page: Page, path: string, method: 'GET' | 'POST' = 'GET') {
  const token = await storedSessionToken(page);
  const headers = { Authorization: `Bearer ${token}` };
  const answer =
    method === 'GET'
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: {} });
  return { status: answer.status(), body: (await answer.json()) as Record<string, unknown> };
}

const saved = (page: Page) =>
  expect(page.getByText('All changes saved to your account')).toBeVisible();

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('navigation', { name: 'User menu' }).getByText('Sign Out').click();
  await expect(page).toHaveURL(/\/$/);
}

test('Session timeout: the server ends the session after the chosen minutes; the app signs out when idle', async ({
  browser,
}) => {
  const page = await clockedPage(browser);
  await openSettings(page);
  await page.getByRole('combobox', { name: 'Session timeout' }).selectOption('15');
  await saved(page);
  // The server holds it: this session now ends 15 minutes after its last use.
  const session = await api(page, '/api/auth/session');
  const left = Date.parse(String(session.body.expires_at)) - Date.now();
  expect(left).toBeGreaterThan(13 * 60_000);
  expect(left).toBeLessThanOrEqual(15 * 60_000 + 5_000);
  const token = await storedSessionToken(page);

  // Idle for the timeout: without Biometric unlock the holder is signed out, and says why.
  await page.clock.fastForward('16:00');
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('You were signed out after 15 minutes without activity.'),
  ).toBeVisible();
  const after = await page.request.get('/api/auth/session', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);

  // Back to the default.
  await signIn(page);
  await openSettings(page);
  await page.getByRole('combobox', { name: 'Session timeout' }).selectOption('30');
  await saved(page);
});

test('Data sharing off: no new share link and no consent approval, said in words; on again, sharing works', async ({
  page,
}) => {
  await openSettings(page);
  const sharing = page.getByRole('switch', { name: 'Data sharing' });
  await expect(sharing).toHaveAttribute('aria-checked', 'true');
  await sharing.click();
  await expect(sharing).toHaveAttribute('aria-checked', 'false');
  await saved(page);

  await openInApp(page, '/credentials');
  const card = page.getByRole('article', { name: 'Basic Identity' });
  await card.getByRole('button', { name: 'Show QR Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Basic Identity' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(
    dialog.getByText(
      'Data sharing is off in Settings › Privacy, so no new link can be made. Turn it on to share.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const shares = await api(page, `/user/${USER}/shares`);
  const before = (shares.body.shares as unknown[]).length;

  await openSettings(page);
  await sharing.click();
  await expect(sharing).toHaveAttribute('aria-checked', 'true');
  await saved(page);
  await openInApp(page, '/credentials');
  await card.getByRole('button', { name: 'Show QR Code' }).click();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('img', { name: 'QR code for Basic Identity' })).toBeVisible();
  expect(((await api(page, `/user/${USER}/shares`)).body.shares as unknown[]).length).toBe(
    before + 1,
  );
});

test('Login notifications: a sign-in on a new device puts a notice in the bell and the log', async ({
  page,
}) => {
  // Another Chromium on Linux, never seen before: the Login page's request from a device id of
  // its own (tests/sign-in.ts), no browser of its own needed for the server to see a new device.
  await signInFromNewDevice(page, AADHAAR, PHONE);

  // The bell keeps a security notice until it is seen; the log keeps it.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(
    page
      .getByRole('region', { name: 'Recent Updates' })
      .getByText('New sign-in on Chrome on Linux')
      .first(),
  ).toBeVisible();
  await openInApp(page, '/logs');
  await expect(page.getByText('New sign-in on Chrome on Linux').first()).toBeVisible();
});

test('Two-factor authentication: adds a passkey, which the sign-in asks for after the OTP', async ({
  page,
}) => {
  const authenticator = await addAuthenticator(page);
  await openSettings(page);
  const kept = (await api(page, `/user/${USER}/recovery-codes`)).body.remaining as number;
  const twoFactor = page.getByRole('switch', { name: 'Two-factor authentication' });
  await twoFactor.click();
  await expect(twoFactor).toHaveAttribute('aria-checked', 'true');
  if (kept === 0) {
    // Ten recovery codes are offered once (recovery-codes.spec.ts looks at them): saved, Done.
    const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await codes.getByRole('checkbox', { name: 'I have saved these codes somewhere safe' }).check();
    await codes.getByRole('button', { name: 'Done' }).click();
  }
  await saved(page);
  const passkeys = page.getByRole('region', { name: 'Security' });
  await expect(passkeys.getByText('Screen lock of a device')).toBeVisible();

  await signOut(page);
  await enterOtp(page);
  await expect(
    page.getByRole('heading', { name: "One more step: confirm it's you" }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Use passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Removing the passkey turns two-factor authentication off again.
  await openSettings(page);
  await passkeys.getByRole('button', { name: /^Remove passkey/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(twoFactor).toHaveAttribute('aria-checked', 'false');
  await authenticator.remove();
});

test('Biometric unlock: after the timeout the app locks, and this device unlocks it', async ({
  browser,
}) => {
  const page = await clockedPage(browser);
  const authenticator = await addAuthenticator(page);
  await openSettings(page);
  await page.getByRole('combobox', { name: 'Session timeout' }).selectOption('15');
  await saved(page);
  const biometric = page.getByRole('switch', { name: 'Biometric unlock' });
  await biometric.click();
  await expect(biometric).toHaveAttribute('aria-checked', 'true');
  await saved(page);

  await page.clock.fastForward('16:00');
  await expect(page.getByRole('heading', { level: 1, name: 'Pehchaan is locked' })).toBeVisible();
  // Nothing of the holder's is shown behind the lock.
  await expect(page.getByRole('region', { name: 'Account' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Unlock with fingerprint or face' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect((await api(page, '/api/auth/session')).status).toBe(200);

  // A reload while idle does not get past the lock either; "Sign in again" signs out.
  await page.clock.fastForward('16:00');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Pehchaan is locked' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Back to how it was: no biometric unlock, the default timeout, no passkey.
  await signIn(page);
  await openSettings(page);
  await biometric.click();
  await expect(biometric).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('combobox', { name: 'Session timeout' }).selectOption('30');
  await saved(page);
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('button', { name: /^Remove passkey/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(security.getByText('You have no passkeys yet.', { exact: false })).toBeVisible();
  await authenticator.remove();
});

test('Change Password sets an account password asked for after the OTP; a wrong one is refused', async ({
  page,
}) => {
  await openSettings(page);
  const form = page.getByRole('form', { name: 'Change Password' });
  await form.getByLabel('New password', { exact: true }).fill('mango-tree-42');
  await form.getByLabel('Confirm new password').fill('mango-tree-42');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Password set. It will be asked for after the OTP when you sign in.',
  );
  await expect(form.getByLabel('Current password')).toBeVisible();

  await signOut(page);
  await enterOtp(page);
  await page.getByLabel('Account password').fill('mango-tree-41');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong password. Please try again.');
  await page.getByLabel('Account password').fill('mango-tree-42');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The wrong try is a suspicious-activity alert in the log.
  await openInApp(page, '/logs');
  await expect(
    page.getByText('Sign-in stopped: right OTP, wrong account password').first(),
  ).toBeVisible();

  // Removed again: the OTP alone signs in.
  await openSettings(page);
  await form.getByLabel('Current password').fill('mango-tree-42');
  await form.getByRole('button', { name: 'Remove Password' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Password removed. Sign-in needs only the OTP again.',
  );
});

test('Data retention: the period is kept on the server and the screen says what the law keeps', async ({
  page,
}) => {
  await openSettings(page);
  const retention = page.getByRole('combobox', { name: 'Data retention' });
  await expect(retention).toHaveAccessibleDescription(
    'Activity older than this is deleted. Security and consent records are kept for at least one year, as the law requires.',
  );
  await retention.selectOption('6months');
  await saved(page);
  // Applied at once on the server (apps/server/test/data-settings.test.ts shows what it deletes).
  const settings = (await api(page, `/user/${USER}/settings`)).body.settings as {
    dataRetention: string;
  };
  expect(settings.dataRetention).toBe('6months');
  await retention.selectOption('2years');
  await saved(page);
});

test('Automatic backup: a passphrase first, then encrypted backups that restore a deleted credential', async ({
  page,
}) => {
  await openInApp(page, '/credentials');
  await ensureCredential(page, 'PAN Card', { open: false });
  await openSettings(page);
  const data = page.getByRole('region', { name: 'Data and Storage' });
  const auto = data.getByRole('switch', { name: 'Automatic backup' });
  if ((await auto.getAttribute('aria-checked')) === 'true') await auto.click();
  await auto.click();
  const dialog = page.getByRole('dialog', { name: 'Set a backup passphrase' });
  await dialog.getByLabel('Backup passphrase', { exact: true }).fill('neem tree by the well');
  await dialog.getByLabel('Type the passphrase again').fill('neem tree by the well');
  await dialog.getByRole('button', { name: 'Set passphrase' }).click();
  await expect(auto).toHaveAttribute('aria-checked', 'true');
  await saved(page);
  await expect(data.getByText(/^Next automatic backup:/)).toBeVisible();

  await data.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Backup made')).toBeVisible();
  const download = page.waitForEvent('download');
  await data
    .getByRole('button', { name: /^Download the backup of/ })
    .first()
    .click();
  const file = await (await download).path();
  const text = await readFile(file, 'utf8');
  expect(JSON.parse(text)).toMatchObject({ format: 'pehchaan-encrypted-backup', user_id: USER });
  expect(text).not.toContain('PAN Card');

  // Delete the PAN credential, then restore it from the file with the passphrase.
  await openInApp(page, '/credentials');
  const pan = page.getByRole('article', { name: 'PAN Card' });
  await pan.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete credential?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(pan).toHaveCount(0);
  await openSettings(page);
  await data.getByLabel('Backup file').setInputFiles(file);
  const restore = data.getByRole('group', { name: 'Restore from a backup' });
  await restore.getByLabel('Backup passphrase').fill('not the passphrase');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(restore.getByRole('alert')).toHaveText('This passphrase does not open the backup.');
  await restore.getByLabel('Backup passphrase').fill('neem tree by the well');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(restore.getByRole('status')).toHaveText('Restored your settings and 1 credential.');
  await page.goto('/credentials');
  await expect(page.getByRole('article', { name: 'PAN Card' })).toBeVisible();

  await openSettings(page);
  await auto.click();
  await expect(auto).toHaveAttribute('aria-checked', 'false');
  await saved(page);
});

test('Delete Account: two confirmations, a date and what is kept; signing in again cancels', async ({
  page,
}) => {
  await openSettings(page);
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const first = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(first.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await first.getByRole('button', { name: 'Continue' }).click();
  const second = page.getByRole('dialog', { name: 'Are you absolutely sure?' });
  await expect(second).toContainText('your security log and consent records are kept for 365 days');
  await second.getByRole('button', { name: 'Delete Permanently' }).click();
  const done = page.getByRole('dialog', { name: 'Account deletion scheduled' });
  await expect(done).toContainText('Your account will be erased on');
  await expect(done).toContainText(
    'Kept after the erasure, as the law requires: your security log and consent records, for 365 days after each event.',
  );
  const token = await storedSessionToken(page);
  await done.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Signed out everywhere on the server.
  const old = await page.request.get('/api/auth/session', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(old.status()).toBe(401);

  await signInOnPage(page);
  await expect(
    page.getByText('Welcome back. Your account deletion was cancelled because you signed in.'),
  ).toBeVisible();
  await openInApp(page, '/logs');
  await expect(page.getByText('Account deletion cancelled by signing in').first()).toBeVisible();
});

for (const language of ['en', 'hi'] as const) {
  test(`/settings at 390 and 1280 px (${language}): every section shown, nothing scrolls sideways`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const viewport = page.viewportSize();
    // The language the holder chose, read by the app when it starts (lib/i18n.ts).
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    const names = {
      en: ['Account', 'Security', 'Privacy', 'Data and Storage'],
      hi: ['खाता', 'सुरक्षा', 'निजता', 'डेटा और स्टोरेज'],
    }[language];
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('form').first()).toBeVisible();
      await screenshotToLookAt(page, `test-results/settings-${language}-${width}.png`);
      // Each section that acts is shown; with E2E_SCREENSHOTS=1 (look-at.ts) the page and one
      // picture per section are written, to look at (a whole page is too tall to read).
      for (const [i, name] of names.entries()) {
        const region = page.getByRole('region', { name, exact: true });
        await expect(region).toBeVisible();
        await screenshotToLookAt(region, `test-results/settings-${language}-${width}-${i}.png`);
      }
      const scrolls = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(scrolls).toBe(false);
    }
    // The file's page as it was: no stored language, its viewport.
    await page.evaluate(() => localStorage.removeItem('language'));
    if (viewport) await page.setViewportSize(viewport);
    // Its axe scan: languages.spec.ts and english-words.ts (/settings in each language) and
    // profile-settings.spec.ts.
  });
}
