/**
 * The product's issuers as OpenID4VCI 1.0 Credential Issuers (OpenID for Verifiable Credential
 * Issuance 1.0, final; docs/oid4vci.md "Receiving from the product's issuers"; DECISIONS 9.1): the
 * constants, endpoint URLs and errors the issuer's use cases share.
 *
 * Each of core's ISSUERS is one Credential Issuer at core's credentialIssuerIdentifier
 * (`{PUBLIC_ORIGIN}/oid4vci/issuers/{slug}`), its own authorization server (pre-authorized code
 * grant only), offering each document type of core's catalogue that it issues in two credential
 * configurations: `{type}_sd_jwt` (format `dc+sd-jwt`, the type's `vct`) and `{type}_ldp_vc`
 * (format `ldp_vc`, W3C VCDM 2.0 with a Data Integrity proof).
 */
import {
  credentialIssuerIdentifier,
  DOCUMENT_TYPES,
  type DocumentType,
  type DocumentTypeKey,
  getDocumentType,
  ISSUERS,
  type IssuerName,
  issuerSlug,
} from '@pehchaan/core';

/** How long a credential offer can be redeemed (s): 10 minutes, long enough to read an SMS. */
export const OFFER_TTL_SECONDS = 600;
/** Life of an access token from the token endpoint (s): covers the credential and deferred calls. */
export const ACCESS_TOKEN_TTL_SECONDS = 900;
/** Life of a c_nonce from the nonce endpoint (s); each is single use. */
export const C_NONCE_TTL_SECONDS = 300;
/** Wrong transaction codes an offer survives: at this many wrong tries it is dead (invalid_grant). */
export const MAX_TX_CODE_FAILURES = 3;
/** Digits of a transaction code (OpenID4VCI 1.0 section 4.1.1 `tx_code.length`). */
export const TX_CODE_LENGTH = 6;
/** Longest wait an issuer may ask for a deferred credential (s), POST /issuer/offers `ready_after_seconds`. */
export const MAX_DEFERRED_SECONDS = 3600;
/** A proof JWT's `iat` may be at most this old (s)... */
export const PROOF_MAX_AGE_SECONDS = 300;
/** ...and this far in the future (s): clock skew between wallet and issuer. */
export const PROOF_CLOCK_TOLERANCE_SECONDS = 60;

/** The pre-authorized code grant type (OpenID4VCI 1.0 section 4.1.1). */
export const PRE_AUTHORIZED_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
/** The JOSE `typ` of a key proof (OpenID4VCI 1.0 appendix F.1). */
export const PROOF_JWT_TYP = 'openid4vci-proof+jwt';
/** Key proof algorithms: ES256 (P-256, the UIDAI profile) and EdDSA (Ed25519). */
export const PROOF_SIGNING_ALGS = ['ES256', 'EdDSA'] as const;

/** The formats the product's issuers issue. */
export const OFFER_FORMATS = ['dc+sd-jwt', 'ldp_vc'] as const;
export type OfferFormat = (typeof OFFER_FORMATS)[number];

/** The Data Integrity cryptosuites of ldp_vc credentials (W3C Data Integrity EdDSA v1.0). */
export const LDP_VC_CRYPTOSUITES = ['eddsa-jcs-2022', 'eddsa-rdfc-2022'] as const;

/** Notification events (OpenID4VCI 1.0 section 11.1). */
export const NOTIFICATION_EVENTS = [
  'credential_accepted',
  'credential_failure',
  'credential_deleted',
] as const;

const SUFFIX: Record<OfferFormat, string> = { 'dc+sd-jwt': '_sd_jwt', ldp_vc: '_ldp_vc' };

/** The credential configuration id of `type` in `format`, e.g. 'pan_sd_jwt', 'pan_ldp_vc'. */
export function configurationIdOf(type: DocumentTypeKey, format: OfferFormat): string {
  return `${type}${SUFFIX[format]}`;
}

/** The document type and format a configuration id names; undefined for any other string. */
export function parseConfigurationId(
  id: string,
): { type: DocumentType; format: OfferFormat } | undefined {
  for (const format of OFFER_FORMATS) {
    if (!id.endsWith(SUFFIX[format])) continue;
    const type = getDocumentType(id.slice(0, -SUFFIX[format].length));
    return type ? { type, format } : undefined;
  }
  return undefined;
}

/** The issuer whose slug is `slug` ('income-tax-department'), or undefined. */
export function issuerOfSlug(slug: string): IssuerName | undefined {
  return ISSUERS.find((name) => issuerSlug(name) === slug);
}

/** The catalogue's document types `issuer` issues. */
export function documentTypesOf(issuer: IssuerName): DocumentType[] {
  return DOCUMENT_TYPES.filter((type) => type.issuer === issuer);
}

/** The URLs of one Credential Issuer (all under its identifier but the metadata). */
export interface CredentialIssuerUrls {
  credentialIssuer: string;
  token: string;
  nonce: string;
  credential: string;
  deferredCredential: string;
  notification: string;
}

/** The endpoints of `issuer` on `publicOrigin` (OpenID4VCI 1.0 sections 7 to 11). */
export function credentialIssuerUrls(
  publicOrigin: string,
  issuer: IssuerName,
): CredentialIssuerUrls {
  const base = credentialIssuerIdentifier(publicOrigin, issuer);
  return {
    credentialIssuer: base,
    token: `${base}/token`,
    nonce: `${base}/nonce`,
    credential: `${base}/credential`,
    deferredCredential: `${base}/deferred_credential`,
    notification: `${base}/notification`,
  };
}

/** The public URL of offer `id` (its `credential_offer_uri`). */
export function offerUriOf(publicOrigin: string, id: string): string {
  return `${publicOrigin.replace(/\/$/, '')}/oid4vci/offers/${id}`;
}

/**
 * OAuth 2.0 / OpenID4VCI error codes the wallet-facing endpoints answer (RFC 6749 5.2, RFC 6750
 * 3.1, OpenID4VCI 1.0 sections 8.3.1.2, 9.3, 11.3).
 */
export type Oid4vciErrorCode =
  | 'invalid_request'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_token'
  | 'invalid_credential_request'
  | 'unknown_credential_configuration'
  | 'invalid_proof'
  | 'invalid_nonce'
  | 'credential_request_denied'
  | 'invalid_transaction_id'
  | 'invalid_notification_id'
  | 'invalid_notification_request';

/**
 * A refusal of a wallet-facing OpenID4VCI endpoint, answered as the standard's error JSON
 * `{ error, error_description }` (application/json) with `status` (400; 401 for invalid_token,
 * with `WWW-Authenticate: Bearer error="invalid_token"`) by routes/oid4vci. `description` is a
 * plain sentence that never echoes input.
 */
export class Oid4vciError extends Error {
  constructor(
    readonly error: Oid4vciErrorCode,
    readonly description: string,
    readonly status: 400 | 401 = error === 'invalid_token' ? 401 : 400,
  ) {
    super(description);
    this.name = 'Oid4vciError';
  }
}

/** True for an Oid4vciError. */
export function isOid4vciError(error: unknown): error is Oid4vciError {
  return error instanceof Oid4vciError;
}
