/**
 * The holder's presentation of one credential as an SD-JWT VC (DECISIONS D7.3 and D7.4; RFC
 * 9901 SD-JWT section 4.3, draft-ietf-oauth-sd-jwt-vc), called by the OpenID4VP wallet once the
 * holder has approved the request in their live session: the caller is responsible for that
 * approval; this service signs only what it is told to disclose.
 *
 * Input: { ...deps, userId, documentType (catalogue key), disclose (top-level claim names, e.g.
 * ['name', 'date_of_birth']), nonce (the verifier's nonce), audience (the verifier's client_id) }.
 * Output: the presentation 'issuerJwt~disclosure~...~kbJwt': the issuer-signed JWT, the
 * disclosures of exactly the claims in `disclose` (repeats count once), and a key-binding JWT
 * ({ typ: 'kb+jwt', alg: 'EdDSA' }, { iat: now, nonce, aud: audience, sd_hash }) signed with the
 * holder's key (lib/holder-keys.ts), whose public key is the credential's `cnf.jwk`.
 * A credential of that type received from an issuer over OpenID4VCI (lib/received-records.ts,
 * e.g. UIDAI's `vc+sd-jwt` Aadhaar) is presented when the holder has none of the product's: its
 * SD-JWT exactly as issued, its own disclosures, and a key-binding JWT signed by the key it is
 * bound to (its `cnf.jwk`: the holder's P-256 key, ES256, or Ed25519, EdDSA).
 * With `receivedCredentialId` instead of `documentType`, that received credential of the holder
 * is presented the same way, whatever its type (a DCQL query matched it by vct and claims:
 * lib/oid4vp dcql-match.ts); `vc+sd-jwt` and `dc+sd-jwt` alike.
 * Errors: AppError 'credential_not_found' (404) when the holder has no credential of that type
 * (or no received credential of that id, or one still waiting for its issuer);
 * 'unknown_claim' (400) naming the first claim the credential cannot disclose; 'invalid_input'
 * (400) for an unknown document type or an empty nonce or audience.
 */
import { type DocumentTypeKey, getDocumentType, MESSAGES } from '@pehchaan/core';
import { and, eq, sql } from 'drizzle-orm';
import {
  credentials,
  holderKeys,
  type ReceivedCredentialRow,
  receivedCredentials,
} from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { holderKeyOfRow, loadHolderKey, loadHolderKeyOf } from '../lib/holder-keys';
import { prepared } from '../lib/prepared';
import { readIssuedCredential, selectReceivedCredential } from '../lib/received-records';
import {
  confirmationKeyOf,
  disclosableClaimsOfSdJwt,
  presentSdJwtVc,
  sdJwtAad,
} from '../lib/sd-jwt-vc';
import { issueSdJwtVc } from './issue-sd-jwt-vc';
import { refuseUnshareableCredential } from './refuse-unshareable-credential';

/** What to present: the holder's credential of a type, or a received credential by id. */
export type PresentCredentialInput = {
  userId: string;
  disclose: readonly string[];
  nonce: string;
  audience: string;
} & ({ documentType: DocumentTypeKey } | { receivedCredentialId: string });

export type PresentCredentialOptions = ServiceDeps & PresentCredentialInput;

