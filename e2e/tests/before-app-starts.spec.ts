/**
 * A prerendered page before its app has started (ADR 0010; issue "Before the app starts"): the
 * app's scripts are held back, as on a slow network, and the page still keeps SPEC 4's theme
 * 'system' live (index.html's inline script follows the operating system's dark mode from the
 * first paint until the app's ThemeProvider takes over) and SPEC 5's Aadhaar rules (what is typed
 * into the prerendered field ends filtered and grouped once the app runs).
 */
import { expect, type Page, test } from '@playwright/test';

/**
 * Holds every script of the build (/assets/*.js) until the returned `release` is called: the
 * page has its HTML and inline script only, as while the app loads.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    // A request of a page navigated away from meanwhile is gone: nothing to continue.
    await route.continue().catch(() => {});
  });
  return release;
}

/** The page's background colour (the body's, Tailwind's light or dark surface). */
function background(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

/** Switches the operating system's colour scheme and expects the page to follow it. */
async function expectToFollow(page: Page, path: string) {
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html, path).toHaveClass(/\bdark\b/);
  const dark = await background(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html, path).not.toHaveClass(/\bdark\b/);
  expect(await background(page), path).not.toBe(dark);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html, path).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html, path).not.toHaveClass(/\bdark\b/);
}

test("a prerendered page follows the system's theme live before its scripts arrive, and after", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/verify/cred-not-a-real-id', '/login', '/']) {
    await page.emulateMedia({ colorScheme: 'light' });
    // Not waiting for the load event: it waits for the held scripts.
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expectToFollow(page, path);
    // Still before any script of the build: the island has not drawn a verdict.
    if (path.startsWith('/verify/')) await expect(page.getByText('Loading...')).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('data-app', 'ready');
  }

  // The scripts arrive (the entry, not the app: nothing was done yet), then the app starts.
  release();
  await page.waitForLoadState('networkidle');
  await expectToFollow(page, '/ with its entry');
  await page.keyboard.press('Tab');
  await expect(page.locator('#root')).toHaveAttribute('data-app', 'ready');
  await expectToFollow(page, '/ with the app');

  // The app's choice of Light holds whatever the system does: the inline script has stopped.
  await page.getByRole('button', { name: 'Change theme (current: System)' }).click();
  await expect(page.getByRole('button', { name: 'Change theme (current: Light)' })).toBeVisible();
  // A listener added now runs after the page's own: once it has, they have too.
  const changed = page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        window
          .matchMedia('(prefers-color-scheme: dark)')
          .addEventListener('change', () => resolve(), { once: true }),
      ),
  );
  await page.emulateMedia({ colorScheme: 'dark' });
  await changed;
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});

test("/login keeps SPEC 5's Aadhaar and phone rules for what is typed while the app loads, and after", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login', { waitUntil: 'commit' });
  const aadhaar = page.getByLabel('Aadhaar Number');
  const phone = page.getByLabel('Mobile Number');
  await aadhaar.pressSequentially('2345ab6789-01259');
  await phone.pressSequentially('98765-432100');
  // The prerendered fields keep all of it, for the app to filter.
  await expect(aadhaar).toHaveValue('2345ab6789-01259');
  await expect(page.locator('#root')).not.toHaveAttribute('data-app', 'ready');

  // The key presses start the app once its scripts arrive; it filters and groups the text.
  release();
  await expect(page.locator('#root')).toHaveAttribute('data-app', 'ready');
  await expect(aadhaar).toHaveValue('2345 6789 0125');
  await expect(phone).toHaveValue('9876543210');
  await expect(aadhaar).toHaveAttribute('maxlength', '14');
  await expect(phone).toHaveAttribute('maxlength', '10');

  // The same typed into the app's fields.
  await aadhaar.fill('');
  await aadhaar.pressSequentially('2345ab6789-01259');
  await expect(aadhaar).toHaveValue('2345 6789 0125');
  await phone.fill('');
  await phone.pressSequentially('98765-432100');
  await expect(phone).toHaveValue('9876543210');
});
