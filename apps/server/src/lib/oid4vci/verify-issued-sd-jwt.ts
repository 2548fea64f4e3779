/**
 * Checks an SD-JWT VC an issuer just issued to the wallet (IETF SD-JWT VC over RFC 9901 SD-JWT;
 * OpenID4VCI 1.0 Appendix A.3 `dc+sd-jwt`, and `vc+sd-jwt` as UIDAI's Aadhaar profile names the
 * same thing) before anything is stored. Every failure is AppError 'credential_rejected' (422)
 * with a plain sentence, or 'credential_too_large' (422) over MAX_ISSUED_CREDENTIAL_BYTES; the
 * key lookups may also throw issuer_address_refused / issuer_unreachable.
 *
 * Checks, in order:
 * 1. At most 64 KiB; the compact form `<issuer JWT>~<disclosure>~...~` with no key-binding JWT.
 * 2. Header `typ` 'dc+sd-jwt' or 'vc+sd-jwt'.
 * 3. The algorithm and the issuer's key by lib/sd-jwt-issuer-key.ts, the verifier's rules
 *    (EdDSA, ES256, ES384; a did:key / did:jwk `iss`; an `x5c` certificate naming the issuer's
 *    address and holding one of its known keys; `kid` among the keys known for a URL `iss`):
 *    the keys known for the issuer are the trust list's JWK Set for it (`trustListJwks`), then
 *    those it publishes: the metadata's `jwks` or `jwks_uri`, else the SD-JWT VC issuer
 *    metadata at `/.well-known/jwt-vc-issuer` (path insertion) of `iss`. No usable key:
 *    credential_rejected with the problem's sentence and `reason` 'issuer_key_not_found' or
 *    'signature_algorithm_not_accepted' (the codes the verifier answers for the same cases).
 * 4. The signature (node:crypto with that key and the header's alg).
 * 5. `iss` = the Credential Issuer Identifier when `iss` is a URL; `vct` present and equal to
 *    the configuration's `vct` when it names one; `cnf.jwk` = the public key the wallet proved
 *    possession of; `exp` (when present) in the future, `nbf`/`iat` not in the future (60 s of
 *    clock skew).
 * 6. `_sd_alg` sha-256 (or absent); every disclosure's digest referenced exactly once.
 * Trust (is this issuer on the deployment's list?) is not decided here: see issuer-trust.ts.
 */
import { digest } from '@sd-jwt/crypto-nodejs';
import { decodeSdJwt, unpack } from '@sd-jwt/decode';
import { decodeProtectedHeader } from 'jose';
import { AppError } from '../errors';
import {
  findSdJwtIssuerKey,
  isIssuerUrl,
  SD_JWT_ISSUER_ALGS,
  verifiesUnder,
} from '../sd-jwt-issuer-key';
import { getIssuerDocument, type IssuerHttpOptions, wellKnownUrl } from './issuer-http';
import type { IssuerMetadata } from './offer';

/** The largest credential the wallet stores, in bytes of its issued form (64 KiB). */
export const MAX_ISSUED_CREDENTIAL_BYTES = 64 * 1024;

/** Issuer signature algorithms accepted (never 'none', never HMAC): the verifier's too. */
export const ISSUER_ALGS = SD_JWT_ISSUER_ALGS;

/**
 * Registered JWT and SD-JWT VC members that are not claims about the holder (RFC 7519 4.1,
 * SD-JWT VC section 3.2.2): left out of the claims a holder is shown.
 */
export const NON_CLAIMS = new Set([
  'iss',
  'sub',
  'iat',
  'nbf',
  'exp',
  'cnf',
  'vct',
  'vct#integrity',
  'status',
  '_sd_alg',
  'id',
  'jti',
]);

export interface IssuedSdJwtExpectations {
  /**
   * The JWK Set `keys` the trust list holds for exactly this issuer identifier (lib/trust-list.ts
   * `find({ identifier })?.jwks?.keys`), looked up before the issuer's published keys.
   */
  trustListJwks?: (iss: string) => readonly unknown[] | undefined;
  /** The Credential Issuer Identifier the wallet asked. */
  credentialIssuer: string;
  /** The configuration's `vct`, when the metadata names one. */
  vct: string | undefined;
  /** The holder's public key the proof of possession named. */
  holderJwk: Readonly<Record<string, string>>;
  metadata: IssuerMetadata;
  now: Date;
  http: IssuerHttpOptions;
}

/** What the wallet keeps of a checked SD-JWT VC. */
export interface VerifiedIssuedSdJwt {
  /** The issuer JWT's payload (with `_sd` digests, as signed). */
  payload: Record<string, unknown>;
  /** Every claim about the holder, with each disclosure applied (registered members removed). */
  claims: Record<string, unknown>;
  vct: string;
  iss: string;
  /** NumericDate seconds, when present. */
  iat: number | undefined;
  exp: number | undefined;
}

function rejected(detail: string): AppError {
  return new AppError('credential_rejected', `The issuer's credential was not accepted: ${detail}`);
}

/**
 * The issuer's published keys for `iss` (lib/sd-jwt-issuer-key.ts IssuerKeySources.published):
 * the metadata's `jwks` or `jwks_uri`, else the SD-JWT VC issuer metadata at
 * `/.well-known/jwt-vc-issuer` (path insertion) of `iss`, through the SSRF-safe client; undefined
 * when the issuer publishes none.
 */
