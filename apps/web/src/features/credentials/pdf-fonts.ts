/**
 * The PDF's fonts in the browser (credential-pdf.ts PdfFonts): the app's own font files, built
 * into /assets and fetched from its own origin (CSP connect-src 'self'; the service worker keeps
 * /assets/*.woff2 once fetched), never from the network at large.
 *
 * Noto Sans (Latin, Regular and Bold), Noto Sans Devanagari, Bengali and Tamil (Regular), from
 * the static @fontsource packages in their WOFF form: fontkit (pdf-lib's font engine) cannot
 * subset the composite glyphs of a WOFF2 file, and a variable font would embed its default
 * instance only. Noto Sans JP comes in about 120 slices by unicode-range: the slices holding the
 * text's characters are found in the package's own CSS (its @font-face rules, their URLs
 * rewritten to /assets by the build), so only those are fetched.
 */

import latin from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff?url';
import latinBold from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff?url';
import bengali from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff?url';
import devanagari from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff?url';
import tamil from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff?url';
import type { PdfFonts, PdfScript } from './credential-pdf';

const FILES: Record<Exclude<PdfScript, 'japanese'>, string> = {
  latin,
  devanagari,
  bengali,
  tamil,
};

async function fetchFont(url: string): Promise<Uint8Array> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`Font ${url} answered ${answer.status}`);
  return new Uint8Array(await answer.arrayBuffer());
}

/** Parses a CSS unicode-range ('U+3000-303F, U+4E00, U+1F??') into [first, last] pairs. */
export function parseUnicodeRange(range: string): [number, number][] {
  return range
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .map((part): [number, number] => {
      if (part.includes('?')) {
        return [
          Number.parseInt(part.replaceAll('?', '0'), 16),
          Number.parseInt(part.replaceAll('?', 'F'), 16),
        ];
      }
      const [first = '', last = first] = part.split('-');
      return [Number.parseInt(first, 16), Number.parseInt(last, 16)];
    });
}

/** A slice of a font split by unicode-range: its WOFF file's URL and the code points it holds. */
export interface FontSlice {
  url: string;
  ranges: [number, number][];
}

/** The @font-face rules of `css` that have a WOFF source and a unicode-range. */
export function fontSlices(css: string): FontSlice[] {
  const slices: FontSlice[] = [];
  for (const [, body = ''] of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const url = /url\(["']?([^"')]+\.woff)["']?\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+)/.exec(body)?.[1];
    if (url && range) slices.push({ url, ranges: parseUnicodeRange(range) });
  }
  return slices;
}

/** The slices holding at least one code point of `text`. */
export function slicesFor(slices: readonly FontSlice[], text: string): FontSlice[] {
  const codePoints = [...new Set(text)].map((char) => char.codePointAt(0) ?? 0);
  return slices.filter((slice) =>
    codePoints.some((cp) => slice.ranges.some(([first, last]) => cp >= first && cp <= last)),
  );
}

/** The app's fonts, fetched from its origin (see the module docs). */
export const browserPdfFonts: PdfFonts = {
  async load(script, text) {
    if (script !== 'japanese') return [await fetchFont(FILES[script])];
    const { default: css } = await import('@fontsource/noto-sans-jp/400.css?inline');
    return Promise.all(slicesFor(fontSlices(css), text).map((slice) => fetchFont(slice.url)));
  },
  bold: () => fetchFont(latinBold),
};
