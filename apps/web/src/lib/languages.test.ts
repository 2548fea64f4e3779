import { LANGUAGE_REGISTRY, OFFERED_LANGUAGES } from '@pehchaan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import indexHtml from '../../index.html?raw';
import { mteiToBeng } from '../../scripts/mtei-to-beng';
import { LANGUAGE_NAMES } from './language-names';
import { endonymOf, englishNameOf, languageNameIn } from './languages';

/**
 * The names CLDR spells as English does, but for a lower-case initial in Spanish and French (a
 * language's name is not capitalised there): no other UI language has any.
 */
const SPELT_AS_IN_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  es: ['hi', 'ta', 'brx', 'doi', 'mai', 'sat', 'te', 'ur'],
  fr: ['hi', 'bn', 'brx', 'doi', 'kn', 'kok', 'ml', 'mni', 'mr', 'or', 'sa', 'sat', 'sd'],
  de: [
    'hi',
    'ta',
    'brx',
    'doi',
    'gu',
    'kn',
    'kok',
    'mai',
    'ml',
    'mr',
    'pa',
    'sa',
    'sat',
    'sd',
    'te',
    'ur',
  ],
};
const LATIN_UIS = new Set(['en', 'es', 'fr', 'de']);

describe('language names', () => {
  it("are each language's own name, from core's registry", () => {
    expect(endonymOf('hi')).toBe('हिंदी');
    expect(endonymOf('ur-IN')).toBe('اردو');
    expect(endonymOf('xx')).toBe('xx');
    expect(englishNameOf('bn')).toBe('Bengali');
  });

  it('are written in the UI language beside the endonym, English ones from the registry', () => {
    expect(languageNameIn('mr', 'en')).toBe('Marathi');
    expect(languageNameIn('bn', 'en')).toBe('Bengali');
    expect(languageNameIn('en', 'hi')).toBe('अंग्रेज़ी');
    expect(languageNameIn('ta', 'fr')).toBe('tamoul');
  });

  it('name every offered language in every other UI language, never in English', () => {
    for (const ui of OFFERED_LANGUAGES.filter((code) => code !== 'en')) {
      for (const code of OFFERED_LANGUAGES) {
        const name = languageNameIn(code, ui);
        const where = `${code} in ${ui}: ${name}`;
        expect(name, where).toBeTruthy();
        if (!SPELT_AS_IN_ENGLISH[ui]?.includes(code)) {
          expect(name?.toLocaleLowerCase(), where).not.toBe(
            englishNameOf(code).toLocaleLowerCase(),
          );
        }
        if (!LATIN_UIS.has(ui)) expect(name, where).not.toMatch(/[A-Za-z]/);
      }
    }
    // The pairs Chromium's ICU answers in English or not at all.
    expect(languageNameIn('sat', 'ur')).toBe('سنتالی');
    expect(languageNameIn('hi', 'as')).toBe('হিন্দী');
    expect(languageNameIn('ta', 'pa')).toBe('ਤਮਿਲ');
    // The language and its script after the UI language's own comma.
    expect(languageNameIn('mni-Beng', 'ur')).toBe('منی پوری، بنگالی');
    expect(languageNameIn('mni-Beng', 'ja')).toBe('マニプリ語、ベンガル文字');
    // A language in itself is its endonym.
    expect(languageNameIn('hi', 'hi')).toBe('हिंदी');
    expect(languageNameIn('mni-Beng', 'mni-Beng')).toBe('মৈতৈলোন্ (বাংলা)');
  });

  describe('without the browser', () => {
    afterEach(() => vi.unstubAllGlobals());

    it("are the same whatever the browser's Intl knows", () => {
      const before = languageNameIn('sat', 'doi');
      vi.stubGlobal('Intl', {
        ...Intl,
        DisplayNames: class {
          constructor() {
            throw new RangeError('no display names');
          }
        },
      });
      expect(languageNameIn('sat', 'doi')).toBe(before);
      expect(languageNameIn('ta', 'hi')).toBe('तमिल');
      expect(languageNameIn('xx', 'hi')).toBeNull();
    });
  });

  it('write Manipuri in Bengali script letter for letter from Meetei Mayek', () => {
    const mni = LANGUAGE_NAMES.mni ?? {};
    expect(Object.keys(mni)).toHaveLength(OFFERED_LANGUAGES.length);
    for (const [code, name] of Object.entries(mni)) {
      expect(LANGUAGE_NAMES['mni-Beng']?.[code], code).toBe(mteiToBeng(name));
    }
  });

  it("name Manipuri's Bengali script after the language, without brackets in brackets", () => {
    expect(endonymOf('mni-Beng')).toBe('মৈতৈলোন্ (বাংলা)');
    expect(endonymOf('mni')).toBe('ꯃꯩꯇꯩꯂꯣꯟ');
    expect(languageNameIn('mni-Beng', 'en')).toBe('Manipuri, Bengali script');
    expect(languageNameIn('mni-Beng', 'hi')).toBe('मणिपुरी, बांग्ला');
    expect(languageNameIn('mni', 'hi')).toBe('मणिपुरी');
  });
});

describe('the page before the app (index.html inline script)', () => {
  it('marks <html lang> with every offered language but English, mni-Beng too', () => {
    const source = indexHtml.match(/if \((\/\^\(\?!en\$\).*?\$\/)\.test\(language\)\)/)?.[1];
    const pattern = new RegExp(source?.slice(1, -1) ?? '^$');
    for (const entry of LANGUAGE_REGISTRY.filter((e) => e.offered)) {
      expect(pattern.test(entry.code), entry.code).toBe(entry.code !== 'en');
    }
    expect(pattern.test('<script>')).toBe(false);
  });

  it("sets dir=rtl for exactly the registry's right-to-left languages", () => {
    const rtl = indexHtml.match(
      /\/\^\(([a-z|]+)\)\$\/\.test\(language\)\) document\.documentElement\.dir/,
    )?.[1];
    expect(rtl?.split('|').sort()).toEqual(
      LANGUAGE_REGISTRY.filter((entry) => entry.dir === 'rtl')
        .map((entry) => entry.code)
        .sort(),
    );
  });
});