/** See the module docs. */
export async function presentCredential(options: PresentCredentialOptions): Promise<string> {
  const { db, userId } = options;
  if (options.nonce.length === 0) throw new AppError('invalid_input', 'The nonce is empty');
  if (options.audience.length === 0) throw new AppError('invalid_input', 'The audience is empty');
  if ('receivedCredentialId' in options) {
    const row = await selectReceivedCredential(db, userId, options.receivedCredentialId);
    if (!row) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
    return presentReceivedRow(options, row, row.display.name);
  }
  const type = getDocumentType(options.documentType);
  const documentType = options.documentType;
  if (!type) throw new AppError('invalid_input', `Unknown document type: ${documentType}`);

  // The credential with the holder's key row (one statement; the key is read every time).
  const [found] = await prepared(db, 'credential_of_type_with_key', (handle) =>
    handle
      .select({ credential: credentials, key: holderKeys })
      .from(credentials)
      .leftJoin(holderKeys, eq(holderKeys.userId, credentials.userId))
      .where(
        and(
          eq(credentials.userId, sql.placeholder('userId')),
          eq(credentials.documentType, sql.placeholder('documentType')),
        ),
      )
      .prepare('credential_of_type_with_key'),
  ).execute({ userId, documentType: type.key });
  if (!found) return presentReceivedCredential(options, type.key, type.name);
  const row = found.credential;
  refuseUnshareableCredential(row.statusValue, 'share');

  // Issued with the credential; one issued before SD-JWT VCs existed is issued now.
  const sdJwt = row.sdJwtCiphertext
    ? options.vault.decrypt(row.sdJwtCiphertext, sdJwtAad(row.id))
    : await issueSdJwtVc({ ...options, row });
  const disclosable = new Set(await disclosableClaimsOfSdJwt(sdJwt));
  const unknown = options.disclose.find((claim) => !disclosable.has(claim));
  if (unknown !== undefined) {
    throw new AppError('unknown_claim', `A ${type.name} has no claim named ${unknown}`);
  }

  // A credential issued just now above may have made the holder's key: read it then.
  const holderKey = found.key
    ? holderKeyOfRow({ vault: options.vault, userId }, found.key)
    : await loadHolderKey({ ...options, userId });
  // One key per holder, never rotated: a mismatch means the key row was replaced by hand.
  if ((await confirmationKeyOf(sdJwt))?.x !== holderKey.publicJwk.x) {
    throw new Error(`The SD-JWT VC ${row.id} is bound to another key than ${userId}'s`);
  }
  return presentSdJwtVc({
    sdJwt,
    disclose: [...new Set(options.disclose)],
    holderKey,
    nonce: options.nonce,
    audience: options.audience,
    now: options.now(),
  });
}

/** Presents the holder's received credential of `documentType` (see the module docs). */
async function presentReceivedCredential(
  options: PresentCredentialOptions,
  documentType: DocumentTypeKey,
  typeName: string,
): Promise<string> {
  const { db, userId } = options;
  const [row] = await db
    .select()
    .from(receivedCredentials)
    .where(
      and(
        eq(receivedCredentials.userId, userId),
        eq(receivedCredentials.documentType, documentType),
      ),
    );
  if (!row) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  return presentReceivedRow(options, row, typeName);
}

/** Presents one received credential row (see the module docs). */
async function presentReceivedRow(
  options: PresentCredentialOptions,
  row: ReceivedCredentialRow,
  typeName: string,
): Promise<string> {
  const { userId } = options;
  refuseUnshareableCredential(row.statusValue, 'share');
  const sdJwt = readIssuedCredential(row, options.vault);
  if (sdJwt === undefined || !row.format.endsWith('sd-jwt')) {
    throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  }
  const disclosable = new Set(await disclosableClaimsOfSdJwt(sdJwt));
  const unknown = options.disclose.find((claim) => !disclosable.has(claim));
  if (unknown !== undefined) {
    throw new AppError('unknown_claim', `A ${typeName} has no claim named ${unknown}`);
  }
  const cnf = await confirmationKeyOf(sdJwt);
  const alg = cnf?.kty === 'EC' && cnf.crv === 'P-256' ? 'ES256' : 'EdDSA';
  const holderKey = await loadHolderKeyOf({ ...options, userId, alg });
  const own = holderKey.publicJwk as unknown as Record<string, unknown>;
  // The wallet checked cnf.jwk on receipt; a mismatch means the key row was replaced by hand.
  if (cnf?.x !== own.x || (cnf?.y ?? undefined) !== (own.y ?? undefined)) {
    throw new Error(`The received SD-JWT VC ${row.id} is bound to another key than ${userId}'s`);
  }
  return presentSdJwtVc({
    sdJwt,
    disclose: [...new Set(options.disclose)],
    holderKey,
    nonce: options.nonce,
    audience: options.audience,
    now: options.now(),
  });
}

/** The wallet's port (lib/roles.ts presentCredential): presentCredential with `deps`. */
export function presentCredentialFor(
  deps: ServiceDeps,
): (options: PresentCredentialInput) => Promise<string> {
  return (options) => presentCredential({ ...deps, ...options });
}
