/**
 * The holder's language (docs/requirements.md D7.12, D9.7): every offered language, each complete.
 *
 * For every language the app offers, a browser set to it (Playwright `locale`, which is
 * navigator.languages and Accept-Language) opens /login in it; the holder signs in with the
 * translated form and sees /settings in it, with none of the English texts of either screen
 * left; axe finds no serious violation on /settings; a 390 px screenshot of /settings is
 * written under test-results/ for a person to look at (the script must render, no boxes).
 * The Indic scripts come from the product's own fonts (src/fonts.css): Chromium here has no
 * Devanagari, Tamil or Bengali font, so each is fetched from this server when its script is on
 * screen.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { FONTS, type FontKey, LANGUAGE_REGISTRY } from '../../packages/core/src/languages/registry';
import { seriousViolations } from './axe';
import { boxesOnScreen } from './no-box';

const LOCALES = fileURLToPath(new URL('../../apps/web/src/locales', import.meta.url));
const LANGUAGES = ['en', 'hi', 'es', 'fr', 'de', 'ja', 'ta', 'bn'] as const;
type Language = string;

type Json = { [key: string]: string | Json };

function texts(language: Language, namespace: string): (key: string) => string {
  const json = JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8'));
  return (key) => {
    const value = key.split('.').reduce<string | Json | undefined>((node, part) => {
      return typeof node === 'object' ? node[part] : undefined;
    }, json);
    if (typeof value !== 'string') throw new Error(`${language}/${namespace}: no text ${key}`);
    return value;
  };
}

/** The texts each screen shows, by namespace and key: the completeness checked on screen. */
const LOGIN_TEXTS = [
  ['auth', 'title'],
  ['auth', 'subtitle'],
  ['auth', 'aadhaarLabel'],
  ['auth', 'phoneLabel'],
  ['auth', 'sendOtp'],
  ['auth', 'demoBanner.title'],
  ['common', 'nav.signIn'],
  ['common', 'footer.privacy'],
] as const;
const SETTINGS_TEXTS = [
  ['settings', 'title'],
  ['settings', 'subtitle'],
  ['settings', 'sections.security.title'],
  ['settings', 'sections.privacy.title'],
  ['settings', 'sections.preferences.title'],
  ['settings', 'fields.sessionTimeout.label'],
  ['settings', 'fields.language.label'],
  ['settings', 'account.logout'],
  ['common', 'nav.dashboard'],
  ['common', 'nav.credentials'],
] as const;

/** The script fonts of src/fonts.css by the file name Vite gives them. */
const FONT_FILE = {
  hi: /noto-sans-devanagari-devanagari-wght-normal-[\w-]+\.woff2$/,
  ta: /noto-sans-tamil-tamil-wght-normal-[\w-]+\.woff2$/,
  bn: /noto-sans-bengali-bengali-wght-normal-[\w-]+\.woff2$/,
} as const;

const FONT_FAMILY = {
  hi: 'Noto Sans Devanagari Variable',
  ta: 'Noto Sans Tamil Variable',
  bn: 'Noto Sans Bengali Variable',
} as const;

/** Each text is on screen in the language, and its English differs and is not. */
async function expectScreenIn(
  page: Page,
  language: Language,
  keys: readonly (readonly [string, string])[],
) {
  const body = page.locator('body');
  for (const [namespace, key] of keys) {
    const translated = texts(language, namespace)(key);
    await expect(body, `${language} ${namespace}:${key}`).toContainText(translated);
    const english = texts('en', namespace)(key);
    if (language !== 'en' && english !== translated) {
      await expect(body, `English ${namespace}:${key} left`).not.toContainText(english);
    }
  }
}

