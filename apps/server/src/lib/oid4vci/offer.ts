/**
 * What the wallet reads from an issuer before it asks for anything (OpenID4VCI 1.0 final): the
 * credential offer link (section 4.1: `openid-credential-offer://?credential_offer=<JSON>` or
 * `?credential_offer_uri=<https URL>`, also as an https link with that query), the offer
 * (4.1.1), the Credential Issuer Metadata (12.2.4, fetched at the well-known URL with path
 * insertion, 12.2.2) and its authorization server's metadata (RFC 8414, `token_endpoint`).
 * The schemas are lenient about members the wallet does not use and strict about those it does.
 * Display data (12.2.4 `display`, `credential_metadata.display` and `claims`; the draft-13 places
 * are read too) is picked in the holder's language.
 */

import { type KeyObject, X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { z } from 'zod';
import { AppError } from '../errors';
import type { TrustList } from '../trust-list';
import { callIssuer, getIssuerDocument, type IssuerHttpOptions, wellKnownUrl } from './issuer-http';

/** The pre-authorized code grant type (OpenID4VCI 1.0 section 4.1.1). */
export const PRE_AUTHORIZED_GRANT = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';

/** The authorization code grant of an offer (OpenID4VCI 1.0 section 4.1.1; RFC 6749 4.1). */
export const AUTHORIZATION_CODE_GRANT = 'authorization_code';

const httpUrl = z
  .string()
  .max(2048)
  .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), 'Expected a web address');

const txCodeSchema = z.object({
  input_mode: z.enum(['numeric', 'text']).optional(),
  length: z.number().int().positive().max(64).optional(),
  description: z.string().max(300).optional(),
});

/** A Credential Offer (OpenID4VCI 1.0 section 4.1.1). */
export const credentialOfferSchema = z.object({
  credential_issuer: httpUrl,
  credential_configuration_ids: z.array(z.string().min(1).max(200)).min(1).max(20),
  grants: z
    .object({
      [PRE_AUTHORIZED_GRANT]: z
        .object({
          'pre-authorized_code': z.string().min(1).max(4096),
          tx_code: txCodeSchema.optional(),
          authorization_server: httpUrl.optional(),
        })
        .optional(),
      authorization_code: z
        .object({
          issuer_state: z.string().max(4096).optional(),
          authorization_server: httpUrl.optional(),
        })
        .optional(),
    })
    .optional(),
});
export type CredentialOffer = z.infer<typeof credentialOfferSchema>;

const displaySchema = z
  .object({
    name: z.string().max(200).optional(),
    locale: z.string().max(35).optional(),
    logo: z.object({ uri: z.string().max(4096), alt_text: z.string().optional() }).optional(),
  })
  .passthrough();
type Display = z.infer<typeof displaySchema>;
const displaysSchema = z.array(displaySchema).max(50).optional().catch(undefined);

const claimDescriptionSchema = z.object({
  path: z.array(z.union([z.string(), z.number(), z.null()])).min(1),
  display: displaysSchema,
});

/** One credential configuration (12.2.4 `credential_configurations_supported`). */
const configurationSchema = z
  .object({
    format: z.string().max(100),
    vct: z.string().max(2048).optional(),
    /** The OAuth scope that asks for this configuration (12.2.4; section 5.1.2). */
    scope: z.string().max(200).optional().catch(undefined),
    proof_types_supported: z
      .object({
        jwt: z
          .object({ proof_signing_alg_values_supported: z.array(z.string()).max(50) })
          .optional(),
      })
      .passthrough()
      .optional(),
    credential_metadata: z
      .object({
        display: displaysSchema,
        claims: z.array(claimDescriptionSchema).max(500).optional().catch(undefined),
      })
      .passthrough()
      .optional(),
    // draft 13 and earlier put these at the top level; `claims` an object of claim names.
    display: displaysSchema,
    claims: z.unknown().optional(),
  })
  .passthrough();
export type CredentialConfiguration = z.infer<typeof configurationSchema>;

