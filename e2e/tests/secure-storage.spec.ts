import { expect, type Page, test } from '@playwright/test';
import { hasStorageKey, readStored } from './browser-storage';
import { ensureCredential } from './held-credential';
import { visitInApp } from './in-app-visit';
import { signInAsDemo } from './sign-in';

/**
 * Encrypted browser storage (docs/security.md "The browser cache") in a real Chromium: after
 * sign-in, localStorage holds no plaintext Aadhaar number, PAN, name, phone or session token, only
 * AES-256-GCM envelopes under the session keys (apps/web/src/lib/secure-vault.ts); a reload
 * decrypts them; logout removes them and the key.
 *
 * `theme` and `language` are the only keys allowed to stay in plaintext, and to outlive logout:
 * they are display preferences, not personal data.
 *
 * The holder is the test demo account user-003 (packages/core/src/sample-data/users.ts).
 */

const HOLDER = {
  name: 'Mohammed Arif Khan',
  aadhaar: '456789012341',
  aadhaarSpaced: '4567 8901 2341',
  pan: 'CMKPK9012M',
  phone: '8765432109',
};

/** The encrypted keys (lib/storage.ts ENCRYPTED_KEYS = SESSION_KEYS). */
const ENCRYPTED_KEYS = [
  'credentials',
  'consentRequests',
  'activityLogs',
  'userData',
  'sessionToken',
  'profile',
  'settings',
  'outbox',
];
/** The keys the visits below always fill (consentRequests only when the holder has requests). */
const FILLED_KEYS = ['credentials', 'activityLogs', 'userData', 'sessionToken', 'profile'];
/**
 * Plaintext: display preferences and what the browser knows about itself (lib/device.ts: its
 * random device id, its Biometric unlock passkey ids, when it was last used): no personal data.
 */
const PLAIN_KEYS = ['theme', 'language', 'deviceId', 'unlockPasskeys', 'lastActivity'];

const ENVELOPE = /^\{"v":1,"iv":"[A-Za-z0-9+/]{16}","ct":"[A-Za-z0-9+/]+={0,2}"\}$/;

/**
 * What a reader of a stored value can read without the key: a plaintext value as it is; an
 * envelope's JSON with its base64 fields decoded to bytes (as Latin-1 text), so a secret is found
 * whether written plainly or merely encoded, while the ciphertext's base64 letters, which spell a
 * short name such as 'Arif' by chance about once in a few hundred runs, are not read as text.
 */
function readable(value: string): string {
  if (!ENVELOPE.test(value)) return value;
  const { iv, ct } = JSON.parse(value) as { iv: string; ct: string };
  return [
    value.replace(iv, '').replace(ct, ''),
    Buffer.from(iv, 'base64').toString('latin1'),
    Buffer.from(ct, 'base64').toString('latin1'),
  ].join('\n');
}

function allStorage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const entries: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key !== null) entries[key] = localStorage.getItem(key) ?? '';
    }
    return entries;
  });
}

