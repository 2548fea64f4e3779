/**
 * The fonts of the languages, written from core's language registry (languages/registry.ts
 * FONTS and LANGUAGE_REGISTRY) into src/fonts/generated/ when Vite starts (vite.config.ts, dev
 * and build; not kept in git). Reads only the @fontsource packages in node_modules: no network.
 *
 * - `script-<font>.css`: the @font-face of one script's face, the package's own rule (wght.css)
 *   for its script subset only (never its latin files), less U+20A8 and U+20B9 (the rupee signs,
 *   which the system's font draws in every language); for a font in slices (Japanese) its
 *   numbered slices, their Latin left out (`slicesCss`). lib/i18n.ts imports it with the
 *   languages written in that script (`loadLanguage`), so a face is declared only with its
 *   language; a font with a `fallback` (Nastaliq: Naskh, for the marks it lacks) declares that
 *   face in the same file, after its own.
 * - `endonyms.css`: for each script of an offered language, a face holding only the glyphs of
 *   the offered languages' names in that script (their endonyms), cut from the same Noto file
 *   with HarfBuzz's subsetter (subset-font: the layout tables kept, so conjuncts and joined
 *   Arabic letters shape as in the full font), its unicode-range exactly those characters, and a
 *   rule giving every `.endonym` element (lib/languages.tsx) these faces before the page's own
 *   fonts: their unicode-range holds only the names' characters, so Latin names keep the
 *   system's font, and Chromium on Linux draws any character with `system-ui` (boxes included)
 *   when a face comes after it. main.tsx imports it into the page's stylesheet, so the language lists never show
 *   boxes, on a prerendered page before the app starts too. The faces of the languages the
 *   landing page names before any interaction (its English/Hindi toggle, SPEC 1) are written
 *   into the CSS as data: URLs (about 1.3 KB): no font is fetched before the first paint. The
 *   others are files of 1 to 12 KB, fetched only when a list showing them is opened.
 *
 * Re-written only when the registry's names or the packages change (a key in
 * generated/manifest.json).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FONTS,
  type FontKey,
  LANGUAGE_REGISTRY,
  type ScriptFont,
} from '../../../packages/core/src/languages/registry';

type SubsetFont = (
  font: Buffer,
  text: string,
  options: { targetFormat: 'woff2'; variationAxes?: Record<string, number> },
) => Promise<Buffer>;

const OUT = fileURLToPath(new URL('../src/fonts/generated/', import.meta.url));
const require = createRequire(import.meta.url);
/** The languages named on a prerendered page before any interaction: inlined faces. */
const BEFORE_FIRST_PAINT = new Set(['hi']);
/** The rupee signs: drawn by the system's font in every language. */
const RUPEES = new Set([0x20a8, 0x20b9]);

/** The directory of an installed package (its package.json's). */
function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** The package's @font-face rule of `font`'s script subset, from its wght.css. */
function scriptRule(font: ScriptFont): { rule: string; file: string } {
  const css = readFileSync(join(packageDir(font.package), 'wght.css'), 'utf8');
  const rules = css.match(/@font-face\s*{[^}]*}/g) ?? [];
  const marker = `-${font.subset}-wght-normal.woff2`;
  const rule = rules.find((candidate) => candidate.includes(marker));
  const file = rule?.match(/url\(\.\/files\/([^)]+)\)/)?.[1];
  if (!rule || !file) throw new Error(`${font.package}: no ${font.subset} face in wght.css`);
  return { rule, file };
}

/** `U+0900-097F,U+20B9` -> the same ranges less the rupee signs. */
function withoutRupees(range: string): string {
  const out: string[] = [];
  for (const part of range.split(',').map((p) => p.trim())) {
    const [from, to] = part.replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from ?? '', 16);
    const end = to ? Number.parseInt(to, 16) : start;
    let runStart = -1;
    for (let code = start; code <= end + 1; code++) {
      const keep = code <= end && !RUPEES.has(code);
      if (keep && runStart < 0) runStart = code;
      if (!keep && runStart >= 0) {
        const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
        out.push(
          code - 1 === runStart ? `U+${hex(runStart)}` : `U+${hex(runStart)}-${hex(code - 1)}`,
        );
        runStart = -1;
      }
    }
  }
  return out.join(', ');
}

