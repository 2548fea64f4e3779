/**
 * No box glyph (docs/requirements.md D9.7, docs/i18n.md "No box glyph"): every character a screen
 * draws has a font that covers it, checked through the DevTools protocol's
 * `CSS.getPlatformFontsForNode` (the fonts Chromium drew a node's own text with).
 *
 * This Chromium's system has no Indic, Arabic-script, Ol Chiki, Meetei Mayek or Japanese font
 * (DejaVu and Liberation only: language-fonts.spec.ts checks `fc-list :lang=hi`), so:
 * - a character in the unicode-range of one of the product's faces loaded on the page (the
 *   scripts' Noto faces of core's registry FONTS, fonts/generated/script-*.css and the Japanese
 *   slices; the endonym faces of fonts/generated/endonyms.css) must be drawn by a web font
 *   (`isCustomFont`) whose loaded faces' unicode-range holds it and whose font file has a glyph
 *   for it: its character map (the OpenType `cmap` table, read once per run with HarfBuzz from
 *   the @fontsource files the app declares, `productCmaps`). A unicode-range is only where the
 *   browser may use a face; a character in it the file lacks is drawn by another font (a box
 *   when no font on the system has it) while CDP still reports the face for the node;
 * - any other character (Latin, digits, punctuation, the rupee sign: the system's sans-serif and
 *   monospace draw them, the product ships no Latin face; and a character in a face's range its
 *   file lacks) must be in the character set (fontconfig's, `fc-list`) of a system font Chromium
 *   reported for the node: a character no font covers is drawn by a system font as a box, never
 *   by a web font;
 * - and no system font drew anything in a node whose every character has a product face (a
 *   script character its face lacks falls back to a system font).
 *
 * What is checked: every element with rendered text (the parents of non-blank text nodes that
 * have a layout box, `checkVisibility`), inputs' and text areas' values or else placeholders
 * (a password as its bullets), ::before/::after content if the stylesheets give any. Elements are
 * grouped by (computed font-family, weight, style, lang) and the scripts of their characters; one
 * node per group (the one with the most distinct characters) is asked for its fonts, and each
 * character of the whole group must be covered by those fonts, else the element holding it is
 * asked too (so a route costs one CDP call per group, a few more only for rare characters).
 * Across the screens of one page in one language (`NoBoxMemo`), a group is asked again only when
 * it brings characters not yet found covered in its key and loaded faces, or a representative
 * text not yet glyph-checked there: the header, footer and buttons a walk sees on every screen
 * are asked about once.
 * Invisible characters (Default_Ignorable_Code_Point: joiners, bidi marks) and white space are
 * not glyphs anyone reads and are left out.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { FONTS, type ScriptFont } from '../../packages/core/src/languages/registry';

/** A font Chromium reports for a node (CDP CSS.PlatformFontUsage). */
interface PlatformFont {
  familyName: string;
  postScriptName?: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/** One element with rendered text, as the page reports it. */
interface Item {
  /** Its text as drawn (text-transform applied), for the message. */
  text: string;
  /** Its distinct characters (no white space, no default-ignorables). */
  chars: string;
  /**
   * The characters CDP counts for it (its own text and its children's, white space included),
   * for how many of them no product face has a glyph (`outside`, counted in Node).
   */
  counted: string;
  /** The CSS font-family, for the message. */
  family: string;
  /** Which of the `[data-nobox]` elements (in document order) it is, or whose pseudo-element. */
  tag: number;
  /** Set for a ::before/::after's content. */
  pseudo?: 'before' | 'after';
}

interface Collected {
  items: Item[];
  /** Each group: the indexes of its items, the representative first. */
  groups: number[][];
  /** Each group's key: computed font-family, weight, style, lang and the scripts of its text. */
  keys: string[];
  /** Whether a face was still loading once collected (then collected again). */
  fontsLoading: boolean;
  /** The product's web fonts' loaded unicode-ranges, by the family name Chromium reports. */
  ranges: Record<string, [number, number][]>;
}

/**
 * The family name Chromium reports for a product face (the font file's own name) by the CSS
 * family the app declares it with: the scripts' "<Noto name> Variable" and the endonym faces
 * "Pehchaan Endonyms <key>" (apps/web/scripts/language-fonts.ts), all cut from core's FONTS.
 */
const FACE_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(FONTS).flatMap(([key, font]) => {
    const internal = font.family.replace(/ Variable$/, '');
    return [
      [font.family, internal],
      [`Pehchaan Endonyms ${key}`, internal],
    ];
  }),
);

