/**
 * The holder's language on screen (docs/requirements.md D7.12, D9.7), shared by languages.spec.ts
 * (English) and english-words.ts (every other offered language): which texts /login and
 * /settings must show in a language (and whose English must be gone), the product's script
 * fonts a screen's text must come from, and a browser set to a language.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CDPSession, expect, type Page } from '@playwright/test';
import { FONTS, type FontKey, LANGUAGE_REGISTRY } from '../../packages/core/src/languages/registry';
import { seriousViolations } from './axe';
import { screenshotToLookAt } from './look-at';

const LOCALES = fileURLToPath(new URL('../../apps/web/src/locales', import.meta.url));

type Json = { [key: string]: string | Json };

/** A namespace's JSON per language, read once per test worker. */
const namespaces = new Map<string, Json>();

/**
 * The texts of `language`'s `namespace` (apps/web/src/locales/<language>/<namespace>.json):
 * a function from a dotted key to its text. @throws when the key has no text.
 */
export function texts(language: string, namespace: string): (key: string) => string {
  const path = join(LOCALES, language, `${namespace}.json`);
  let json = namespaces.get(path);
  if (!json) {
    json = JSON.parse(readFileSync(path, 'utf8')) as Json;
    namespaces.set(path, json);
  }
  const root = json;
  return (key) => {
    const value = key.split('.').reduce<string | Json | undefined>((node, part) => {
      return typeof node === 'object' ? node[part] : undefined;
    }, root);
    if (typeof value !== 'string') throw new Error(`${language}/${namespace}: no text ${key}`);
    return value;
  };
}

/** The texts /login shows, by namespace and key: the completeness checked on screen. */
export const LOGIN_TEXTS = [
  ['auth', 'title'],
  ['auth', 'subtitle'],
  ['auth', 'aadhaarLabel'],
  ['auth', 'phoneLabel'],
  ['auth', 'sendOtp'],
  ['auth', 'demoBanner.title'],
  ['common', 'nav.signIn'],
  ['common', 'footer.privacy'],
] as const;

/** The texts /settings shows, by namespace and key. */
export const SETTINGS_TEXTS = [
  ['settings', 'title'],
  ['settings', 'subtitle'],
  ['settings', 'sections.security.title'],
  ['settings', 'sections.privacy.title'],
  ['settings', 'sections.preferences.title'],
  ['settings', 'fields.language.label'],
  ['settings', 'fields.sessionTimeout.label'],
  ['settings', 'account.logout'],
  ['common', 'nav.dashboard'],
  ['common', 'nav.credentials'],
] as const;

/**
 * The languages whose whole sign-in and /settings are checked in the browser beyond their
 * words (a sign-in through the translated form, /settings' texts, an axe scan of /settings at
 * phone width): English, the first offered languages and one of each kind of script among them.
 * The other languages' /settings is covered by the Vitest suites (locales.test.ts completeness,
 * the settings page) and their words on screen by english-words.ts.
 */
export const SETTINGS_LANGUAGES = ['en', 'hi', 'es', 'fr', 'de', 'ja', 'ta', 'bn'] as const;

/** A phone's screen, the width the language checks and their screenshots are made at. */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * The script font of a language whose /settings is checked (SETTINGS_LANGUAGES): its file as
 * Vite names it, and its CSS family (src/fonts.css).
 */
export const SETTINGS_FONT: Record<string, { file: RegExp; family: string }> = {
  hi: {
    file: /noto-sans-devanagari-devanagari-wght-normal-[\w-]+\.woff2$/,
    family: 'Noto Sans Devanagari Variable',
  },
  ta: {
    file: /noto-sans-tamil-tamil-wght-normal-[\w-]+\.woff2$/,
    family: 'Noto Sans Tamil Variable',
  },
  bn: {
    file: /noto-sans-bengali-bengali-wght-normal-[\w-]+\.woff2$/,
    family: 'Noto Sans Bengali Variable',
  },
};

/**
 * The product's script face of each other offered language with one (core's registry `font`):
 * the file Vite names after the package's woff2 (<package>-<subset>-wght-normal-<hash>.woff2)
 * and its CSS family. Its /login is drawn in it (this Chromium has no Indic, Arabic-script,
 * Ol Chiki or Meetei Mayek font).
 */
export const LOGIN_FONT: Record<string, { file: RegExp; family: string }> = Object.fromEntries(
  LANGUAGE_REGISTRY.filter(
    (entry) =>
      entry.offered &&
      !(SETTINGS_LANGUAGES as readonly string[]).includes(entry.code) &&
      entry.font,
  ).map((entry) => {
    const font = FONTS[entry.font as FontKey];
    const file = new RegExp(`${font.package.split('/')[1]}-${font.subset}-wght-normal`);
    return [entry.code, { family: font.family, file }];
  }),
);

