/**
 * Right to left in Urdu at phone width (docs/requirements.md D9.7, docs/i18n.md): every route of
 * SPEC 2 in Urdu at 390 px is laid out from the right (`<html dir="rtl">`), nothing is wider than
 * the screen (no horizontal scroll), the header's first item (the product's name, where the main
 * navigation starts) is on the right and the menu button on the left, and the numbers a holder
 * reads (the masked Aadhaar and phone in Settings, dates in sentences) stay left to right inside.
 * Each screen is saved under test-results (rtl-layout-…/ur-390-<route>.png) for a reviewer to
 * look at; RTL_SHOTS_WIDTHS=390,1280 also saves (and checks) the desktop width.
 *
 * The primary demo account (DECISIONS 2), signed in once through the API (tests/sign-in.ts), one
 * context for the file; the language is the holder's stored choice (localStorage `language`, as
 * Settings stores it), each route reached inside the app as a link does.
 */
import { expect, type Page, test } from '@playwright/test';
import { APP_ROUTES, PUBLIC_ROUTES, visitInApp } from './in-app-visit';
import { signInThroughApi } from './sign-in';

/** The routes of SPEC 2, the signed-in screens and the public ones but /login. */
const ROUTES = [...APP_ROUTES, ...PUBLIC_ROUTES.filter((route) => route !== '/login')];

/** The language looked at: Urdu; RTL_SHOTS_LANGUAGE=ks or sd for Kashmiri or Sindhi. */
const LANGUAGE = process.env.RTL_SHOTS_LANGUAGE ?? 'ur';

const WIDTHS = (process.env.RTL_SHOTS_WIDTHS ?? '390')
  .split(',')
  .map(Number)
  .filter((width) => width > 0);

/** What overflows the screen to the left or right: the widest elements, for the message. */
async function overflow(page: Page): Promise<{ scroll: number; width: number; wide: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scroll = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const wide: string[] = [];
    if (scroll > width + 1) {
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const box = element.getBoundingClientRect();
        if (box.width > 0 && (box.right > width + 1 || box.left < -1)) {
          wide.push(
            `${element.tagName.toLowerCase()}.${element.className} ${box.left}..${box.right}`,
          );
        }
        if (wide.length >= 5) break;
      }
    }
    return { scroll, width, wide };
  });
}

test.describe('Urdu, right to left', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await (
      await browser.newContext({ viewport: { width: WIDTHS[0] ?? 390, height: 844 } })
    ).newPage();
    await signInThroughApi(page, '234567890125', '9876543210');
    await page.evaluate((code) => localStorage.setItem('language', code), LANGUAGE);
    await page.goto('/dashboard');
    await expect(page.locator('#root')).toHaveAttribute('data-app', 'ready');
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  for (const width of WIDTHS) {
    test(`every route at ${width} px: rtl, no horizontal scroll, the header starts on the right`, async () => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      const failures: string[] = [];
      for (const route of ROUTES) {
        await visitInApp(page, route);
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE);
        const name = route === '/' ? 'home' : route.slice(1).replaceAll('/', '-');
        await page.screenshot({
          path: test.info().outputPath(`${LANGUAGE}-${width}-${name}.png`),
          fullPage: true,
        });
        const { scroll, wide } = await overflow(page);
        if (scroll > width + 1) failures.push(`${route}: ${scroll} px wide (${wide.join('; ')})`);
        // The header's first item, the product's name, on the right; at phone width the menu
        // button on the left; wider, the main navigation's first item right of its second.
        const header = await page.evaluate(() => {
          const bar = document.querySelector('header');
          const centre = (element: Element | null | undefined) => {
            if (!element) return null;
            const box = element.getBoundingClientRect();
            return box.width > 0 ? box.left + box.width / 2 : null;
          };
          const visibleMenu = Array.from(
            bar?.querySelectorAll('button[aria-controls]') ?? [],
          ).filter((button) => button.getBoundingClientRect().width > 0);
          const nav = Array.from(bar?.querySelectorAll('nav a') ?? []).filter(
            (link) => link.getBoundingClientRect().width > 0,
          );
          return {
            // The demos' slim bar (components/layouts/demo-frame.tsx) has no navigation.
            hasNav: Boolean(bar?.querySelector('nav')),
            brand: centre(bar?.querySelector('a')),
            menu: centre(visibleMenu.at(-1)),
            first: centre(nav[0]),
            second: centre(nav[1]),
          };
        });
        if (header.brand === null || header.brand < width / 2) {
          failures.push(`${route}: the header's first item is not on the right`);
        }
        if (header.first !== null && header.second !== null) {
          // A navigation laid out in a row (the app's at desktop width, the business demo's at
          // any width): its first item right of its second.
          if (header.first < header.second) {
            failures.push(`${route}: the main navigation does not start on the right`);
          }
        } else if (header.hasNav && width < 768) {
          // The app's navigation folded into the menu: the menu button on the left.
          if (header.menu === null || header.menu > width / 2) {
            failures.push(`${route}: the menu button is not on the left`);
          }
        }
      }
      expect(failures, `right-to-left layout in ${LANGUAGE}`).toEqual([]);
    });
  }

  test('the mobile menu lists from the right; Aadhaar, phone and dates read left to right', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visitInApp(page, '/dashboard');
    const header = page.locator('header').first();
    await header.locator('button[aria-controls]:visible').last().click();
    const menu = page.locator('header nav').last();
    const first = await menu.getByRole('link').first().boundingBox();
    expect(first).not.toBeNull();
    // The item's text ends at the menu's right edge (its padding), not its left.
    const text = await menu
      .getByRole('link')
      .first()
      .evaluate((link) => {
        const range = document.createRange();
        range.selectNodeContents(link);
        const box = range.getBoundingClientRect();
        const own = link.getBoundingClientRect();
        return { right: own.right - box.right, left: box.left - own.left };
      });
    expect(text.right).toBeLessThan(text.left);
    await page.screenshot({ path: test.info().outputPath(`${LANGUAGE}-390-mobile-menu.png`) });
    await header.locator('button[aria-controls]:visible').last().click();

    // Settings › Account: the masked Aadhaar and phone are isolated left to right.
    await visitInApp(page, '/settings');
    for (const value of ['XXXX XXXX 0125', '98XXXXXX10']) {
      const direction = await page
        .getByText(value, { exact: true })
        .first()
        .evaluate((element) => getComputedStyle(element).direction);
      expect(direction, value).toBe('ltr');
    }
    // Every date on the activity log and the profile reads left to right: inside isolate marks
    // (a date in a sentence) or in an element laid out left to right.
    let dates = 0;
    for (const route of ['/logs', '/profile']) {
      await visitInApp(page, route);
      const found = await page.evaluate(() => {
        const DATE = /[0-9۰-۹]{2}\/[0-9۰-۹]{2}\/[0-9۰-۹]{4}/g;
        const result = { dates: 0, outOfOrder: [] as string[] };
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(DATE)) {
            result.dates += 1;
            const before = text.slice(0, match.index);
            const isolated = before.lastIndexOf('\u2066') > before.lastIndexOf('\u2069');
            const parent = node.parentElement;
            if (!isolated && parent && getComputedStyle(parent).direction !== 'ltr') {
              result.outOfOrder.push(text.trim());
            }
          }
        }
        return result;
      });
      dates += found.dates;
      expect(found.outOfOrder, `dates not left to right on ${route}`).toEqual([]);
    }
    expect(dates).toBeGreaterThan(0);
  });
});
