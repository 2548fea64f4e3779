import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  buildCredentialPdf,
  type CredentialPdfContent,
  type PdfFonts,
  scriptOf,
} from './credential-pdf';
import { fontSlices, parseUnicodeRange, slicesFor } from './pdf-fonts';

const require = createRequire(import.meta.url);
const file = (path: string) => new Uint8Array(readFileSync(require.resolve(path)));

/** The same font files the browser fetches (pdf-fonts.ts), read from disk. */
const diskFonts: PdfFonts = {
  load: async (script, text) => {
    if (script === 'japanese') {
      const css = require.resolve('@fontsource/noto-sans-jp/400.css');
      return slicesFor(fontSlices(readFileSync(css, 'utf8')), text).map(
        (slice) => new Uint8Array(readFileSync(join(dirname(css), slice.url))),
      );
    }
    const name = script === 'latin' ? 'noto-sans' : `noto-sans-${script}`;
    return [file(`@fontsource/${name}/files/${name}-${script}-400-normal.woff`)];
  },
  bold: async () => file('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
};

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The PDF's text as pdftotext (poppler) reads it, spaces collapsed. */
function pdfText(bytes: Uint8Array): string {
  const path = join(mkdtempSync(join(tmpdir(), 'pdf-')), 'card.pdf');
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const english: CredentialPdfContent = {
  title: 'PAN Card',
  issuer: 'Income Tax Department',
  summary: [
    ['Issuer', 'Income Tax Department'],
    ['Holder', 'Aarav Sharma'],
    ['Status at download', 'Valid (checked 7 Dec 2026, 10:15)'],
    ['Issued', '1 Jun 2025'],
    ['Valid until', 'Never'],
  ],
  fieldsHeading: 'Fields',
  fields: [
    ['Name', 'Aarav Sharma'],
    ['PAN', 'XXXXXX234F'],
  ],
  qr: {
    text: `PH1:${'ABCDEFGHIJ0123456789'.repeat(30)}`,
    caption: 'Scan with Pehchaan /verify: Scan offline QR',
    nonceLabel: 'Code',
    nonce: 'K7Q2ZP',
    printedOn: 'Printed on 7 Dec 2026',
    carries: 'The code carries: Name',
  },
  footer: 'Pehchaan · 2026-12-07',
  metadata: { title: 'PAN Card · Pehchaan', subject: 'Income Tax Department', language: 'en' },
};

const hindi: CredentialPdfContent = {
  ...english,
  title: 'पैन कार्ड',
  issuer: 'आयकर विभाग',
  summary: [
    ['धारक', 'आरव शर्मा'],
    ['जारी किया गया', '1 जून 2025'],
  ],
  fieldsHeading: 'फ़ील्ड',
  fields: [['पैन', 'XXXXXX234F']],
  qr: { unavailable: 'आप ऑफ़लाइन हैं: इस PDF में नया QR कोड नहीं है।' },
  metadata: { title: 'पैन कार्ड · Pehchaan', subject: 'आयकर विभाग', language: 'hi' },
};

describe('buildCredentialPdf', () => {
  it('makes an A4 PDF that pdf-lib parses, with its title, subject and language', async () => {
    const bytes = await buildCredentialPdf(english, diskFonts);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBe('PAN Card · Pehchaan');
    expect(doc.getSubject()).toBe('Income Tax Department');
    expect(doc.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('en');
    expect(doc.getCreator()).toBe('Pehchaan');
  });

  it('embeds its fonts as subsets (only the glyphs used travel)', async () => {
    const bytes = await buildCredentialPdf(english, diskFonts);
    // A whole Noto Sans Latin file is about 20 kB compressed; two subsets and the page are less.
    expect(bytes.length).toBeLessThan(60_000);
  });

  it.skipIf(!hasPdftotext)('writes real text that pdftotext reads back', async () => {
    const text = pdfText(await buildCredentialPdf(english, diskFonts));
    for (const expected of [
      'PAN Card',
      'Income Tax Department',
      'Aarav Sharma',
      'XXXXXX234F',
      'Valid (checked 7 Dec 2026, 10:15)',
      'K7Q2ZP',
      'Printed on 7 Dec 2026',
      'Pehchaan · 2026-12-07',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it.skipIf(!hasPdftotext)('reads Hindi back as written (shaped, with ActualText)', async () => {
    const bytes = await buildCredentialPdf(hindi, diskFonts);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('पैन कार्ड · Pehchaan');
    const text = pdfText(bytes);
    for (const expected of ['पैन कार्ड', 'आयकर विभाग', 'आरव शर्मा', 'जारी किया गया', 'XXXXXX234F']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('इस PDF में नया QR कोड नहीं है।');
  });

  it('draws Tamil and Bengali with their own fonts', async () => {
    const bytes = await buildCredentialPdf(
      {
        ...english,
        fields: [
          ['பெயர்', 'ஆரவ்'],
          ['নাম', 'আরভ'],
        ],
      },
      diskFonts,
    );
    const fonts = (await PDFDocument.load(bytes)).context
      .enumerateIndirectObjects()
      .map(([, object]) => String(object))
      .filter((text) => text.includes('/BaseFont'))
      .join('\n');
    expect(fonts).toMatch(/NotoSansTamil/);
    expect(fonts).toMatch(/NotoSansBengali/);
    if (hasPdftotext) {
      const text = pdfText(bytes);
      expect(text).toContain('ஆரவ்');
      expect(text).toContain('আরভ');
    }
  });
});

describe('Japanese', () => {
  it('embeds only the Noto Sans JP slices the text needs, and reads back', async () => {
    const css = readFileSync(require.resolve('@fontsource/noto-sans-jp/400.css'), 'utf8');
    const slices = fontSlices(css);
    expect(slices.length).toBeGreaterThan(100);
    const needed = slicesFor(slices, '氏名山田太郎');
    expect(needed.length).toBeLessThan(10);
    for (const char of '氏名山田太郎') expect(slicesFor(needed, char)).not.toEqual([]);
    const bytes = await buildCredentialPdf(
      { ...english, title: 'PAN カード', fields: [['氏名', '山田 太郎']] },
      diskFonts,
    );
    if (hasPdftotext) {
      const text = pdfText(bytes);
      expect(text).toContain('PAN カード');
      expect(text).toContain('山田 太郎');
    }
  });
});

describe('scriptOf and parseUnicodeRange', () => {
  it('tells each script by its Unicode block, leaving spaces and digits to any font', () => {
    expect(scriptOf('क'.codePointAt(0) ?? 0)).toBe('devanagari');
    expect(scriptOf('ক'.codePointAt(0) ?? 0)).toBe('bengali');
    expect(scriptOf('க'.codePointAt(0) ?? 0)).toBe('tamil');
    expect(scriptOf('日'.codePointAt(0) ?? 0)).toBe('japanese');
    expect(scriptOf('A'.codePointAt(0) ?? 0)).toBe('latin');
    expect(scriptOf(' '.codePointAt(0) ?? 0)).toBeNull();
    expect(scriptOf('7'.codePointAt(0) ?? 0)).toBeNull();
  });

  it('reads CSS unicode-range lists', () => {
    expect(parseUnicodeRange('U+3000-303F, U+4E00, U+1F??')).toEqual([
      [0x3000, 0x303f],
      [0x4e00, 0x4e00],
      [0x1f00, 0x1fff],
    ]);
  });
});
