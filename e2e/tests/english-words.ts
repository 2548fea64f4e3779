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
 * The primary demo account (DECISIONS 2), signed in once per file: the language is the holder's
 * stored choice (localStorage `language`, as Settings stores it), one page load, then every
 * route reached inside the app (history + popstate, as a link does), so a language costs one
 * start of the app (and one more, signed out, for /login).
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
import { boxesOnScreen } from './no-box';
import { signInThroughApi } from './sign-in';

const LOCALES = fileURLToPath(new URL('../../apps/web/src/locales', import.meta.url));

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
 * test runner's parts share the languages). The file's tests share two pages: one signed in once
 * (through the API: sign-in is not what is tested here), which walks the signed-in screens and
 * the public pages but /login, and one signed out, for /login (it leads a signed-in holder on).
 * A language is a stored choice and a page load in each.
 */
export function everyScreenInLanguages(part: number, parts: number): void {
  let signedIn: Page;
  let signedOut: Page;
  test.beforeAll(async ({ browser }) => {
    signedIn = await (await browser.newContext()).newPage();
    signedOut = await (await browser.newContext()).newPage();
    await signInThroughApi(signedIn, '234567890125', '9876543210');
  });
  test.afterAll(async () => {
    await signedIn?.context().close();
    await signedOut?.context().close();
  });

  for (const entry of LANGUAGES.filter((_, index) => index % parts === part)) {
    test(`every screen in ${entry.english} (${entry.code}) has at most ${MAX_ENGLISH_WORDS} English words and no box glyph`, async () => {
      test.setTimeout(90_000);
      const own = vocabulary(entry.code);
      const failures: string[] = [];
      const boxes: string[] = [];
      const check = async (page: Page, route: string, text: string) => {
        const words = englishWords(text, own);
        if (words.length > MAX_ENGLISH_WORDS) failures.push(`${route}: ${words.join(' ')}`);
        // The same visit: every character drawn has a font that covers it (no-box.ts).
        boxes.push(...(await boxesOnScreen(page, `${route} in ${entry.english} (${entry.code})`)));
      };
      const choose = async (page: Page, path: string) => {
        await page.evaluate((code) => localStorage.setItem('language', code), entry.code);
        // A stored language starts the app at once on a prerendered page (ADR 0010).
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', entry.code);
        await expect(page.locator('#root')).toHaveAttribute('data-app', 'ready');
      };
      await choose(signedIn, '/dashboard');
      for (const route of [...APP_ROUTES, ...PUBLIC_ROUTES.filter((r) => r !== '/login')]) {
        await check(signedIn, route, await visitInApp(signedIn, route));
      }
      if (signedOut.url() === 'about:blank') await signedOut.goto('/health');
      await choose(signedOut, '/login');
      await check(signedOut, '/login', await visitInApp(signedOut, '/login'));
      expect(failures, `English left on screen in ${entry.english}`).toEqual([]);
      expect(boxes, `Characters no font covers in ${entry.english}`).toEqual([]);
    });
  }
}
