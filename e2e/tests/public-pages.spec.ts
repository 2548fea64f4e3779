/**
 * Accessibility and speed (ADR 0005) of the public pages: every public page (the landing page,
 * /login, the public verifier /verify/{id} and the information pages of SPEC 2) passes the axe
 * scan once per language, English in the light theme and Hindi in the dark one; and the landing
 * page loads no code of the signed-in app (each route is its own chunk). The signed-in screens
 * and the demos are scanned by the specs that reach their states (list in tests/axe.ts).
 */
import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { fileWidePage } from './file-page';
import { signInAsDemo } from './sign-in';

/**
 * One page for the scans (tests/file-page.ts): each stores its language and theme, then loads
 * its page afresh; the last test, about what a first visit loads, opens its own browser context.
 */
const test = fileWidePage();

// --- Accessibility of the public pages: each page once per language -------------------------
/**
 * Each public page is scanned once per language, the two themes split between the languages:
 * English in light, Hindi in dark. Colours come from the theme, not the language, so both themes'
 * colours are checked on every page, and both languages' text (the Hindi script's own font) too.
 */
const SCANS = [
  { language: 'en', theme: 'light' },
  { language: 'hi', theme: 'dark' },
] as const;

type Language = (typeof SCANS)[number]['language'];

/** The landing page's hero (SPEC 1) in each language. */
const LANDING_TITLE = { en: 'Your identity, your consent', hi: 'आपकी पहचान, आपकी सहमति' };

/** The information pages of SPEC 2 and their titles (info-pages.spec.ts checks their sections). */
const INFO_TITLES: Record<string, Record<Language, string>> = {
  '/about': { en: 'About Pehchaan', hi: 'पहचान के बारे में' },
  '/contact': { en: 'Contact Us', hi: 'हमसे संपर्क करें' },
  '/privacy': { en: 'Privacy Policy', hi: 'गोपनीयता नीति' },
  '/terms': { en: 'Terms of Service', hi: 'सेवा की शर्तें' },
  '/support': { en: 'Support Center', hi: 'सहायता केंद्र' },
  '/help': { en: 'Help Center', hi: 'मदद केंद्र' },
};

/** Each public page and what shows once it is ready to scan, in the given language. */
const PUBLIC_PAGES: { path: string; ready: (page: Page, language: Language) => Promise<void> }[] = [
  {
    path: '/',
    ready: async (page, language) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANDING_TITLE[language]);
      // Every FAQ answer open, so its colours are checked too.
      await page.evaluate(() => {
        document.querySelectorAll('details').forEach((details) => {
          details.open = true;
        });
      });
    },
  },
  {
    path: '/login',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  {
    path: '/verify/cred-not-a-real-id',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // /verify shows its verdict (a status with an icon) after the SPEC 9 second.
      await expect(page.getByRole('status').filter({ has: page.locator('svg') })).toBeVisible();
    },
  },
  ...Object.entries(INFO_TITLES).map(([path, title]) => ({
    path,
    ready: async (page: Page, language: Language) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title[language]);
    },
  })),
];

for (const { path, ready } of PUBLIC_PAGES) {
  for (const { language, theme } of SCANS) {
    test(`${path} (${language}, ${theme}): no serious axe violation`, async ({ page }) => {
      // The stored choices, read when a page loads: stored from the page the test before left
      // (the same origin), or for the first test from the origin's /health (it starts no app).
      if (page.url() === 'about:blank') await page.goto('/health');
      await page.evaluate(
        ([lang, mode]) => {
          localStorage.setItem('language', lang);
          localStorage.setItem('theme', mode);
        },
        [language, theme] as const,
      );
      await page.goto(path);
      await ready(page, language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme === 'dark',
      );
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
// --- end of the public pages' accessibility ---------------------------------------------------

// The header and footer are one frame for visitors and holders; the screens and the holder's
// data (notifications) are the signed-in app.
test('the landing page loads no code of the signed-in app', async ({ browser, baseURL }) => {
  // A first visit: a browser that has loaded nothing of this site yet.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  // The prerendered page requests its scripts only after its first paint, which a busy machine
  // can hold back past the first quiet network moment: wait for them, then for quiet again.
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  const isAppChunk = (path: string) =>
    /\/assets\/(dashboard|credentials|consent|logs|profile|settings|root|notifications-bridge|use-notifications)[-.]/.test(
      path,
    );
  expect(scripts.filter(isAppChunk)).toEqual([]);

  // The same check sees the app's chunks once a holder signs in.
  await signInAsDemo(page, '456789012341', '8765432109');
  await expect.poll(() => scripts.filter(isAppChunk).length).toBeGreaterThan(0);
  await context.close();
});
