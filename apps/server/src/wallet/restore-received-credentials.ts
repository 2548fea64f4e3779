/**
 * Brings back the credentials a backup holds that the holder received from issuers over
 * OpenID4VCI (core api/export.ts `exportedReceivedCredentialSchema`, export version 2;
 * docs/oid4vci.md "Backups and export"). Two steps, so no issuer is asked inside a database
 * transaction (PGlite has one connection):
 *
 * 1. `checkReceivedCredentials` (before the restore's transaction): each issued credential is
 *    checked again with the wallet's own verifier code, as when it was received:
 *    - an SD-JWT VC (`dc+sd-jwt`, `vc+sd-jwt`) by lib/oid4vci/verify-issued-sd-jwt.ts: its
 *      signature by the issuer's key (lib/sd-jwt-issuer-key.ts's rules: a did `iss`, or the keys
 *      the trust list holds for the issuer, then those its metadata publishes, fetched again now,
 *      signed metadata checked: lib/oid4vci/offer.ts),
 *      `iss` = the backup's Credential Issuer Identifier, `vct`, the disclosures, and `cnf.jwk`
 *      = one of this holder's two keys (Ed25519 or P-256);
 *    - an ldp_vc document by core's verifyCredential (its Data Integrity proof) and bound to the
 *      holder through `credentialSubject.id` = the did:key of the holder's Ed25519 key.
 *    Expiry is not a reason to refuse (the product's own documents come back expired too): an
 *    expired SD-JWT is checked as at the last second it was valid. The dates stored are the
 *    credential's own (`iat`/`exp`, `validFrom`/`validUntil`), not the backup's.
 *    Trust is not stored: the list reads the current trust list each time (lib/trust-list.ts).
 *    A pending (deferred) credential is not restored: backups carry none of the issuer's secrets
 *    (access token, transaction id), so it could never be refreshed; it counts as skipped.
 * 2. `storeReceivedCredentials` (inside the restore's transaction): SPEC 5's one-per-type rule
 *    (a type the holder holds now, in either table, is skipped) and the same id held now is
 *    skipped; the others are stored as issued (vault-encrypted), with no exchange kept.
 *
 * Errors (AppError): backup_invalid (422) when one does not verify, is not bound to this holder
 * or names another issuer; issuer_unreachable (502) / issuer_address_refused (422) /
 * issuer_metadata_invalid (422) when the issuer's keys cannot be had now. Nothing is stored
 * then.
 */