/** Credential Issuer Metadata (12.2.4), the members the wallet uses. */
export const issuerMetadataSchema = z
  .object({
    credential_issuer: httpUrl,
    authorization_servers: z.array(httpUrl).max(10).optional(),
    credential_endpoint: httpUrl,
    nonce_endpoint: httpUrl.optional(),
    deferred_credential_endpoint: httpUrl.optional(),
    notification_endpoint: httpUrl.optional(),
    display: displaysSchema,
    credential_configurations_supported: z.record(z.string(), configurationSchema),
    /** Not an OpenID4VCI member: some issuers (UIDAI's profile) publish their signing keys here. */
    jwks_uri: httpUrl.optional(),
    jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())).max(100) }).optional(),
  })
  .passthrough();
export type IssuerMetadata = z.infer<typeof issuerMetadataSchema>;

/** Authorization Server Metadata (RFC 8414), the members the wallet uses. */
export const authorizationServerMetadataSchema = z
  .object({
    issuer: httpUrl,
    token_endpoint: httpUrl,
    // The authorization code grant (OpenID4VCI 1.0 section 5; RFC 8414 2; RFC 9126 5).
    authorization_endpoint: httpUrl.optional(),
    pushed_authorization_request_endpoint: httpUrl.optional(),
    require_pushed_authorization_requests: z.boolean().optional().catch(undefined),
    code_challenge_methods_supported: z.array(z.string()).max(20).optional().catch(undefined),
    authorization_details_types_supported: z.array(z.string()).max(20).optional().catch(undefined),
    authorization_response_iss_parameter_supported: z.boolean().optional().catch(undefined),
  })
  .passthrough();
export type AuthorizationServerMetadata = z.infer<typeof authorizationServerMetadataSchema>;

const OFFER_LINK_INVALID =
  'This is not a credential offer Pehchaan can read. Scan or paste the offer link the issuer gave you.';

function invalidOffer(detail = OFFER_LINK_INVALID): AppError {
  return new AppError('invalid_credential_offer', detail);
}

/**
 * Reads an offer link: `openid-credential-offer://?credential_offer=...` (the offer by value) or
 * `...?credential_offer_uri=...` (by reference), with any scheme (an https link, a QR text) as
 * long as the query carries exactly one of the two.
 * @throws AppError invalid_credential_offer.
 */
export function parseOfferLink(link: string): { offer: unknown } | { uri: string } {
  let query: URLSearchParams;
  try {
    const trimmed = link.trim();
    query = new URL(trimmed.startsWith('?') ? `openid-credential-offer://${trimmed}` : trimmed)
      .searchParams;
  } catch {
    throw invalidOffer();
  }
  const byValue = query.get('credential_offer');
  const byReference = query.get('credential_offer_uri');
  if ((byValue === null) === (byReference === null)) throw invalidOffer();
  if (byReference !== null) {
    if (!httpUrl.safeParse(byReference).success) throw invalidOffer();
    return { uri: byReference };
  }
  try {
    return { offer: JSON.parse(byValue as string) };
  } catch {
    throw invalidOffer();
  }
}

/**
 * When the issuer says its offer ends, if it says so: the Credential Offer's `expires_at`
 * extension parameter (not in OpenID4VCI 1.0, whose section 4.1.1 lets an offer carry more; the
 * product's issuers send it, issuer/get-credential-offer.ts), an ISO 8601 date-time or seconds
 * since the epoch. Anything else, or nothing, is undefined (the wallet does not know the end).
 */
export function offerEndOf(raw: unknown): Date | undefined {
  const value = (raw as { expires_at?: unknown } | null | undefined)?.expires_at;
  const ms =
    typeof value === 'number' && Number.isFinite(value)
      ? value * 1000
      : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)
        ? Date.parse(value)
        : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms) : undefined;
}

/** Checks an offer's shape. @throws AppError invalid_credential_offer. */
export function readCredentialOffer(value: unknown): CredentialOffer {
  const parsed = credentialOfferSchema.safeParse(value);
  if (!parsed.success) throw invalidOffer();
  return parsed.data;
}

/** What the wallet checks signed metadata against (OpenID4VCI 1.0 section 12.2.3). */
export interface MetadataTrust {
  /** The deployment's trust list: a key of the issuer's entry may sign its metadata. */
  trustList?: TrustList | undefined;
  /** The wallet's clock (`iat`, `exp`); default the system clock. */
  now?: (() => Date) | undefined;
}

