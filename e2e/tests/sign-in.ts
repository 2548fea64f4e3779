import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { KEY_STORE } from './browser-storage';

/**
 * Signs in through the Login page with a demo account (DECISIONS 2) and waits for /dashboard.
 * For a test about something else than the sign-in, `signInThroughApi` (below) is cheaper.
 * @param aadhaar 12 digits; @param phone 10 digits. The demo OTP is 123456 for all three.
 * @param options.landing where sign-in is expected to lead (default /dashboard; a link opened
 *   while signed out, such as /receive?..., leads back to it); options.open: false when the page
 *   is already on /login (sent there by such a link).
 */
export async function signInAsDemo(
  page: Page,
  aadhaar: string,
  phone: string,
  options: { landing?: RegExp; open?: boolean } = {},
): Promise<void> {
  if (options.open !== false) await page.goto('/login');
  // The first interaction starts the app (ADR 0010); with a stored theme or language it starts
  // at once and renders the page afresh. Wait for it, so the numbers go into the app's form.
  await page.getByLabel('Aadhaar Number').click();
  await expect(page.locator('#root')).toHaveAttribute('data-app', 'ready');
  await page.getByLabel('Aadhaar Number').fill(aadhaar);
  await page.getByLabel('Mobile Number').fill(phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Demo OTP sent! Use 123456')).toBeVisible();
  await page.getByLabel('Enter OTP').fill('123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(options.landing ?? /\/dashboard$/);
}

/** What the app keeps of a session (apps/web/src/lib/auth.tsx `userData`, SPEC 3). */
interface StoredUser {
  id: string;
  aadhaarId: string;
  phone: string;
  sessionToken: string;
  name?: string;
  type?: string;
}

/**
 * Signs in a demo account (DECISIONS 2) without the Login page, for tests about something else,
 * and opens `landing` (default /dashboard) signed in. The same endpoint as the Login page
 * (POST /api/auth/verify-otp with the demo OTP 123456, this browser's device id and its
 * User-Agent, as the form sends them), and the same
 * stored session as the app's `login` leaves (apps/web/src/lib/auth.tsx): `sessionToken` and
 * `userData` in the encrypted browser storage (AES-256-GCM envelopes under a non-extractable key
 * in IndexedDB: tests/browser-storage.ts has the format), `lastActivity` now. The page is first
 * on /health, a same-origin answer that starts no app, to reach the origin's storage.
 *
 * What the Login page adds is not done here (its toasts; a second factor, for which this throws).
 * Sign-in itself is tested through the page: sign-in-ui, foundation, settings-act,
 * recovery-codes, prerender and `signInAsDemo` callers that need the form.
 * @param aadhaar 12 digits; @param phone 10 digits.
 * @param options.landing the path opened once signed in (default '/dashboard'); options.url the
 *   URL pattern it must reach (default: the path itself).
 * @throws when the server refuses the sign-in (status and body in the message).
 */
export async function signInThroughApi(
  page: Page,
  aadhaar: string,
  phone: string,
  options: { landing?: string; url?: RegExp } = {},
): Promise<void> {
  await page.goto('/health');
  // This browser's device id, as lib/device.ts keeps it (plaintext, kept across sign-outs).
  const browser = await page.evaluate(() => {
    let device = localStorage.getItem('deviceId');
    if (!device || !/^[A-Za-z0-9_-]{22,64}$/.test(device)) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      device = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      localStorage.setItem('deviceId', device);
    }
    return { device, userAgent: navigator.userAgent };
  });
  // Sent from here (the API's answers forbid scripts their own fetches), as the browser would
  // send it: its User-Agent names the session in Settings › Security.
  const answer = await page.request.post('/api/auth/verify-otp', {
    headers: { 'User-Agent': browser.userAgent },
    data: { aadhaarNumber: aadhaar, phoneNumber: phone, otp: '123456', deviceId: browser.device },
  });
  if (!answer.ok()) {
    throw new Error(`sign-in of ${aadhaar} refused: ${answer.status()} ${await answer.text()}`);
  }
  const login = (await answer.json()) as {
    user_id: string;
    session_token: string;
    user: { name: string; aadhaarId: string; phone: string; type: string };
  };
  // As features/auth/api/login.ts `sessionOf` makes it.
  const user: StoredUser = {
    id: login.user_id,
    aadhaarId: login.user.aadhaarId,
    phone: login.user.phone,
    sessionToken: login.session_token,
    name: login.user.type === 'demo' ? 'Demo User' : login.user.name,
    type: login.user.type,
  };
  await page.evaluate(
    async ({ user, keyStore }) => {
      // The storage key: the one stored, else a new non-extractable one (lib/secure-key-store.ts).
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(keyStore.database, 1);
        request.onupgradeneeded = () => {
          if (!request.result.objectStoreNames.contains(keyStore.store)) {
            request.result.createObjectStore(keyStore.store);
          }
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      let key: CryptoKey;
      try {
        const stored = await new Promise<unknown>((resolve, reject) => {
          const request = db
            .transaction(keyStore.store)
            .objectStore(keyStore.store)
            .get(keyStore.record);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        if (stored instanceof CryptoKey) {
          key = stored;
        } else {
          key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
            'encrypt',
            'decrypt',
          ]);
          await new Promise<void>((resolve, reject) => {
            const tx = db.transaction(keyStore.store, 'readwrite');
            tx.objectStore(keyStore.store).put(key, keyStore.record);
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          });
        }
      } finally {
        db.close();
      }

      // Envelopes of lib/secure-crypto.ts: {"v":1,"iv","ct"}, bound to the key name.
      const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
      const seal = async (name: string, value: string) => {
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const ct = await crypto.subtle.encrypt(
          {
            name: 'AES-GCM',
            iv,
            additionalData: new TextEncoder().encode(`pehchaan-storage:v1:${name}`),
          },
          key,
          new TextEncoder().encode(value),
        );
        localStorage.setItem(
          name,
          JSON.stringify({ v: 1, iv: base64(iv), ct: base64(new Uint8Array(ct)) }),
        );
      };
      await seal('sessionToken', user.sessionToken);
      await seal('userData', JSON.stringify(user));
      // A new session starts active (lib/device.ts markActive: the idle lock counts from here).
      localStorage.setItem('lastActivity', String(Date.now()));
    },
    { user, keyStore: KEY_STORE },
  );
  const landing = options.landing ?? '/dashboard';
  await page.goto(landing);
  // The app restored the session: its signed-in frame shows the user menu (hidden below the md
  // breakpoint, but there), where a refused session would have been sent to /login.
  await expect(
    page.getByRole('button', { name: 'Open user menu', includeHidden: true }),
  ).toHaveCount(1);
  await expect(page).toHaveURL(options.url ?? new RegExp(`${escapeRegExp(landing)}$`));
}

/**
 * Signs a demo account (DECISIONS 2) in from another device of the same kind as `page`'s browser,
 * one the server has never seen: the Login page's request (POST /api/auth/verify-otp, demo OTP
 * 123456) with a new random device id (lib/device.ts' format) and this browser's User-Agent, sent
 * from the test, so no second browser starts an app. What the server does for a new device (Login
 * notifications, Settings › Security's list) is then as for a second browser; `page` stays as it
 * was. @throws when the server refuses the sign-in (status and body in the message).
 */
export async function signInFromNewDevice(
  page: Page,
  aadhaar: string,
  phone: string,
): Promise<void> {
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const device = randomBytes(16).toString('base64url');
  const answer = await page.request.post('/api/auth/verify-otp', {
    headers: { 'User-Agent': userAgent },
    data: { aadhaarNumber: aadhaar, phoneNumber: phone, otp: '123456', deviceId: device },
  });
  if (!answer.ok()) {
    throw new Error(`sign-in of ${aadhaar} refused: ${answer.status()} ${await answer.text()}`);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