import {
  DOCUMENT_TYPES,
  type ExportedReceivedCredential,
  isJsonObject,
  publicJwkToDidKey,
  verifyCredential,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { DbOrTx } from '../db/create-db';
import { holderKeys, receivedCredentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { issuerHttpOf } from '../lib/oid4vci/issuer-http';
import { fetchIssuerMetadata, type IssuerMetadata } from '../lib/oid4vci/offer';
import { recheckHeldSdJwt } from '../lib/oid4vci/recheck-held-sd-jwt';
import type { SafeFetchOptions } from '../lib/oid4vp/safe-fetch';
import type { CheckedReceivedCredential } from '../lib/received-backup';
import {
  documentTypeOfVct,
  holdsDocumentType,
  receivedCredentialAad,
} from '../lib/received-records';
import { loadTrustList } from '../lib/trust-list';

/** The detail of a received credential that does not check out. */
export const RECEIVED_BACKUP_INVALID_DETAIL =
  'This backup holds a credential from an issuer that is not yours or does not verify; nothing was restored.';

function invalid(): AppError {
  return new AppError('backup_invalid', RECEIVED_BACKUP_INVALID_DETAIL);
}

/** What the checks need. */
export type CheckReceivedOptions = Omit<ServiceDeps, 'db'> & {
  db: DbOrTx;
  userId: string;
  received: readonly ExportedReceivedCredential[];
  /** Tests only: resolver, CA or limits for the issuer requests. */
  fetchOptions?: Omit<SafeFetchOptions, 'allowLoopback'>;
};

/** The holder's public keys as stored (none made here: a restore never makes keys). */
export async function holderPublicKeys(
  db: DbOrTx,
  userId: string,
): Promise<{ ed25519?: Record<string, string>; p256?: Record<string, string> }> {
  const [row] = await db
    .select({ publicJwk: holderKeys.publicJwk, p256PublicJwk: holderKeys.p256PublicJwk })
    .from(holderKeys)
    .where(eq(holderKeys.userId, userId));
  return { ed25519: row?.publicJwk, p256: row?.p256PublicJwk ?? undefined };
}

/** Step 1; see the module docs. @returns the credentials to store and how many were left out. */
export async function checkReceivedCredentials(
  options: CheckReceivedOptions,
): Promise<{ checked: CheckedReceivedCredential[]; leftOut: number }> {
  const keys = await holderPublicKeys(options.db, options.userId);
  const checked: CheckedReceivedCredential[] = [];
  let leftOut = 0;
  for (const item of options.received) {
    if (item.state === 'pending') {
      leftOut += 1;
      continue;
    }
    checked.push(
      item.format === 'ldp_vc'
        ? await checkDataIntegrity(options, keys, item)
        : await checkSdJwt(options, keys, item),
    );
  }
  return { checked, leftOut };
}

/** An SD-JWT VC of the backup, checked as on receipt. @throws see the module docs. */
async function checkSdJwt(
  options: CheckReceivedOptions,
  keys: { ed25519?: Record<string, string>; p256?: Record<string, string> },
  item: ExportedReceivedCredential,
): Promise<CheckedReceivedCredential> {
  const sdJwt = item.credential;
  if (typeof sdJwt !== 'string') throw invalid();
  let payload: Record<string, unknown>;
  try {
    const jwt = sdJwt.split('~')[0] ?? '';
    decodeProtectedHeader(jwt);
    payload = decodeJwt(jwt) as Record<string, unknown>;
  } catch {
    throw invalid();
  }
  const cnf = (payload.cnf as { jwk?: { kty?: unknown } } | undefined)?.jwk;
  const holderJwk = cnf?.kty === 'EC' ? keys.p256 : keys.ed25519;
  if (!holderJwk) throw invalid();
  const iss = typeof payload.iss === 'string' ? payload.iss : '';
  // The issuer's published keys come from its metadata, fetched again now (a did names its own).
  const http = issuerHttpOf(options, options.fetchOptions);
  const trustList = await loadTrustList({ db: options.db, publicOrigin: options.publicOrigin });
  const metadata: IssuerMetadata = iss.startsWith('did:')
    ? {
        credential_issuer: item.credential_issuer,
        credential_endpoint: item.credential_issuer,
        credential_configurations_supported: {},
      }
    : await fetchIssuerMetadata(item.credential_issuer, http, {
        trustList,
        now: options.now,
      });
  // Expiry is no reason to refuse: an expired credential is checked as at its last valid second.
  const now = options.now();
  const verified = await recheckHeldSdJwt(sdJwt, {
    trustList,
    credentialIssuer: item.credential_issuer,
    vct: item.vct ?? undefined,
    holderJwk,
    metadata,
    exp: typeof payload.exp === 'number' ? payload.exp : undefined,
    now,
    http,
    refused: invalid,
  });
  return {
    id: item.id,
    format: item.format,
    credentialIssuer: item.credential_issuer,
    vct: verified.vct,
    documentType: documentTypeOfVct(options.publicOrigin, verified.vct) ?? null,
    display: item.display,
    issued: sdJwt,
    issuedAt: verified.iat === undefined ? new Date(item.issued_at) : new Date(verified.iat * 1000),
    expiresAt: verified.exp === undefined ? null : new Date(verified.exp * 1000),
    receivedAt: validDate(item.received_at) ?? now,
  };
}

/** An ldp_vc document of the backup: its proof, and bound to the holder. @throws backup_invalid. */
async function checkDataIntegrity(
  options: CheckReceivedOptions,
  keys: { ed25519?: Record<string, string> },
  item: ExportedReceivedCredential,
): Promise<CheckedReceivedCredential> {
  const document = item.credential;
  if (!isJsonObject(document) || !keys.ed25519) throw invalid();
  const verdict = await verifyCredential(document, {
    checks: ['proof'],
    trustedIssuers: [],
    now: options.now(),
    crypto: options.proofCrypto,
  });
  const subject = isJsonObject(document.credentialSubject) ? document.credentialSubject : {};
  if (!verdict.verified || subject.id !== publicJwkToDidKey(keys.ed25519)) throw invalid();
  const types = Array.isArray(document.type) ? document.type : [];
  const type = DOCUMENT_TYPES.find((t) => types.includes(t.credentialType));
  const validFrom = validDate(document.validFrom ?? document.issuanceDate);
  const validUntil = validDate(document.validUntil ?? document.expirationDate);
  return {
    id: item.id,
    format: 'ldp_vc',
    credentialIssuer: item.credential_issuer,
    vct: null,
    documentType: type?.key ?? null,
    display: item.display,
    issued: JSON.stringify(document),
    issuedAt: validFrom ?? new Date(item.issued_at),
    expiresAt: validUntil ?? null,
    receivedAt: validDate(item.received_at) ?? options.now(),
  };
}

function validDate(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Step 2, in the caller's transaction; see the module docs.
 * @returns how many were stored and how many skipped (type or credential held now).
 */
export async function storeReceivedCredentials(
  db: DbOrTx,
  options: Pick<ServiceDeps, 'vault'> & {
    userId: string;
    checked: readonly CheckedReceivedCredential[];
  },
): Promise<{ restored: number; skipped: number }> {
  const { userId } = options;
  let restored = 0;
  let skipped = 0;
  for (const item of options.checked) {
    const [same] = await db
      .select({ userId: receivedCredentials.userId })
      .from(receivedCredentials)
      .where(eq(receivedCredentials.id, item.id));
    const typeHeld =
      item.documentType !== null && (await holdsDocumentType(db, userId, item.documentType));
    if (same || typeHeld) {
      skipped += 1;
      continue;
    }
    await db.insert(receivedCredentials).values({
      id: item.id,
      userId,
      documentType: item.documentType,
      format: item.format,
      credentialIssuer: item.credentialIssuer,
      vct: item.vct,
      display: item.display,
      state: 'issued',
      issuedCiphertext: options.vault.encrypt(item.issued, receivedCredentialAad(item.id)),
      exchangeCiphertext: null,
      issuedAt: item.issuedAt,
      expiresAt: item.expiresAt,
      receivedAt: item.receivedAt,
    });
    restored += 1;
  }
  return { restored, skipped };
}
