/**
 * A credential card as a PDF (issue 19: download as a PDF beside the JSON): one A4 page with the
 * card — document type, issuer, status, issue and expiry dates, the subject's claims as the card
 * shows them (identifiers masked) — and the QR code of its verify link, which any phone camera
 * opens to check the credential (DECISIONS 7: the bare link shows the verdict and masked fields
 * only). Made entirely on the device; nothing is sent.
 *
 * The card is drawn on a canvas with the page's own fonts, so every script the app shows
 * (Devanagari included) is shaped by the browser, then placed in the PDF by jsPDF (a maintained
 * PDF writer that runs offline and needs no `eval`, so it works under the app's strict CSP). This
 * module is imported lazily, on the first PDF download: jsPDF stays out of every screen's code.
 */
import { jsPDF } from 'jspdf';
import QRCode from 'qrcode';

/** The card's texts, already in the UI language and the holder's formats. */
export interface CredentialPdfContent {
  /** The document type's name, e.g. 'PAN Card'. */
  title: string;
  issuer: string;
  status: string;
  /** Label/value rows: issued, expires, then the claims. */
  rows: readonly (readonly [string, string])[];
  /** The link the QR code holds. */
  qrLink: string;
  /** The sentence under the QR code. */
  qrCaption: string;
  /** A line at the page's foot (the product and when it was made). */
  footer: string;
  /** The PDF's Title and Subject properties. */
  metadata: { title: string; subject: string; language: string };
}

/** A4 in millimetres, and the drawing scale: canvas pixels per millimetre (about 300 dpi). */
const PAGE = { width: 210, height: 297 } as const;
const PX_PER_MM = 12;
const MARGIN_MM = 15;
const ORANGE = '#c2410c';

function fontFamily(): string {
  const family = getComputedStyle(document.body).fontFamily;
  return family || 'system-ui, sans-serif';
}

/** Splits `text` into lines no wider than `width` on `context` (breaks at spaces, else anywhere). */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (context.measureText(next).width <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (context.measureText(rest).width > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && context.measureText(rest.slice(0, cut)).width > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws the card on a new canvas the size of the page's printable width; returns it. */
async function drawCard(content: CredentialPdfContent): Promise<HTMLCanvasElement> {
  const mm = (value: number) => Math.round(value * PX_PER_MM);
  const width = mm(PAGE.width - 2 * MARGIN_MM);
  const family = fontFamily();
  const qrSize = mm(45);
  const pad = mm(8);
  const labelWidth = mm(55);
  const valueWidth = width - 2 * pad - labelWidth - mm(4);

  const measure = document.createElement('canvas').getContext('2d');
  if (!measure) throw new Error('This browser cannot draw the PDF');
  measure.font = `${mm(4.2)}px ${family}`;
  const rowLines = content.rows.map(([, value]) => wrap(measure, value, valueWidth));
  const lineHeight = mm(6.2);
  const headerHeight = mm(30);
  const rowsHeight = rowLines.reduce((sum, lines) => sum + lines.length * lineHeight + mm(2.5), 0);
  const qrBlock = qrSize + mm(16);
  const height = headerHeight + pad + rowsHeight + pad + qrBlock + pad;

  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the PDF');

  // The card: white, a thin border, an orange header band with the type, issuer and status.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.strokeStyle = '#cbd5e1';
  context.lineWidth = mm(0.4);
  context.strokeRect(0, 0, width, height);
  context.fillStyle = ORANGE;
  context.fillRect(0, 0, width, headerHeight);
  context.fillStyle = '#ffffff';
  context.textBaseline = 'top';
  context.font = `bold ${mm(7.5)}px ${family}`;
  context.fillText(content.title, pad, mm(6), width - 2 * pad);
  context.font = `${mm(4.5)}px ${family}`;
  context.fillText(`${content.issuer} · ${content.status}`, pad, mm(18), width - 2 * pad);

  // The rows: label on the left, the value (wrapped) on the right.
  let y = headerHeight + pad;
  content.rows.forEach(([label, _], index) => {
    context.fillStyle = '#475569';
    context.font = `${mm(4.2)}px ${family}`;
    context.fillText(label, pad, y, labelWidth);
    context.fillStyle = '#0f172a';
    context.font = `bold ${mm(4.2)}px ${family}`;
    for (const line of rowLines[index] ?? []) {
      context.fillText(line, pad + labelWidth + mm(4), y, valueWidth);
      y += lineHeight;
    }
    y += mm(2.5);
  });

  // The QR code of the verify link, centred, with its caption.
  y += pad;
  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, content.qrLink, { width: qrSize, margin: 1 });
  context.drawImage(qr, (width - qrSize) / 2, y, qrSize, qrSize);
  context.fillStyle = '#475569';
  context.font = `${mm(3.8)}px ${family}`;
  context.textAlign = 'center';
  context.fillText(content.qrCaption, width / 2, y + qrSize + mm(3), width - 2 * pad);
  return canvas;
}

/**
 * The PDF of a credential card (see the module docs).
 * @throws Error when the browser cannot draw on a canvas.
 */
export async function buildCredentialPdf(content: CredentialPdfContent): Promise<Blob> {
  const card = await drawCard(content);
  const pdf = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  pdf.setProperties({
    title: content.metadata.title,
    subject: content.metadata.subject,
    creator: 'Pehchaan',
  });
  pdf.setLanguage(content.metadata.language as Parameters<typeof pdf.setLanguage>[0]);
  const printableWidth = PAGE.width - 2 * MARGIN_MM;
  const cardHeight = (card.height / card.width) * printableWidth;
  pdf.addImage(card, 'PNG', MARGIN_MM, MARGIN_MM, printableWidth, cardHeight, undefined, 'FAST');
  pdf.setFontSize(8);
  pdf.setTextColor(100, 116, 139);
  // The foot line is ASCII (the product name and an ISO date), so the PDF's own font writes it.
  pdf.text(content.footer, MARGIN_MM, PAGE.height - MARGIN_MM / 2);
  return pdf.output('blob');
}
