import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { fileWidePage } from './file-page';
import { signInThroughApi } from './sign-in';

/**
 * The installable app (docs/adr/0007-service-worker.md), in a real Chromium against
 * the real server: the web app manifest and its icons, a service worker that controls the app
 * after one visit, a cold start with no network that opens the holder's credentials from the
 * encrypted browser store, every signed-in screen opening offline, the 404 page, and the
 * "A new version is ready" prompt when a new worker waits.
 *
 * The secondary demo account (user-002) is used, as by credentials.spec.ts; nothing is changed
 * on the server.
 *
 * One browser context and page for the first four tests (tests/file-page.ts), so the worker
 * installs (and precaches the build) once, on the file's first visit: the first test is the one
 * about that visit; the offline test signs in (the tests before it are a visitor's). The new
 * version has a context of its own, as a worker of its own to replace (on the file's page, the
 * browser's own update check after the reload at times found the build's worker again, which
 * differs from the next release's, and left it waiting).
 */

/** The service worker of the web build the server serves (apps/web/dist). */
const SERVICE_WORKER_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/dist/sw.js',
);

interface WebAppManifest {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Width and height of a PNG, from its IHDR chunk (PNG spec 11.2.2). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/**
 * Waits until the app's service worker has installed (precached the build) and is active for
 * the whole origin: what a later page, opened offline, needs. Whether `page` itself is
 * controlled yet does not matter for that (see waitForServiceWorker).
 */
async function waitForActiveServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => (await navigator.serviceWorker.ready).active?.state === 'activated',
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Waits until an activated service worker controls `page`. Installing precaches the app's files:
 * with four parts busy on two cores near the end of CI that took over 20 s (a clean-clone run),
 * so the wait allows 45 s.
 */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    undefined,
    { timeout: 45_000 },
  );
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** A header link; its name may end in '(new)' (its red dot). */
function navLink(page: Page, name: string) {
  return mainNav(page).getByRole('link', { name: new RegExp(`^${name}( \\(new\\))?$`) });
}

const test = fileWidePage();

// The service worker stays on here, as playwright.config.ts blocks it elsewhere:
// the installable, offline app is what this file tests.
test.use({ serviceWorkers: 'allow' });

test('a service worker controls the app after the first visit, and never answers API calls', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await waitForServiceWorker(page);
  // An API answer comes from the server (no-store: the holder's own data), not from the
  // worker's caches; /health says no-cache (never acted on from a store, docs/security.md).
  const answers = await page.evaluate(async () => {
    const health = await fetch('/health');
    const list = await fetch('/user/user-001/credentials');
    return {
      health: health.headers.get('cache-control'),
      list: { status: list.status, cacheControl: list.headers.get('cache-control') },
    };
  });
  expect(answers).toEqual({ health: 'no-cache', list: { status: 401, cacheControl: 'no-store' } });
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls.map((url) => new URL(url).pathname);
  });
  // The landing page is precached as /index.html, which Workbox serves for '/'.
  expect(cached).toEqual(expect.arrayContaining(['/spa.html', '/index.html', '/login', '/about']));
  expect(cached.filter((path) => /^\/(api|user|identity|health|storage)(\/|$)/.test(path))).toEqual(
    [],
  );
});

test('the web app manifest is served, complete, with fetchable icons of the stated sizes', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as WebAppManifest;
  expect(manifest).toMatchObject({
    name: 'Pehchaan',
    short_name: 'Pehchaan',
    lang: 'en',
    start_url: '/dashboard',
    display: 'standalone',
  });
  expect(manifest.description).toContain('digital identity wallet');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe(icon.type);
    expect(pngSize(await image.body())).toBe(icon.sizes);
  }

  const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect((await request.get(favicon ?? '/favicon.svg')).status()).toBe(200);
  // A missing file is a real 404, not the app's HTML.
  const missing = await request.get('/favicon.ico');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).not.toMatch(/text\/html/);
});

test('an unknown address shows the 404 page inside the site frame', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByText(/Hey developer/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('offline after one visit: a cold start opens the credentials, and every signed-in screen opens', async ({
  context,
  page,
}) => {
  await signInThroughApi(page, '345678901238', '9123456780');
  await page.goto('/credentials');
  await expect(page.getByRole('article', { name: 'Basic Identity' })).toBeVisible();
  await waitForActiveServiceWorker(page);

  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto('/credentials');
  await expect(
    offline.getByRole('heading', { level: 1, name: /^Verifiable Credentials \(\d+\)$/ }),
  ).toBeVisible();
  await expect(offline.getByRole('article', { name: 'Basic Identity' })).toBeVisible();

  const screens: [string, string, RegExp | string][] = [
    ['Dashboard', '/dashboard', /./],
    ['Consent', '/consent', 'Consent Management'],
    ['Profile', '/profile', 'Profile'],
    ['Settings', '/settings', 'Settings'],
    ['Credentials', '/credentials', /^Verifiable Credentials/],
  ];
  for (const [link, path, heading] of screens) {
    await navLink(offline, link).click();
    await expect(offline).toHaveURL(new RegExp(`${path}$`));
    await expect(offline.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  // Activity Logs sits in the narrow screen's menu; a full navigation opens it offline too.
  await offline.goto('/logs');
  await expect(offline.getByRole('heading', { level: 1, name: 'Activity Logs' })).toBeVisible();
  await offline.goto('/about');
  await expect(offline.getByRole('heading', { level: 1, name: 'About Pehchaan' })).toBeVisible();
  await expect(offline.getByText(/Failed to fetch dynamically imported module/)).toHaveCount(0);
  await expect(offline.getByText('Unexpected Application Error!')).toHaveCount(0);
  await offline.close();
  await context.setOffline(false);
});

test('a new version shows "A new version is ready", and Reload switches to it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  const page = await context.newPage();
  try {
    await newVersion(page);
  } finally {
    await context.close();
  }
});

/** The new version test on its own `page`, whose worker it replaces. */
async function newVersion(page: Page) {
  await page.goto('/about');
  await waitForServiceWorker(page);
  const firstWorker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration?.active?.scriptURL;
  });
  expect(firstWorker).toMatch(/\/sw\.js$/);

  // The next release: the same worker with other bytes, as a deploy changes it. The server
  // sends the build's sw.js as it is on disk (no-cache), so the test changes it there for a
  // moment. (Playwright's routes do not see the browser's own update check of the worker.)
  const original = readFileSync(SERVICE_WORKER_FILE, 'utf8');
  try {
    writeFileSync(SERVICE_WORKER_FILE, `${original}\n// next release\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
  } finally {
    writeFileSync(SERVICE_WORKER_FILE, original);
  }

  const prompt = page.getByRole('region', { name: 'A new version is ready' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('status')).toHaveText('A new version is ready');
  // Nothing is swapped until the holder asks.
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.waiting !== null;
    }),
  ).toBe(true);

  await Promise.all([
    page.waitForEvent('load'),
    prompt.getByRole('button', { name: 'Reload' }).click(),
  ]);
  await expect(page.getByRole('heading', { level: 1, name: 'About Pehchaan' })).toBeVisible();
  await expect(prompt).toHaveCount(0);
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, active: registration?.active?.state };
    }),
  ).toEqual({ waiting: null, active: 'activated' });
}
