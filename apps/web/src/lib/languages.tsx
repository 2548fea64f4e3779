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
import { LANGUAGE_NAMES } from './language-names';

/** The endonym of `code` (a BCP 47 tag), or the code itself for a language the registry lacks. */
export function endonymOf(code: string): string {
  return languageEntry(code)?.endonym ?? code;
}

/**
 * The English name of `code` from the registry, or the code itself: what `languageNameIn` writes
 * beside each endonym in English.
 */
export function englishNameOf(code: string): string {
  return languageEntry(code)?.english ?? code;
}

/**
 * The name of language `code` written in language `uiLanguage`, from the one table of names
 * (language-names.ts, CLDR's names and ours; never the browser's Intl, whose data differs from
 * browser to browser), e.g. 'mr' in Hindi is 'मराठी'; in English the registry's English name
 * ('Marathi'); a language in itself is its endonym. A code with a script subtag is the
 * language's name and the script's, after a comma ('mni-Beng' in Hindi is 'मणिपुरी, बांग्ला'), so
 * the lists' "endonym (name)" never nests brackets. Null when the table has no name of `code` in
 * `uiLanguage`: the lists then show the endonym alone, never an English name on a page in
 * another language (docs/requirements.md D9.7).
 */
export function languageNameIn(code: string, uiLanguage: string): string | null {
  if (uiLanguage === 'en') return englishNameOf(code);
  if (code === uiLanguage) return endonymOf(code);
  return LANGUAGE_NAMES[uiLanguage]?.[code] ?? null;
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
