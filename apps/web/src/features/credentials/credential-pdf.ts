/**
 * A credential card as a real PDF (DECISIONS 9.5: "printed as a real PDF carrying that code"):
 * one A4 page (more when the fields do not fit) with the card's name, issuer, holder, status at
 * download, validity, the fields the holder chose, and the offline QR code (an SD-JWT VC
 * presentation, KB-JWT `aud` 'offline-print', docs/offline-verification.md) with its caption and
 * nonce, so a printed copy can be checked with no network. Made entirely on the device.
 *
 * Every text is real PDF text (selectable, searchable: pdftotext reads it back) in embedded,
 * subset fonts: Noto Sans for Latin, and the Noto Sans font of each run's script for Devanagari,
 * Bengali, Tamil and Japanese, shaped by fontkit (pdf-lib's OpenType layout). Glyphs of shaped
 * Indic text do not map back to characters one to one, so each run that is not Latin is wrapped
 * in a marked-content span whose ActualText holds the run's characters (ISO 32000-1 14.9.4):
 * copying or extracting the text yields what the card shows.
 *
 * pdf-lib and fontkit are imported with this module, which the page loads lazily on the first
 * PDF download. Fonts come from `fonts` (browserPdfFonts: the app's own font files on its own
 * origin; tests pass files read from disk).
 */
import 'regenerator-runtime/runtime.js';
import fontkit from '@pdf-lib/fontkit';
import {
  type PDFArray,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  type RGB,
  rgb,
  setLineWidth,
  setStrokingColor,
  setTextRenderingMode,
  TextRenderingMode,
} from 'pdf-lib';
import QRCode from 'qrcode';

/** The offline QR code's block: its content and the words beside it. */
export interface CredentialPdfQr {
  /** The QR code's text (`PH1:` + Base45, alphanumeric mode, level L). */
  text: string;
  /** The sentence under the code, e.g. what a verifier scans it with. */
  caption: string;
  /** 'Code' and the 6-character nonce shown beside it (contract: A-Z0-9). */
  nonceLabel: string;
  nonce: string;
  /** 'Printed on 7 Dec 2026' (a printed copy has no time limit). */
  printedOn: string;
  /** Which fields the code carries, in words. */
  carries: string;
}

/** The card's texts, already in the UI language and the holder's formats. */
export interface CredentialPdfContent {
  /** The document's name, e.g. 'PAN Card'. */
  title: string;
  issuer: string;
  /** Label/value rows under the title: issuer, holder, status at download, issued, valid until. */
  summary: readonly (readonly [string, string])[];
  /** The heading of the chosen fields, e.g. 'Fields'. */
  fieldsHeading: string;
  /** Label/value rows of the fields the holder chose (identity numbers masked unless revealed). */
  fields: readonly (readonly [string, string])[];
  /** The offline QR, or the sentence saying why there is none (e.g. offline). */
  qr: CredentialPdfQr | { unavailable: string };
  /** A line at the page's foot (the product and when it was made). */
  footer: string;
  /** The PDF's Title, Subject and language (BCP 47) properties. */
  metadata: { title: string; subject: string; language: string };
}

/** Scripts with a font of their own; anything else is drawn with Noto Sans (Latin). */
export type PdfScript = 'latin' | 'devanagari' | 'bengali' | 'tamil' | 'japanese';

/**
 * Where font files come from. `load(script, text)` answers the font files (TrueType, OpenType or
 * WOFF bytes; fontkit cannot subset WOFF2's composite glyphs) that draw `text` (the document's
 * characters of that script; all of them for Latin) in `script`, best first (Japanese comes in slices by
 * unicode-range, so it may be several); `[]` when there is none. `bold` is Noto Sans Bold for
 * Latin headings, when there is one. Rejects when a file cannot be fetched.
 */
export interface PdfFonts {
  load(script: PdfScript, text: string): Promise<Uint8Array[]>;
  bold?(): Promise<Uint8Array | null>;
}

