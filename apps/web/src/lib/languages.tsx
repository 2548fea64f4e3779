/**
 * Language names as every language list shows them: each language in its own language and
 * script (its endonym, from core's registry, languages/registry.ts), marked with its `lang` and
 * `dir` so screen readers pronounce it right and a right-to-left name reads right to left inside
 * a left-to-right page (HTML `lang` and `dir`; UAX 9). No translation file names a language.
 *
 * The `endonym` class gives the name the small endonym faces (src/fonts, generated at build
 * time) as its last font, so it never renders as boxes on a system without the script's font.
 */
import { languageEntry } from '@pehchaan/core';

/** The endonym of `code` (a BCP 47 tag), or the code itself for a language the registry lacks. */
export function endonymOf(code: string): string {
  return languageEntry(code)?.endonym ?? code;
}

/**
 * The English name of `code` from the registry, or the code itself. Settings writes, beside
 * each endonym, the language's name in the UI language (`languageNameIn`); this is its fallback.
 */
export function englishNameOf(code: string): string {
  return languageEntry(code)?.english ?? code;
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

/** Intl's names of `type` ('language', 'script') in `uiLanguage`, null where Intl has none. */
function namesIn(uiLanguage: string, type: 'language' | 'script'): Intl.DisplayNames | null {
  const key = `${type}:${uiLanguage}`;
  let names = displayNames.get(key);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([uiLanguage], { type, fallback: 'none' });
    } catch {
      names = null;
    }
    displayNames.set(key, names);
  }
  return names;
}

/**
 * The name of language `code` written in language `uiLanguage` (Intl.DisplayNames, ECMA-402),
 * e.g. 'mr' in Hindi is 'मराठी'; in English, and when the browser's Intl has no name for it,
 * the registry's English name ('Marathi'). A code with a script subtag is the language's name
 * and the script's, after a comma ('mni-Beng' in Hindi is 'मणिपुरी, बांग्ला'), so the lists'
 * "endonym (name)" never nests brackets.
 */
export function languageNameIn(code: string, uiLanguage: string): string {
  // English names are the registry's own (Intl's vary: 'Bangla' or 'Bengali').
  if (uiLanguage === 'en') return englishNameOf(code);
  const [base = code, script] = code.split('-');
  const name = namesIn(uiLanguage, 'language')?.of(base);
  if (!name || name === base) return englishNameOf(code);
  if (script === undefined) return name;
  const scriptName = namesIn(uiLanguage, 'script')?.of(script);
  return scriptName && scriptName !== script ? `${name}, ${scriptName}` : englishNameOf(code);
}

/** A language's name in its own script, with its `lang` and `dir` (see the module's description). */
export function LanguageName({ code, className }: { code: string; className?: string }) {
  const entry = languageEntry(code);
  return (
    <span
      lang={code}
      dir={entry?.dir ?? 'auto'}
      className={className ? `endonym ${className}` : 'endonym'}
    >
      {entry?.endonym ?? code}
    </span>
  );
}
