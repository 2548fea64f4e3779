/**
 * The holder's language (docs/requirements.md D7.12, D9.7): every offered language, each complete.
 *
 * Here: a browser set to English (Playwright `locale` en-IN, which is navigator.languages and
 * Accept-Language) opens /login in it; the holder signs in with the form and sees /settings in
 * it; axe finds no serious violation on /settings; with E2E_SCREENSHOTS=1 (look-at.ts) a 390 px
 * screenshot of /settings is written under test-results/ for a person to look at. And the landing
 * page's toggle.
 *
 * Every other offered language gets the same checks of /login (its texts in it, none of their
 * English left, its script from the product's own face, no box glyph) and a sign-in with the
 * translated form in english-words.ts, on the page that then walks its every screen; the
 * languages of SETTINGS_LANGUAGES (language-screens.ts) also /settings with its axe scan there.
 */
import { expect, test } from '@playwright/test';
import { visitInApp } from './in-app-visit';
import {
  expectScreenIn,
  expectSettingsIn,
  LOGIN_TEXTS,
  PHONE,
  signInThroughForm,
  texts,
} from './language-screens';

test.describe('in en', () => {
  test.use({ locale: 'en-IN', viewport: PHONE });

  test('a browser set to en opens /login and /settings in it, axe-clean', async ({
    page,
  }, testInfo) => {
    // Two screens, a sign-in and an axe run of Settings, the largest screen: more than the
    // default 30 s on a busy machine.
    test.setTimeout(90_000);
    const served: string[] = [];
    const refused: string[] = [];
    page.on('response', (response) => {
      if (!response.url().endsWith('.woff2')) return;
      if (response.status() !== 200) refused.push(`${response.status()} ${response.url()}`);
      served.push(new URL(response.url()).pathname);
    });
    const auth = texts('en', 'auth');
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: auth('title') })).toBeVisible();
    await expectScreenIn(page, 'en', LOGIN_TEXTS);

    await signInThroughForm(page, auth);

    await page.goto('/settings');
    await visitInApp(page, '/settings');
    await expectSettingsIn(page, 'en', testInfo.outputPath('settings-en-390.png'), served);
    expect(refused, 'font files not served').toEqual([]);
  });
});

test('the landing toggle keeps English and Hindi, and a stored choice beats the browser', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'ta-IN' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  const landing = texts('ta', 'landing');
  const toggle = page.getByRole('group', { name: landing('language.label') });
  await expect(toggle.getByRole('button')).toHaveText(['English', 'हिंदी']);
  await toggle.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});