/** The script a code point belongs to, or null for one any font may draw (spaces, digits, ASCII punctuation). */
export function scriptOf(codePoint: number): PdfScript | null {
  if (codePoint <= 0x40 || (codePoint >= 0x5b && codePoint <= 0x60)) return null;
  if (codePoint >= 0x7b && codePoint <= 0x7f) return null;
  if ((codePoint >= 0x900 && codePoint <= 0x97f) || (codePoint >= 0xa8e0 && codePoint <= 0xa8ff))
    return 'devanagari';
  if (codePoint >= 0x1cd0 && codePoint <= 0x1cff) return 'devanagari';
  if (codePoint >= 0x980 && codePoint <= 0x9ff) return 'bengali';
  if ((codePoint >= 0xb80 && codePoint <= 0xbff) || (codePoint >= 0x11fc0 && codePoint <= 0x11fff))
    return 'tamil';
  if (
    (codePoint >= 0x3000 && codePoint <= 0x30ff) ||
    (codePoint >= 0x31f0 && codePoint <= 0x31ff) ||
    (codePoint >= 0x3400 && codePoint <= 0x4dbf) ||
    (codePoint >= 0x4e00 && codePoint <= 0x9fff) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xff00 && codePoint <= 0xffef)
  )
    return 'japanese';
  // Joiners and the Devanagari dandas belong to the run they are in.
  if (codePoint === 0x200c || codePoint === 0x200d) return null;
  return 'latin';
}

/** A4 in PDF points (1/72 inch), margins and colours. */
const PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = 42;
const ORANGE = rgb(0.761, 0.255, 0.047);
const INK = rgb(0.059, 0.09, 0.165);
const MUTED = rgb(0.278, 0.333, 0.412);
const LINE = rgb(0.796, 0.835, 0.882);
const WHITE = rgb(1, 1, 1);

/** One embedded font and what it can draw. */
interface LoadedFont {
  pdf: PDFFont;
  has: (codePoint: number) => boolean;
}

/** The fonts of one document: Latin, Latin bold, and each script's. */
class FontSet {
  private constructor(
    private readonly latin: LoadedFont,
    private readonly latinBold: LoadedFont | null,
    private readonly scripts: ReadonlyMap<PdfScript, readonly LoadedFont[]>,
  ) {}

  /** Embeds the fonts `texts` need (subset: only the glyphs used travel). */
  static async embed(doc: PDFDocument, fonts: PdfFonts, texts: readonly string[]) {
    const all = texts.join('\n');
    const needed = new Set<PdfScript>();
    for (const char of all) {
      const script = scriptOf(char.codePointAt(0) ?? 0);
      if (script && script !== 'latin') needed.add(script);
    }
    const embedOne = async (bytes: Uint8Array): Promise<LoadedFont> => {
      const parsed = fontkit.create(bytes);
      const pdf = await doc.embedFont(bytes, { subset: true });
      return { pdf, has: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) };
    };
    const [latinBytes] = await fonts.load('latin', all);
    if (!latinBytes) throw new Error('No Latin font for the PDF');
    const latin = await embedOne(latinBytes);
    const boldBytes = fonts.bold ? await fonts.bold() : null;
    const latinBold = boldBytes ? await embedOne(boldBytes) : null;
    const scripts = new Map<PdfScript, LoadedFont[]>();
    for (const script of needed) {
      const ofScript = [...all].filter((char) => scriptOf(char.codePointAt(0) ?? 0) === script);
      const files = await fonts.load(script, ofScript.join(''));
      scripts.set(script, await Promise.all(files.map(embedOne)));
    }
    return new FontSet(latin, latinBold, scripts);
  }

  /** The font that draws `codePoint` of `script`, preferring `current` for shared characters. */
  pick(codePoint: number, current: LoadedFont | null, bold: boolean): LoadedFont {
    const script = scriptOf(codePoint);
    const latin = bold && this.latinBold ? this.latinBold : this.latin;
    if (script === null) return current?.has(codePoint) ? current : latin;
    if (script === 'latin') return latin;
    const own = this.scripts.get(script)?.find((font) => font.has(codePoint));
    return own ?? (current?.has(codePoint) ? current : latin);
  }

  isLatin(font: LoadedFont): boolean {
    return font === this.latin || font === this.latinBold;
  }

  isBold(font: LoadedFont): boolean {
    return font === this.latinBold;
  }
}

/** A piece of one line drawn with one font. */
interface Run {
  text: string;
  font: LoadedFont;
}

/** A text style: size (pt), colour, weight. */
interface Style {
  size: number;
  color: RGB;
  bold?: boolean;
}