/**
 * Fetches the Credential Issuer Metadata of `credentialIssuer` (12.2.2: the well-known URL with
 * path insertion, `Accept: application/jwt, application/json`) and checks its
 * `credential_issuer` is exactly the identifier (12.2.4). Signed metadata (12.2.3) is checked by
 * `readSignedMetadata` and its values used over the plain ones: the whole answer as a JWT
 * (`application/jwt`, OpenID4VCI 1.0), or a `signed_metadata` member of the JSON document (the
 * drafts' form, still served by some issuers).
 * @throws AppError issuer_address_refused, issuer_unreachable (no document, or not metadata),
 *   issuer_metadata_invalid (signed metadata that does not verify).
 */
export async function fetchIssuerMetadata(
  credentialIssuer: string,
  http: IssuerHttpOptions,
  trust: MetadataTrust = {},
): Promise<IssuerMetadata> {
  const answer = await callIssuer(
    wellKnownUrl(credentialIssuer, 'openid-credential-issuer'),
    { method: 'GET', headers: { accept: 'application/jwt, application/json;q=0.9' } },
    http,
  );
  let document: unknown = answer.status === 200 ? answer.body : undefined;
  const text = answer.text.trim();
  if (answer.status === 200 && document === undefined && COMPACT_JWS.test(text)) {
    document = await readSignedMetadata(text, credentialIssuer, http, trust);
  } else if (
    typeof document === 'object' &&
    document !== null &&
    typeof (document as Record<string, unknown>).signed_metadata === 'string'
  ) {
    const { signed_metadata: signed, ...plain } = document as Record<string, unknown>;
    document = {
      ...plain,
      ...(await readSignedMetadata(String(signed), credentialIssuer, http, trust)),
    };
  }
  const parsed = issuerMetadataSchema.safeParse(document);
  if (!parsed.success || parsed.data.credential_issuer !== credentialIssuer) {
    throw new AppError(
      'issuer_unreachable',
      "The issuer's description (its metadata) is missing or does not match the offer.",
    );
  }
  return parsed.data;
}

/** A compact JWS: three base64url parts. */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The JWS `typ` of signed Credential Issuer Metadata (12.2.3). */
export const SIGNED_METADATA_TYP = 'openidvci-issuer-metadata+jwt';

/** Signature algorithms accepted on signed metadata (asymmetric only; never 'none' or HMAC). */
const METADATA_ALGS = ['ES256', 'ES384', 'ES512', 'EdDSA', 'PS256', 'RS256'];

/** The JWT members of signed metadata that are not metadata parameters. */
const SIGNED_METADATA_CLAIMS = new Set(['iss', 'sub', 'iat', 'exp', 'nbf', 'jti']);

function metadataInvalid(why: string): AppError {
  return new AppError(
    'issuer_metadata_invalid',
    `The issuer's signed description (its metadata) was not accepted: ${why}`,
  );
}

/**
 * Checks signed Credential Issuer Metadata (OpenID4VCI 1.0 section 12.2.3) and answers its
 * metadata parameters (the JWT's top-level claims without iss, sub, iat, exp):
 * - header `typ` = 'openidvci-issuer-metadata+jwt', `alg` asymmetric (never none or a MAC);
 * - the signer, which the wallet must be able to trust, else the metadata is refused:
 *   an `x5c` chain (each certificate signed by the next, all in their validity period, the leaf
 *   naming the issuer's host or URL, the last one issued by a CA the wallet trusts for TLS:
 *   Node's root store, or the test CA of `http.fetchOptions.trustedCa`), or a key of the
 *   issuer's entry on the deployment's trust list (by `kid`, or the header `jwk` itself);
 * - the signature; `sub` = the Credential Issuer Identifier; `iat` a number not ahead of the
 *   wallet's clock (60 s of skew); `exp`, when present, in the future.
 * @throws AppError issuer_metadata_invalid saying which.
 */
