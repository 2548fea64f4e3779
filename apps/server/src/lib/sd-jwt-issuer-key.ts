/**
 * The one way the server finds and checks the key an SD-JWT VC's issuer signed with (IETF SD-JWT
 * VC section 3.5 "Issuer-signed JWT verification key validation"; RFC 7515/7518 JWS), used by
 * the wallet when an issuer hands it a credential (lib/oid4vci/verify-issued-sd-jwt.ts) and by
 * the verifier when a holder presents one (lib/verify-sd-jwt-presentation.ts): same algorithms,
 * same rules, same problem codes (docs/security.md "The trust list"; docs/oid4vci.md "Which
 * issuer keys").
 *
 * Algorithms: EdDSA (Ed25519), ES256 (P-256) and ES384 (P-384) (SD_JWT_ISSUER_ALGS); any other
 * header `alg` ('none', HMAC, RSA...) is the problem 'signature_algorithm_not_accepted'.
 *
 * The key, in this order (every other case is the problem 'issuer_key_not_found'):
 * 1. `iss` a did:key (Ed25519 or P-256) or a did:jwk: the key the DID holds (resolved offline;
 *    self-certifying); a header `kid`, when given, must be a DID URL of that DID.
 * 2. a header `x5c`: the leaf certificate's public key, when the certificate reads, names the
 *    host of a URL `iss` as a subjectAltName (DNS or URI), and its key is one of the keys known
 *    for `iss` (below): no certificate chain is validated here, so a certificate alone is no
 *    anchor; it only says which of the issuer's keys signed.
 * 3. `iss` an http(s) URL (a Credential Issuer Identifier): the key whose `kid` is the header's
 *    `kid`, first in the JWK Set the trust list holds for the entry whose identifier is exactly
 *    `iss` (`sources.trustList`, offline), then among the keys the issuer publishes
 *    (`sources.published`: only the wallet, which fetches them through the SSRF-safe client; the
 *    verifier never fetches).
 * A key found must fit the alg (EdDSA: OKP Ed25519; ES256: EC P-256; ES384: EC P-384), carry no
 * private members, and name no other `alg`.
 *
 * Where the key came from (`source`) is answered too: 'did' and 'trust_list' keys are the
 * issuer's by construction; 'published' keys are the issuer's as far as its https endpoint is
 * (the wallet fetched them from the issuer that handed it the credential).
 */
import {
  createPublicKey,
  type JsonWebKey,
  type KeyObject,
  verify,
  X509Certificate,
} from 'node:crypto';
import type { ProblemCode } from '@pehchaan/core';
import { LRUCache } from 'lru-cache';
import { didKeyToJwk } from './oid4vp/did-key-jwk';

/** The issuer signature algorithms accepted (RFC 8037 EdDSA on Ed25519; RFC 7518 ES256, ES384). */
export const SD_JWT_ISSUER_ALGS = ['EdDSA', 'ES256', 'ES384'] as const;
export type SdJwtIssuerAlg = (typeof SD_JWT_ISSUER_ALGS)[number];

/** Why no issuer key could be used: a problem code and a plain sentence (never echoes input). */
export interface IssuerKeyProblem {
  code: Extract<ProblemCode, 'issuer_key_not_found' | 'signature_algorithm_not_accepted'>;
  detail: string;
}

/** A public key with the JWS algorithm it verifies, and where it was found. */
export interface IssuerKey {
  alg: SdJwtIssuerAlg;
  key: KeyObject;
  source: 'did' | 'x5c' | 'trust_list' | 'published';
}

/** Where keys known for an issuer identifier come from (see the module docs, rule 3). */
export interface IssuerKeySources {
  /** The JWK Set `keys` the trust list holds for exactly `iss`, or undefined (offline). */
  trustList?: (iss: string) => readonly unknown[] | undefined;
  /** The keys the issuer publishes (fetched by the caller), or undefined when it has none. */
  published?: (iss: string) => Promise<readonly unknown[] | undefined>;
}