/** Lays text out and draws it: runs by font, words wrapped, each run's characters as ActualText. */
class Writer {
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: FontSet,
  ) {}

  runs(text: string, bold = false): Run[] {
    const runs: Run[] = [];
    let current: Run | null = null;
    for (const char of text) {
      const font = this.fonts.pick(char.codePointAt(0) ?? 0, current?.font ?? null, bold);
      if (current && current.font === font) current.text += char;
      else {
        current = { text: char, font };
        runs.push(current);
      }
    }
    return runs;
  }

  width(text: string, style: Style): number {
    return this.runs(text, style.bold).reduce(
      (sum, run) => sum + run.font.pdf.widthOfTextAtSize(run.text, style.size),
      0,
    );
  }

  /** Splits `text` into lines no wider than `maxWidth` (at spaces, else between graphemes). */
  wrap(text: string, style: Style, maxWidth: number): string[] {
    const lines: string[] = [];
    let line = '';
    const graphemes = (word: string) =>
      typeof Intl.Segmenter === 'function'
        ? [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(word)].map(
            (part) => part.segment,
          )
        : [...word];
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (this.width(next, style) <= maxWidth) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const part of graphemes(word)) {
        if (line && this.width(line + part, style) > maxWidth) {
          lines.push(line);
          line = '';
        }
        line += part;
      }
    }
    if (line) lines.push(line);
    return lines.length > 0 ? lines : [''];
  }

  /**
   * Draws one line with its left end at (x, y) (baseline). A line with a run that is not Latin
   * is one marked-content span whose ActualText is the whole line, so it reads back in order.
   */
  line(page: PDFPage, text: string, x: number, y: number, style: Style): void {
    const runs = this.runs(text, style.bold);
    const actualText = runs.some((run) => !this.fonts.isLatin(run.font));
    if (actualText) {
      // An inline property dictionary: pdf-lib writes any PDFObject operand, though its
      // PDFOperatorArg type names arrays, names, numbers and strings only.
      const properties = this.doc.context.obj({ ActualText: PDFHexString.fromText(text) });
      page.pushOperators(
        PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
          PDFName.of('Span'),
          properties as unknown as PDFArray,
        ]),
      );
    }
    let at = x;
    for (const run of runs) {
      // A bold run without a bold face is drawn filled and outlined (about 0.4 pt heavier).
      const fauxBold = style.bold === true && !this.fonts.isBold(run.font);
      if (fauxBold) {
        page.pushOperators(
          setTextRenderingMode(TextRenderingMode.FillAndOutline),
          setLineWidth(style.size / 40),
          setStrokingColor(style.color),
        );
      }
      page.drawText(run.text, {
        x: at,
        y,
        size: style.size,
        font: run.font.pdf,
        color: style.color,
      });
      if (fauxBold) page.pushOperators(setTextRenderingMode(TextRenderingMode.Fill));
      at += run.font.pdf.widthOfTextAtSize(run.text, style.size);
    }
    if (actualText) page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  }
}

/** Draws `text` as a QR code (level L, the smallest version that holds it) with its top-left at (x, top). */
function drawQr(page: PDFPage, text: string, x: number, top: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'L' });
  const count = qr.modules.size;
  const module = size / count;
  for (let row = 0; row < count; row++) {
    let start = -1;
    for (let column = 0; column <= count; column++) {
      const dark = column < count && qr.modules.get(row, column) === 1;
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        page.drawRectangle({
          x: x + start * module,
          y: top - (row + 1) * module,
          width: (column - start) * module,
          height: module,
          color: rgb(0, 0, 0),
        });
        start = -1;
      }
    }
  }
}

/**
 * The PDF of a credential card (see the module docs), as bytes.
 * @throws Error when a font cannot be fetched or parsed, or the QR text does not fit a QR code.
 */
