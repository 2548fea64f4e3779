import { type BrowserContext, test as base, type Page } from '@playwright/test';

/**
 * One browser context and page for a whole spec file, signed in once: for files whose tests run
 * in order (`test.describe.configure({ mode: 'serial' })`, which this sets) and each start by
 * opening the screen they are about. A fresh context per test costs a new context, the app's cold
 * start and a sign-in, most of a short test's CPU in Chromium (docs/performance.md "The browser
 * tests, fourth pass"); the browser tests are bound by CPU on CI's two cores.
 *
 * Usage, at the top of a spec file:
 *
 *     const test = fileWidePage((page) => signInThroughApi(page, AADHAAR, PHONE));
 *     test('...', async ({ page, context }) => { await page.goto('/settings'); ... });
 *
 * The returned `test` is Playwright's with `page` and `context` answering the file's shared ones
 * (made on the first test's first use, with the options in effect there: baseURL,
 * serviceWorkers, viewport, locale, colour scheme; `test.use` in the file applies), so tests keep
 * their `{ page }` parameter. `signIn` runs once, right after the page is made. The context is
 * closed after the file's last test. What a test changes on the page (a stored theme, the
 * viewport, a listener) it puts back before it ends, since the next test sees it; a test that
 * needs a browser of its own (a visitor, a second device) still opens one with `browser`.
 *
 * When a test fails, Playwright runs the file again from its first test in a new worker (serial
 * mode, CI's one retry), so a retry starts from a fresh context and sign-in, as before.
 */
export function fileWidePage(signIn?: (page: Page) => Promise<void>) {
  let shared: { context: BrowserContext; page: Page } | undefined;
  base.describe.configure({ mode: 'serial' });
  base.afterAll(async () => {
    await shared?.context.close();
    shared = undefined;
  });
  return base.extend<{ fileWide: { context: BrowserContext; page: Page } }>({
    fileWide: async (
      { browser, baseURL, serviceWorkers, viewport, locale, colorScheme, acceptDownloads },
      use,
    ) => {
      if (!shared) {
        const context = await browser.newContext({
          baseURL,
          serviceWorkers,
          viewport,
          locale,
          colorScheme,
          acceptDownloads,
        });
        const page = await context.newPage();
        try {
          await signIn?.(page);
        } catch (error) {
          await context.close();
          throw error;
        }
        shared = { context, page };
      }
      await use(shared);
    },
    context: async ({ fileWide }, use) => use(fileWide.context),
    page: async ({ fileWide }, use) => use(fileWide.page),
  });
}