export type IssuerKeyAnswer = { key: IssuerKey } | { problem: IssuerKeyProblem };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Private or symmetric key members (RFC 7518 section 6): a JWK holding one is refused. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** The key type and curve each algorithm needs. */
const KEY_OF_ALG: Record<SdJwtIssuerAlg, { kty: string; crv: string }> = {
  ES256: { kty: 'EC', crv: 'P-256' },
  ES384: { kty: 'EC', crv: 'P-384' },
  EdDSA: { kty: 'OKP', crv: 'Ed25519' },
};

export const isSdJwtIssuerAlg = (alg: unknown): alg is SdJwtIssuerAlg =>
  (SD_JWT_ISSUER_ALGS as readonly unknown[]).includes(alg);

/** An http(s) URL: an issuer identifier whose keys are looked up by `kid`. */
export const isIssuerUrl = (value: string) => /^https?:\/\//.test(value) && URL.canParse(value);

const notFound = (detail: string): { problem: IssuerKeyProblem } => ({
  problem: { code: 'issuer_key_not_found', detail },
});

/**
 * `jwk` as a public KeyObject when it fits `alg` (see the module docs), else undefined. Never
 * throws.
 */
export function publicKeyFor(jwk: unknown, alg: SdJwtIssuerAlg): KeyObject | undefined {
  if (!isObject(jwk) || PRIVATE_MEMBERS.some((member) => member in jwk)) return undefined;
  if (jwk.alg !== undefined && jwk.alg !== alg) return undefined;
  const needed = KEY_OF_ALG[alg];
  if (jwk.kty !== needed.kty || jwk.crv !== needed.crv) return undefined;
  const { kty, crv, x, y } = jwk;
  // Imported keys by their public members (the same members always import to the same key): a
  // holder's cnf key or an issuer's did:key is imported once, not at every presentation.
  const cacheKey =
    typeof x === 'string' && (y === undefined || typeof y === 'string')
      ? `${kty} ${crv} ${x} ${y ?? ''}`
      : undefined;
  const known = cacheKey === undefined ? undefined : importedKeys.get(cacheKey);
  if (known) return known;
  try {
    const key = createPublicKey({ key: { kty, crv, x, y } as JsonWebKey, format: 'jwk' });
    if (cacheKey !== undefined) importedKeys.set(cacheKey, key);
    return key;
  } catch {
    return undefined;
  }
}

/** Public keys imported by publicKeyFor, by their members (public keys only: nothing secret). */
const importedKeys = new LRUCache<string, KeyObject>({ max: 4_096 });

/**
 * True when `signature` (base64url; ECDSA as r||s, RFC 7518 section 3.4) over `signingInput`
 * verifies under `key`. Never throws.
 */
export function verifiesUnder(
  key: Pick<IssuerKey, 'alg' | 'key'>,
  signingInput: string,
  signature: string,
): boolean {
  try {
    const bytes = Buffer.from(signature, 'base64url');
    const data = Buffer.from(signingInput);
    if (key.alg === 'EdDSA') return verify(null, data, key.key, bytes);
    const hash = key.alg === 'ES256' ? 'sha256' : 'sha384';
    return verify(hash, data, { key: key.key, dsaEncoding: 'ieee-p1363' }, bytes);
  } catch {
    return false;
  }
}

/** The JWK a did:key (Ed25519 or P-256) or did:jwk holds, and the DID, or undefined. */
function didKeyOrJwk(iss: string): { did: string; jwk: unknown } | undefined {
  const [did = ''] = iss.split('#');
  if (did.startsWith('did:jwk:')) {
    try {
      return {
        did,
        jwk: JSON.parse(Buffer.from(did.slice('did:jwk:'.length), 'base64url').toString('utf8')),
      };
    } catch {
      return undefined;
    }
  }
  try {
    return { did, jwk: didKeyToJwk(did).jwk };
  } catch {
    return undefined;
  }
}

/** Same public key: kty, crv and coordinates. */
function sameKey(a: unknown, b: unknown): boolean {
  if (!isObject(a) || !isObject(b)) return false;
  return a.kty === b.kty && a.crv === b.crv && a.x === b.x && (a.y ?? null) === (b.y ?? null);
}