export async function buildCredentialPdf(
  content: CredentialPdfContent,
  fonts: PdfFonts,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const qr = 'text' in content.qr ? content.qr : null;
  const texts = [
    content.title,
    content.issuer,
    content.fieldsHeading,
    content.footer,
    ...content.summary.flat(),
    ...content.fields.flat(),
    ...(qr ? [qr.caption, qr.nonceLabel, qr.nonce, qr.printedOn, qr.carries] : []),
    ...('unavailable' in content.qr ? [content.qr.unavailable] : []),
  ];
  const writer = new Writer(doc, await FontSet.embed(doc, fonts, texts));

  doc.setTitle(content.metadata.title, { showInWindowTitleBar: true });
  doc.setSubject(content.metadata.subject);
  doc.setLanguage(content.metadata.language);
  doc.setCreator('Pehchaan');
  doc.setProducer('Pehchaan (pdf-lib)');
  doc.setCreationDate(new Date());

  const width = PAGE.width - 2 * MARGIN;
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const footer = () =>
    writer.line(page, content.footer, MARGIN, MARGIN / 2, { size: 8, color: MUTED });
  /** Starts a new page when `height` more points do not fit above the footer. */
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    footer();
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };

  // The header band: the document's name and its issuer, white on orange.
  const titleStyle: Style = { size: 20, color: WHITE, bold: true };
  const issuerStyle: Style = { size: 11, color: WHITE };
  const titleLines = writer.wrap(content.title, titleStyle, width - 32);
  const bandHeight = 24 + titleLines.length * 26 + 18;
  page.drawRectangle({ x: MARGIN, y: y - bandHeight, width, height: bandHeight, color: ORANGE });
  let lineY = y - 16 - 20;
  for (const line of titleLines) {
    writer.line(page, line, MARGIN + 16, lineY, titleStyle);
    lineY -= 26;
  }
  writer.line(page, content.issuer, MARGIN + 16, lineY + 4, issuerStyle);
  y -= bandHeight + 18;

  // Label/value rows: the label on the left, the value (wrapped) on the right.
  const labelWidth = 150;
  const valueWidth = width - labelWidth - 12;
  const rows = (entries: readonly (readonly [string, string])[]) => {
    for (const [label, value] of entries) {
      const labelStyle: Style = { size: 10, color: MUTED };
      const valueStyle: Style = { size: 11, color: INK, bold: true };
      const labelLines = writer.wrap(label, labelStyle, labelWidth - 6);
      const valueLines = writer.wrap(value, valueStyle, valueWidth);
      const height = Math.max(labelLines.length, valueLines.length) * 15 + 8;
      room(height);
      labelLines.forEach((line, index) => {
        writer.line(page, line, MARGIN, y - 11 - index * 15, labelStyle);
      });
      valueLines.forEach((line, index) => {
        writer.line(page, line, MARGIN + labelWidth + 12, y - 11 - index * 15, valueStyle);
      });
      y -= height;
      page.drawLine({
        start: { x: MARGIN, y: y + 3 },
        end: { x: MARGIN + width, y: y + 3 },
        thickness: 0.5,
        color: LINE,
      });
    }
  };
  rows(content.summary);
  y -= 14;
  room(24);
  writer.line(page, content.fieldsHeading, MARGIN, y - 12, { size: 13, color: INK, bold: true });
  y -= 22;
  rows(content.fields);
  y -= 18;

  // The offline QR code: about 80 mm square, the nonce beside it in large type.
  if (qr) {
    const size = 228;
    room(size + 20);
    drawQr(page, qr.text, MARGIN, y, size);
    const sideX = MARGIN + size + 18;
    const sideWidth = width - size - 18;
    let sideY = y - 14;
    writer.line(page, qr.nonceLabel, sideX, sideY, { size: 10, color: MUTED });
    sideY -= 30;
    writer.line(page, qr.nonce, sideX, sideY, { size: 26, color: INK, bold: true });
    sideY -= 24;
    for (const text of [qr.printedOn, qr.caption, qr.carries]) {
      for (const line of writer.wrap(text, { size: 10, color: MUTED }, sideWidth)) {
        writer.line(page, line, sideX, sideY, { size: 10, color: MUTED });
        sideY -= 14;
      }
      sideY -= 6;
    }
    y -= size + 20;
  } else if ('unavailable' in content.qr) {
    const style: Style = { size: 11, color: INK };
    const lines = writer.wrap(content.qr.unavailable, style, width - 24);
    const height = lines.length * 15 + 18;
    room(height);
    page.drawRectangle({
      x: MARGIN,
      y: y - height,
      width,
      height,
      borderColor: LINE,
      borderWidth: 1,
      color: rgb(0.996, 0.953, 0.78),
    });
    lines.forEach((line, index) => {
      writer.line(page, line, MARGIN + 12, y - 20 - index * 15, style);
    });
    y -= height;
  }
  footer();
  return doc.save();
}
