/**
 * The status lists of the product's issuers (docs/status-lists.md; DECISIONS 8): the constants,
 * URLs and status entries the issuer's use cases share.
 *
 * Each issuer keeps numbered lists (1, 2, ...) of STATUS_LIST_SIZE entries. One credential (both
 * of its forms, one `urn:uuid:` id) has one entry: index `idx` of list `n`, served two ways at
 * stable URLs on PUBLIC_ORIGIN:
 * - IETF Token Status List (draft-ietf-oauth-status-list): `{origin}/status-lists/{slug}/{n}`, a
 *   `statuslist+jwt` with 2 bits per entry (STATUS_TYPE_VALUES: 0 valid, 1 invalid = revoked,
 *   2 suspended); an SD-JWT VC carries `status: { status_list: { idx, uri } }`.
 * - W3C Bitstring Status List v1.0: `{origin}/status-lists/{slug}/{n}/revocation` and
 *   `.../suspension`, a BitstringStatusListCredential each; an ldp_vc carries two
 *   BitstringStatusListEntry objects in `credentialStatus`, one per purpose, at the same index.
 */
import { type IssuerName, issuerSlug } from '@pehchaan/core';

/**
 * Entries per list: 131,072 (2^17), the W3C Bitstring Status List's minimum length, so that a
 * list hides which and how many credentials it holds (herd privacy).
 */
export const STATUS_LIST_SIZE = 131_072;

/** The share of a list handed out before a new list is opened: random draws rarely collide. */
export const STATUS_LIST_FILL_LIMIT = 0.5;

/** Seconds a relying party may keep a served list (the token's `ttl`). */
export const STATUS_LIST_TTL_SECONDS = 300;

/** Seconds the served token and credential stay valid after their `iat` / validFrom. */
export const STATUS_LIST_VALIDITY_SECONDS = 24 * 60 * 60;

/** The credential statuses an issuer sets (POST /issuer/credentials/{id}/status). */
export const CREDENTIAL_STATUSES = ['valid', 'suspended', 'revoked'] as const;
export type CredentialStatusValue = (typeof CREDENTIAL_STATUSES)[number];

/** Token Status List values (2 bits; draft-ietf-oauth-status-list section 7.1). */
export const STATUS_TYPE_VALUES: Record<CredentialStatusValue, number> = {
  valid: 0,
  revoked: 1,
  suspended: 2,
};

/** The W3C status purposes an ldp_vc names, each with its own list. */
export const BITSTRING_PURPOSES = ['revocation', 'suspension'] as const;
export type BitstringPurpose = (typeof BITSTRING_PURPOSES)[number];

/** Longest `reason` an issuer may give (characters). */
export const MAX_STATUS_REASON_LENGTH = 200;

/** The media type of a Token Status List JWT. */
export const STATUS_LIST_JWT_MEDIA_TYPE = 'application/statuslist+jwt';

/** The Token Status List URL of list `n` of `issuer`: `{origin}/status-lists/{slug}/{n}`. */
export function statusListUrl(publicOrigin: string, issuer: IssuerName, n: number): string {
  return `${publicOrigin}/status-lists/${issuerSlug(issuer)}/${n}`;
}

/** The BitstringStatusListCredential URL of list `n` for `purpose`. */
export function bitstringStatusListUrl(
  publicOrigin: string,
  issuer: IssuerName,
  n: number,
  purpose: BitstringPurpose,
): string {
  return `${statusListUrl(publicOrigin, issuer, n)}/${purpose}`;
}

/** Where one credential's status is: its id as issued, its list and its index there. */
export interface CredentialStatusEntry {
  /** 'urn:uuid:...', the ldp_vc's `id`, shared by both forms. */
  credentialId: string;
  listNumber: number;
  index: number;
}

/** The SD-JWT VC claim (draft-ietf-oauth-status-list section 6.1), a plain (not disclosable) claim. */
export function tokenStatusClaim(
  publicOrigin: string,
  issuer: IssuerName,
  entry: CredentialStatusEntry,
): { status_list: { idx: number; uri: string } } {
  return {
    status_list: { idx: entry.index, uri: statusListUrl(publicOrigin, issuer, entry.listNumber) },
  };
}

/** The ldp_vc's `credentialStatus` (W3C Bitstring Status List v1.0 section 2.1), both purposes. */
export function bitstringStatusEntries(
  publicOrigin: string,
  issuer: IssuerName,
  entry: CredentialStatusEntry,
): Record<string, string>[] {
  return BITSTRING_PURPOSES.map((purpose) => {
    const list = bitstringStatusListUrl(publicOrigin, issuer, entry.listNumber, purpose);
    return {
      id: `${list}#${entry.index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: purpose,
      statusListIndex: String(entry.index),
      statusListCredential: list,
    };
  });
}
