/**
 * The one registry of the product's languages (SPEC 9's en, hi, es, fr, de, ja, and every
 * language of the Eighth Schedule of the Constitution of India; docs/i18n.md "Adding a
 * language"). Every list of languages derives from it: the web app's LANGUAGES, the Settings
 * choices (api/settings.ts SETTINGS_LANGUAGES), the languages Type Metadata is served in
 * (documents/labels.ts METADATA_LOCALES), the language menus' names, the text direction of the
 * page, the Intl locale and digits of numbers and dates, and the font of each script.
 *
 * Zod-free and data only, so the prerendered pages' scripts and the build (vite.config.ts, the
 * endonym font subsets) can read it without the schemas.
 *
 * - `code`: the BCP 47 language tag (RFC 5646; ISO 639-1 where there is one, else ISO 639-2/3:
 *   brx, doi, kok, mai, mni, sat), with a script subtag (ISO 15924) for a second script of a
 *   language: `mni-Beng`, Manipuri in Bengali script beside `mni` in Meetei Mayek.
 * - `endonym`: the language's name in its own language and script, as every language list shows
 *   it (so no translator has to name languages).
 * - `english`: its English name (Settings shows it beside the endonym).
 * - `script`: ISO 15924 code of the script the product writes it in.
 * - `dir`: the text direction (Unicode Bidirectional Algorithm, UAX 9: Perso-Arabic is rtl).
 * - `digits`: the Intl numbering system (UTS 35, `nu`) of the language's own digits: what
 *   Settings' "native digits" choice writes numbers in; `latn` where they are the Latin ones.
 * - `region`: the Intl region its numbers are grouped for (`IN`: 12,34,567), or null.
 * - `font`: the key of its font in FONTS, or null when the system's font serves it (Latin).
 * - `offered`: true once every namespace of the web app is translated into it
 *   (apps/web/src/locales/<code>/, checked by locales.test.ts): only offered languages are
 *   listed, chosen and detected.
 */

/** An @fontsource package's face of one script: what the app declares for a language. */
export interface ScriptFont {
  /** The CSS font-family the package declares (and the app's --font-sans stack names). */
  readonly family: string;
  /** The npm package (a dependency of apps/web). */
  readonly package: string;
  /**
   * The package's subset for this script, the `<subset>` of its files'
   * `<name>-<subset>-wght-normal.woff2`: only this file (and its unicode-range) is declared,
   * never the package's latin ones.
   */
  readonly subset: string;
  /**
   * How the app loads it: `script` (one file, the script subset above, declared with its
   * language), or `css` (the numbered slices of the package's wght.css, split by unicode-range
   * into many files: Japanese).
   */
  readonly load: 'script' | 'css';
  /**
   * The key in FONTS of a face of the same script declared with this one and named after it in
   * the font stacks, for the characters this font's file has no glyph for (its cmap): a
   * character cluster the first face cannot draw is drawn whole by the next, never as a box. Noto
   * Nastaliq Urdu has no U+06EA ARABIC EMPTY CENTRE LOW STOP (the ring of "ٮ۪", a stand-in for
   * U+0620 ARABIC LETTER KASHMIRI YEH that Kashmiri texts from elsewhere still write; ours write
   * U+0620, docs/translations/ks.md), which Noto Naskh Arabic has. Fetched only when a character needs it (unicode-range and font
   * fallback), never before the language's own face.
   */
  readonly fallback?: string;
}

