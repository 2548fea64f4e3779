/**
 * GET /.well-known/openid-credential-issuer/oid4vci/issuers/{slug} and
 * GET /.well-known/oauth-authorization-server/oid4vci/issuers/{slug}: the metadata of one of the
 * product's issuers as an OpenID4VCI 1.0 Credential Issuer (section 12.2) and as its own OAuth
 * 2.0 authorization server (RFC 8414, pre-authorized code grant only; OpenID4VCI 1.0 section
 * 12.3). Pure: built from core's catalogue and labels and the public origin.
 *
 * Credential issuer metadata: `credential_issuer` (core's credentialIssuerIdentifier),
 * `authorization_servers` (itself), the credential, nonce, deferred and notification endpoints,
 * `display` (the issuer's name), and `credential_configurations_supported`: per document type it
 * issues, `{type}_sd_jwt` (format dc+sd-jwt, the type's `vct`, bound to a `jwk`, signed EdDSA,
 * proofs ES256 or EdDSA) and `{type}_ldp_vc` (format ldp_vc, VCDM 2.0 context and types, bound to a
 * `did:key`, Data Integrity eddsa-jcs-2022 / eddsa-rdfc-2022, proofs EdDSA: an Ed25519 did:key),
 * each with `credential_metadata.display` and `claims` named in the eight UI languages.
 *
 * Errors: AppError 'not_found' (404) for a slug that names no issuer (a fixed detail).
 */
import {
  CLAIM_LABELS,
  DOCUMENT_TYPE_LABELS,
  type DocumentType,
  disclosableClaimsOf,
  ISSUER_DISPLAY_NAMES,
  type IssuerName,
  METADATA_LOCALES,
  VC_V2_CONTEXT,
  vctOf,
} from '@pehchaan/core';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import {
  configurationIdOf,
  credentialIssuerUrls,
  documentTypesOf,
  issuerOfSlug,
  LDP_VC_CRYPTOSUITES,
  PRE_AUTHORIZED_CODE_GRANT,
  PROOF_SIGNING_ALGS,
} from './oid4vci';

export const UNKNOWN_ISSUER_DETAIL = 'There is no credential issuer at this address.';

/**
 * The issuer a path's slug names.
 * @throws {AppError} 'not_found' (404) for an unknown slug.
 */
export function requireIssuerOfSlug(slug: string): IssuerName {
  const issuer = issuerOfSlug(slug);
  if (!issuer) throw new AppError('not_found', UNKNOWN_ISSUER_DETAIL);
  return issuer;
}

/** `credential_metadata` of a type: its name per language, and each claim's (path prefix `prefix`). */
function credentialMetadataOf(type: DocumentType, prefix: string[]) {
  const labels = DOCUMENT_TYPE_LABELS[type.key];
  return {
    display: METADATA_LOCALES.map((locale) => ({
      name: labels.name[locale],
      locale,
      description: labels.description[locale],
    })),
    claims: disclosableClaimsOf(type.key).map((claim) => ({
      path: [...prefix, claim],
      display: METADATA_LOCALES.map((locale) => ({
        name: CLAIM_LABELS[claim]?.[locale] ?? claim,
        locale,
      })),
    })),
  };
}

/** The two configurations of `type` (see the module comment). */
function configurationsOf(publicOrigin: string, type: DocumentType) {
  return {
    [configurationIdOf(type.key, 'dc+sd-jwt')]: {
      format: 'dc+sd-jwt',
      vct: vctOf(publicOrigin, type.key),
      cryptographic_binding_methods_supported: ['jwk'],
      credential_signing_alg_values_supported: ['EdDSA'],
      proof_types_supported: {
        jwt: { proof_signing_alg_values_supported: [...PROOF_SIGNING_ALGS] },
      },
      credential_metadata: credentialMetadataOf(type, []),
    },
    [configurationIdOf(type.key, 'ldp_vc')]: {
      format: 'ldp_vc',
      credential_definition: {
        '@context': [VC_V2_CONTEXT],
        type: ['VerifiableCredential', type.credentialType],
      },
      cryptographic_binding_methods_supported: ['did:key'],
      credential_signing_alg_values_supported: [...LDP_VC_CRYPTOSUITES],
      proof_types_supported: { jwt: { proof_signing_alg_values_supported: ['EdDSA'] } },
      credential_metadata: credentialMetadataOf(type, ['credentialSubject']),
    },
  };
}

/** Credential Issuer Metadata (OpenID4VCI 1.0 section 12.2.4); the members named are always set. */
export interface CredentialIssuerMetadata {
  credential_issuer: string;
  credential_endpoint: string;
  credential_configurations_supported: Record<string, unknown>;
  [member: string]: unknown;
}

/** OAuth 2.0 Authorization Server Metadata (RFC 8414 section 2). */
export interface AuthorizationServerMetadata {
  issuer: string;
  token_endpoint: string;
  [member: string]: unknown;
}

/** The Credential Issuer Metadata of the issuer at `slug` (OpenID4VCI 1.0 section 12.2.4). */
export function getCredentialIssuerMetadata(
  options: Pick<ServiceDeps, 'publicOrigin'> & { slug: string },
): CredentialIssuerMetadata {
  const issuer = requireIssuerOfSlug(options.slug);
  const urls = credentialIssuerUrls(options.publicOrigin, issuer);
  return {
    credential_issuer: urls.credentialIssuer,
    authorization_servers: [urls.credentialIssuer],
    credential_endpoint: urls.credential,
    nonce_endpoint: urls.nonce,
    deferred_credential_endpoint: urls.deferredCredential,
    notification_endpoint: urls.notification,
    display: METADATA_LOCALES.map((locale) => ({
      name: ISSUER_DISPLAY_NAMES[issuer][locale],
      locale,
    })),
    credential_configurations_supported: Object.assign(
      {},
      ...documentTypesOf(issuer).map((type) => configurationsOf(options.publicOrigin, type)),
    ),
  };
}

/** The OAuth 2.0 Authorization Server Metadata of the issuer at `slug` (RFC 8414 section 2). */
export function getAuthorizationServerMetadata(
  options: Pick<ServiceDeps, 'publicOrigin'> & { slug: string },
): AuthorizationServerMetadata {
  const issuer = requireIssuerOfSlug(options.slug);
  const urls = credentialIssuerUrls(options.publicOrigin, issuer);
  return {
    issuer: urls.credentialIssuer,
    token_endpoint: urls.token,
    grant_types_supported: [PRE_AUTHORIZED_CODE_GRANT],
    response_types_supported: [],
    token_endpoint_auth_methods_supported: ['none'],
    'pre-authorized_grant_anonymous_access_supported': true,
  };
}
