/**
 * Checks again the SD-JWT VCs a backup carries beside its cards' W3C documents (core api/export.ts
 * `credential_sd_jwts`, export version 3; DECISIONS D7.2; docs/oid4vci.md "Backups and export"),
 * before the restore's transaction (a URL issuer's keys may be fetched: PGlite has one
 * connection). accounts/restore-backup.ts asks through the wallet's port (lib/roles.ts
 * `checkCardSdJwts`); wallet/restore-credentials.ts stores those that pass beside their documents.
 *
 * Each entry must, or the whole restore fails with AppError 'backup_invalid' (422) and nothing
 * is stored:
 * - name a document of the same backup (`document_id` = one of `documents`' `id`, at most once),
 *   whose type is one of the SPEC's ten;
 * - verify as the wallet checks an issued SD-JWT VC (lib/oid4vci/verify-issued-sd-jwt.ts): the
 *   compact form as issued, the signature by the issuer's key as the verifier finds it
 *   (lib/sd-jwt-issuer-key.ts: a did `iss` names its own key; a URL `iss` the trust list's keys,
 *   then those its metadata publishes, fetched again now), every disclosure referenced once,
 *   `cnf.jwk` one of this holder's two keys (Ed25519 or P-256);
 * - have the `vct` of the document's type (lib/received-records.ts documentTypeOfVct);
 * - be signed by the document's issuer: `iss` is the document's `issuer.id`, or a URL the trust
 *   list names with that DID among its own;
 * - carry the same claims as the document (its credentialSubject without `id`, every disclosure
 *   applied, registered JWT members aside).
 * Expiry is not a reason to refuse (the document comes back expired too): an expired SD-JWT is
 * checked as at the last second it was valid. A document without an entry (an older backup, or
 * a card whose issuer sent the W3C form only) simply comes back without an SD-JWT VC.
 *
 * Input: { ...deps, userId, documents, sdJwts }.
 * Output: Map of document `id` -> the SD-JWT exactly as the backup carried it.
 * Errors: backup_invalid (422); issuer_unreachable (502), issuer_address_refused /
 * issuer_metadata_invalid (422) when a URL issuer's keys cannot be had now.
 */
import { isDeepStrictEqual } from 'node:util';
import { DOCUMENT_TYPES, type ExportedCredentialSdJwt, isJsonObject } from '@pehchaan/core';
import { decodeJwt } from 'jose';
import type { DbOrTx } from '../db/create-db';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { issuerHttpOf } from '../lib/oid4vci/issuer-http';
import { fetchIssuerMetadata, type IssuerMetadata } from '../lib/oid4vci/offer';
import { recheckHeldSdJwt } from '../lib/oid4vci/recheck-held-sd-jwt';
import type { SafeFetchOptions } from '../lib/oid4vp/safe-fetch';
import { documentTypeOfVct } from '../lib/received-records';
import { isIssuerUrl } from '../lib/sd-jwt-issuer-key';
import { loadTrustList, type TrustList } from '../lib/trust-list';
import { holderPublicKeys } from './restore-received-credentials';

/** The detail of a card's SD-JWT VC that does not check out. */
export const CARD_SD_JWT_INVALID_DETAIL =
  "This backup holds a credential's SD-JWT form that is not yours, does not verify or does not match its document; nothing was restored.";

function invalid(): AppError {
  return new AppError('backup_invalid', CARD_SD_JWT_INVALID_DETAIL);
}

export type CheckCardSdJwtsOptions = Omit<ServiceDeps, 'db'> & {
  db: DbOrTx;
  userId: string;
  documents: readonly Record<string, unknown>[];
  sdJwts: readonly ExportedCredentialSdJwt[];
  /** Tests only: resolver, CA or limits for the issuer requests. */
  fetchOptions?: Omit<SafeFetchOptions, 'allowLoopback'>;
};

/** See the module docs. */
export async function checkCardSdJwts(
  options: CheckCardSdJwtsOptions,
): Promise<Map<string, string>> {
  const checked = new Map<string, string>();
  if (options.sdJwts.length === 0) return checked;
  const keys = await holderPublicKeys(options.db, options.userId);
  const trustList = await loadTrustList({ db: options.db, publicOrigin: options.publicOrigin });
  for (const entry of options.sdJwts) {
    const document = options.documents.find((d) => d.id === entry.document_id);
    if (!document || checked.has(entry.document_id)) throw invalid();
    await checkOne(options, trustList, keys, document, entry.sd_jwt);
    checked.set(entry.document_id, entry.sd_jwt);
  }
  return checked;
}

/** One SD-JWT VC against its document. @throws see the module docs. */
async function checkOne(
  options: CheckCardSdJwtsOptions,
  trustList: TrustList,
  keys: { ed25519?: Record<string, string>; p256?: Record<string, string> },
  document: Record<string, unknown>,
  sdJwt: string,
): Promise<void> {
  const types = Array.isArray(document.type) ? document.type : [];
  const type = DOCUMENT_TYPES.find((t) => types.includes(t.credentialType));
  const issuer = isJsonObject(document.issuer) ? document.issuer.id : document.issuer;
  const subject = isJsonObject(document.credentialSubject) ? document.credentialSubject : {};
  if (!type || typeof issuer !== 'string') throw invalid();
  let payload: Record<string, unknown>;
  try {
    payload = decodeJwt(sdJwt.split('~')[0] ?? '') as Record<string, unknown>;
  } catch {
    throw invalid();
  }
  const cnf = (payload.cnf as { jwk?: { kty?: unknown } } | undefined)?.jwk;
  const holderJwk = cnf?.kty === 'EC' ? keys.p256 : keys.ed25519;
  const iss = typeof payload.iss === 'string' ? payload.iss : '';
  const issuerOk =
    iss === issuer ||
    (isIssuerUrl(iss) && (trustList.find({ identifier: iss })?.dids.includes(issuer) ?? false));
  if (!holderJwk || !issuerOk) throw invalid();
  const http = issuerHttpOf(options, options.fetchOptions);
  // A did `iss` names its own key; a URL issuer's published keys come from its metadata, now.
  const metadata: IssuerMetadata = isIssuerUrl(iss)
    ? await fetchIssuerMetadata(iss, http, { trustList, now: options.now })
    : { credential_issuer: iss, credential_endpoint: iss, credential_configurations_supported: {} };
  const verified = await recheckHeldSdJwt(sdJwt, {
    trustList,
    credentialIssuer: iss,
    vct: undefined,
    holderJwk,
    metadata,
    exp: typeof payload.exp === 'number' ? payload.exp : undefined,
    now: options.now(),
    http,
    refused: invalid,
  });
  const { id: _subjectId, ...claims } = subject;
  if (
    documentTypeOfVct(options.publicOrigin, verified.vct) !== type.key ||
    !isDeepStrictEqual(verified.claims, claims)
  ) {
    throw invalid();
  }
}
