/**
 * Every language the app offers is complete (DECISIONS 6, issue 19): for each namespace in
 * locales/en, every other language of LANGUAGES has
 * - every key English has and no other (a plural group in that language's own plural categories,
 *   Intl.PluralRules: Japanese has only `_other`, Spanish and French add `_many`);
 * - the same interpolation variables in each text ({{name}}; a plural variant may leave out
 *   {{count}}, never add one);
 * - no text left as English: a text equal to English's is allowed only when ALLOWED_AS_ENGLISH
 *   lists it (names, codes, formats, and words the language shares with English), and a text
 *   in Hindi, Tamil, Bengali or Japanese is written in that script.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n';
import { ALLOWED_AS_ENGLISH } from './allowed-as-english';

type Json = Record<string, unknown>;
type Leaves = Map<string, string>;

const files = import.meta.glob<Json>('./*/*.json', { eager: true, import: 'default' });

function leaves(value: unknown, prefix = '', into: Leaves = new Map()): Leaves {
  if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      leaves(inner, prefix ? `${prefix}.${key}` : key, into);
    }
  } else into.set(prefix, String(value));
  return into;
}

/** The texts of `locales/{language}/{namespace}.json`, or undefined when there is no file. */
function texts(language: string, namespace: string): Leaves | undefined {
  const json = files[`./${language}/${namespace}.json`];
  return json ? leaves(json) : undefined;
}

const NAMESPACES = Object.keys(files)
  .filter((path) => path.startsWith('./en/'))
  .map((path) => path.slice('./en/'.length, -'.json'.length));
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** `{{name}}`, `{{count, number}}` -> name, count; `$t(key)` nestings as `$t:key`. */
function variables(text: string): string[] {
  const names = [...text.matchAll(/{{-?\s*([^},\s]+)[^}]*}}/g)].map((m) => m[1] ?? '');
  const nested = [...text.matchAll(/\$t\(([^),]+)/g)].map((m) => `$t:${m[1]}`);
  return [...new Set([...names, ...nested])].sort();
}

/** The keys `language` must have for English's: plural groups in its own categories. */
function expectedKeys(english: Leaves, language: string): Set<string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of english.keys()) {
    if (!PLURAL_SUFFIX.test(key)) keys.add(key);
    else for (const category of categories) keys.add(key.replace(PLURAL_SUFFIX, `_${category}`));
  }
  return keys;
}

/** English's text for a key (a plural variant English lacks reads English's `_other`). */
function englishOf(english: Leaves, key: string): string | undefined {
  return english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other'));
}

/** The variables of a key in English: of all variants when it is a plural group. */
function englishVariables(english: Leaves, key: string): string[] {
  if (!PLURAL_SUFFIX.test(key)) return variables(english.get(key) ?? '');
  const base = key.replace(PLURAL_SUFFIX, '');
  const all = [...english]
    .filter(([k]) => PLURAL_SUFFIX.test(k) && k.replace(PLURAL_SUFFIX, '') === base)
    .flatMap(([, text]) => variables(text));
  return [...new Set(all)].sort();
}

/** The script a translated text must use, for the languages not written in Latin letters. */
const SCRIPT: Partial<Record<string, RegExp>> = {
  hi: /\p{Script=Devanagari}/u,
  ta: /\p{Script=Tamil}/u,
  bn: /\p{Script=Bengali}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  mr: /\p{Script=Devanagari}/u,
  te: /\p{Script=Telugu}/u,
  kn: /\p{Script=Kannada}/u,
  gu: /\p{Script=Gujarati}/u,
  pa: /\p{Script=Gurmukhi}/u,
  ml: /\p{Script=Malayalam}/u,
  ur: /\p{Script=Arabic}/u,
  or: /\p{Script=Oriya}/u,
  as: /\p{Script=Bengali}/u,
  ne: /\p{Script=Devanagari}/u,
  mai: /\p{Script=Devanagari}/u,
  sa: /\p{Script=Devanagari}/u,
  ks: /\p{Script=Arabic}/u,
  sd: /\p{Script=Arabic}/u,
  kok: /\p{Script=Devanagari}/u,
  mni: /\p{Script=Meetei_Mayek}/u,
  'mni-Beng': /\p{Script=Bengali}/u,
  brx: /\p{Script=Devanagari}/u,
  sat: /\p{Script=Ol_Chiki}/u,
  doi: /\p{Script=Devanagari}/u,
};

/** English words left once placeholders, tags and escapes are taken out. */
const hasEnglishWords = (text: string) =>
  /[A-Za-z]{2}/.test(text.replace(/{{[^}]*}}|<\/?\w+>|\$t\([^)]*\)/g, ''));

function allowed(language: string, namespace: string): Set<string> {
  return new Set([
    ...(ALLOWED_AS_ENGLISH.everywhere[namespace] ?? []),
    ...(ALLOWED_AS_ENGLISH[language]?.[namespace] ?? []),
  ]);
}