export async function readSignedMetadata(
  jwt: string,
  credentialIssuer: string,
  http: IssuerHttpOptions,
  trust: MetadataTrust,
): Promise<Record<string, unknown>> {
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(jwt) as Record<string, unknown>;
  } catch {
    throw metadataInvalid('it cannot be read.');
  }
  if (header.typ !== SIGNED_METADATA_TYP) throw metadataInvalid('it is not typed as metadata.');
  const alg = String(header.alg);
  if (!METADATA_ALGS.includes(alg)) {
    throw metadataInvalid('it is signed with an algorithm Pehchaan does not accept.');
  }
  const key = await metadataSigningKey(header, alg, credentialIssuer, http, trust);
  let payload: Record<string, unknown>;
  try {
    const verified = await compactVerify(jwt, key, { algorithms: [alg] });
    payload = JSON.parse(new TextDecoder().decode(verified.payload));
  } catch {
    throw metadataInvalid('its signature does not verify.');
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw metadataInvalid('it cannot be read.');
  }
  if (payload.sub !== credentialIssuer) throw metadataInvalid('it describes another issuer.');
  const nowSeconds = Math.floor((trust.now ?? (() => new Date()))().getTime() / 1000);
  if (typeof payload.iat !== 'number' || payload.iat > nowSeconds + 60) {
    throw metadataInvalid('it has no valid issue time.');
  }
  if (payload.exp !== undefined && (typeof payload.exp !== 'number' || payload.exp <= nowSeconds)) {
    throw metadataInvalid('it has expired.');
  }
  return Object.fromEntries(
    Object.entries(payload).filter(([name]) => !SIGNED_METADATA_CLAIMS.has(name)),
  );
}

/** A key jose verifies with. */
type KeyLike = Awaited<ReturnType<typeof importJWK>> | KeyObject;

/** The key signed metadata must verify with (see readSignedMetadata). */
async function metadataSigningKey(
  header: Record<string, unknown>,
  alg: string,
  credentialIssuer: string,
  http: IssuerHttpOptions,
  trust: MetadataTrust,
): Promise<KeyLike> {
  if (Array.isArray(header.x5c) && header.x5c.length > 0) {
    return x5cLeafKey(header.x5c, credentialIssuer, http, trust);
  }
  const entry = trust.trustList?.find({ identifier: credentialIssuer });
  const keys = (entry?.jwks?.keys ?? []) as JWK[];
  const headerJwk = header.jwk as JWK | undefined;
  const kid = typeof header.kid === 'string' ? header.kid : undefined;
  const key =
    (kid === undefined ? undefined : keys.find((candidate) => candidate.kid === kid)) ??
    (headerJwk ? keys.find((candidate) => samePublicKey(candidate, headerJwk)) : undefined);
  if (!key) {
    throw metadataInvalid(
      "its signing key is neither certified (x5c) nor one of this issuer's keys on the trust list.",
    );
  }
  try {
    return await importJWK(key, alg);
  } catch {
    throw metadataInvalid('its signing key on the trust list cannot be used.');
  }
}

/** Same public key: kty, crv and the public members. */
function samePublicKey(a: JWK, b: JWK): boolean {
  return a.kty === b.kty && a.crv === b.crv && a.x === b.x && a.y === b.y && a.n === b.n;
}

/** The leaf certificate's key of a trusted `x5c` chain (see readSignedMetadata). */
function x5cLeafKey(
  x5c: unknown[],
  credentialIssuer: string,
  http: IssuerHttpOptions,
  trust: MetadataTrust,
): KeyObject {
  let chain: X509Certificate[];
  try {
    chain = x5c.map((der) => new X509Certificate(Buffer.from(String(der), 'base64')));
  } catch {
    throw metadataInvalid('its certificates cannot be read.');
  }
  const now = (trust.now ?? (() => new Date()))();
  const leaf = chain[0] as X509Certificate;
  const host = new URL(credentialIssuer).hostname;
  if (
    leaf.checkHost(host) === undefined &&
    !(leaf.subjectAltName ?? '').includes(`URI:${credentialIssuer}`)
  ) {
    throw metadataInvalid("its certificate does not name the issuer's address.");
  }
  for (const [index, certificate] of chain.entries()) {
    const inDate = new Date(certificate.validFrom) <= now && now <= new Date(certificate.validTo);
    const next = chain[index + 1];
    if (!inDate || (next && !certificate.verify(next.publicKey))) {
      throw metadataInvalid('its certificate chain does not hold.');
    }
  }
  const anchors = [
    ...rootCertificates,
    ...(http.fetchOptions?.trustedCa === undefined ? [] : [http.fetchOptions.trustedCa]),
  ].flatMap((pem) => {
    try {
      return [new X509Certificate(pem)];
    } catch {
      return [];
    }
  });
  const last = chain[chain.length - 1] as X509Certificate;
  const anchored = anchors.some((anchor) => {
    try {
      return anchor.fingerprint256 === last.fingerprint256 || last.verify(anchor.publicKey);
    } catch {
      return false;
    }
  });
  if (!anchored)
    throw metadataInvalid('its certificate is not issued by an authority Pehchaan trusts.');
  return leaf.publicKey;
}