async function publishedJwks(
  iss: string,
  expected: IssuedSdJwtExpectations,
): Promise<unknown[] | undefined> {
  const { metadata, http } = expected;
  if (metadata.jwks) return keysOf(metadata.jwks);
  if (metadata.jwks_uri) return keysOf(await getIssuerDocument(metadata.jwks_uri, http));
  if (!isIssuerUrl(iss)) return undefined;
  const document = await getIssuerDocument(wellKnownUrl(iss, 'jwt-vc-issuer'), http);
  if (!document || document.issuer !== iss) return undefined;
  if (typeof document.jwks === 'object' && document.jwks !== null) return keysOf(document.jwks);
  if (typeof document.jwks_uri === 'string' && isIssuerUrl(document.jwks_uri)) {
    return keysOf(await getIssuerDocument(document.jwks_uri, http));
  }
  return undefined;
}

function keysOf(jwks: unknown): unknown[] | undefined {
  const keys = (jwks as { keys?: unknown } | undefined)?.keys;
  return Array.isArray(keys) ? keys : undefined;
}

/** Same public key: kty, crv and coordinates. */
function sameKey(a: unknown, b: Readonly<Record<string, string>>): boolean {
  if (typeof a !== 'object' || a === null) return false;
  const key = a as Record<string, unknown>;
  return key.kty === b.kty && key.crv === b.crv && key.x === b.x && (key.y ?? undefined) === b.y;
}

/** See the module docs. @throws AppError credential_rejected, credential_too_large. */
export async function verifyIssuedSdJwt(
  sdJwt: string,
  expected: IssuedSdJwtExpectations,
): Promise<VerifiedIssuedSdJwt> {
  if (Buffer.byteLength(sdJwt, 'utf8') > MAX_ISSUED_CREDENTIAL_BYTES) {
    throw new AppError(
      'credential_too_large',
      'The issuer sent a credential larger than 64 KiB, which Pehchaan does not store.',
    );
  }
  const parts = sdJwt.split('~');
  if (parts.length < 2 || parts[parts.length - 1] !== '') {
    throw rejected('it is not an SD-JWT as issued (compact form ending in ~).');
  }
  const jwt = parts[0] as string;
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(jwt) as Record<string, unknown>;
  } catch {
    throw rejected('it cannot be read.');
  }
  if (header.typ !== 'dc+sd-jwt' && header.typ !== 'vc+sd-jwt') {
    throw rejected('it is not an SD-JWT VC.');
  }
  let unverified: Record<string, unknown>;
  try {
    unverified = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    throw rejected('it cannot be read.');
  }
  const iss = unverified.iss;
  if (typeof iss !== 'string' || iss === '') throw rejected('it names no issuer.');
  // Before any key is looked up: a URL `iss` that is not the offering issuer is refused as such.
  if (isIssuerUrl(iss) && iss !== expected.credentialIssuer) {
    throw rejected('it names another issuer than the one that offered it.');
  }
  // The verifier's rules exactly (lib/sd-jwt-issuer-key.ts); the issuer's published keys too.
  const found = await findSdJwtIssuerKey(header, iss, {
    trustList: (issuer) => expected.trustListJwks?.(issuer),
    published: (issuer) => publishedJwks(issuer, expected),
  });
  if ('problem' in found) {
    throw new AppError(
      'credential_rejected',
      `The issuer's credential was not accepted: ${found.problem.detail}`,
      undefined,
      { reason: found.problem.code },
    );
  }
  const [h = '', p = '', signature = ''] = jwt.split('.');
  if (!verifiesUnder(found.key, `${h}.${p}`, signature)) {
    throw rejected('its signature does not verify.');
  }
  const payload = unverified;
  if (payload.iss !== iss) throw rejected('it names another issuer than the one that offered it.');
  const vct = payload.vct;
  if (typeof vct !== 'string' || vct === '') throw rejected('it has no credential type (vct).');
  if (expected.vct !== undefined && vct !== expected.vct) {
    throw rejected('it is of another credential type than the one offered.');
  }
  const cnf = payload.cnf as { jwk?: unknown } | undefined;
  if (!sameKey(cnf?.jwk, expected.holderJwk)) {
    throw rejected('it is bound to another key than your wallet proved it holds.');
  }
  const nowSeconds = Math.floor(expected.now.getTime() / 1000);
  const numeric = (name: string) => {
    const value = payload[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw rejected(`its ${name} is not a time.`);
    }
    return value;
  };
  const exp = numeric('exp');
  const iat = numeric('iat');
  const nbf = numeric('nbf');
  if (exp !== undefined && exp <= nowSeconds) throw rejected('it has already expired.');
  if ((nbf ?? iat ?? 0) > nowSeconds + 60) throw rejected('it is not valid yet.');
  if (payload._sd_alg !== undefined && payload._sd_alg !== 'sha-256') {
    throw rejected('its disclosures use a digest Pehchaan does not accept.');
  }
  let claims: Record<string, unknown>;
  try {
    const decoded = await decodeSdJwt(sdJwt, digest);
    const { unpackedObj, disclosureKeymap } = await unpack(payload, decoded.disclosures, digest);
    const referenced = Object.values(disclosureKeymap);
    const digests = await Promise.all(
      decoded.disclosures.map((d) => d.digest({ alg: 'sha-256', hasher: digest })),
    );
    if (new Set(digests).size !== digests.length || digests.some((d) => !referenced.includes(d))) {
      throw new Error('unreferenced disclosure');
    }
    claims = Object.fromEntries(
      Object.entries(unpackedObj as Record<string, unknown>).filter(
        ([name]) => !NON_CLAIMS.has(name),
      ),
    );
  } catch {
    throw rejected('its disclosures do not match what the issuer signed.');
  }
  return { payload, claims, vct, iss, iat, exp };
}
