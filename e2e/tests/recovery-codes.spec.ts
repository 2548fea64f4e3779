import { readFile } from 'node:fs/promises';
import { type CDPSession, expect, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { storedSessionToken } from './browser-storage';
import { fileWidePage } from './file-page';
import { screenshotToLookAt } from './look-at';

/**
 * The passkey second factor's recovery codes and Biometric unlock on the device that holds the
 * two-factor passkey (docs/security.md "Recovery codes", "Session timeout and biometric unlock"),
 * in a real Chromium against the real server. Passkeys are answered by Chromium's virtual
 * authenticator (CDP WebAuthn.addVirtualAuthenticator: internal, user-verifying, a phone's
 * fingerprint reader), so the two-factor passkey lives on "this device". Passkeys need a domain,
 * so this file opens the app at http://localhost:<port> (playwright.config.ts sets
 * WEBAUTHN_RP_ID).
 *
 * The secondary demo account (user-002, DECISIONS 2) is used: settings-act.spec.ts turns two-
 * factor authentication on for the test account. What a test turns on is put back at its end (the
 * passkey removed: two-factor authentication and Biometric unlock off), so other spec files see
 * the account as seeded; the recovery codes it keeps are inert while no passkey is owed, and a
 * later turn-on keeps them (no new set offered). Screenshots of the codes dialog and of the
 * recovery-code input at 390 and 1280 px go to test-results/.
 *
 * One page for the file (tests/file-page.ts): the first test signs in through the Login page (its
 * second step is under test) and leaves the page signed in, its viewport and authenticator as
 * they were; the second goes on from there.
 */

const PORT = Number(process.env.E2E_PORT ?? 5123);
const SECONDARY = { aadhaar: '345678901238', phone: '9123456780', id: 'user-002' };
type Account = typeof SECONDARY;
const CODE = /[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/;

const test = fileWidePage();
test.use({ baseURL: `http://localhost:${PORT}` });

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

/** Steps 1 and 2 of the sign-in; the caller expects what follows. */
async function enterOtp(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByLabel('Aadhaar Number').fill(account.aadhaar);
  await page.getByLabel('Mobile Number').fill(account.phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Demo OTP sent! Use 123456')).toBeVisible();
  await page.getByLabel('Enter OTP').fill('123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account' })).toBeVisible();
}

const saved = (page: Page) =>
  expect(page.getByText('All changes saved to your account')).toBeVisible();

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('navigation', { name: 'User menu' }).getByText('Sign Out').click();
  await expect(page).toHaveURL(/\/$/);
}

/** GET one of the holder's API paths with the page's session. */
async function api(page: Page, path: string) {
  const token = await storedSessionToken(page);
  const answer = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  return (await answer.json()) as Record<string, unknown>;
}

/**
 * Turns Two-factor authentication on (a passkey made here) and takes the codes offered: ten when
 * the holder has none left, none when the holder kept a set from before (then []). `inspect`
 * looks at the dialog first (screenshots, download, print).
 */
async function turnOnTwoFactor(
  page: Page,
  account: Account,
  inspect?: (dialog: Locator, codes: string[]) => Promise<void>,
): Promise<string[]> {
  await openSettings(page);
  const kept = (await api(page, `/user/${account.id}/recovery-codes`)).remaining as number;
  const twoFactor = page.getByRole('switch', { name: 'Two-factor authentication' });
  await twoFactor.click();
  await expect(twoFactor).toHaveAttribute('aria-checked', 'true');
  const dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  if (kept > 0) {
    await saved(page);
    await expect(
      page
        .getByRole('region', { name: 'Recovery codes' })
        .getByText(new RegExp(`^${kept} codes? left`)),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
    return [];
  }
  await expect(dialog).toBeVisible();
  const items = dialog.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = (await items.allTextContents()).map((text) => CODE.exec(text)?.[0] ?? '');
  expect(new Set(codes).size).toBe(10);
  await inspect?.(dialog, codes);
  const done = dialog.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'I have saved these codes somewhere safe' }).check();
  await done.click();
  await expect(dialog).toBeHidden();
  await saved(page);
  return codes;
}

