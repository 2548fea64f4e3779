/**
 * Prerendered public pages (ADR 0005, ADR 0010): the landing page and the information pages
 * are in the HTML itself, so they show before (and without) the app's JavaScript; their small
 * entry is requested only after the first contentful paint, and the app starts on the visitor's
 * first interaction, hydrating the page without a mismatch and then doing what the visitor did
 * meanwhile. /verify/{id} shows its verdict with a small island of its own (a consent receipt's
 * id gets the receipt page's own frame). Other routes get the empty shell.
 */
import { expect, type Page, test } from '@playwright/test';

const PRERENDERED = [
  '/',
  '/login',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/support',
  '/help',
];

// The service worker stays on here, as playwright.config.ts blocks it elsewhere:
// the worker's registration is part of what the public pages load.
test.use({ serviceWorkers: 'allow' });

test('the public pages show their content with the JavaScript blocked', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  for (const path of PRERENDERED) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pehchaan' }).first(), path).toBeVisible();
  }
  await page.goto('/dashboard');
  expect(await page.locator('#root').innerHTML()).toBe('');
});

test("a link of either /verify page paints that page's frame with the JavaScript blocked", async ({
  page,
}) => {
  await page.route('**/*.js', (route) => route.abort());
  // A consent receipt's id (its shape is enough: the frame does not depend on the receipt) gets
  // the receipt page's own frame, so its title and lead are the HTML's, not the island's.
  await page.goto(`/verify/receipt-${'0123456789abcdef'.repeat(2)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Consent Receipt' })).toBeVisible();
  await expect(page.getByText('A consent receipt records a decision')).toBeVisible();
  await expect(page.getByText('Loading...')).toBeVisible();
  await page.goto('/verify/cred-not-a-real-id');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Credential Verification' }),
  ).toBeVisible();
  await expect(page.getByText('Loading...')).toBeVisible();
});

/** Starts the app as a visitor's first key press does; resolves once it has rendered. */
async function startTheApp(page: Page) {
  await page.keyboard.press('Tab');
  await expect(page.locator('#root')).toHaveAttribute('data-app', 'ready');
}

/** Paths of the scripts `page` requests from now on. */
function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/**
 * What `npm run bench:web` counts as JavaScript before the first render: scripts that finish
 * arriving before FCP. The pages' loader requests them only once FCP is reported, so none even
 * starts before it. Nor a font: a script's face (about 100 KB; and the page's style and layout
 * again when swapped in) is declared only with its language (lib/i18n.ts loadFont), and the
 * language names' own faces are either inlined (हिंदी) or fetched when a list opens. Checks `page`,
 * just loaded from `path`, once painted and quiet, before the app starts.
 */
async function expectNothingBeforePaint(page: Page, path: string) {
  await page.waitForLoadState('networkidle');
  // The first paint itself may come after that quiet network moment on a busy machine (nothing
  // is requested before it): wait for it, then until the page's resources stop growing (two
  // counts 500 ms apart agree), so what its loader requests after it has loaded.
  await expect
    .poll(
      () => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length),
      { message: `${path}: first contentful paint` },
    )
    .toBe(1);
  let resources = -1;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => performance.getEntriesByType('resource').length);
        const quiet = now === resources;
        resources = now;
        return quiet;
      },
      { intervals: [500], message: `${path}: resources loaded` },
    )
    .toBe(true);
  const fontFiles = (files: { name: string }[]) =>
    files.filter((file) => /\.woff2$/.test(new URL(file.name).pathname));
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    files: performance
      .getEntriesByType('resource')
      .filter((entry) => /\.(js|woff2)$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
  }));
  expect(timing.fcp, path).not.toBeNull();
  // The page's entry did load, after the paint; no font before the app.
  expect(
    timing.files.some((file) => file.name.endsWith('.js')),
    path,
  ).toBe(true);
  expect(fontFiles(timing.files), path).toEqual([]);
  const early = timing.files.filter((file) => file.startTime < (timing.fcp ?? 0));
  expect(early, path).toEqual([]);
}

/**
 * Once the app runs (started and quiet), still no font on an English page: the language names
 * have faces of their own (the landing toggle's हिंदी inlined in the stylesheet, the others fetched
 * when the language menu opens; language-fonts.spec.ts), and a script's face comes only with its
 * language.
 */
async function expectNoFontOnceStarted(page: Page, path: string) {
  expect(
    await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\.woff2$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.name),
    ),
    path,
  ).toEqual([]);
}

/** The pages whose loads are also timed (nothing before the first paint, no font). */
const TIMED = ['/', '/login', '/about'];

// One visit of each page for both: its hydration and (for TIMED and /verify/{id}) what it requests
// before its first paint and once the app runs.
test('the prerendered pages hydrate without errors, request no JavaScript before their first contentful paint and no font before the app, and then work as the app', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  for (const path of PRERENDERED) {
    await page.goto(path);
    const timed = TIMED.includes(path);
    if (timed) await expectNothingBeforePaint(page, path);
    await startTheApp(page);
    await page.waitForLoadState('networkidle');
    expect(errors, path).toEqual([]);
    if (timed) await expectNoFontOnceStarted(page, path);
  }
  // /verify/{id}, its own island: timed too (its unknown id's 404 is a console error, not checked).
  const verify = '/verify/cred-not-a-real-id';
  await page.goto(verify);
  await expectNothingBeforePaint(page, verify);
  await startTheApp(page);
  await page.waitForLoadState('networkidle');
  await expectNoFontOnceStarted(page, verify);

  // Once the app runs, links are the router's: no full page load.
  await page.goto('/about');
  await startTheApp(page);
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Aadhaar Number')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
});

test('a public page loads only its entry until the visitor interacts, then the app', async ({
  page,
}) => {
  const scripts = scriptRequests(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  // The entry and the service worker's registration (workbox-window), no React.
  expect(
    scripts.filter((path) => !/\/(index|service-worker|workbox-window)[-.]/.test(path)),
  ).toEqual([]);
  await expect(page.locator('#root')).not.toHaveAttribute('data-app', 'ready');

  // The first click on the theme button starts the app, and the click is not lost.
  const toggle = page.getByRole('button', { name: /Change theme/ });
  await expect(toggle).toHaveAccessibleName(/System/);
  await toggle.click();
  await expect(toggle).toHaveAccessibleName(/Light/);
  expect(scripts.some((path) => /\/react-/.test(path))).toBe(true);
});

test('what a visitor does before the app has started is done once it has', async ({ page }) => {
  // The app's start is held back (a slow network), so everything below happens before it.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/start-app-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByLabel('Aadhaar Number').fill('234567890125');
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  // Nothing was sent natively: still /login, nothing in the address.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('navigation', { name: 'Mobile navigation' })).toHaveCount(0);

  release();
  await expect(page.getByText('Demo OTP sent! Use 123456')).toBeVisible();
  await expect(page.getByLabel('Enter OTP')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Mobile navigation' })).toBeVisible();
});

test('/verify/{id} shows its verdict without the app, which keeps it when it starts', async ({
  page,
}) => {
  const scripts = scriptRequests(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/verify/cred-not-a-real-id');
  const verdict = page.getByRole('heading', { level: 2, name: 'Credential not found' });
  await expect(verdict).toBeVisible();
  await expect(page.getByText('cred-not-a-real-id')).toBeVisible();
  // The island: React, but no router and no app.
  expect(scripts.filter((path) => /\/(router|start-app|app)-/.test(path))).toEqual([]);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile navigation' })).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-app', 'ready');
  await expect(verdict).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
});

test('a visitor with a stored dark theme gets the /verify island, its theme button showing Dark', async ({
  browser,
  baseURL,
}) => {
  // The operating system's light, the visitor's stored dark: the page is dark from the first
  // paint (index.html's inline script), and the island, not the app, shows the verdict.
  const context = await browser.newContext({ baseURL, colorScheme: 'light' });
  try {
    await context.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('theme', 'dark');
    });
    const page = await context.newPage();
    const scripts = scriptRequests(page);
    await page.goto('/verify/cred-not-a-real-id');
    const verdict = page.getByRole('heading', { level: 2, name: 'Credential not found' });
    await expect(verdict).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(scripts.filter((path) => /\/(router|start-app|app)-/.test(path))).toEqual([]);
    await expect(page.locator('#root')).not.toHaveAttribute('data-app', 'ready');

    // Its click starts the app, which cycles from the stored theme: dark, then system (light).
    await page.getByRole('button', { name: 'Change theme (current: Dark)' }).click();
    await expect(page.locator('#root')).toHaveAttribute('data-app', 'ready');
    await expect(
      page.getByRole('button', { name: 'Change theme (current: System)' }),
    ).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expect(verdict).toBeVisible();
  } finally {
    await context.close();
  }
});