test('localStorage holds only ciphertext of personal data; a reload decrypts it; logout empties it', async ({
  page,
}) => {
  const tokens = new Set<string>();
  page.on('request', (request) => {
    const auth = request.headers().authorization;
    if (auth?.startsWith('Bearer ')) tokens.add(auth.slice('Bearer '.length));
  });
  await page.addInitScript(() => {
    if (!localStorage.getItem('theme')) localStorage.setItem('theme', 'light');
  });

  await signInAsDemo(page, HOLDER.aadhaar, HOLDER.phone);
  // The Aadhaar number and the PAN go in the cache, masked as the list answers them.
  await ensureCredential(page, 'PAN Card');
  await ensureCredential(page, 'Aadhaar Card', { open: false });
  // The other screens inside the running app (tests/in-app-visit.ts): each fetches and caches its
  // data as after a load, without the app's start again.
  await visitInApp(page, '/consent');
  await expect(page.getByRole('heading', { level: 1, name: 'Consent Management' })).toBeVisible();
  await visitInApp(page, '/logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Logs' })).toBeVisible();
  await visitInApp(page, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  // The profile is cached once it has loaded from the API (its name shows).
  await expect(page.getByText(HOLDER.name).first()).toBeVisible();
  await visitInApp(page, '/dashboard');
  await expect(page.getByText('Connected to API')).toBeVisible();

  // The cache really holds the holder's data: decrypted with the page's own key, it is there,
  // identity numbers masked (DECISIONS 8: the offline copy never holds one whole).
  const maskedAadhaar = `XXXX XXXX ${HOLDER.aadhaar.slice(8)}`;
  const maskedPan = `${HOLDER.pan.slice(0, 2)}XXXXXX${HOLDER.pan.slice(8)}`;
  await expect.poll(() => readStored(page, 'credentials')).toContain(maskedAadhaar);
  const credentials = (await readStored(page, 'credentials')) ?? '';
  expect(credentials).toContain(HOLDER.name);
  expect(credentials).toContain(maskedPan);
  expect(credentials).not.toContain(HOLDER.aadhaar);
  expect(credentials).not.toContain(HOLDER.pan);
  expect(tokens.size).toBeGreaterThan(0);

  // ...and none of it is readable from localStorage itself.
  // Encrypted writes land asynchronously: wait until every key the screens fill is stored.
  await expect
    .poll(async () => Object.keys(await allStorage(page)))
    .toEqual(expect.arrayContaining([...FILLED_KEYS]));
  const stored = await allStorage(page);
  for (const [key, value] of Object.entries(stored)) {
    expect([...ENCRYPTED_KEYS, ...PLAIN_KEYS], `unexpected key ${key}`).toContain(key);
    if (ENCRYPTED_KEYS.includes(key)) expect(value, key).toMatch(ENVELOPE);
    for (const secret of [
      HOLDER.name,
      'Arif',
      HOLDER.aadhaar,
      HOLDER.aadhaarSpaced,
      HOLDER.pan,
      HOLDER.phone,
      ...tokens,
    ]) {
      expect(readable(value), `${key} contains ${secret}`).not.toContain(secret);
    }
  }

  // A reload decrypts the stored copy: with the API unreachable, the screen shows it.
  await page.route(/\/(user|identity|api)\//, (route) => route.abort('failed'));
  await page.goto('/credentials');
  await expect(page).toHaveURL(/\/credentials$/);
  await expect(page.getByRole('article', { name: 'PAN Card' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Basic Identity' })).toBeVisible();
  const opened = await page.evaluate(
    () => performance.getEntriesByName('pehchaan:secure-storage-open')[0]?.duration ?? null,
  );
  expect(opened).not.toBeNull();
  test.info().annotations.push({
    type: 'secure storage open',
    description: `${opened?.toFixed(1)} ms (key load and decryption, signed in)`,
  });
  await page.unroute(/\/(user|identity|api)\//);

  // Logout: every session key and the encryption key are gone; the preferences stay.
  await page.reload();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('navigation', { name: 'User menu' }).getByText('Sign Out').click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  const after = await allStorage(page);
  expect(Object.keys(after).filter((key) => !PLAIN_KEYS.includes(key))).toEqual([]);
  expect(after.theme).toBe('light');
  await expect.poll(() => hasStorageKey(page)).toBe(false);

  // Signing in again makes a new key; the old envelopes could not have been opened with it.
  await signInAsDemo(page, HOLDER.aadhaar, HOLDER.phone);
  await expect.poll(() => hasStorageKey(page)).toBe(true);
  expect((await allStorage(page)).sessionToken).toMatch(ENVELOPE);
});

test('a public page opens the encrypted storage without waiting for it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A public page starts the app (and opens the store) on the visitor's first interaction.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.locator('#root')).toHaveAttribute('data-app', 'ready');
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByName('pehchaan:secure-storage-open').length),
    )
    .toBe(1);
  const opened = await page.evaluate(
    () => performance.getEntriesByName('pehchaan:secure-storage-open')[0]?.duration ?? 0,
  );
  test.info().annotations.push({
    type: 'secure storage open',
    description: `${opened.toFixed(1)} ms (first visit, no key yet)`,
  });
  // Nothing personal is stored for a visitor, and no key is made before a sign-in.
  expect(Object.keys(await allStorage(page)).filter((k) => !PLAIN_KEYS.includes(k))).toEqual([]);
  expect(await hasStorageKey(page)).toBe(false);
});