for (const language of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    test.use({
      locale: language === 'en' ? 'en-IN' : `${language}-IN`,
      viewport: { width: 390, height: 844 },
    });

    test(`a browser set to ${language} opens /login and /settings in it, axe-clean`, async ({
      page,
    }, testInfo) => {
      // Two screens, a sign-in and an axe run of Settings, the largest screen: more than the
      // default 30 s on a busy machine.
      test.setTimeout(90_000);
      const fonts: string[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('.woff2')) {
          expect(response.status(), response.url()).toBe(200);
          fonts.push(new URL(response.url()).pathname);
        }
      });
      const auth = texts(language, 'auth');
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: auth('title') })).toBeVisible();
      await expectScreenIn(page, language, LOGIN_TEXTS);

      await page.getByLabel(auth('aadhaarLabel')).fill('234567890125');
      await page.getByLabel(auth('phoneLabel')).fill('9876543210');
      await page.getByRole('button', { name: auth('sendOtp') }).click();
      await page.getByLabel(auth('otpLabel')).fill('123456');
      await page.getByRole('button', { name: auth('login'), exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      await page.goto('/settings');
      const settings = texts(language, 'settings');
      await expect(page.getByRole('heading', { level: 1, name: settings('title') })).toBeVisible();
      await expectScreenIn(page, language, SETTINGS_TEXTS);
      // The Preferences field (the footer has a language select too).
      const languageField = page.locator('#setting-language');
      await expect(languageField).toHaveAccessibleName(settings('fields.language.label'));
      await expect(languageField).toHaveValue(language);
      expect(await seriousViolations(page)).toEqual([]);

      // The product's fonts: this Chromium has no Indic font, so the script of a Hindi, Tamil
      // or Bengali screen came from this server's woff2 (the language lists name every language
      // in its own script, so the others may be fetched too), and the face is in use.
      await page.evaluate(() => document.fonts.ready);
      const script = FONT_FILE[language as keyof typeof FONT_FILE];
      if (script) {
        expect(fonts.some((path) => script.test(path))).toBe(true);
        const title = settings('title');
        const family = FONT_FAMILY[language as keyof typeof FONT_FAMILY];
        expect(
          await page.evaluate(([f, t]) => document.fonts.check(`16px "${f}"`, t), [family, title]),
        ).toBe(true);
      }

      await page.screenshot({
        path: testInfo.outputPath(`settings-${language}-390.png`),
        fullPage: false,
      });
    });
  });
}

/**
 * The other languages offered (each registry entry with `offered`, DECISIONS 6, docs/i18n.md):
 * each opens /login in it with none of the English texts of the form left, its script drawn with
 * the product's own face (this Chromium has no Indic, Arabic-script, Ol Chiki or Meetei Mayek
 * font), fetched from this server. Lighter than the test above (no sign-in, no axe run):
 * Settings in them is covered by the Vitest suites (locales.test.ts completeness, settings page).
 */
const MORE_LANGUAGES = Object.fromEntries(
  LANGUAGE_REGISTRY.filter(
    (entry) =>
      entry.offered && !(LANGUAGES as readonly string[]).includes(entry.code) && entry.font,
  ).map((entry) => {
    const font = FONTS[entry.font as FontKey];
    // The file Vite names after the package's woff2: <package>-<subset>-wght-normal-<hash>.woff2
    const file = new RegExp(`${font.package.split('/')[1]}-${font.subset}-wght-normal`);
    return [entry.code, { family: font.family, file }];
  }),
);

for (const [language, font] of Object.entries(MORE_LANGUAGES)) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: `${language}-IN`, viewport: { width: 390, height: 844 } });

    test(`a browser set to ${language} opens /login in it, in the product's ${font.family}`, async ({
      page,
    }, testInfo) => {
      const fonts: string[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('.woff2')) fonts.push(new URL(response.url()).pathname);
      });
      const auth = texts(language as Language, 'auth');
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: auth('title') })).toBeVisible();
      await expectScreenIn(page, language as Language, LOGIN_TEXTS);
      await page.evaluate(() => document.fonts.ready);
      expect(
        fonts.some((path) => font.file.test(path)),
        fonts.join(', '),
      ).toBe(true);
      expect(
        await page.evaluate(
          ([f, t]) => document.fonts.check(`16px "${f}"`, t),
          [font.family, auth('title')],
        ),
      ).toBe(true);
      // Every character of the script drawn by a real face, bold text (the title) included:
      // Chromium reports the fonts that drew each node's own text (CDP, no-box.ts), and the
      // system's fonts here (DejaVu Sans) may have drawn only characters they have.
      expect(await boxesOnScreen(page, `/login in ${language}`)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`login-${language}-390.png`) });
    });
  });
}

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
