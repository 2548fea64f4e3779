import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '../api/settings';
import { METADATA_LOCALES } from '../documents/labels';
import {
  directionOf,
  FONTS,
  LANGUAGE_REGISTRY,
  languageEntry,
  OFFERED_LANGUAGES,
  offeredLanguageOf,
  type ScriptFont,
} from './registry';

/** The 22 languages of the Eighth Schedule of the Constitution of India (BCP 47). */
const EIGHTH_SCHEDULE = [
  'as',
  'bn',
  'brx',
  'doi',
  'gu',
  'hi',
  'kn',
  'ks',
  'kok',
  'mai',
  'ml',
  'mni',
  'mr',
  'ne',
  'or',
  'pa',
  'sa',
  'sat',
  'sd',
  'ta',
  'te',
  'ur',
];

/** ISO 15924 script codes as Unicode's Script_Extensions property names them (marks are Inherited). */
const SCRIPT_PROPERTY: Record<string, RegExp> = {
  Latn: /^[\p{Script_Extensions=Latin}\s]+$/u,
  Deva: /^[\p{Script_Extensions=Devanagari}\s]+$/u,
  Beng: /^[\p{Script_Extensions=Bengali}\s]+$/u,
  Taml: /^[\p{Script_Extensions=Tamil}\s]+$/u,
  Telu: /^[\p{Script_Extensions=Telugu}\s]+$/u,
  Knda: /^[\p{Script_Extensions=Kannada}\s]+$/u,
  Mlym: /^[\p{Script_Extensions=Malayalam}\s]+$/u,
  Gujr: /^[\p{Script_Extensions=Gujarati}\s]+$/u,
  Guru: /^[\p{Script_Extensions=Gurmukhi}\s]+$/u,
  Orya: /^[\p{Script_Extensions=Oriya}\s]+$/u,
  Arab: /^[\p{Script_Extensions=Arabic}\s]+$/u,
  Olck: /^[\p{Script_Extensions=Ol_Chiki}\s]+$/u,
  Mtei: /^[\p{Script_Extensions=Meetei_Mayek}\s]+$/u,
  Jpan: /^[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}]+$/u,
};

describe('the language registry', () => {
  it("has SPEC 9's languages and every language of the Eighth Schedule, each once", () => {
    const codes = LANGUAGE_REGISTRY.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of ['en', 'hi', 'es', 'fr', 'de', 'ja', ...EIGHTH_SCHEDULE]) {
      expect(codes, code).toContain(code);
    }
  });

  it('names each language in its own script, and in English', () => {
    for (const entry of LANGUAGE_REGISTRY) {
      // A language's second script names that script after the language, in brackets.
      const second = entry.code.includes('-');
      const endonym = second ? entry.endonym.replace(/ \((.+)\)$/, ' $1') : entry.endonym;
      expect(endonym, entry.code).toMatch(SCRIPT_PROPERTY[entry.script] ?? /^$/);
      expect(entry.english, entry.code).toMatch(
        second ? /^[A-Z][a-z]+, [A-Z][a-z]+ script$/ : /^[A-Z][a-z]+$/,
      );
    }
    expect(languageEntry('mr')?.endonym).toBe('मराठी');
    expect(languageEntry('ur')?.endonym).toBe('اردو');
    expect(languageEntry('sat')?.endonym).toBe('ᱥᱟᱱᱛᱟᱲᱤ');
    expect(languageEntry('mni')?.endonym).toBe('ꯃꯩꯇꯩꯂꯣꯟ');
    expect(languageEntry('mni-Beng')?.endonym).toBe('মৈতৈলোন্ (বাংলা)');
  });

  it('finds a language by its longest registered subtags, in any case (RFC 4647 lookup)', () => {
    expect(languageEntry('hi-IN')?.code).toBe('hi');
    expect(languageEntry('mni')?.script).toBe('Mtei');
    expect(languageEntry('mni-IN')?.script).toBe('Mtei');
    expect(languageEntry('mni-Latn')?.code).toBe('mni');
    for (const tag of ['mni-Beng', 'mni-beng', 'MNI-BENG', 'mni-Beng-IN']) {
      expect(languageEntry(tag)?.code, tag).toBe('mni-Beng');
    }
    expect(languageEntry('mni-Beng')).toMatchObject({ script: 'Beng', font: 'bengali' });
    expect(languageEntry('xx-Beng')).toBeUndefined();
    expect(offeredLanguageOf('hi-IN')).toBe('hi');
    expect(offeredLanguageOf('mni-beng-in')).toBe('mni-Beng');
    expect(offeredLanguageOf('mni-IN')).toBe('mni');
    expect(offeredLanguageOf('zu')).toBeUndefined();
  });

  it('writes Urdu, Kashmiri and Sindhi right to left, every other language left to right', () => {
    const rtl = LANGUAGE_REGISTRY.filter((entry) => entry.dir === 'rtl').map((e) => e.code);
    expect(rtl.sort()).toEqual(['ks', 'sd', 'ur']);
    expect(directionOf('ur-IN')).toBe('rtl');
    expect(directionOf('hi')).toBe('ltr');
    expect(directionOf('xx')).toBe('ltr');
  });

  it("names a numbering system Intl writes each language's own digits in", () => {
    for (const entry of LANGUAGE_REGISTRY) {
      const format = new Intl.NumberFormat(`${entry.code}-u-nu-${entry.digits}`);
      expect(format.resolvedOptions().numberingSystem, entry.code).toBe(entry.digits);
      const seven = format.format(7);
      if (entry.digits === 'latn') expect(seven, entry.code).toBe('7');
      else expect(seven, entry.code).not.toBe('7');
    }
    expect(new Intl.NumberFormat('mr-IN-u-nu-deva').format(1234567)).toBe('१२,३४,५६७');
  });

  it('gives every language not written in Latin letters a font, and names real fonts', () => {
    for (const entry of LANGUAGE_REGISTRY) {
      if (entry.script === 'Latn') expect(entry.font, entry.code).toBeNull();
      else expect(entry.font && FONTS[entry.font], entry.code).toBeTruthy();
    }
    for (const font of Object.values(FONTS) as ScriptFont[]) {
      expect(font.package).toMatch(/^@fontsource(-variable)?\/noto-/);
      if (font.fallback) expect(Object.keys(FONTS), font.family).toContain(font.fallback);
    }
  });

  it('is the one list of the offered languages: Settings, the UI and Type Metadata', () => {
    expect(OFFERED_LANGUAGES[0]).toBe('en');
    expect(OFFERED_LANGUAGES).toEqual(
      LANGUAGE_REGISTRY.filter((entry) => entry.offered).map((entry) => entry.code),
    );
    expect(UI_LANGUAGES).toEqual(OFFERED_LANGUAGES);
    expect(METADATA_LOCALES).toEqual(OFFERED_LANGUAGES);
    // SPEC 9's languages are always offered.
    for (const code of ['en', 'hi', 'es', 'fr', 'de', 'ja']) {
      expect(OFFERED_LANGUAGES).toContain(code);
    }
  });
});