/** The fonts of the scripts the product writes, by key (Noto, SIL Open Font License 1.1). */
export const FONTS = {
  devanagari: {
    family: 'Noto Sans Devanagari Variable',
    package: '@fontsource-variable/noto-sans-devanagari',
    subset: 'devanagari',
    load: 'script',
  },
  bengali: {
    family: 'Noto Sans Bengali Variable',
    package: '@fontsource-variable/noto-sans-bengali',
    subset: 'bengali',
    load: 'script',
  },
  tamil: {
    family: 'Noto Sans Tamil Variable',
    package: '@fontsource-variable/noto-sans-tamil',
    subset: 'tamil',
    load: 'script',
  },
  telugu: {
    family: 'Noto Sans Telugu Variable',
    package: '@fontsource-variable/noto-sans-telugu',
    subset: 'telugu',
    load: 'script',
  },
  kannada: {
    family: 'Noto Sans Kannada Variable',
    package: '@fontsource-variable/noto-sans-kannada',
    subset: 'kannada',
    load: 'script',
  },
  malayalam: {
    family: 'Noto Sans Malayalam Variable',
    package: '@fontsource-variable/noto-sans-malayalam',
    subset: 'malayalam',
    load: 'script',
  },
  gujarati: {
    family: 'Noto Sans Gujarati Variable',
    package: '@fontsource-variable/noto-sans-gujarati',
    subset: 'gujarati',
    load: 'script',
  },
  gurmukhi: {
    family: 'Noto Sans Gurmukhi Variable',
    package: '@fontsource-variable/noto-sans-gurmukhi',
    subset: 'gurmukhi',
    load: 'script',
  },
  oriya: {
    family: 'Noto Sans Oriya Variable',
    package: '@fontsource-variable/noto-sans-oriya',
    subset: 'oriya',
    load: 'script',
  },
  nastaliq: {
    family: 'Noto Nastaliq Urdu Variable',
    package: '@fontsource-variable/noto-nastaliq-urdu',
    subset: 'arabic',
    load: 'script',
    fallback: 'naskh',
  },
  naskh: {
    family: 'Noto Naskh Arabic Variable',
    package: '@fontsource-variable/noto-naskh-arabic',
    subset: 'arabic',
    load: 'script',
  },
  olChiki: {
    family: 'Noto Sans Ol Chiki Variable',
    package: '@fontsource-variable/noto-sans-ol-chiki',
    subset: 'ol-chiki',
    load: 'script',
  },
  meeteiMayek: {
    family: 'Noto Sans Meetei Mayek Variable',
    package: '@fontsource-variable/noto-sans-meetei-mayek',
    subset: 'meetei-mayek',
    load: 'script',
  },
  japanese: {
    family: 'Noto Sans JP Variable',
    package: '@fontsource-variable/noto-sans-jp',
    subset: 'japanese',
    load: 'css',
  },
} as const satisfies Record<string, ScriptFont>;
export type FontKey = keyof typeof FONTS;

/** One language of the registry (see the module's description for each field). */
export interface LanguageEntry {
  readonly code: string;
  readonly endonym: string;
  readonly english: string;
  readonly script: string;
  readonly dir: 'ltr' | 'rtl';
  readonly digits: string;
  readonly region: 'IN' | null;
  readonly font: FontKey | null;
  readonly offered: boolean;
}

/**
 * Every language, in the order the lists show them: SPEC 9's six, then the languages of India
 * the product has (Tamil, Bengali), then the rest of the Eighth Schedule by English name.
 */
