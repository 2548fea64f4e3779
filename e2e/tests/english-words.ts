/**
 * No screen left half-translated (docs/requirements.md, "Languages": no more than five English
 * words on any screen outside the allow-list): every route of the app, in every language the
 * product offers, rendered by Chromium against the real server, has at most five English words in
 * its visible text (`innerText` of the page) that the language's own texts do not use.
 *
 * What counts as an English word on a screen in language L: a word of the English texts
 * (apps/web/src/locales/en, every namespace) that none of L's texts uses, so "Open savings
 * account" on a Spanish or Hindi screen counts three, while the names L's translators kept as
 * English writes them (Aadhaar, DigiLocker, OTP) and words L shares with English (German "Name")
 * do not. Not words: identifiers (a token with a digit, a dot or a hyphen inside: user-001,
 * example.com), masked values (ABXXXXXX), the languages' own names (the language lists), and
 * proper names the English texts never use (the demo data's people and places: Venkataraman).
 * A screen with more than five fails, naming the route and the words, so a text the server sent in
 * English, a string never put through i18next, or a key missing in L is found by where it shows.
 *
 * One page per file, its HTTP cache kept across its languages: for each, the browser is set to
 * the language (no stored choice: a browser set to L opens /login in L), the primary demo account
 * (DECISIONS 2) signs in with the translated form, and every route is reached inside the app
 * (history + popstate, as a link does), so a language costs one start of the app. The checks of
 * languages.spec.ts for each language (/login's texts, fonts and, for some, /settings with axe)
 * ride on the same visit (`everyScreenInLanguages`).
 *
 * The same visit checks that no character of the screen is a box glyph (docs/requirements.md D9.7;
 * no-box.ts `boxesOnScreen`: every character drawn has a font that covers it, through CDP's
 * platform fonts), failing with the route, language, element text, characters and fonts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { LANGUAGE_REGISTRY } from '../../packages/core/src/languages/registry';
import { ORGANISATION_NAMES } from '../../packages/core/src/sample-data/organisation-names';
import { SAMPLE_USERS } from '../../packages/core/src/sample-data/users';
import { VERIFIER_SEEDS } from '../../packages/core/src/sample-data/verifier-seeds';
import { APP_ROUTES, PUBLIC_ROUTES, visitInApp } from './in-app-visit';
import {
  expectScreenIn,
  expectSettingsIn,
  LOGIN_FONT,
  LOGIN_TEXTS,
  PHONE,
  SETTINGS_LANGUAGES,
  setBrowserLanguage,
  signInThroughForm,
  texts,
} from './language-screens';
import { screenshotToLookAt } from './look-at';
import { boxesOnScreen, noBoxMemo } from './no-box';

const LOCALES = fileURLToPath(new URL('../../apps/web/src/locales', import.meta.url));

/** The window the screens are walked at (Playwright's default). */
const DESKTOP = { width: 1280, height: 720 } as const;

/** What a sign-out leaves in the browser's storage (apps/web/src/lib/storage-keys.ts). */
const KEPT_ACROSS_SIGN_OUT = ['deviceId', 'unlockPasskeys'];

/** More English words than this on one screen fail it. */
const MAX_ENGLISH_WORDS = 5;