/**
 * The font files the app declares for `font` (apps/web/scripts/language-fonts.ts): the package's
 * script subset file (`load: 'script'`) or its numbered slices (`load: 'css'`, Japanese), as
 * paths in the @fontsource package.
 */
function declaredFiles(font: ScriptFont): string[] {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve(`${font.package}/package.json`));
  const css = readFileSync(join(dir, 'wght.css'), 'utf8');
  const files = (css.match(/url\(\.\/files\/([^)]+)\)/g) ?? [])
    .map((url) => url.slice('url(./files/'.length, -1))
    .filter((file) =>
      font.load === 'script'
        ? file.endsWith(`-${font.subset}-wght-normal.woff2`)
        : /-\d+-wght-normal\.woff2$/.test(file),
    );
  if (files.length === 0) throw new Error(`${font.package}: no ${font.subset} file in wght.css`);
  return files.map((file) => join(dir, 'files', file));
}

/**
 * The code points each product font's files have a glyph for (their OpenType `cmap`), by the
 * family name Chromium reports (the file's own name, FACE_NAMES' values): computed once per run
 * (a few hundred milliseconds, Japanese's slices most of it). The endonym faces are cut from
 * the same files, so the same map serves them. woff2 is unpacked by fontverter and the cmap read
 * by HarfBuzz (harfbuzzjs), the two modules apps/web's subset-font uses.
 */
let cmaps: Promise<Map<string, Set<number>>> | undefined;
export function productCmaps(): Promise<Map<string, Set<number>>> {
  cmaps ??= (async () => {
    const hb = (await import('harfbuzzjs')) as typeof import('harfbuzzjs');
    const fontverter = (
      (await import('fontverter' as string)) as {
        default: { convert(font: Buffer, to: 'sfnt'): Promise<Buffer> };
      }
    ).default;
    const out = new Map<string, Set<number>>();
    for (const font of Object.values(FONTS) as ScriptFont[]) {
      const codes = new Set<number>();
      for (const file of declaredFiles(font)) {
        const face = new hb.Face(new hb.Blob(await fontverter.convert(readFileSync(file), 'sfnt')));
        for (const code of face.collectUnicodes()) codes.add(code);
      }
      out.set(font.family.replace(/ Variable$/, ''), codes);
    }
    return out;
  })();
  return cmaps;
}

/** The characters each system font covers, by PostScript name (fontconfig's charset). */
let systemCharsets: Map<string, [number, number][]> | undefined;
const mergedKeys = new Set<string>();
function charsetOf(font: PlatformFont): [number, number][] {
  if (!systemCharsets) {
    systemCharsets = new Map();
    const listed = spawnSync(
      'fc-list',
      ['--format', '%{postscriptname}\t%{family}\t%{charset}\n'],
      {
        encoding: 'utf8',
      },
    );
    for (const line of listed.stdout?.split('\n') ?? []) {
      const [postScript, family, charset] = line.split('\t');
      if (!postScript || !charset) continue;
      const ranges = charset.split(' ').map((part): [number, number] => {
        const [from, to] = part.split('-');
        return [Number.parseInt(from ?? '', 16), Number.parseInt(to ?? from ?? '', 16)];
      });
      systemCharsets.set(postScript, ranges);
      // By family too (the union of its styles), for a report without a PostScript name.
      const familyKey = `family:${family?.split(',')[0]}`;
      systemCharsets.set(familyKey, [...(systemCharsets.get(familyKey) ?? []), ...ranges]);
    }
  }
  const key =
    font.postScriptName && systemCharsets.has(font.postScriptName)
      ? font.postScriptName
      : `family:${font.familyName}`;
  const ranges = systemCharsets.get(key) ?? [];
  if (!mergedKeys.has(key)) {
    systemCharsets.set(key, merged(ranges));
    mergedKeys.add(key);
  }
  return systemCharsets.get(key) ?? [];
}

/** `ranges` sorted and merged, for `inRanges` (binary search: Japanese has thousands). */
function merged(ranges: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** Whether `code` is in `ranges` (merged). */
function inRanges(code: number, ranges: readonly [number, number][]): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [from, to] = ranges[middle] ?? [0, -1];
    if (code < from) high = middle - 1;
    else if (code > to) low = middle + 1;
    else return true;
  }
  return false;
}

