/**
 * Manipuri in Bengali script (`mni-Beng`) written from Manipuri in Meetei Mayek (`mni`): a
 * letter-for-letter transliteration (docs/i18n.md "Manipuri in Bengali script"), so the two
 * scripts say the same reviewed words. Run from apps/web after editing locales/mni/:
 *
 *   npx tsx scripts/mtei-to-beng.ts
 *
 * It rewrites every file of src/locales/mni-Beng/ from src/locales/mni/ (placeholders, tags and
 * Latin runs untouched), then `npx biome format --write src/locales/mni-Beng`.
 *
 * The correspondences are the Unicode Meetei Mayek block's (U+ABC0-ABFF) letters with the
 * Bengali letters Manipuri was printed in before Meetei Mayek (1709-1980s) and still is:
 * - letters: ꯀ ক, ꯁ স, ꯂ ল, ꯃ ম, ꯄ প, ꯅ ন, ꯆ চ, ꯇ ত, ꯈ খ, ꯉ ঙ, ꯊ থ, ꯋ ৱ, ꯌ য়, ꯍ হ, ꯐ ফ,
 *   ꯒ গ, ꯓ ঝ, ꯔ র, ꯕ ব, ꯖ জ, ꯗ দ, ꯘ ঘ, ꯙ ধ, ꯚ ভ; vowel letters ꯑ অ (with a vowel sign:
 *   আ ই উ এ ও ঔ ঐ), ꯏ ই, ꯎ উ;
 * - vowel signs: ꯥ া, ꯤ ি, ꯨ ু, ꯦ ে, ꯣ ো, ꯧ ৌ, ꯩ ৈ, ꯪ ং;
 * - lonsum (final) letters, a consonant without its vowel: ꯛ ক্, ꯜ ল্, ꯝ ম্, ꯞ প্, ꯟ ন্ (the
 *   hasanta joins a following consonant into its conjunct), ꯠ ৎ (khanda ta), ꯡ ং, ꯢ ই;
 * - apun iyek (virama) ꯭ ্ (ꯌ after it is the ya-phala য); cheikhei ꯫ the dari ।; lum iyek
 *   ꯬ (a tone mark Bengali script does not write) dropped; digits ꯰-꯹ ০-৯.
 * - a word's last letter ꯕ or ꯄ with no vowel sign is -বা/-পা: Meetei Mayek writes the
 *   nominaliser -ba/-pa with the letter's own vowel, Bengali script with া (খংনবা, চৎপা),
 *   where a bare final ব would read as a consonant.
 *
 * Throws nothing: a character outside the block is copied as it is.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const LETTERS: Readonly<Record<string, string>> = {
  ꯀ: 'ক',
  ꯁ: 'স',
  ꯂ: 'ল',
  ꯃ: 'ম',
  ꯄ: 'প',
  ꯅ: 'ন',
  ꯆ: 'চ',
  ꯇ: 'ত',
  ꯈ: 'খ',
  ꯉ: 'ঙ',
  ꯊ: 'থ',
  ꯋ: 'ৱ',
  ꯌ: '\u09AF\u09BC',
  ꯍ: 'হ',
  ꯐ: 'ফ',
  ꯒ: 'গ',
  ꯓ: 'ঝ',
  ꯔ: 'র',
  ꯕ: 'ব',
  ꯖ: 'জ',
  ꯗ: 'দ',
  ꯘ: 'ঘ',
  ꯙ: 'ধ',
  ꯚ: 'ভ',
};
const SIGNS: Readonly<Record<string, string>> = {
  'ꯥ': 'া',
  'ꯤ': 'ি',
  'ꯨ': 'ু',
  'ꯦ': 'ে',
  'ꯣ': 'ো',
  'ꯧ': 'ৌ',
  'ꯩ': 'ৈ',
  'ꯪ': 'ং',
};
/** ꯑ with a vowel sign: Bengali's independent vowel. */
const ATIYA: Readonly<Record<string, string>> = {
  'ꯥ': 'আ',
  'ꯤ': 'ই',
  'ꯨ': 'উ',
  'ꯦ': 'এ',
  'ꯣ': 'ও',
  'ꯧ': 'ঔ',
  'ꯩ': 'ঐ',
};
const LONSUM: Readonly<Record<string, string>> = {
  ꯛ: 'ক্',
  ꯜ: 'ল্',
  ꯝ: 'ম্',
  ꯞ: 'প্',
  ꯟ: 'ন্',
  ꯠ: 'ৎ',
  ꯡ: 'ং',
  ꯢ: 'ই',
};
const VIRAMA = '\uABED';
const isMtei = (ch: string | undefined) =>
  ch !== undefined && ch >= '\uABC0' && ch <= '\uABEF' && ch !== '\uABEB';

/** `text` with its Meetei Mayek written in Bengali script (see the module's description). */
export function mteiToBeng(text: string): string {
  const chars = [...text];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    const next = chars[i + 1];
    if (ch === 'ꯑ') {
      const vowel = next === undefined ? undefined : ATIYA[next];
      if (vowel) {
        out += vowel;
        i++;
      } else out += 'অ';
    } else if (ch === 'ꯏ') out += 'ই';
    else if (ch === 'ꯎ') out += 'উ';
    else if (LETTERS[ch] !== undefined) {
      const afterVirama = chars[i - 1] === VIRAMA;
      out += ch === 'ꯌ' && afterVirama ? 'য' : LETTERS[ch];
      // The nominaliser -ba/-pa at a word's end (see the module's description).
      if ((ch === 'ꯕ' || ch === 'ꯄ') && !isMtei(next) && isMtei(chars[i - 1])) out += 'া';
    } else if (SIGNS[ch] !== undefined) out += SIGNS[ch];
    else if (LONSUM[ch] !== undefined) {
      const lonsum = LONSUM[ch];
      // A hasanta before ꯌ would make the ya-phala: the consonant stays visibly vowelless.
      out += next === 'ꯌ' && lonsum.endsWith('্') ? `${lonsum}\u200C` : lonsum;
    } else if (ch === VIRAMA) out += '্';
    else if (ch === '꯫') out += '।';
    else if (ch === '꯬') {
      // lum iyek: no Bengali mark.
    } else if (ch >= '꯰' && ch <= '꯹')
      out += String.fromCharCode(0x09e6 + ch.charCodeAt(0) - 0xabf0);
    else out += ch;
  }
  return out.normalize('NFC');
}

type Tree = string | { [key: string]: Tree };

/** Every string of `tree` through `mteiToBeng`, its keys and shape kept. */
export function convertTree(tree: Tree): Tree {
  if (typeof tree === 'string') return mteiToBeng(tree);
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, convertTree(value)]));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const locales = fileURLToPath(new URL('../src/locales/', import.meta.url));
  mkdirSync(`${locales}mni-Beng`, { recursive: true });
  for (const file of readdirSync(`${locales}mni`).filter((name) => name.endsWith('.json'))) {
    const tree = JSON.parse(readFileSync(`${locales}mni/${file}`, 'utf8')) as Tree;
    writeFileSync(`${locales}mni-Beng/${file}`, `${JSON.stringify(convertTree(tree), null, 2)}\n`);
  }
}