/** Words, with what joins a token's parts (an identifier's digits, dots and hyphens). */
const TOKEN = /[\p{L}\p{N}](?:[\p{L}\p{N}'’._@-]*[\p{L}\p{N}])?/gu;
const LATIN_WORD = /^\p{Script=Latin}{2,}(?:['’]\p{Script=Latin}+)?$/u;

/**
 * Names, not words: the languages' names in every script (the language lists show them all), and
 * the sample holders' names and places as their documents hold them (SPEC 3: shown as recorded).
 * A registered organisation's own name is a name only in a language it has no name of its own in
 * (`vocabulary`, core's organisation-names.ts).
 */
const NAMES = new Set(
  [
    ...LANGUAGE_REGISTRY.map((entry) => `${entry.endonym} ${entry.english}`),
    ...SAMPLE_USERS.map((user) =>
      [
        user.name,
        user.fatherName,
        user.motherName,
        user.address,
        user.placeOfBirth,
        user.constituency,
      ].join(' '),
    ),
  ]
    .join(' ')
    .toLowerCase()
    .match(TOKEN) ?? [],
);

type Json = { [key: string]: string | Json };

/** Every word (lower case) of a language's locale texts, all namespaces. */
function vocabulary(language: string): Set<string> {
  const words = new Set<string>();
  const walk = (node: string | Json) => {
    if (typeof node === 'string') {
      for (const word of node.match(TOKEN) ?? []) words.add(word.toLowerCase());
    } else for (const value of Object.values(node)) walk(value);
  };
  const folder = join(LOCALES, language);
  for (const file of readdirSync(folder)) {
    if (file.endsWith('.json')) walk(JSON.parse(readFileSync(join(folder, file), 'utf8')));
  }
  // A registered organisation without a name in this language names itself in it ('Bharti
  // Airtel'); one with a name in it (Hindi 'भारतीय स्टेट बैंक') is shown by that name.
  for (const organisation of VERIFIER_SEEDS) {
    const names = ORGANISATION_NAMES[organisation.id]?.names as Record<string, string> | undefined;
    if (!names?.[language]) walk(organisation.name);
  }
  return words;
}

const ENGLISH = vocabulary('en');

/** The words of a screen's `text` that count as English beside the language's `own` words. */
function englishWords(text: string, own: Set<string>): string[] {
  const found: string[] = [];
  for (const word of text.match(TOKEN) ?? []) {
    if (!LATIN_WORD.test(word) || /XXX/.test(word)) continue;
    const lower = word.toLowerCase();
    if (ENGLISH.has(lower) && !own.has(lower) && !NAMES.has(lower)) found.push(word);
  }
  return found;
}

/** The languages checked: every one offered but English. */
const LANGUAGES = LANGUAGE_REGISTRY.filter((entry) => entry.offered && entry.code !== 'en');

/**
 * Declares the test of every `part`-th language of `parts` (one spec file each, so the browser
 * test runner's parts share the languages). The file's tests share one page (one context, its
 * HTTP cache kept); each test, for its language L:
 * - signs out (the session and every stored choice removed, the device id kept) and sets the
 *   browser to L (language-screens.ts `setBrowserLanguage`, as Playwright's `locale` does): a
 *   browser set to L opens /login in L, at phone width, with /login's texts in L and none of
 *   their English left, its script drawn by the product's own face fetched from this server,
 *   no box glyph (languages.spec.ts' check of every language, moved here); its screenshot only
 *   with E2E_SCREENSHOTS=1 (look-at.ts);
 * - signs in with the translated form (the primary demo account, DECISIONS 2);
 * - walks every route in the app (history + popstate, as a link does), each checked for English
 *   words and box glyphs at 1280 px (/login too, before the sign-in);
 * - for the languages of SETTINGS_LANGUAGES, checks /settings at phone width on the way:
 *   its texts, the language field, no serious axe violation, the script's face in use.
 */
export function everyScreenInLanguages(part: number, parts: number): void {
  let page: Page;
  /** The product's font files this page fetched (path), and any not answered 200. */
  const served: string[] = [];
  const refused: string[] = [];
  test.beforeAll(async ({ browser }) => {
    // No locale of Playwright's own (its default is en-US): the tests set the browser's
    // language themselves, and Chromium takes a locale override from one DevTools session only.
    page = await (await browser.newContext({ viewport: DESKTOP, locale: '' })).newPage();
    page.on('response', (response) => {
      if (!response.url().endsWith('.woff2')) return;
      if (response.status() !== 200) refused.push(`${response.status()} ${response.url()}`);
      served.push(new URL(response.url()).pathname);
    });
    await page.goto('/health');
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  for (const entry of LANGUAGES.filter((_, index) => index % parts === part)) {
    const code = entry.code;
    const withSettings = (SETTINGS_LANGUAGES as readonly string[]).includes(code);
    test(`in ${entry.english} (${code}): a browser set to it opens /login in it${withSettings ? ', signs in and opens /settings in it, axe-clean' : ' and signs in'}; every screen has at most ${MAX_ENGLISH_WORDS} English words and no box glyph`, async () => {
      test.setTimeout(120_000);
      const testInfo = test.info();
      const own = vocabulary(code);
      const memo = noBoxMemo();
      const failures: string[] = [];
      const boxes: string[] = [];
      const where = (route: string, width = '') => `${route}${width} in ${entry.english} (${code})`;
      const check = async (route: string, text: string) => {
        const words = englishWords(text, own);
        if (words.length > MAX_ENGLISH_WORDS) failures.push(`${route}: ${words.join(' ')}`);
        // The same visit: every character drawn has a font that covers it (no-box.ts).
        boxes.push(...(await boxesOnScreen(page, where(route), memo)));
      };

      // Signed out, nothing chosen: the browser's language is the only one the app has.
      await page.evaluate((kept) => {
        for (const key of Object.keys(localStorage)) {
          if (!kept.includes(key)) localStorage.removeItem(key);
        }
      }, KEPT_ACROSS_SIGN_OUT);
      await setBrowserLanguage(page, `${code}-IN`);
      await page.setViewportSize(PHONE);
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      const auth = texts(code, 'auth');
      await expect(page.getByRole('heading', { level: 1, name: auth('title') })).toBeVisible();
      await visitInApp(page, '/login');
      await expectScreenIn(page, code, LOGIN_TEXTS);
      const loginFont = LOGIN_FONT[code];
      if (loginFont) {
        // This Chromium has no font for the script: the product's face, from this server.
        await page.evaluate(() => document.fonts.ready);
        expect(
          served.some((path) => loginFont.file.test(path)),
          served.join(', '),
        ).toBe(true);
        expect(
          await page.evaluate(
            ([f, t]) => document.fonts.check(`16px "${f}"`, t),
            [loginFont.family, auth('title')],
          ),
        ).toBe(true);
        // For a person to look at, when asked (look-at.ts).
        await screenshotToLookAt(page, testInfo.outputPath(`login-${code}-390.png`));
      }
      // Every character of the script drawn by a real face, bold text (the title) included.
      boxes.push(...(await boxesOnScreen(page, where('/login', ' at 390 px'), memo)));
      await page.setViewportSize(DESKTOP);
      await check('/login', await visitInApp(page, '/login'));

      // The translated form signs the holder in.
      await signInThroughForm(page, auth);

      for (const route of [...APP_ROUTES, ...PUBLIC_ROUTES.filter((r) => r !== '/login')]) {
        await check(route, await visitInApp(page, route));
        if (route === '/settings' && withSettings) {
          await page.setViewportSize(PHONE);
          await visitInApp(page, route);
          await expectSettingsIn(
            page,
            code,
            testInfo.outputPath(`settings-${code}-390.png`),
            served,
          );
          await page.setViewportSize(DESKTOP);
        }
      }
      expect(refused, 'font files not served').toEqual([]);
      expect(failures, `English left on screen in ${entry.english}`).toEqual([]);
      expect(boxes, `Characters no font covers in ${entry.english}`).toEqual([]);
    });
  }
}