/** The page side: finds the elements with rendered text, groups them, tags them for CDP. */
async function collect(page: Page): Promise<Collected> {
  return page.evaluate(async (faceNames) => {
    // Laid out first: a face is fetched when text needing it is shaped (unicode-range).
    document.body.getBoundingClientRect();
    await document.fonts.ready;
    for (const old of Array.from(document.querySelectorAll('[data-nobox]')))
      old.removeAttribute('data-nobox');
    const parseRange = (value: string) =>
      value.split(',').map((part): [number, number] => {
        const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
        return [Number.parseInt(from ?? '', 16), Number.parseInt(to ?? from ?? '', 16)];
      });
    const ranges: Record<string, [number, number][]> = {};
    for (const face of Array.from(document.fonts as unknown as Iterable<FontFace>)) {
      const name = faceNames[face.family.replace(/^["']|["']$/g, '')];
      if (!name || face.status !== 'loaded') continue;
      ranges[name] = [...(ranges[name] ?? []), ...parseRange(face.unicodeRange)];
    }
    const SCRIPTS = [
      'Latin',
      'Devanagari',
      'Bengali',
      'Tamil',
      'Telugu',
      'Kannada',
      'Malayalam',
      'Gujarati',
      'Gurmukhi',
      'Oriya',
      'Arabic',
      'Ol_Chiki',
      'Meetei_Mayek',
      'Han',
      'Hiragana',
      'Katakana',
    ].map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);
    const scriptOf = (char: string) =>
      SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ??
      (/[\p{Script=Common}\p{Script=Inherited}]/u.test(char) ? 'Common' : 'Other');

    const ownText = (element: Element) =>
      Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => (node as Text).data)
        .join('');
    const own = new Map<Element, string>();
    /** Blank text before an element's first non-blank one (kept for its count). */
    const blank = new Map<Element, string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = (node as Text).data;
      // Blank text nodes too: a space between a text and a link is drawn (by a system font).
      if (parent && (/\S/.test(text) || own.has(parent))) {
        own.set(parent, (own.get(parent) ?? '') + text);
      } else if (parent) blank.set(parent, (blank.get(parent) ?? '') + text);
    }
    for (const field of Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
    )) {
      if (/^(hidden|checkbox|radio|file|range|color|image)$/.test(field.type)) continue;
      const shown = field.value || field.placeholder;
      if (shown) own.set(field, field.type === 'password' ? '•'.repeat(field.value.length) : shown);
    }
    const entries: { element: Element; text: string; pseudo?: 'before' | 'after' }[] = [];
    for (const [element, text] of own) {
      if (element.closest('script, style, noscript, template, title, option')) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      entries.push({ element, text: (blank.get(element) ?? '') + text });
    }
    // ::before/::after with text: only where a rule of the stylesheets gives a string content
    // (the rules are read once per set of stylesheets; the app's have none today).
    type Cache = { sheets: number; hosts: string[] };
    const memo = window as unknown as { __noboxPseudo?: Cache };
    if (memo.__noboxPseudo?.sheets !== document.styleSheets.length) {
      const hosts: string[] = [];
      for (const sheet of Array.from(document.styleSheets)) {
        let rules: CSSRuleList;
        try {
          rules = sheet.cssRules;
        } catch {
          continue;
        }
        for (const rule of Array.from(rules)) {
          if (!(rule instanceof CSSStyleRule) || !/::?(before|after)/.test(rule.selectorText))
            continue;
          const content = rule.style.getPropertyValue('content');
          if (!/["']\S/.test(content) && !/--tw-content/.test(rule.cssText)) continue;
          hosts.push(rule.selectorText.replace(/::?(before|after)/g, '') || '*');
        }
      }
      memo.__noboxPseudo = { sheets: document.styleSheets.length, hosts };
    }
    for (const host of memo.__noboxPseudo.hosts) {
      for (const element of Array.from(document.querySelectorAll(host))) {
        for (const pseudo of ['before', 'after'] as const) {
          const value = getComputedStyle(element, `::${pseudo}`).content;
          const text = /^["'](.*)["']$/.exec(value)?.[1];
          if (text && /\S/.test(text)) entries.push({ element, text, pseudo });
        }
      }
    }
    entries.sort((a, b) =>
      a.element === b.element
        ? 0
        : a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING
          ? -1
          : 1,
    );

    const items: Item[] = [];
    const groups = new Map<string, number[]>();
    let tag = -1;
    let tagged: Element | undefined;
    for (const { element, text: raw, pseudo } of entries) {
      const style = getComputedStyle(element, pseudo ? `::${pseudo}` : null);
      const transform = style.textTransform;
      const text =
        transform === 'uppercase'
          ? raw.toLocaleUpperCase()
          : transform === 'lowercase'
            ? raw.toLocaleLowerCase()
            : raw;
      const drawn = [...text].filter((c) => !/\p{Default_Ignorable_Code_Point}/u.test(c));
      const chars = [...new Set(drawn.filter((c) => !/\s/.test(c)))].join('');
      if (!chars) continue;
      const lang = element.closest('[lang]')?.getAttribute('lang') ?? '';
      const scripts = [...new Set([...chars].map(scriptOf))].sort().join(' ');
      const key = `${style.fontFamily}|${style.fontWeight}|${style.fontStyle}|${lang}|${scripts}`;
      const index = items.length;
      // One tag per element (its text and pseudo-elements are next to each other, in order).
      if (element !== tagged) {
        element.setAttribute('data-nobox', '');
        tagged = element;
        tag++;
      }
      items.push({
        tag,
        text: text.replace(/\s+/g, ' ').trim(),
        chars,
        // CDP counts the glyphs of the element's children's own text too (an inline <span>).
        counted: [
          ...drawn,
          ...(pseudo ? [] : Array.from(element.children).flatMap((child) => [...ownText(child)])),
        ].join(''),
        family: style.fontFamily,
        pseudo,
      });
      groups.set(key, [...(groups.get(key) ?? []), index]);
    }
    const ordered = [...groups.values()].map((members) =>
      [...members].sort((a, b) => (items[b]?.chars.length ?? 0) - (items[a]?.chars.length ?? 0)),
    );
    // A face started loading meanwhile (text rendered after the layout above): its text is drawn
    // by a fallback until it arrives, so the caller collects again.
    document.body.getBoundingClientRect();
    const fontsLoading = document.fonts.status === 'loading';
    return { items, groups: ordered, keys: [...groups.keys()], ranges, fontsLoading };
  }, FACE_NAMES);
}

/** One CDP session per page, kept while the page lives. */
const sessions = new WeakMap<Page, Promise<CDPSession>>();
function sessionOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = (async () => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      return cdp;
    })();
    sessions.set(page, session);
  }
  return session;
}

