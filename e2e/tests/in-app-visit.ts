/**
 * The routes of SPEC 2 and a visit to one inside the running app, shared by the browser tests that
 * walk every route (english-words.ts, rtl-layout.spec.ts).
 */
import { expect, type Page } from '@playwright/test';

/** The public routes (SPEC 2), visited signed out (/login leads a signed-in holder on). */
export const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/verify',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/support',
  '/help',
  '/verifier',
  '/kyc-demo',
  '/business-dashboard',
  '/digital-wallet',
  '/longterm',
] as const;

/** The signed-in screens (SPEC 2). */
export const APP_ROUTES = [
  '/dashboard',
  '/credentials',
  '/consent',
  '/consent/who-has-my-data',
  '/logs',
  '/profile',
  '/settings',
] as const;

/**
 * Goes to `path` inside the running app (a link's history push, no page load) and waits until it
 * has settled: no loading indicator, and the same rendered text twice 150 ms apart (at most 15 s).
 * Returns that text, as a holder reads it (hidden elements left out). Throws (an expect failure)
 * when the URL or the text never settles.
 */
export async function visitInApp(page: Page, path: string): Promise<string> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  let last = '';
  await expect
    .poll(
      async () => {
        const text = await page.evaluate(() =>
          document.querySelector('[aria-busy="true"], .animate-pulse')
            ? ''
            : // biome-ignore lint/performance/useDomNodeTextContent: the visible text is the point
              document.body.innerText,
        );
        const stable = text !== '' && text === last;
        last = text;
        return stable;
      },
      { intervals: [150], timeout: 15_000 },
    )
    .toBe(true);
  return last;
}
