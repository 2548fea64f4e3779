/**
 * Left to right inside right to left, as text (docs/i18n.md "Left to right inside right to
 * left"): kept apart from lib/format.ts so the /verify island, which formats with that module in
 * English only, does not carry it. Pure; no React.
 */
import { languageEntry } from '@pehchaan/core';

/** U+2066 LEFT-TO-RIGHT ISOLATE and U+2069 POP DIRECTIONAL ISOLATE (UAX 9, "Explicit Directional Isolates"). */
const LRI = '\u2066';
const PDI = '\u2069';

/**
 * `text` kept left to right inside a right-to-left language's sentence: between U+2066 (left to
 * right isolate) and U+2069 (pop directional isolate) when `language` is written right to left
 * (the registry's `dir`: Urdu, Kashmiri, Sindhi), else unchanged. The text equivalent of
 * `<bdi dir="ltr">` (components/ui/ltr.tsx), for a date or number that is interpolated into a
 * translated sentence or an attribute ('Expires {{date}}'), where no element can wrap it: the
 * Unicode Bidirectional Algorithm (UAX 9) then lays it out as one left-to-right unit, so
 * '15/03/2025, 3:05 pm' does not reorder around the Urdu words. An empty text stays empty.
 */
export function isolateLtr(text: string, language: string): string {
  if (text === '') return text;
  const base = language.split('-')[0] ?? language;
  return languageEntry(base)?.dir === 'rtl' ? `${LRI}${text}${PDI}` : text;
}

/** A character of a Latin run: neither white space, nor Arabic script, nor an isolate mark. */
const RUN_CHAR =
  '[^\\s\\u0600-\\u06FF\\u0750-\\u077F\\u08A0-\\u08FF\\uFB50-\\uFDFF\\uFE70-\\uFEFF\\u2066-\\u2069<>]';
/**
 * A Latin run: a word with a Latin letter ('openid4vp://', 'pvk_', '/verify', 'AES-256-GCM') and
 * the words without Arabic letters that follow it ('State Bank of India', 'ISO/IEC TS 27560').
 */
const LATIN_RUN = new RegExp(`${RUN_CHAR}*[A-Za-z]${RUN_CHAR}*(?:[ \\u00A0]+${RUN_CHAR}+)*`, 'g');
/** Brackets, quotes and sentence marks that belong to the sentence around a run, not the run. */
const OPENING = /^[([{«"'“‘]+/;
const CLOSING = /[)\]}»"'”’.,;!?]+$/;
/** A letter of the Arabic script (Urdu, Kashmiri, Sindhi). */
const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/**
 * Every Latin run of a right-to-left sentence kept left to right, in order: each run
 * ('openid4vp://', 'name@example.com', '/verify', 'pvk_', 'State Bank of India') between U+2066
 * and U+2069, with the brackets, quotes and full stops around it left to the sentence (UAX 9
 * "Explicit Directional Isolates"). Without it the Unicode Bidirectional Algorithm gives a run's
 * neutral ends to the right-to-left sentence: 'openid4vp://' reads '//:openid4vp', '/verify'
 * reads 'verify/'. Unchanged when `language` is written left to right, when the text has no
 * Arabic letter (a text that is all Latin reads in order by itself), and inside an isolate
 * already there (`isolateLtr`'s dates). Markup tags (`<1>`, `<strong>`) are left as they are.
 * Applied to every translated text by lib/i18n.ts (an i18next post-processor).
 */
export function isolateLatinRuns(text: string, language: string): string {
  const base = language.split('-')[0] ?? language;
  if (languageEntry(base)?.dir !== 'rtl' || !ARABIC_LETTER.test(text)) return text;
  let depth = 0;
  let out = '';
  // Text outside isolates and tags is rewritten; isolates already there and tags are kept.
  for (const part of text.split(/([\u2066-\u2069]|<[^>]*>)/)) {
    if (part === LRI || part === '\u2067' || part === '\u2068') depth += 1;
    else if (part === PDI) depth = Math.max(0, depth - 1);
    if (depth > 0 || /^[\u2066-\u2069]$/.test(part) || part.startsWith('<')) {
      out += part;
      continue;
    }
    out += part.replace(LATIN_RUN, (run) => {
      const open = OPENING.exec(run)?.[0] ?? '';
      const close = CLOSING.exec(run.slice(open.length))?.[0] ?? '';
      const middle = run.slice(open.length, run.length - close.length);
      return middle === '' ? run : `${open}${LRI}${middle}${PDI}${close}`;
    });
  }
  return out;
}