/** How many CDP font calls the checks made (for the measurements in docs/performance.md). */
export const noBoxCalls = { calls: 0, routes: 0, skipped: 0 };

/**
 * What the checks of one page in one language have already found (`boxesOnScreen`'s `memo`),
 * so a later screen asks CDP only about what is new on it. Chromium picks the font of a character
 * by the element's font description (family list, weight, style, language) and the faces loaded,
 * so within one such group key and one set of loaded faces:
 * - `covered`: the characters found drawn by a font that covers them;
 * - `glyphChecked`: the representatives' texts whose system-font glyph count was checked (the
 *   same text in the same description is drawn the same); only a text whose every character
 *   has a product face is glyph-checked at all (`checkSystemGlyphs`), so only such a text
 *   brings its group to be asked again.
 * Make one per page and language with `noBoxMemo()`; never share one across languages.
 */
export interface NoBoxMemo {
  covered: Map<string, Set<string>>;
  glyphChecked: Set<string>;
}

/** An empty memo (see NoBoxMemo). */
export function noBoxMemo(): NoBoxMemo {
  return { covered: new Map(), glyphChecked: new Set() };
}

/** CDP's answer when a node asked about is gone (the page rendered again meanwhile). */
const GONE = /Could not find node with given id|No node with given id/;

/**
 * Checks that every character of `page`'s rendered text has a font that covers it (see the
 * module's description). `where` names the screen in the messages ("/consent in Urdu (ur)").
 * With `memo` (one per page and language, `noBoxMemo`), a group whose characters were all found
 * covered on an earlier screen in the same font description and loaded faces, and whose
 * representative's text was already glyph-checked there, is not asked about again: a screen of
 * the same header, footer and buttons costs no CDP call. Without it, every group is asked.
 * When the page renders again between the tagging and a question (the node gone), the screen is
 * collected and asked again (three tries).
 * @returns one message per character no reported font covers (empty when none):
 *   `<where>: "<element text>" <char> U+XXXX (<script>) drawn by <fonts> [font-family: <stack>]`.
 */
