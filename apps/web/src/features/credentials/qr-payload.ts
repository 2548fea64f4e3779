/**
 * The QR payload of SPEC 3 as the wallet builds it on the device (core's buildQrPayload): the
 * JSON form of a credential's bare verify link, `/verify/{credentialId}`, which discloses only the
 * holder's name and masked identifiers (core's bareLinkSubject), exactly what the server's
 * GET /api/verify/{id}/payload answers for that link. Copy JSON copies it; in local-only mode
 * (VITE_USE_API=false) Share and the QR code use the bare link. With the API, the QR code holds
 * a share link instead (api/create-share.ts). Pure, so the screen and the tests build the same.
 */
import {
  bareLinkSubject,
  buildQrPayload as buildPayload,
  type CredentialRecord,
  type QrPayload,
} from '@pehchaan/core';

/** SPEC 9: the QR image's size and margin (lib/qr-code.ts, shared with the share link lists). */
export { QR_OPTIONS } from '@/lib/qr-code';
export type { QrPayload };

/**
 * Builds the bare link's payload of `credential`: identifiers masked, no date of birth or
 * address.
 * @param origin the app's origin, e.g. 'https://pehchaan.example' (verification_url is
 *   `${origin}/verify/${id}`).
 * @param now the instant stamped as `timestamp` (epoch ms or Date).
 */
export function buildQrPayload(
  credential: CredentialRecord,
  origin: string,
  now: number | Date = Date.now(),
): QrPayload {
  return buildPayload({
    credentialId: credential.id,
    documentType: credential.credential_subject.document_type,
    issuer: credential.issuer,
    issuanceDate: credential.issuance_date,
    expirationDate: credential.expiration_date,
    subject: bareLinkSubject(credential.credential_subject),
    verificationUrl: verificationUrl(origin, credential.id),
    now: new Date(now),
  });
}

/** The public verifier link of a credential: `${origin}/verify/${id}`. */
export function verificationUrl(origin: string, credentialId: string): string {
  return `${origin.replace(/\/+$/, '')}/verify/${encodeURIComponent(credentialId)}`;
}
