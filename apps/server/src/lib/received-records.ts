/**
 * Credentials received from issuers over OpenID4VCI (table received_credentials; core
 * api/credential-offers.ts) as the holder's list shows them: core's CredentialRecord with
 * `received` set and `credential_subject` = the claims the issuer disclosed to the holder (every
 * disclosure of an SD-JWT VC applied; an ldp_vc's credentialSubject), plus `name` and
 * `document_type` (the credential's display name), which the record schema needs. Reads only;
 * the wallet role writes the table.
 *
 * Also SPEC 5's one-per-type rule for received credentials: `documentTypeOfVct` says which of
 * the SPEC's ten types a received SD-JWT VC is (the product's own `vct` of a type, or UIDAI's
 * Aadhaar), and `holdsDocumentType` whether the holder already has one of that type.
 */
import {
  type CredentialRecord,
  DOCUMENT_TYPE_KEYS,
  type DocumentTypeKey,
  type ReceivedFormat,
  receivedFormatSchema,
  vctOf,
} from '@pehchaan/core';
import { digest } from '@sd-jwt/crypto-nodejs';
import { decodeSdJwt, getClaims } from '@sd-jwt/decode';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { credentials, type ReceivedCredentialRow, receivedCredentials } from '../db/schema';
import { AppError } from './errors';
import { NON_CLAIMS } from './oid4vci/verify-issued-sd-jwt';
import { credentialStatusOfRow } from './records';
import type { Vault } from './vault';

/** AAD of a received credential's issued form: binds it to its row. */
export const receivedCredentialAad = (id: string) => `received-credential:${id}`;
/** AAD of what later calls to the issuer need (access token, notification id, ...). */
export const receivedExchangeAad = (id: string) => `received-exchange:${id}`;

/** What the wallet keeps to talk to the issuer about a received credential later. */
export interface ReceivedExchange {
  access_token?: string;
  notification_endpoint?: string;
  notification_id?: string;
  deferred_credential_endpoint?: string;
  transaction_id?: string;
  /** Deferred issuance: the JWS alg of the proof (which holder key the credential binds). */
  proof_alg?: 'EdDSA' | 'ES256';
  /** Deferred issuance: the issuer's metadata as fetched (its keys, for the check later). */
  metadata?: unknown;
}

/**
 * The SPEC type a received credential counts as (SPEC 5's one-per-type rule), or undefined for
 * any other type: a `vct` that is the product's own `{PUBLIC_ORIGIN}/vct/{type}`, or UIDAI's
 * Aadhaar credential (a vct whose last segment is 'aadhaar', as UIDAI's profile and the
 * product's own name it).
 */
export function documentTypeOfVct(
  publicOrigin: string,
  vct: string | null,
): DocumentTypeKey | undefined {
  if (!vct) return undefined;
  const own = DOCUMENT_TYPE_KEYS.find((key) => vctOf(publicOrigin, key) === vct);
  if (own) return own;
  const last = vct.toLowerCase().split(/[/:#]/).filter(Boolean).pop();
  return last === 'aadhaar' || last === 'aadhaarcredential' ? 'aadhaar' : undefined;
}

/**
 * True when holder `userId` already has a credential of `documentType`: one of the product's
 * (table credentials) or a received one.
 */
export async function holdsDocumentType(
  db: DbOrTx,
  userId: string,
  documentType: DocumentTypeKey,
): Promise<boolean> {
  const [own] = await db
    .select({ id: credentials.id })
    .from(credentials)
    .where(and(eq(credentials.userId, userId), eq(credentials.documentType, documentType)));
  if (own) return true;
  const [received] = await db
    .select({ id: receivedCredentials.id })
    .from(receivedCredentials)
    .where(
      and(
        eq(receivedCredentials.userId, userId),
        eq(receivedCredentials.documentType, documentType),
      ),
    );
  return received !== undefined;
}

/** The issued form of a received credential, exactly as the issuer sent it (undefined while pending). */
export function readIssuedCredential(row: ReceivedCredentialRow, vault: Vault): string | undefined {
  return row.issuedCiphertext === null
    ? undefined
    : vault.decrypt(row.issuedCiphertext, receivedCredentialAad(row.id));
}

/** What the wallet keeps to talk to the issuer later ({} when nothing). */
export function readReceivedExchange(row: ReceivedCredentialRow, vault: Vault): ReceivedExchange {
  if (row.exchangeCiphertext === null) return {};
  return JSON.parse(vault.decrypt(row.exchangeCiphertext, receivedExchangeAad(row.id)));
}

/** The claims about the holder of an issued SD-JWT VC, every disclosure applied. */
export async function sdJwtClaims(sdJwt: string): Promise<Record<string, unknown>> {
  const decoded = await decodeSdJwt(sdJwt, digest);
  const all = await getClaims<Record<string, unknown>>(
    decoded.jwt.payload,
    decoded.disclosures,
    digest,
  );
  return Object.fromEntries(Object.entries(all).filter(([name]) => !NON_CLAIMS.has(name)));
}

/**
 * A received SD-JWT VC as OpenID4VP's DCQL matching sees it (lib/oid4vp dcql-match.ts
 * DcqlCandidate): its row id, format, `vct`, SPEC type (null for another type), the display kept
 * at receipt ({ issuer_name, name, claim_labels }) and its claims, every disclosure applied.
 */
export interface PresentableReceivedCredential {
  id: string;
  format: string;
  vct: string | null;
  documentType: string | null;
  display: ReceivedCredentialRow['display'];
  claims: Record<string, unknown>;
}

/**
 * The holder's received credentials that can be presented over OpenID4VP: issued (not waiting
 * for a deferred issuer), SD-JWT VCs (`dc+sd-jwt` or `vc+sd-jwt`) with a `vct`, oldest first
 * (the first received answers a query first). Decrypts each to read its claims.
 */
export async function listPresentableReceivedCredentials(
  db: DbOrTx,
  vault: Vault,
  userId: string,
): Promise<PresentableReceivedCredential[]> {
  const rows = await db
    .select()
    .from(receivedCredentials)
    .where(and(eq(receivedCredentials.userId, userId), eq(receivedCredentials.state, 'issued')))
    .orderBy(asc(receivedCredentials.receivedAt), asc(receivedCredentials.id));
  const presentable: PresentableReceivedCredential[] = [];
  for (const row of rows) {
    if (!row.format.endsWith('sd-jwt') || row.vct === null) continue;
    const issued = readIssuedCredential(row, vault);
    if (issued === undefined) continue;
    presentable.push({
      id: row.id,
      format: row.format,
      vct: row.vct,
      documentType: row.documentType,
      display: row.display,
      claims: await sdJwtClaims(issued),
    });
  }
  return presentable;
}

/** The ids of the holder's issued received credentials (what `withHeld` counts as held). */
export async function receivedCredentialIds(db: DbOrTx, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: receivedCredentials.id })
    .from(receivedCredentials)
    .where(and(eq(receivedCredentials.userId, userId), eq(receivedCredentials.state, 'issued')));
  return new Set(rows.map((row) => row.id));
}