describe.each(LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
  describe.each(NAMESPACES)('%s', (namespace) => {
    const english = texts('en', namespace) ?? new Map();
    const translated = () => {
      const found = texts(language, namespace);
      expect(found, `locales/${language}/${namespace}.json`).toBeDefined();
      return found ?? new Map<string, string>();
    };

    it('has every key of English and no other', () => {
      const present = translated();
      const expected = expectedKeys(english, language);
      expect(
        [...expected].filter((key) => !present.has(key)),
        'missing',
      ).toEqual([]);
      expect(
        [...present.keys()].filter((key) => !expected.has(key)),
        'extra',
      ).toEqual([]);
    });

    it('keeps the interpolation variables of English', () => {
      const mismatched: string[] = [];
      for (const [key, text] of translated()) {
        if (englishOf(english, key) === undefined) continue;
        const wanted = englishVariables(english, key);
        const got = variables(text);
        const same = PLURAL_SUFFIX.test(key)
          ? got.every((name) => wanted.includes(name)) &&
            wanted.every((name) => name === 'count' || got.includes(name))
          : got.join() === wanted.join();
        if (!same) mismatched.push(`${key}: {${got.join()}} for English {${wanted.join()}}`);
      }
      expect(mismatched).toEqual([]);
    });

    it('leaves no text in English beyond the allow-list', () => {
      const keep = allowed(language, namespace);
      const script = SCRIPT[language];
      const untranslated = [...translated()]
        .filter(([key, text]) => {
          const source = englishOf(english, key);
          if (source === undefined || keep.has(key) || !hasEnglishWords(source)) return false;
          if (text.trim() === '') return true;
          if (text === source) return true;
          return script !== undefined && !script.test(text);
        })
        .map(([key, text]) => `${key}: ${text}`);
      expect(untranslated).toEqual([]);
    });
  });
});

describe('ALLOWED_AS_ENGLISH', () => {
  it('lists only keys English has, left as English in a language it covers', () => {
    const stale: string[] = [];
    for (const [list, namespaces] of Object.entries(ALLOWED_AS_ENGLISH)) {
      const languages = list === 'everywhere' ? LANGUAGES.filter((l) => l !== 'en') : [list];
      for (const [namespace, keys] of Object.entries(namespaces ?? {})) {
        const english = texts('en', namespace);
        for (const key of keys ?? []) {
          const source = english?.get(key);
          if (source === undefined) stale.push(`${list} ${namespace}:${key}: not in English`);
          else if (!languages.some((l) => texts(l, namespace)?.get(key) === source)) {
            stale.push(`${list} ${namespace}:${key}: translated everywhere it is listed`);
          }
        }
      }
    }
    expect(stale).toEqual([]);
  });
});

describe('Tamil case suffixes (docs/translations/ta.md "Case suffixes")', () => {
  // A suffix after a placeholder, a Latin word, a number or a closing quote: joined with a
  // hyphen ('{{verifier}}-க்கு', 'SBI-இல்'), never as a word of its own. No Tamil word begins
  // with க் (a vowelless consonant), so ' க்…' is always a detached suffix.
  const DETACHED =
    /(\}\}|[A-Za-z0-9”’)]) (க்[\u0B80-\u0BFF]*|(?:இல்|இலிருந்து|இன்|உடன்|ஐ|ஐச்|ஐக்|ஐத்|ஐப்|ஐயும்|ஆக|ஆகச்|ஆகப்|ஆகக்|ஆல்|இடமிருந்து|உடையது)(?![\u0B80-\u0BFF]))/u;
  // Joined to a placeholder without the hyphen: the suffix would fuse with any value.
  const FUSED = /\}\}[\u0B80-\u0BFF]/u;

  it('joins every suffix to a name it cannot fuse with by a hyphen', () => {
    const wrong = NAMESPACES.flatMap((namespace) =>
      [...(texts('ta', namespace) ?? [])]
        .filter(([, text]) => DETACHED.test(text) || FUSED.test(text) || / க்/u.test(text))
        .map(([key, text]) => `${namespace}:${key}: ${text}`),
    );
    expect(wrong).toEqual([]);
  });
});

describe('Kashmiri letters (docs/translations/ks.md "Kashmiri yeh")', () => {
  it('writes the palatalisation marker as U+0620 KASHMIRI YEH, never a stand-in', () => {
    const standIns = NAMESPACES.flatMap((namespace) =>
      [...(texts('ks', namespace) ?? [])]
        // U+066E U+06EA (dotless beh and a ring) and U+06CD (Pashto yeh) drawn for U+0620.
        .filter(([, text]) => /\u066E\u06EA|\u06CD/u.test(text))
        .map(([key, text]) => `${namespace}:${key}: ${text}`),
    );
    expect(standIns).toEqual([]);
  });
});