export async function boxesOnScreen(
  page: Page,
  where: string,
  memo: NoBoxMemo = noBoxMemo(),
): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await checkScreen(page, where, memo);
    } catch (error) {
      if (attempt < 3 && error instanceof Error && GONE.test(error.message)) continue;
      throw error;
    }
  }
}

/** One try of `boxesOnScreen`: `memo` is only added to once every answer is in. */
async function checkScreen(page: Page, where: string, memo: NoBoxMemo): Promise<string[]> {
  let collected = await collect(page);
  for (let again = 0; collected.fontsLoading && again < 3; again++) collected = await collect(page);
  const { items, groups, keys, ranges } = collected;
  const byName = new Map(Object.entries(ranges).map(([name, list]) => [name, merged(list)]));
  // The loaded faces' ranges are part of every key: a face loaded later may draw a character.
  const faces = createHash('sha1')
    .update(JSON.stringify([...byName].sort(([a], [b]) => a.localeCompare(b))))
    .digest('hex');
  const keyOf = (group: number) => `${keys[group]}\n${faces}`;
  const glyphKey = (group: number, index: number) =>
    `${keyOf(group)}\n${items[index]?.counted ?? ''}`;
  /** The characters of each group not yet found covered in its key (all of them without memo). */
  const fresh = groups.map((members, group) => {
    const known = memo.covered.get(keyOf(group));
    const chars = new Set<string>();
    for (const index of members) {
      for (const char of items[index]?.chars ?? '') if (!known?.has(char)) chars.add(char);
    }
    return chars;
  });
  const cmapByName = await productCmaps();
  /**
   * Whether a product face loaded on the page draws `code`: in the face's unicode-range and in its
   * file's cmap. A character in a range but not in the file is drawn by another font, so it is
   * checked as any character outside the product's faces.
   */
  const productMemo = new Map<number, boolean>();
  const product = (code: number) => {
    let known = productMemo.get(code);
    if (known === undefined) {
      known = [...byName].some(
        ([name, list]) => inRanges(code, list) && (cmapByName.get(name)?.has(code) ?? false),
      );
      productMemo.set(code, known);
    }
    return known;
  };
  /** Whether `index`'s glyph count is checked (checkSystemGlyphs): every character a product one. */
  const allProduct = (index: number) =>
    [...(items[index]?.counted ?? '')].every((c) => product(c.codePointAt(0) ?? 0));
  const toAsk = groups
    .map((members, group) => ({ members, group }))
    .filter(
      ({ members, group }) =>
        members[0] !== undefined &&
        ((fresh[group]?.size ?? 0) > 0 ||
          (allProduct(members[0]) && !memo.glyphChecked.has(glyphKey(group, members[0])))),
    );
  noBoxCalls.routes++;
  noBoxCalls.skipped += groups.length - toAsk.length;
  if (toAsk.length === 0) return [];

  const cdp = await sessionOf(page);
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeIds: tagged } = await cdp.send('DOM.querySelectorAll', {
    nodeId: root.nodeId,
    selector: '[data-nobox]',
  });
  const tags = (items.at(-1)?.tag ?? -1) + 1;
  // The page rendered again between the tagging and the query: collect again.
  if (tagged.length !== tags) {
    throw new Error(
      `${where}: Could not find node with given id (the page changed: ${tags} tagged, ${tagged.length} found)`,
    );
  }
  const fontsOf = new Map<number, PlatformFont[]>();
  const ask = async (index: number): Promise<PlatformFont[]> => {
    const cached = fontsOf.get(index);
    if (cached) return cached;
    const item = items[index];
    let nodeId = tagged[item?.tag ?? -1] ?? 0;
    if (item?.pseudo) {
      const { node } = await cdp.send('DOM.describeNode', { nodeId, depth: 0 });
      nodeId = node.pseudoElements?.find((p) => p.pseudoType === item.pseudo)?.nodeId ?? nodeId;
    }
    noBoxCalls.calls++;
    const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })) as {
      fonts: PlatformFont[];
    };
    fontsOf.set(index, fonts);
    return fonts;
  };
  // A variable font may report its default instance's name ("Noto Sans JP Thin"): by prefix.
  const nameOf = (font: PlatformFont) =>
    byName.has(font.familyName)
      ? font.familyName
      : [...byName.keys()].find((name) => font.familyName.startsWith(`${name} `));
  /** Whether the product face Chromium reports as `font` may draw `code` and has a glyph for it. */
  const faceHas = (font: PlatformFont, code: number) => {
    const name = nameOf(font);
    return (
      name !== undefined &&
      inRanges(code, byName.get(name) ?? []) &&
      (cmapByName.get(name)?.has(code) ?? false)
    );
  };
  /** Whether `fonts` (reported for a node) cover `char`. */
  const covers = (fonts: PlatformFont[], char: string) => {
    const code = char.codePointAt(0) ?? 0;
    if (product(code)) return fonts.some((f) => f.isCustomFont && faceHas(f, code));
    return fonts.some((f) => !f.isCustomFont && inRanges(code, charsetOf(f)));
  };
  const fontList = (fonts: PlatformFont[]) =>
    fonts
      .map((f) => `${f.postScriptName || f.familyName}${f.isCustomFont ? ' (web font)' : ''}`)
      .join(', ') || 'no font';
  const failures: string[] = [];
  const fail = (index: number, fonts: PlatformFont[], what: string) => {
    const item = items[index];
    const text = (item?.text ?? '').slice(0, 80);
    failures.push(
      `${where}: "${text}"${item?.pseudo ? ` ::${item.pseudo}` : ''} ${what} drawn by ${fontList(fonts)} (font-family ${item?.family.slice(0, 60)}…)`,
    );
  };
  /**
   * A system font drew glyphs for a node whose every character has a product face: one of them
   * is missing from its face (glyph counts are no per-character measure: Chromium counts a
   * wrapped line's spaces again, so only this sure case is checked).
   */
  const checkSystemGlyphs = (index: number, fonts: PlatformFont[]) => {
    const item = items[index];
    if (!item || [...item.counted].some((c) => !product(c.codePointAt(0) ?? 0))) return;
    const bySystem = fonts.filter((f) => !f.isCustomFont).reduce((n, f) => n + f.glyphCount, 0);
    if (bySystem > 0) fail(index, fonts, `has ${bySystem} glyphs a product face lacks,`);
  };

  // The representatives' fonts, asked all at once (CDP answers in order; the round trips overlap).
  await Promise.all(toAsk.map(({ members }) => ask(members[0] ?? 0)));
  const extra: number[] = [];
  const uncoveredOf = new Map<number, Set<string>>();
  for (const { members, group } of toAsk) {
    const [representative = 0] = members;
    const uncovered = new Set<string>();
    const fonts = fontsOf.get(representative) ?? [];
    checkSystemGlyphs(representative, fonts);
    const unknown = fresh[group] ?? new Set<string>();
    for (const index of members) {
      for (const char of items[index]?.chars ?? '') {
        if (unknown.has(char) && !covers(fonts, char)) uncovered.add(char);
      }
    }
    // A character the representative's fonts do not cover: ask the elements that have it.
    for (const index of members) {
      if ([...(items[index]?.chars ?? '')].some((c) => uncovered.has(c))) extra.push(index);
    }
    uncoveredOf.set(group, uncovered);
  }
  await Promise.all(extra.map(ask));
  for (const { members, group } of toAsk) {
    const uncovered = uncoveredOf.get(group) ?? new Set<string>();
    const boxed = new Set<string>();
    for (const index of members) {
      const item = items[index];
      if (!item || ![...item.chars].some((c) => uncovered.has(c))) continue;
      const own = fontsOf.get(index) ?? [];
      if (index !== members[0]) checkSystemGlyphs(index, own);
      // One message per element, naming each character no font covers (once per group).
      const boxes = [...item.chars].filter((char) => uncovered.has(char) && !covers(own, char));
      for (const char of boxes) boxed.add(char);
      if (boxes.length === 0) continue;
      const named = boxes.map((char) => {
        uncovered.delete(char);
        const hex = (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
        return `'${char}' U+${hex}`;
      });
      fail(index, own, `${named.join(', ')}: no font covers ${boxes.length > 1 ? 'them' : 'it'},`);
    }
    // What this screen found covered, for the next screens (a box is reported on each screen).
    const key = keyOf(group);
    const known = memo.covered.get(key) ?? new Set<string>();
    for (const char of fresh[group] ?? []) if (!boxed.has(char)) known.add(char);
    memo.covered.set(key, known);
    memo.glyphChecked.add(glyphKey(group, members[0] ?? 0));
  }
  return failures;
}
