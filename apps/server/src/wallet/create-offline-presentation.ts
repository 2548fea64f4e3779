/**
 * POST /user/{userId}/credentials/{id}/offline-presentation (DECISIONS 8: a credential shown
 * offline as a QR code a verifier checks with no network; docs/offline-verification.md): the
 * holder's SD-JWT VC of one card as its issuer signed it (or a received SD-JWT credential's,
 * byte for byte), presented with only the ticked disclosures and a key-binding JWT (RFC 9901
 * section 4.3) signed by the key of its `cnf.jwk`, with { aud: 'offline' (screen, valid 10
 * minutes) | 'offline-print' (a printed copy, no time limit), nonce: 6 characters A-Z0-9, iat:
 * now, sd_hash }, packed into the text of an offline QR (core's encodeOfflineQr, format PH1).
 *
 * The body's schema (core's offlinePresentationBodySchema) has already refused an identity number
 * not named in `full_values`: a signed disclosure cannot be masked (DECISIONS 9.6).
 * The holder's activity log records a `credential_presented_offline` entry (message
 * `offline_qr_shown` or `offline_qr_printed`, params document_type and claims).
 *
 * Input: { ...deps, userId, credentialId, fields, medium }.
 * Output: core's OfflinePresentationAnswer { qr, qr_version, nonce, presented_at, expires_at,
 * fields }.
 * Errors: AppError 'data_sharing_off' (403) while the holder has Data sharing off;
 * 'credential_not_found' (404) when the holder has no credential with that id (another holder's
 * id answers the same); 'credential_revoked' / 'credential_suspended' (409) for a credential its
 * issuer revoked or suspended (wallet/refuse-unshareable-credential.ts); 'received_credential_unsupported' (409) for a received credential with no
 * SD-JWT form (a Data Integrity one, or one still pending); 'invalid_input' (400) naming the first
 * field the credential cannot disclose; 'offline_qr_too_large' (422) when the chosen fields need
 * a QR code above version 25.
 */
import { randomInt } from 'node:crypto';
import {
  encodeOfflineQr,
  MESSAGES,
  OFFLINE_AUDIENCE,
  OFFLINE_NONCE_ALPHABET,
  OFFLINE_QR_LIFETIME_MS,
  OFFLINE_QR_MAX_VERSION,
  type OfflineMedium,
  type OfflinePresentationAnswer,
  offlineQrDrawVersion,
} from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { credentials, receivedCredentials } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { loadHolderKeyOf } from '../lib/holder-keys';
import { requireDataSharing } from '../lib/holder-settings';
import { readIssuedCredential } from '../lib/received-records';
import { confirmationKeyOf, disclosableClaimsOfSdJwt, presentSdJwtVc } from '../lib/sd-jwt-vc';
import { issueSdJwtVc } from './issue-sd-jwt-vc';
import { refuseUnshareableCredential } from './refuse-unshareable-credential';

export interface CreateOfflinePresentationOptions extends ServiceDeps {
  userId: string;
  credentialId: string;
  /** Top-level claim names to disclose (already checked against full_values by the schema). */
  fields: readonly string[];
  medium: OfflineMedium;
}

/** A nonce of 6 characters from A-Z0-9 (about 31 bits), drawn without bias. */
function newOfflineNonce(): string {
  let nonce = '';
  for (let i = 0; i < 6; i++) nonce += OFFLINE_NONCE_ALPHABET[randomInt(36)];
  return nonce;
}

/** The QR version (1-40) to draw `text` in: alphanumeric mode, level L (offlineQrDrawVersion). */
function qrVersionOf(text: string): number {
  return offlineQrDrawVersion(
    QRCode.create([{ data: text, mode: 'alphanumeric' }], { errorCorrectionLevel: 'L' }).version,
  );
}