export const LANGUAGE_REGISTRY = [
  {
    code: 'en',
    endonym: 'English',
    english: 'English',
    script: 'Latn',
    dir: 'ltr',
    digits: 'latn',
    region: 'IN',
    font: null,
    offered: true,
  },
  {
    code: 'hi',
    endonym: 'हिंदी',
    english: 'Hindi',
    script: 'Deva',
    dir: 'ltr',
    digits: 'deva',
    region: 'IN',
    font: 'devanagari',
    offered: true,
  },
  {
    code: 'es',
    endonym: 'Español',
    english: 'Spanish',
    script: 'Latn',
    dir: 'ltr',
    digits: 'latn',
    region: null,
    font: null,
    offered: true,
  },
  {
    code: 'fr',
    endonym: 'Français',
    english: 'French',
    script: 'Latn',
    dir: 'ltr',
    digits: 'latn',
    region: null,
    font: null,
    offered: true,
  },
  {
    code: 'de',
    endonym: 'Deutsch',
    english: 'German',
    script: 'Latn',
    dir: 'ltr',
    digits: 'latn',
    region: null,
    font: null,
    offered: true,
  },
  {
    code: 'ja',
    endonym: '日本語',
    english: 'Japanese',
    script: 'Jpan',
    dir: 'ltr',
    // Japanese writes numbers in Latin digits (hanidec is for counting words, not amounts).
    digits: 'latn',
    region: null,
    font: 'japanese',
    offered: true,
  },
  {
    code: 'ta',
    endonym: 'தமிழ்',
    english: 'Tamil',
    script: 'Taml',
    dir: 'ltr',
    digits: 'tamldec',
    region: 'IN',
    font: 'tamil',
    offered: true,
  },
  {
    code: 'bn',
    endonym: 'বাংলা',
    english: 'Bengali',
    script: 'Beng',
    dir: 'ltr',
    digits: 'beng',
    region: 'IN',
    font: 'bengali',
    offered: true,
  },
  {
    code: 'as',
    endonym: 'অসমীয়া',
    english: 'Assamese',
    script: 'Beng',
    dir: 'ltr',
    digits: 'beng',
    region: 'IN',
    font: 'bengali',
    offered: true,
  },
  {
    code: 'brx',
    endonym: 'बड़ो',
    english: 'Bodo',
    script: 'Deva',
    dir: 'ltr',
    digits: 'deva',
    region: 'IN',
    font: 'devanagari',
    offered: true,
  },
  {
    code: 'doi',
    endonym: 'डोगरी',
    english: 'Dogri',
    script: 'Deva',
    dir: 'ltr',
    digits: 'deva',
    region: 'IN',
    font: 'devanagari',
    offered: true,
  },
  {
    code: 'gu',
    endonym: 'ગુજરાતી',
    english: 'Gujarati',
    script: 'Gujr',
    dir: 'ltr',
    digits: 'gujr',
    region: 'IN',
    font: 'gujarati',
    offered: true,
  },
  {
    code: 'kn',
    endonym: 'ಕನ್ನಡ',
    english: 'Kannada',
    script: 'Knda',
    dir: 'ltr',
    digits: 'knda',
    region: 'IN',
    font: 'kannada',
    offered: true,
  },
  {
    code: 'ks',
    endonym: 'کٲشُر',
    english: 'Kashmiri',
    script: 'Arab',
    dir: 'rtl',
    digits: 'arabext',
    region: 'IN',
    font: 'nastaliq',
    offered: true,
  },
  {
    code: 'kok',
    endonym: 'कोंकणी',
    english: 'Konkani',
    script: 'Deva',
    dir: 'ltr',
    digits: 'deva',
    region: 'IN',
    font: 'devanagari',
    offered: true,
  },
  {
    code: 'mai',
    endonym: 'मैथिली',
    english: 'Maithili',
    script: 'Deva',
    dir: 'ltr',
    digits: 'deva',
    region: 'IN',
    font: 'devanagari',
    offered: true,
  },
  {
    code: 'ml',
    endonym: 'മലയാളം',
    english: 'Malayalam',
    script: 'Mlym',
    dir: 'ltr',
    digits: 'mlym',
    region: 'IN',
    font: 'malayalam',
    offered: true,
  },
  {
    code: 'mni',
    endonym: 'ꯃꯩꯇꯩꯂꯣꯟ',
    english: 'Manipuri',
    script: 'Mtei',
    dir: 'ltr',
    digits: 'mtei',
    region: 'IN',
    font: 'meeteiMayek',
    offered: true,
  },
  {
    // Manipuri in Bengali script, the script it was printed in before Meetei Mayek and many
    // readers still read (docs/i18n.md "Manipuri in Bengali script"): BCP 47's script subtag.
    // Its name is CLDR's for mni-Beng in Manipuri ("Meiteilon (Bangla)").
    code: 'mni-Beng',
    endonym: 'মৈতৈলোন্ (বাংলা)',
    english: 'Manipuri, Bengali script',
    script: 'Beng',
    dir: 'ltr',
    digits: 'beng',
    region: 'IN',
    font: 'bengali',
    offered: true,
  },
  {
    code: 'mr',
    endonym: 'मराठी',
    english: 'Marathi',
    script: 'Deva',
    dir: 'ltr',
    digits: 'deva',
    region: 'IN',
    font: 'devanagari',
    offered: true,
  },
  {
    code: 'ne',
    endonym: 'नेपाली',
    english: 'Nepali',
    script: 'Deva',
    dir: 'ltr',
    digits: 'deva',
    region: 'IN',
    font: 'devanagari',
    offered: true,
  },
  {
    code: 'or',
    endonym: 'ଓଡ଼ିଆ',
    english: 'Odia',
    script: 'Orya',
    dir: 'ltr',
    digits: 'orya',
    region: 'IN',
    font: 'oriya',
    offered: true,
  },
  {
    code: 'pa',
    endonym: 'ਪੰਜਾਬੀ',
    english: 'Punjabi',
    script: 'Guru',
    dir: 'ltr',
    digits: 'guru',
    region: 'IN',
    font: 'gurmukhi',
    offered: true,
  },
  {
    code: 'sa',
    endonym: 'संस्कृतम्',
    english: 'Sanskrit',
    script: 'Deva',
    dir: 'ltr',
    digits: 'deva',
    region: 'IN',
    font: 'devanagari',
    offered: true,
  },
  {
    code: 'sat',
    endonym: 'ᱥᱟᱱᱛᱟᱲᱤ',
    english: 'Santali',
    script: 'Olck',
    dir: 'ltr',
    digits: 'olck',
    region: 'IN',
    font: 'olChiki',
    offered: true,
  },
  {
    code: 'sd',
    endonym: 'سنڌي',
    english: 'Sindhi',
    script: 'Arab',
    dir: 'rtl',
    digits: 'arab',
    region: 'IN',
    font: 'naskh',
    offered: true,
  },
  {
    code: 'te',
    endonym: 'తెలుగు',
    english: 'Telugu',
    script: 'Telu',
    dir: 'ltr',
    digits: 'telu',
    region: 'IN',
    font: 'telugu',
    offered: true,
  },
  {
    code: 'ur',
    endonym: 'اردو',
    english: 'Urdu',
    script: 'Arab',
    dir: 'rtl',
    digits: 'arabext',
    region: 'IN',
    font: 'nastaliq',
    offered: true,
  },
] as const satisfies readonly LanguageEntry[];

