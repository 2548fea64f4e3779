/**
 * What the PDF of a credential card says (credential-pdf.ts draws it): the card's texts in the UI
 * language and the holder's formats, identifiers masked as the card shows them (SPEC 5), and the
 * credential's bare verify link for the QR code (DECISIONS 7: it shows the verdict and masked
 * fields only, so a printed copy discloses nothing more). Pure; kept apart from the PDF writer,
 * which is loaded only when a PDF is made.
 */
import {
  type CredentialRecord,
  credentialDisplayStatus,
  isSensitiveField,
  maskField,
} from '@pehchaan/core';
import type { TFunction } from 'i18next';
import { documentTypeName } from '@/lib/document-labels';
import { claimValue, fieldLabel } from '@/lib/format-claim';
import type { Formatter } from '@/lib/preferences';
import type { CredentialPdfContent } from './credential-pdf';
import { verificationUrl } from './qr-payload';

/** Subject keys not listed as claims (the holder's DID and the document type name). */
const HIDDEN_KEYS = new Set(['id', 'document_type']);

export function credentialPdfContent(
  credential: CredentialRecord,
  options: {
    t: TFunction<'credentials'>;
    language: string;
    format: Formatter;
    /** The app's origin, base of the verify link. */
    origin: string;
    /** When the PDF is made (epoch ms). */
    now: number;
  },
): CredentialPdfContent {
  const { t, language, format, origin, now } = options;
  const title = documentTypeName(credential.credential_subject.document_type, language);
  const claims = Object.entries(credential.credential_subject)
    .filter(([key]) => !HIDDEN_KEYS.has(key))
    .map(([key, value]): [string, string] => {
      const shown =
        isSensitiveField(key) && typeof value === 'string' ? maskField(key, value) : value;
      return [fieldLabel(key, language), claimValue(key, shown, format)];
    });
  const link = verificationUrl(origin, credential.id);
  return {
    title,
    issuer: credential.issuer,
    status: t(`status.${credentialDisplayStatus(credential, now)}`),
    rows: [
      [t('fields.issued'), format.date(credential.issuance_date)],
      [
        t('fields.expires'),
        credential.expiration_date ? format.date(credential.expiration_date) : t('fields.never'),
      ],
      ...claims,
    ],
    qrLink: link,
    qrCaption: t('pdf.qrCaption'),
    footer: `Pehchaan · ${new Date(now).toISOString().slice(0, 10)} · ${link}`,
    metadata: { title: `${title} · Pehchaan`, subject: credential.issuer, language },
  };
}