/** The card's SD-JWT VC as issued, and the name and type the activity entry gives it. */
async function sdJwtOfCard(
  options: CreateOfflinePresentationOptions,
): Promise<{ sdJwt: string; documentType: string }> {
  const { db, userId, credentialId } = options;
  const [row] = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.id, credentialId), eq(credentials.userId, userId)));
  if (row) {
    // Revoked or suspended by its issuer (SPEC 8): not presented (409).
    refuseUnshareableCredential(row.statusValue, 'share');
    return { sdJwt: await issueSdJwtVc({ ...options, row }), documentType: row.documentType };
  }
  const [received] = await db
    .select()
    .from(receivedCredentials)
    .where(and(eq(receivedCredentials.id, credentialId), eq(receivedCredentials.userId, userId)));
  if (!received) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  refuseUnshareableCredential(received.statusValue, 'share');
  const issued = readIssuedCredential(received, options.vault);
  if (issued === undefined || !received.format.endsWith('sd-jwt')) {
    throw new AppError(
      'received_credential_unsupported',
      'An offline QR code needs an SD-JWT credential; this one has no SD-JWT form.',
    );
  }
  return { sdJwt: issued, documentType: received.documentType ?? received.display.name };
}

/** See the module docs. */
export async function createOfflinePresentation(
  options: CreateOfflinePresentationOptions,
): Promise<OfflinePresentationAnswer> {
  await requireDataSharing(options);
  const { sdJwt, documentType } = await sdJwtOfCard(options);
  const disclosable = new Set(await disclosableClaimsOfSdJwt(sdJwt));
  const unknown = options.fields.find((field) => !disclosable.has(field));
  if (unknown !== undefined) {
    // A claim name is echoed only when it looks like one (never a long or odd input).
    throw new AppError(
      'invalid_input',
      /^[A-Za-z_]{1,40}$/.test(unknown)
        ? `This credential has no field named ${unknown}`
        : 'This credential has no such field',
    );
  }
  const cnf = await confirmationKeyOf(sdJwt);
  const alg = cnf?.kty === 'EC' && cnf.crv === 'P-256' ? 'ES256' : 'EdDSA';
  const holderKey = await loadHolderKeyOf({ ...options, alg });
  const own = holderKey.publicJwk as unknown as Record<string, unknown>;
  // The wallet checked cnf.jwk when the credential arrived; a mismatch means a key row was
  // replaced by hand, which no request can repair.
  if (cnf?.x !== own.x || (cnf?.y ?? undefined) !== (own.y ?? undefined)) {
    throw new Error(`The SD-JWT VC ${options.credentialId} is bound to another key`);
  }
  const now = options.now();
  // Whole seconds: the KB-JWT's iat is in seconds and the answer repeats it.
  const presentedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const nonce = newOfflineNonce();
  const presentation = await presentSdJwtVc({
    sdJwt,
    disclose: options.fields,
    holderKey,
    nonce,
    audience: OFFLINE_AUDIENCE[options.medium],
    now: presentedAt,
  });
  const qr = encodeOfflineQr(presentation);
  const qrVersion = qrVersionOf(qr);
  if (qrVersion > OFFLINE_QR_MAX_VERSION) {
    throw new AppError(
      'offline_qr_too_large',
      'These fields do not fit an offline QR code. Choose fewer fields.',
    );
  }
  await recordActivity({
    db: options.db,
    now: options.now,
    userId: options.userId,
    type: 'credential_presented_offline',
    message: {
      code: options.medium === 'print' ? 'offline_qr_printed' : 'offline_qr_shown',
      params: { document_type: documentType, claims: options.fields.join(',') },
    },
  });
  return {
    qr,
    qr_version: qrVersion,
    nonce,
    presented_at: presentedAt.toISOString(),
    expires_at:
      options.medium === 'print'
        ? null
        : new Date(presentedAt.getTime() + OFFLINE_QR_LIFETIME_MS).toISOString(),
    fields: [...options.fields],
  };
}