/** Text as Playwright's text assertions compare it: zero-width spaces out, white space collapsed. */
function normalized(text: string): string {
  return text
    .replace(/\u200b/g, '')
    .trim()
    .replace(/\s+/g, ' ');
}

/**
 * Each of `keys`' texts is on `page` (the body's text content, hidden text included, as
 * `toContainText` reads it) in `language`, and its English, where it differs, is not. Read once:
 * call it on a settled screen (in-app-visit.ts `visitInApp`).
 */
export async function expectScreenIn(
  page: Page,
  language: string,
  keys: readonly (readonly [string, string])[],
): Promise<void> {
  const body = normalized((await page.locator('body').textContent()) ?? '');
  for (const [namespace, key] of keys) {
    const translated = texts(language, namespace)(key);
    expect(body, `${language} ${namespace}:${key}`).toContain(normalized(translated));
    const english = texts('en', namespace)(key);
    if (language !== 'en' && english !== translated) {
      expect(body, `English ${namespace}:${key} left`).not.toContain(normalized(english));
    }
  }
}

/** The DevTools session each page's browser language is set through. */
const sessions = new WeakMap<Page, Promise<{ cdp: CDPSession; userAgent: string }>>();

/**
 * Signs the primary demo holder (DECISIONS 2) in through the /login form open on `page`, in
 * whatever language it is drawn: `auth` gives the auth namespace's texts of that language
 * (`texts(language, 'auth')`). Waits for /dashboard; an expect failure when it never comes.
 */
export async function signInThroughForm(page: Page, auth: (key: string) => string): Promise<void> {
  await page.getByLabel(auth('aadhaarLabel')).fill('234567890125');
  await page.getByLabel(auth('phoneLabel')).fill('9876543210');
  await page.getByRole('button', { name: auth('sendOtp') }).click();
  await page.getByLabel(auth('otpLabel')).fill('123456');
  await page.getByRole('button', { name: auth('login'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Sets the browser of `page` to `locale` (a BCP 47 tag, 'hi-IN') from the next load on, exactly
 * as Playwright's `locale` option sets a new context's: `Emulation.setLocaleOverride` (Intl,
 * navigator.language) and `Emulation.setUserAgentOverride`'s `acceptLanguage` (navigator.languages
 * and the Accept-Language header), the user agent kept. One page can so be a browser set to
 * each language in turn, its HTTP cache and sign-in state kept (a context per language would
 * fetch and compile the whole app again each time).
 */
export async function setBrowserLanguage(page: Page, locale: string): Promise<void> {
  let session = sessions.get(page);
  if (!session) {
    session = (async () => ({
      cdp: await page.context().newCDPSession(page),
      userAgent: await page.evaluate(() => navigator.userAgent),
    }))();
    sessions.set(page, session);
  }
  const { cdp, userAgent } = await session;
  await cdp.send('Emulation.setLocaleOverride', { locale });
  await cdp.send('Emulation.setUserAgentOverride', { userAgent, acceptLanguage: locale });
}

/**
 * /settings (already open and settled, at phone width) in `language`, one of SETTINGS_LANGUAGES:
 * its heading and texts in it, none of their English left; the Preferences field for the
 * language named in it and set to it; no serious or critical axe violation (axe.ts); where the
 * language's script has a product face (SETTINGS_FONT), that face's file among `served` (the
 * font files the page fetched from this server) and in use for the title. A screenshot for a
 * person to look at is written to `screenshot` when the run asks for pictures (look-at.ts).
 */
export async function expectSettingsIn(
  page: Page,
  language: string,
  screenshot: string,
  served: readonly string[],
): Promise<void> {
  const settings = texts(language, 'settings');
  await expect(page.getByRole('heading', { level: 1, name: settings('title') })).toBeVisible();
  await expectScreenIn(page, language, SETTINGS_TEXTS);
  // The Preferences field (the footer has a language select too).
  const languageField = page.locator('#setting-language');
  await expect(languageField).toHaveAccessibleName(settings('fields.language.label'));
  await expect(languageField).toHaveValue(language);
  expect(await seriousViolations(page)).toEqual([]);

  // The product's fonts: this Chromium has no Indic font, so the script of a Hindi, Tamil or
  // Bengali screen came from this server's woff2 (the language lists name every language in its
  // own script, so the others may be fetched too), and the face is in use.
  await page.evaluate(() => document.fonts.ready);
  const font = SETTINGS_FONT[language];
  if (font) {
    expect(
      served.some((path) => font.file.test(path)),
      served.join(', '),
    ).toBe(true);
    expect(
      await page.evaluate(
        ([f, t]) => document.fonts.check(`16px "${f}"`, t),
        [font.family, settings('title')],
      ),
    ).toBe(true);
  }
  await screenshotToLookAt(page, screenshot);
}