/** The keys known for a URL `iss`: the trust list's, then (when asked for) the published ones. */
async function knownKeys(
  iss: string,
  sources: IssuerKeySources,
  pick: (keys: readonly unknown[]) => unknown,
): Promise<{ jwk: unknown; source: 'trust_list' | 'published' } | undefined> {
  const listed = sources.trustList?.(iss);
  const fromList = listed ? pick(listed) : undefined;
  if (fromList !== undefined) return { jwk: fromList, source: 'trust_list' };
  if (!sources.published) return undefined;
  const published = await sources.published(iss);
  const fromIssuer = published ? pick(published) : undefined;
  return fromIssuer === undefined ? undefined : { jwk: fromIssuer, source: 'published' };
}

/**
 * The issuer's key for an issuer-signed JWT with protected `header` and payload `iss` (see the
 * module docs), or the problem why none can be used. Throws only what `sources.published` throws
 * (the wallet's fetch errors).
 */
export async function findSdJwtIssuerKey(
  header: Record<string, unknown>,
  iss: string | null,
  sources: IssuerKeySources,
): Promise<IssuerKeyAnswer> {
  const { alg, kid } = header;
  if (!isSdJwtIssuerAlg(alg)) {
    return {
      problem: {
        code: 'signature_algorithm_not_accepted',
        detail: `The issuer signed the credential with an algorithm that is not accepted (accepted: ${SD_JWT_ISSUER_ALGS.join(', ')}).`,
      },
    };
  }
  const fitting = (jwk: unknown, source: IssuerKey['source']): IssuerKeyAnswer => {
    const key = publicKeyFor(jwk, alg);
    return key
      ? { key: { alg, key, source } }
      : notFound("The issuer's key does not fit the credential's signature algorithm.");
  };
  if (iss === null || iss === '') return notFound('The credential names no issuer (iss).');

  if (iss.startsWith('did:')) {
    const found = didKeyOrJwk(iss);
    if (!found || found.did !== iss) {
      return notFound(
        "The issuer's DID (iss) does not hold a key that can be read (did:key and did:jwk are read).",
      );
    }
    if (kid !== undefined && (typeof kid !== 'string' || kid.split('#')[0] !== iss)) {
      return notFound("The credential's key id (kid) is not a key of its issuer's DID.");
    }
    return fitting(found.jwk, 'did');
  }

  const x5c = header.x5c;
  if (x5c !== undefined) {
    if (!Array.isArray(x5c) || typeof x5c[0] !== 'string') {
      return notFound("The credential's certificate chain (x5c) cannot be read.");
    }
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(Buffer.from(x5c[0], 'base64'));
    } catch {
      return notFound("The credential's certificate chain (x5c) cannot be read.");
    }
    if (!isIssuerUrl(iss)) {
      return notFound("The credential's certificate (x5c) belongs to no issuer address (iss).");
    }
    const host = new URL(iss).hostname;
    if (
      certificate.checkHost(host) === undefined &&
      !(certificate.subjectAltName ?? '').split(', ').includes(`URI:${iss}`)
    ) {
      return notFound("The credential's certificate (x5c) does not name its issuer's address.");
    }
    const certificateJwk = certificate.publicKey.export({ format: 'jwk' });
    const known = await knownKeys(iss, sources, (keys) =>
      keys.find((key) => sameKey(key, certificateJwk)),
    );
    if (!known) {
      return notFound(
        "The credential's certificate (x5c) holds a key that is not among the keys known for its issuer (no certificate chain is validated).",
      );
    }
    return fitting(certificateJwk, 'x5c');
  }

  if (isIssuerUrl(iss)) {
    if (typeof kid !== 'string' || kid === '') {
      return notFound('The credential does not name its signing key (kid).');
    }
    const known = await knownKeys(iss, sources, (keys) =>
      keys.find((key) => isObject(key) && key.kid === kid),
    );
    if (!known) {
      const listed = sources.trustList?.(iss);
      return notFound(
        sources.published
          ? "The credential's key id (kid) names none of the keys known for its issuer (the trust list's, or those it publishes)."
          : listed && listed.length > 0
            ? "The credential's key id (kid) names none of the keys the trust list holds for its issuer."
            : "The credential's issuer has no keys on this verifier's trust list (keys are never fetched).",
      );
    }
    return fitting(known.jwk, known.source);
  }
  return notFound(
    'The credential names its issuer in a way no key can be found for (issuer URLs with keys by kid, did:key and did:jwk are read).',
  );
}