/**
 * The claims about the holder of an issued W3C Data Integrity credential (ldp_vc, stored as the
 * JSON text the issuer sent): its credentialSubject (the first, when a list), `id` included.
 */
export function ldpVcClaims(issued: string): Record<string, unknown> {
  const document = JSON.parse(issued) as { credentialSubject?: unknown };
  const subject = Array.isArray(document.credentialSubject)
    ? document.credentialSubject[0]
    : document.credentialSubject;
  return typeof subject === 'object' && subject !== null ? { ...subject } : {};
}

/** A person's name from common claim names, else undefined. */
function personName(claims: Record<string, unknown>): string | undefined {
  if (typeof claims.name === 'string' && claims.name !== '') return claims.name;
  const parts = [claims.given_name, claims.family_name].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/**
 * The screen record of a received credential (unmasked; the list masks it).
 * @param trusted whether its issuer is on the trust list now.
 * @throws when the stored ciphertext does not decrypt (a 500, as for the product's documents).
 */
export async function toReceivedCredentialRecord(
  row: ReceivedCredentialRow,
  vault: Vault,
  trusted: boolean,
): Promise<CredentialRecord> {
  const issued = readIssuedCredential(row, vault);
  const claims =
    issued === undefined
      ? {}
      : row.format === 'ldp_vc'
        ? ldpVcClaims(issued)
        : await sdJwtClaims(issued);
  const format: ReceivedFormat = receivedFormatSchema.catch('dc+sd-jwt').parse(row.format);
  const subjectId = typeof claims.id === 'string' ? claims.id : row.id;
  return {
    id: row.id,
    userId: row.userId,
    type: ['VerifiableCredential', row.display.name],
    issuer: row.credentialIssuer,
    issuance_date: row.issuedAt.toISOString(),
    expiration_date: row.expiresAt ? row.expiresAt.toISOString() : '',
    credential_subject: {
      ...claims,
      id: subjectId,
      name: personName(claims) ?? row.display.name,
      document_type: row.display.name,
    },
    proof: null,
    ...(row.position === null ? {} : { position: row.position }),
    received: {
      format,
      credential_issuer: row.credentialIssuer,
      issuer_name: row.display.issuer_name,
      trusted,
      name: row.display.name,
      vct: row.vct,
      claim_labels: row.display.claim_labels,
      state: row.state === 'pending' ? 'pending' : 'issued',
    },
    status: credentialStatusOfRow(row),
  };
}

/**
 * The holder's received credential with this id, or undefined (another holder's id answers the
 * same).
 */
export async function selectReceivedCredential(
  db: DbOrTx,
  userId: string,
  credentialId: string,
): Promise<ReceivedCredentialRow | undefined> {
  const [row] = await db
    .select()
    .from(receivedCredentials)
    .where(and(eq(receivedCredentials.id, credentialId), eq(receivedCredentials.userId, userId)));
  return row;
}

/**
 * For the features of the product's own documents that a received credential does not have
 * (its W3C document, the bare link /verify/{id}, share links, revealing one field): when
 * `credentialId` is one of the holder's received credentials, throws AppError
 * 'received_credential_unsupported' (409) saying so; otherwise returns, and the caller answers
 * credential_not_found as before.
 */
export async function refuseReceivedCredential(
  db: DbOrTx,
  userId: string,
  credentialId: string,
  feature: string,
): Promise<void> {
  if (await selectReceivedCredential(db, userId, credentialId)) {
    throw new AppError(
      'received_credential_unsupported',
      `${feature} is not available for a credential received from an issuer.`,
    );
  }
}

/**
 * The activity entry of a credential received from an issuer over OpenID4VCI (SPEC 6's log,
 * type and code `credential_received`): the document type (a catalogue key, else the
 * credential's display name) and the issuer's display name, each cut at 200 characters. Spread
 * into recordActivity.
 */
export function credentialReceivedEntry(documentType: string, issuer: string) {
  return {
    type: 'credential_received' as const,
    message: {
      code: 'credential_received' as const,
      params: { document_type: documentType.slice(0, 200), issuer: issuer.slice(0, 200) },
    },
  };
}