type Registered = (typeof LANGUAGE_REGISTRY)[number];
/** Any registered language's code. */
export type RegisteredLanguage = Registered['code'];
/** The code of a language the product offers (`offered: true`). */
export type OfferedLanguage = Extract<Registered, { offered: true }>['code'];

/**
 * The offered languages' codes, in the registry's order (English first): the one list the
 * app's languages, the Settings choices and the Type Metadata languages are.
 */
export const OFFERED_LANGUAGES = LANGUAGE_REGISTRY.filter((entry) => entry.offered).map(
  (entry) => entry.code,
) as unknown as readonly [OfferedLanguage, ...OfferedLanguage[]];

/** The entries by their code in lower case (BCP 47 tags compare without case, RFC 5646 2.1.1). */
const BY_CODE: ReadonlyMap<string, LanguageEntry> = new Map(
  LANGUAGE_REGISTRY.map((entry) => [entry.code.toLowerCase(), entry]),
);

/**
 * The registry entry of `code` (a BCP 47 tag, any case), or undefined for a language the
 * registry does not have: the entry of the tag's longest leading subtags that is a code of the
 * registry (RFC 4647 lookup), so 'ur-IN' is Urdu, 'mni-Beng' and 'mni-Beng-IN' are Manipuri in
 * Bengali script and 'mni' or 'mni-IN' Manipuri in Meetei Mayek.
 */
export function languageEntry(code: string): LanguageEntry | undefined {
  const subtags = code.toLowerCase().split('-');
  for (let count = subtags.length; count > 0; count--) {
    const entry = BY_CODE.get(subtags.slice(0, count).join('-'));
    if (entry) return entry;
  }
  return undefined;
}

/**
 * The offered language a BCP 47 tag asks for (`languageEntry`, then `offered`), as the registry
 * spells its code ('hi-IN' is 'hi', 'MNI-beng' is 'mni-Beng'), or undefined when the product
 * does not offer it: how a browser's language or an Accept-Language entry picks a UI language.
 */
export function offeredLanguageOf(tag: string): OfferedLanguage | undefined {
  const entry = languageEntry(tag);
  return entry?.offered ? (entry.code as OfferedLanguage) : undefined;
}

/** The text direction of `code` (UAX 9); 'ltr' for a language the registry does not have. */
export function directionOf(code: string): 'ltr' | 'rtl' {
  return languageEntry(code)?.dir ?? 'ltr';
}
