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
