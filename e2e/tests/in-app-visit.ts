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

/** How often the visit looks at the screen, and how long it waits at most for it to settle. */
const SETTLE_INTERVAL_MS = 150;
const SETTLE_TIMEOUT_MS = 15_000;

/**
 * Goes to `path` inside the running app (a link's history push, no page load) and waits until it
 * has settled: no loading indicator (`aria-busy="true"`, `.animate-pulse`), and the same rendered
 * text twice 150 ms apart (at most 15 s). Returns that text, as a holder reads it (`innerText`:
 * hidden elements left out). Throws (an expect failure) when the URL is not `path` once settled,
 * or the text never settles.
 *
 * The wait runs inside the page, in one call: every 150 ms it reads `innerText` of the body, unless
 * a MutationObserver saw no change to the document (nodes, text or attributes) since the last
 * read: the text is then the one read 150 ms ago, which settles the screen without reading it
 * again (the layout `innerText` forces, and a round trip from the test, saved for every look).
 */
export async function visitInApp(page: Page, path: string): Promise<string> {
  const visit = await page.evaluate(
    async ({ to, interval, timeout }) => {
      let changed = true;
      const observer = new MutationObserver(() => {
        changed = true;
      });
      observer.observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
      const started = performance.now();
      /** The text read at the previous look ('' while loading or not yet read). */
      let last = '';
      try {
        for (;;) {
          if (document.querySelector('[aria-busy="true"], .animate-pulse')) {
            last = '';
          } else if (last !== '' && !changed) {
            return { settled: true, url: window.location.href, text: last };
          } else {
            changed = false;
            // biome-ignore lint/performance/useDomNodeTextContent: the visible text is the point
            const text = document.body.innerText;
            if (text !== '' && text === last) {
              return { settled: true, url: window.location.href, text };
            }
            last = text;
          }
          if (performance.now() - started > timeout) {
            return { settled: false, url: window.location.href, text: last };
          }
          await new Promise((resolve) => setTimeout(resolve, interval));
        }
      } finally {
        observer.disconnect();
      }
    },
    { to: path, interval: SETTLE_INTERVAL_MS, timeout: SETTLE_TIMEOUT_MS },
  );
  expect(visit.url, `the visit to ${path}`).toMatch(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  expect(visit.settled, `${path} settled within ${SETTLE_TIMEOUT_MS / 1000} s`).toBe(true);
  return visit.text;
}