/** The unicode-range of exactly the characters of `text`. */
function rangeOf(text: string): string {
  const codes = [...new Set([...text].map((c) => c.codePointAt(0) ?? 0))].sort((a, b) => a - b);
  return codes.map((code) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`).join(', ');
}

/** The face of one script for a language's texts (`script-<font>.css`). */
function scriptCss(key: FontKey, font: ScriptFont): string {
  const { rule, file } = scriptRule(font);
  const range = rule.match(/unicode-range:\s*([^;]+);/)?.[1] ?? '';
  return `/* ${font.family}, ${font.subset} subset (${font.package}; generated by scripts/language-fonts.ts from core's registry, font "${key}"). */
@font-face {
  font-family: "${font.family}";
  font-style: normal;
  font-display: swap;
  font-weight: 100 900;
  src: ${localSources(key, font)}url("${font.package}/files/${file}") format("woff2-variations");
  unicode-range: ${withoutRupees(range)};
}
`;
}

/** The first code point a sliced face (Japanese) keeps: below it, Latin the system's font draws. */
const SLICES_FROM = 0x2000;

/**
 * The faces of a font split by unicode-range into slices (`load: 'css'`, Japanese): the
 * package's numbered slices (`<name>-<n>-wght-normal.woff2`: kana, ideographs, CJK punctuation
 * and symbols), never its latin, latin-ext, cyrillic and vietnamese ones, each less the code points
 * below U+2000 (a few Latin-1 letters) and the rupee signs, so Latin text keeps the system's font
 * while the face can come first in the font stacks (index.css: after system-ui, Chromium on Linux
 * drew bold Japanese with DejaVu Sans Bold, as boxes).
 */
function slicesCss(key: FontKey, font: ScriptFont): string {
  const css = readFileSync(join(packageDir(font.package), 'wght.css'), 'utf8');
  const faces: string[] = [];
  for (const rule of css.match(/@font-face\s*{[^}]*}/g) ?? []) {
    const file = rule.match(/url\(\.\/files\/([^)]+)\)/)?.[1];
    if (!file || !/-\d+-wght-normal\.woff2$/.test(file)) continue;
    const range = withoutRupees(rule.match(/unicode-range:\s*([^;]+);/)?.[1] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => {
        const [, to] = part.replace(/^U\+/i, '').split('-');
        const end = Number.parseInt(to ?? part.replace(/^U\+/i, ''), 16);
        return end >= SLICES_FROM;
      })
      .join(', ');
    if (!range) continue;
    faces.push(`@font-face {
  font-family: "${font.family}";
  font-style: normal;
  font-display: swap;
  font-weight: 100 900;
  src: ${localSources(key, font)}url("${font.package}/files/${file}") format("woff2-variations");
  unicode-range: ${range};
}`);
  }
  if (faces.length === 0) throw new Error(`${font.package}: no numbered slices in wght.css`);
  return `/* ${font.family}, its ${faces.length} slices of ${font.subset} (${font.package}; generated by scripts/language-fonts.ts from core's registry, font "${key}"). */
${faces.join('\n')}
`;
}

/** Fonts of the Indic scripts that Windows ships as one family (Nirmala UI). */
const NIRMALA_SCRIPTS: ReadonlySet<string> = new Set([
  'devanagari',
  'bengali',
  'tamil',
  'telugu',
  'kannada',
  'malayalam',
  'gujarati',
  'gurmukhi',
  'oriya',
  'olChiki',
]);

/**
 * `local(...)` sources naming the system's own font of the script (the Noto family Linux and
 * Android install, by family, full and PostScript name; Windows' Nirmala UI), tried before the
 * product's file: a system that has the script keeps its font and fetches nothing, one without
 * it gets the product's face. The face is first in the font stacks (index.css) but only for its
 * script's characters (unicode-range), so Latin text keeps the system's UI font; it must come
 * before system-ui because Chromium on Linux draws a script with system-ui's bold face as boxes
 * rather than falling back (seen with DejaVu Sans Bold and Telugu).
 */
function localSources(key: FontKey, font: ScriptFont): string {
  const name = font.family.replace(/ Variable$/, '');
  const names = [name, `${name} Regular`, `${name.replace(/ /g, '')}-Regular`];
  if (NIRMALA_SCRIPTS.has(key)) names.push('Nirmala UI');
  return names.map((n) => `local("${n}"), `).join('');
}

/**
 * Names every language's texts write in another script, given to that script's names face too:
 * the product's own name in Devanagari ("Pehchaan (पहचान, “identity”)" on /about and /help in
 * every language). index.css names the Devanagari names face in the font stacks after the
 * scripts' faces, so a page in a language without the Devanagari face still draws it.
 */
const NAMES_IN_TEXTS: Partial<Record<FontKey, string>> = { devanagari: 'पहचान' };

/**
 * A name's characters its script's face draws: white space and Common-script characters (the
 * parentheses of "মৈতৈলোন্ (বাংলা)") are left to the system's font, as Latin names are; in a
 * face's unicode-range they would make every space of an `.endonym` element fetch that face,
 * though the script subset the face is cut from has no glyph for them.
 */
const scriptCharacters = (name: string) => name.replace(/[\s\p{Script=Common}]/gu, '');

/** The endonyms of the offered languages (`scriptCharacters`), grouped by their font. */
function endonymsByFont(): Map<FontKey, { text: string; inline: boolean }> {
  const byFont = new Map<FontKey, { text: string; inline: boolean }>();
  for (const [key, text] of Object.entries(NAMES_IN_TEXTS) as [FontKey, string][]) {
    byFont.set(key, { text, inline: false });
  }
  for (const entry of LANGUAGE_REGISTRY) {
    if (!entry.offered || entry.font === null) continue;
    const group = byFont.get(entry.font) ?? { text: '', inline: false };
    group.text += scriptCharacters(entry.endonym);
    group.inline ||= BEFORE_FIRST_PAINT.has(entry.code);
    byFont.set(entry.font, group);
  }
  return byFont;
}

/** The name of the endonym face of a font (one family per script: one shaping per name). */
export const endonymFamily = (key: FontKey) => `Pehchaan Endonyms ${key}`;

/**
 * Writes src/fonts/generated/ unless it is up to date. Throws when a package or its script
 * subset is missing (a registry entry naming a font not installed).
 */
export async function writeLanguageFonts(): Promise<void> {
  const byFont = endonymsByFont();
  const versions = Object.values(FONTS).map((font) => {
    const json = JSON.parse(readFileSync(join(packageDir(font.package), 'package.json'), 'utf8'));
    return `${font.package}@${json.version}`;
  });
  const key = createHash('sha256')
    .update(JSON.stringify([...byFont], null, 0))
    .update(versions.join())
    .update(JSON.stringify(FONTS))
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex');
  const manifest = join(OUT, 'manifest.json');
  if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).key === key) return;

  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, '.gitignore'), '*\n');
  for (const [name, font] of Object.entries(FONTS) as [FontKey, ScriptFont][]) {
    const fallback = font.fallback as FontKey | undefined;
    writeFileSync(
      join(OUT, `script-${name}.css`),
      (font.load === 'script' ? scriptCss(name, font) : slicesCss(name, font)) +
        (fallback ? scriptCss(fallback, FONTS[fallback]) : ''),
    );
  }

  const subsetFont = ((await import('subset-font' as string)) as { default: SubsetFont }).default;
  const faces: string[] = [];
  const families: string[] = [];
  for (const [name, { text, inline }] of byFont) {
    const font: ScriptFont = FONTS[name];
    families.push(`"${endonymFamily(name)}"`);
    for (const [index, part] of sourcesOf(font, text).entries()) {
      const source = readFileSync(join(packageDir(font.package), 'files', part.file));
      const subset = await subsetFont(source, part.text, {
        targetFormat: 'woff2',
        variationAxes: { wght: 400 },
      });
      let url: string;
      if (inline) url = `data:font/woff2;base64,${subset.toString('base64')}`;
      else {
        const file = `endonyms-${name}${index ? `-${index}` : ''}.woff2`;
        writeFileSync(join(OUT, file), subset);
        url = `./${file}`;
      }
      faces.push(`@font-face {
  font-family: "${endonymFamily(name)}";
  font-style: normal;
  font-display: swap;
  font-weight: 400;
  src: url("${url}") format("woff2");
  unicode-range: ${rangeOf(part.text)};
}`);
    }
  }
  writeFileSync(
    join(OUT, 'endonyms.css'),
    `/* The language names' own faces (generated by scripts/language-fonts.ts from core's registry). */
${faces.join('\n')}
.endonym {
  font-family: ${families.length ? `${families.join(', ')}, ` : ''}var(--font-sans);
}
`,
  );
  writeFileSync(manifest, `${JSON.stringify({ key }, null, 2)}\n`);
}

/** True when code point `code` is in a CSS unicode-range value. */
function inRange(code: number, range: string): boolean {
  return range.split(',').some((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from ?? '', 16);
    return code >= start && code <= (to ? Number.parseInt(to, 16) : start);
  });
}

/**
 * The package files to cut `text`'s glyphs from: the script subset's file for a script font; for
 * a font split into slices by unicode-range (Japanese), each character's slice (ideographs need
 * no shaping across faces, so each slice's characters become a face of their own).
 */
function sourcesOf(font: ScriptFont, text: string): { file: string; text: string }[] {
  if (font.load === 'script') return [{ file: scriptRule(font).file, text }];
  const css = readFileSync(join(packageDir(font.package), 'wght.css'), 'utf8');
  const slices = (css.match(/@font-face\s*{[^}]*}/g) ?? []).map((rule) => ({
    file: rule.match(/url\(\.\/files\/([^)]+)\)/)?.[1] ?? '',
    range: rule.match(/unicode-range:\s*([^;]+);/)?.[1] ?? '',
  }));
  const byFile = new Map<string, string>();
  for (const char of new Set(text)) {
    const slice = slices.find((s) => inRange(char.codePointAt(0) ?? 0, s.range));
    if (!slice) throw new Error(`${font.package}: no face covers ${char}`);
    byFile.set(slice.file, (byFile.get(slice.file) ?? '') + char);
  }
  return [...byFile].map(([file, chars]) => ({ file, text: chars }));
}