/**
 * Fetches the metadata of the authorization server `issuer` (RFC 8414 at
 * `/.well-known/oauth-authorization-server` with path insertion, else OpenID Connect Discovery's
 * `{issuer}/.well-known/openid-configuration`) and checks its `issuer` (RFC 8414 3.3).
 * @throws AppError issuer_address_refused, issuer_unreachable.
 */
export async function fetchAuthorizationServerMetadata(
  issuer: string,
  http: IssuerHttpOptions,
): Promise<AuthorizationServerMetadata> {
  const document =
    (await getIssuerDocument(wellKnownUrl(issuer, 'oauth-authorization-server'), http)) ??
    (await getIssuerDocument(
      `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
      http,
    ));
  const parsed = authorizationServerMetadataSchema.safeParse(document);
  if (!parsed.success || parsed.data.issuer !== issuer) {
    throw new AppError(
      'issuer_unreachable',
      "The issuer's authorization server did not describe itself (its metadata is missing or wrong).",
    );
  }
  return parsed.data;
}

/**
 * The display entry for `language` (a BCP 47 tag such as 'hi' or 'en-IN'): the same language,
 * else one without a locale, else English, else the first one.
 */
export function pickDisplay(
  displays: readonly Display[] | undefined,
  language: string,
): Display | undefined {
  if (!displays || displays.length === 0) return undefined;
  const base = (tag: string | undefined) => (tag ?? '').toLowerCase().split('-')[0];
  return (
    displays.find((d) => d.locale?.toLowerCase() === language.toLowerCase()) ??
    displays.find((d) => base(d.locale) === base(language)) ??
    displays.find((d) => d.locale === undefined) ??
    displays.find((d) => base(d.locale) === 'en') ??
    displays[0]
  );
}

/** One claim of a configuration: its path joined with '.' and its label in `language`. */
export interface ClaimLabel {
  path: string;
  label: string;
}

/**
 * The claims a configuration describes (1.0 `credential_metadata.claims`, or the draft-13
 * `claims` object of names), each with its label in `language` (else its path).
 */
export function configurationClaims(
  configuration: CredentialConfiguration,
  language: string,
): ClaimLabel[] {
  const described = configuration.credential_metadata?.claims;
  if (described) {
    return described.map((claim) => {
      const path = claim.path.map((part) => (part === null ? '*' : String(part))).join('.');
      return { path, label: pickDisplay(claim.display, language)?.name ?? path };
    });
  }
  const legacy = configuration.claims;
  if (legacy && typeof legacy === 'object' && !Array.isArray(legacy)) {
    return Object.entries(legacy as Record<string, unknown>).map(([path, value]) => {
      const display = displaysSchema.parse((value as { display?: unknown } | null)?.display);
      return { path, label: pickDisplay(display, language)?.name ?? path };
    });
  }
  return [];
}

/** The configuration's display name in `language`, else its id. */
export function configurationName(
  configurationId: string,
  configuration: CredentialConfiguration,
  language: string,
): string {
  const displays = configuration.credential_metadata?.display ?? configuration.display;
  return pickDisplay(displays, language)?.name ?? configurationId;
}

/** The issuer's display name and logo in `language` (logo only an https or data: URI). */
export function issuerDisplay(
  metadata: IssuerMetadata,
  language: string,
): { name: string | undefined; logo: string | null } {
  const display = pickDisplay(metadata.display, language);
  const logo = display?.logo?.uri;
  return {
    name: display?.name,
    logo: logo && /^(https:|data:image\/)/.test(logo) ? logo : null,
  };
}
