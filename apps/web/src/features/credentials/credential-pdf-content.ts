/**
 * What the PDF of a credential card says (credential-pdf.ts draws it; DECISIONS 9.5): the card's
 * texts in the UI language and the holder's formats: its name, issuer, holder, status at
 * download, validity, the fields the holder ticked (identity numbers masked as on screen, SPEC 5
 * and DECISIONS 9.6, unless the holder revealed one on the card), and the offline QR code of a
 * printed copy with its nonce, or the sentence saying why there is none. Pure; kept apart from
 * the PDF writer, which is loaded only when a PDF is made.
 */
import {
  type CredentialRecord,
  credentialDisplayStatus,
  isSensitiveField,
  maskField,
} from '@pehchaan/core';
import type { TFunction } from 'i18next';
import { issuerDisplayName } from '@/lib/document-labels';
import { claimValue, fieldLabel } from '@/lib/format-claim';
import type { Formatter } from '@/lib/preferences';
import type { PrintPresentation } from './api/create-print-presentation';
import { credentialDisplayName } from './components/credential-card';
import type { CredentialPdfContent } from './credential-pdf';

/** The wallet's status values (the credential record's `status.value`). */
const STATUS_VALUES = ['valid', 'suspended', 'revoked', 'unknown'] as const;

/**
 * The status at download, in words: the wallet's last status check (the record's
 * `status: { value, checked_at }`, DECISIONS 9.4) with its time when the record carries one,
 * else SPEC 4's display status (permanent, valid, expiring, expired).
 */
export function statusAtDownload(
  credential: CredentialRecord,
  t: TFunction<'credentials'>,
  format: Formatter,
  now: number,
): string {
  const status = (credential as { status?: { value?: unknown; checked_at?: unknown } }).status;
  const value = STATUS_VALUES.find((known) => known === status?.value);
  if (value) {
    const words = t(`pdf.statusValue.${value}`);
    return typeof status?.checked_at === 'string'
      ? t('pdf.statusChecked', { status: words, date: format.dateTime(status.checked_at) })
      : words;
  }
  return t(`status.${credentialDisplayStatus(credential, now)}`);
}

/**
 * Which ticked fields the printed QR code can carry, and which of them in full: a signed
 * disclosure cannot be masked, so an identity number goes into the code only when the holder
 * revealed it on the card (and is then printed in full); otherwise it is printed masked and
 * left out of the code.
 */
export function printedQrFields(
  fields: readonly string[],
  revealed: Readonly<Record<string, string>>,
): { fields: string[]; fullValues: string[] } {
  const inCode = fields.filter((field) => !isSensitiveField(field) || field in revealed);
  return { fields: inCode, fullValues: inCode.filter((field) => isSensitiveField(field)) };
}

/** The offline QR's part of the PDF: the code, or why there is none. */
export type PdfQrSource =
  | { kind: 'presentation'; presentation: PrintPresentation }
  | { kind: 'offline' }
  | { kind: 'failed' }
  | { kind: 'none' };

export function credentialPdfContent(
  credential: CredentialRecord,
  options: {
    t: TFunction<'credentials'>;
    language: string;
    format: Formatter;
    /** The fields the holder ticked, in the card's order. */
    fields: readonly string[];
    /** Full values the holder revealed on the card, by field (memory only). */
    revealed: Readonly<Record<string, string>>;
    qr: PdfQrSource;
    /** When the PDF is made (epoch ms). */
    now: number;
  },
): CredentialPdfContent {
  const { t, language, format, fields, revealed, qr, now } = options;
  const title = credentialDisplayName(credential, language);
  const subject = credential.credential_subject;
  // One of the product's issuers is named in the UI language (its trust-list names).
  const issuer = credential.received?.issuer_name ?? issuerDisplayName(credential.issuer, language);
  const label = (field: string) =>
    credential.received?.claim_labels?.[field] ?? fieldLabel(field, language);
  const shown = (field: string) => {
    const value = subject[field];
    if (!isSensitiveField(field) || typeof value !== 'string') return value;
    return revealed[field] ?? maskField(field, value);
  };
  const madeOn = format.date(now);
  const qrPart: CredentialPdfContent['qr'] =
    qr.kind === 'presentation'
      ? {
          text: qr.presentation.qr,
          caption: t('pdf.qrCaption'),
          nonceLabel: t('pdf.nonce'),
          nonce: qr.presentation.nonce,
          printedOn: t('pdf.printedOn', { date: format.date(qr.presentation.presented_at) }),
          carries: t('pdf.carries', { fields: qr.presentation.fields.map(label).join(', ') }),
        }
      : { unavailable: t(`pdf.noQr.${qr.kind}`) };
  return {
    title,
    issuer,
    summary: [
      [t('fields.issuer'), issuer],
      [t('pdf.holder'), subject.name],
      [t('pdf.status'), statusAtDownload(credential, t, format, now)],
      [t('fields.issued'), format.date(credential.issuance_date)],
      [
        t('pdf.validUntil'),
        credential.expiration_date ? format.date(credential.expiration_date) : t('fields.never'),
      ],
    ],
    fieldsHeading: t('pdf.fields'),
    fields: fields.map((field) => [label(field), claimValue(field, shown(field), format)]),
    qr: qrPart,
    footer: t('pdf.footer', { date: madeOn }),
    metadata: { title: `${title} · Pehchaan`, subject: `${title} · ${issuer}`, language },
  };
}
