/**
 * The QR payload of SPEC 3: what a credential's QR code holds. Pure, so the screen and the tests
 * build the same thing.
 */
import { type CredentialRecord, maskField } from '@pehchaan/core';

/** SPEC 3 "QR payload". Absent subject fields are left out of the JSON. */
export interface QrPayload {
  type: 'digital_credential';
  version: '1.0';
  credential_id: string;
  document_type: string;
  issuer: string;
  issuance_date: string;
  expiration_date: string;
  subject: {
    name: string;
    /** Masked: only the last 4 digits show (SPEC 5). */
    aadhaar_number?: string;
    phone?: string;
    pan_number?: string;
    date_of_birth?: string;
    address?: string;
  };
  verification_url: string;
  /** ISO 8601: when the QR code was made. */
  timestamp: string;
}

/** SPEC 9: the QR image's size and margin (qrcode's `width` and `margin`). */
export const QR_OPTIONS = { width: 200, margin: 2 } as const;

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/**
 * Builds the payload of `credential`.
 * @param origin the app's origin, e.g. 'https://pehchaan.example' (verification_url is
 *   `${origin}/verify/${id}`).
 * @param now the instant stamped as `timestamp` (epoch ms or Date).
 */
export function buildQrPayload(
  credential: CredentialRecord,
  origin: string,
  now: number | Date = Date.now(),
): QrPayload {
  const s = credential.credential_subject;
  const aadhaar = text(s.aadhaar_number);
  return {
    type: 'digital_credential',
    version: '1.0',
    credential_id: credential.id,
    document_type: s.document_type,
    issuer: credential.issuer,
    issuance_date: credential.issuance_date,
    expiration_date: credential.expiration_date,
    subject: {
      name: s.name,
      aadhaar_number:
        aadhaar === undefined ? undefined : String(maskField('aadhaar_number', aadhaar)),
      phone: text(s.phone),
      pan_number: text(s.pan_number),
      date_of_birth: text(s.date_of_birth),
      address: text(s.address),
    },
    verification_url: verificationUrl(origin, credential.id),
    timestamp: new Date(now).toISOString(),
  };
}

/** The public verifier link of a credential: `${origin}/verify/${id}`. */
export function verificationUrl(origin: string, credentialId: string): string {
  return `${origin.replace(/\/+$/, '')}/verify/${encodeURIComponent(credentialId)}`;
}