/** Removes the holder's one passkey: Two-factor authentication and Biometric unlock go off. */
async function removePasskey(page: Page) {
  await openSettings(page);
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('button', { name: /^Remove passkey/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(security.getByText('You have no passkeys yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Two-factor authentication' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
}

test('Recovery codes: offered once when the passkey second factor is turned on; one signs in once in its place', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const viewport = page.viewportSize();
  const authenticator = await addAuthenticator(page);
  await enterOtp(page, SECONDARY);
  await expect(page).toHaveURL(/\/dashboard$/);
  const codes = await turnOnTwoFactor(page, SECONDARY, async (dialog, shown) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(dialog).toBeInViewport();
      await screenshotToLookAt(page, `test-results/recovery-codes-dialog-${width}.png`);
    }
    expect(await seriousViolations(page)).toEqual([]);

    // Download: a text file made on the device, with every code.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('pehchaan-recovery-codes.txt');
    const text = await readFile(await file.path(), 'utf8');
    expect(text).toContain('Pehchaan recovery codes');
    for (const code of shown) expect(text).toContain(code);

    // Printed, only the codes show: Print sets this class around the browser's print dialog
    // (headless Chromium has none, so it is set here by hand).
    await page.evaluate(() => document.documentElement.classList.add('print-recovery-codes'));
    await page.emulateMedia({ media: 'print' });
    for (const code of shown) await expect(dialog.getByText(code)).toBeVisible();
    // Whose codes and when they were made are printed with them (not repeated on screen).
    await expect(
      dialog.getByText(/^Pehchaan recovery codes Made .+ Each code signs you in once/),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Done' })).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeHidden();
    await screenshotToLookAt(page, 'test-results/recovery-codes-print.png');
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => document.documentElement.classList.remove('print-recovery-codes'));
  });

  await openSettings(page);
  const panel = page.getByRole('region', { name: 'Recovery codes' });
  await expect(panel.getByText(/^10 codes left/)).toBeVisible();
  await screenshotToLookAt(panel, 'test-results/recovery-codes-panel-1280.png');
  // The server answers how many are left, never the codes.
  const status = await api(page, `/user/${SECONDARY.id}/recovery-codes`);
  expect(status.remaining).toBe(10);
  expect(JSON.stringify(status)).not.toContain(codes[0] as string);

  await signOut(page);
  await enterOtp(page, SECONDARY);
  await expect(
    page.getByRole('heading', { name: "One more step: confirm it's you" }),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await screenshotToLookAt(page, 'test-results/recovery-passkey-step-390.png');
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  const input = page.getByLabel('Recovery code');
  await input.fill((codes[0] as string).toLowerCase());
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshotToLookAt(page, `test-results/recovery-code-input-${width}.png`);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Signed in with a recovery code. 9 codes left.')).toBeVisible();

  // Used up: the same code is refused the next time; the passkey still signs in.
  await signOut(page);
  await enterOtp(page, SECONDARY);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] as string);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This recovery code is not valid or was already used. Please check it and try again.',
  );
  await page.getByRole('button', { name: 'Use passkey instead' }).click();
  await page.getByRole('button', { name: 'Use passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The log keeps each set and each use, and the refused code as a security alert.
  await page.goto('/logs');
  await expect(
    page.getByText('Signed in with a recovery code: 9 codes left').first(),
  ).toBeVisible();
  await expect(
    page.getByText('Made 10 new recovery codes; the earlier ones no longer work').first(),
  ).toBeVisible();
  await expect(
    page.getByText('Sign-in stopped: right OTP, recovery code not valid').first(),
  ).toBeVisible();

  await removePasskey(page);
  await authenticator.remove();
  if (viewport) await page.setViewportSize(viewport);
});

test('Biometric unlock on the device that holds the two-factor passkey uses that passkey, registering none', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Signed in by the test before (its Login page sign-ins). The clock is installed while the page
  // is on /health (no app running on real timers), so the app's next load (turnOnTwoFactor opens
  // /settings) starts on it, as on a fresh page.
  await page.goto('/health');
  await page.clock.install();
  const { cdp, id, remove } = await addAuthenticator(page);
  await turnOnTwoFactor(page, SECONDARY);
  const heldHere = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId: id })).credentials.length;
  expect(await heldHere()).toBe(1);

  await page.getByRole('combobox', { name: 'Session timeout' }).selectOption('15');
  await saved(page);
  const biometric = page.getByRole('switch', { name: 'Biometric unlock' });
  await biometric.click();
  await expect(biometric).toHaveAttribute('aria-checked', 'true');
  await saved(page);
  await expect(
    page.getByText("This device's fingerprint or face unlock could not be set up", {
      exact: false,
    }),
  ).toHaveCount(0);
  // The two-factor passkey is this device's unlock passkey: still one passkey, here and there.
  expect(await heldHere()).toBe(1);
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security.getByRole('button', { name: /^Remove passkey/ })).toHaveCount(1);
  const passkeyRow = security
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Remove passkey/ }) });
  await expect(passkeyRow.getByText('This device', { exact: true })).toBeVisible();
  const passkeys = (await api(page, `/user/${SECONDARY.id}/passkeys`)).passkeys as unknown[];
  expect(passkeys).toHaveLength(1);

  // Idle for the timeout: the app locks, and the same passkey unlocks it.
  await page.clock.fastForward('16:00');
  await expect(page.getByRole('heading', { level: 1, name: 'Pehchaan is locked' })).toBeVisible();
  await page.getByRole('button', { name: 'Unlock with fingerprint or face' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Back to how it was: the default timeout, no passkey (two-factor and biometric unlock off).
  await page.getByRole('combobox', { name: 'Session timeout' }).selectOption('30');
  await saved(page);
  await removePasskey(page);
  await expect(biometric).toHaveAttribute('aria-checked', 'false');
  await remove();
});
