/**
 * Verifies one SD-JWT VC presentation (SD-JWT+KB, RFC 9901 / SD-JWT VC) against a DCQL
 * credential query (OpenID4VP 1.0 sections 6 and 8.6, B.3.5) and answers a verdict: every
 * check of core's PRESENTATION_CHECKS with passed true or false, and the disclosed claims.
 * Verification returns a verdict and never throws for a bad presentation (STYLE 7).
 *
 * Each check is made on its own, so a verifier sees all that failed, not only the first; then
 * @sd-jwt/sd-jwt-vc's SDJwtVcInstance.verify runs over the same presentation (its verifier
 * callback resolves the issuer's did:key from `kid` and accepts only trusted issuers; its
 * kbVerifier uses `cnf.jwk`) as the 'sd_jwt_vc_valid' check. Only EdDSA (Ed25519) is accepted,
 * for the issuer and the holder (the request's client_metadata says so).
 *
 * The KB-JWT's `iat` must lie in KB_JWT_IAT_WINDOW around `now` (RFC 9901 section 7.3, step "the
 * creation time of the Key Binding JWT ... is within an acceptable window"): 5 minutes back, 1
 * minute ahead, bounds included; a missing or non-numeric `iat` fails ('kb_jwt_iat'). The
 * library's own check does not bound it (a KB-JWT of the year 2000 or ten years ahead passes it).
 */
import { createPublicKey, hash, type KeyObject, verify } from 'node:crypto';
import { type DcqlCredentialQuery, type PresentationCheckName, parseDidKey } from '@pehchaan/core';
import { digest } from '@sd-jwt/crypto-nodejs';
import { decodeSdJwt, splitSdJwt, unpack } from '@sd-jwt/decode';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';

/**
 * How far a KB-JWT's `iat` may lie from the verifier's clock, in seconds: `back` before it (the
 * wallet signed it, then the answer travelled), `ahead` after it (the wallet's clock a little
 * fast). Wider windows let a captured presentation be replayed longer; the nonce limits that too.
 */
export const KB_JWT_IAT_WINDOW = { back: 5 * 60, ahead: 60 } as const;

/**
 * True when `iat` (a NumericDate, seconds) lies in KB_JWT_IAT_WINDOW around `nowSeconds` (the
 * verifier's clock in whole seconds), bounds included.
 */
export function isKbJwtIatInWindow(iat: unknown, nowSeconds: number): boolean {
  return (
    typeof iat === 'number' &&
    Number.isFinite(iat) &&
    iat >= nowSeconds - KB_JWT_IAT_WINDOW.back &&
    iat <= nowSeconds + KB_JWT_IAT_WINDOW.ahead
  );
}

export interface PresentationExpectations {
  /** The request's nonce: the KB-JWT must carry it. */
  nonce: string;
  /** The request's whole client_id: the KB-JWT's aud. */
  clientId: string;
  query: DcqlCredentialQuery;
  /**
   * The trusted issuers' DIDs, or the caller's decision for an issuer DID and the credential's
   * `vct` (null when it has none): the trust list's `trustsSdJwt` (lib/trust-list.ts), which
   * trusts an issuer only for the types it may issue.
   */
  trustedIssuers: readonly string[] | ((iss: string, vct: string | null) => boolean);
  now: Date;
}

export interface PresentationVerdict {
  verified: boolean;
  checks: { check: PresentationCheckName; passed: boolean }[];
  /** The issuer's DID, vct and the selectively disclosed claims (empty when undecodable). */
  issuer: string | null;
  vct: string | null;
  claims: Record<string, unknown>;
}

interface Decoded {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signature: string;
  signedPart: string;
  disclosureDigests: string[];
  kbJwt: string;
}

/** The Ed25519 public key of a did:key (DID or DID URL), or undefined. */
function didKeyPublicKey(didOrUrl: string): { did: string; key: KeyObject } | undefined {
  try {
    const { did, publicKey } = parseDidKey(didOrUrl);
    const x = Buffer.from(publicKey).toString('base64url');
    return { did, key: createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' }) };
  } catch {
    return undefined;
  }
}

async function decode(presentation: string): Promise<Decoded | undefined> {
  try {
    const parts = splitSdJwt(presentation);
    if (!parts.kbJwt) return undefined;
    const decoded = await decodeSdJwt(presentation, digest);
    const [h, p, signature] = parts.jwt.split('.');
    if (!h || !p || !signature) return undefined;
    return {
      header: decoded.jwt.header,
      payload: decoded.jwt.payload,
      signature,
      signedPart: `${h}.${p}`,
      disclosureDigests: decoded.disclosures.map((d) => d._digest ?? ''),
      kbJwt: parts.kbJwt,
    };
  } catch {
    return undefined;
  }
}

const isEd25519Jwk = (jwk: unknown): jwk is JWK =>
  typeof jwk === 'object' &&
  jwk !== null &&
  (jwk as JWK).kty === 'OKP' &&
  (jwk as JWK).crv === 'Ed25519' &&
  typeof (jwk as JWK).x === 'string' &&
  !('d' in jwk);

/** The KB-JWT's payload when its signature verifies under `jwk`, else undefined. */
async function verifiedKbPayload(
  kbJwt: string,
  jwk: unknown,
): Promise<Record<string, unknown> | undefined> {
  try {
    if (!isEd25519Jwk(jwk)) return undefined;
    const header = decodeProtectedHeader(kbJwt);
    if (header.typ !== 'kb+jwt' || header.alg !== 'EdDSA') return undefined;
    const { payload } = await compactVerify(kbJwt, await importJWK(jwk, 'EdDSA'), {
      algorithms: ['EdDSA'],
    });
    return JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return undefined;
  }
}

/** The KB-JWT's payload without checking its signature (for the nonce, aud, sd_hash checks). */
function kbPayloadOf(kbJwt: string): Record<string, unknown> {
  try {
    const [, payload = ''] = kbJwt.split('.');
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** True when `claims` hold every claim of the query (or of one of its claim_sets). */
function requestedClaimsPresent(query: DcqlCredentialQuery, claims: Record<string, unknown>) {
  const queried = query.claims ?? [];
  const holds = (claim: (typeof queried)[number]) => {
    const [name] = claim.path;
    if (typeof name !== 'string' || !(name in claims)) return false;
    return !claim.values || claim.values.some((value) => value === claims[name]);
  };
  if (!query.claim_sets) return queried.every(holds);
  return query.claim_sets.some((set) =>
    set.every((id) => {
      const claim = queried.find((c) => c.id === id);
      return claim !== undefined && holds(claim);
    }),
  );
}

/**
 * The verdict on `presentation` (an SD-JWT+KB string) for `expected`.
 */
export async function verifySdJwtPresentation(
  presentation: string,
  expected: PresentationExpectations,
): Promise<PresentationVerdict> {
  const decoded = await decode(presentation);
  if (!decoded) {
    return {
      verified: false,
      checks: [{ check: 'format', passed: false }],
      issuer: null,
      vct: null,
      claims: {},
    };
  }
  const { header, payload } = decoded;
  const nowSeconds = Math.floor(expected.now.getTime() / 1000);
  const iss = typeof payload.iss === 'string' ? payload.iss : null;
  const vct = typeof payload.vct === 'string' ? payload.vct : null;
  const kid = typeof header.kid === 'string' ? didKeyPublicKey(header.kid) : undefined;
  const issuerKey = kid && kid.did === iss ? kid.key : undefined;
  const trusted =
    iss !== null &&
    issuerKey !== undefined &&
    (typeof expected.trustedIssuers === 'function'
      ? expected.trustedIssuers(iss, vct)
      : expected.trustedIssuers.includes(iss)) &&
    header.alg === 'EdDSA' &&
    header.typ === 'dc+sd-jwt';
  const verifyIssuer = (data: string, signature: string) => {
    try {
      return (
        trusted &&
        issuerKey !== undefined &&
        verify(null, Buffer.from(data), issuerKey, Buffer.from(signature, 'base64url'))
      );
    } catch {
      return false;
    }
  };

  // Claims: the selectively disclosed ones, found through the digests the issuer signed.
  let disclosedKeys: string[] = [];
  let unpacked: Record<string, unknown> = {};
  let intact = false;
  try {
    const decodedSd = await decodeSdJwt(presentation, digest);
    const result = await unpack(payload, decodedSd.disclosures, digest);
    unpacked = result.unpackedObj as Record<string, unknown>;
    disclosedKeys = Object.keys(result.disclosureKeymap);
    const referenced = new Set(Object.values(result.disclosureKeymap));
    const digests = decoded.disclosureDigests;
    intact = new Set(digests).size === digests.length && digests.every((d) => referenced.has(d));
  } catch {
    intact = false;
  }
  const claims = Object.fromEntries(
    disclosedKeys.filter((key) => !key.includes('.')).map((key) => [key, unpacked[key]]),
  );

  const cnf = payload.cnf as { jwk?: unknown } | undefined;
  const kbVerified = await verifiedKbPayload(decoded.kbJwt, cnf?.jwk);
  const kb = kbVerified ?? kbPayloadOf(decoded.kbJwt);
  const withoutKb = presentation.slice(0, presentation.lastIndexOf('~') + 1);
  const sdHash = hash('sha256', withoutKb, 'base64url');
  const allowedClaims = new Set(
    (expected.query.claims ?? [])
      .map((claim) => claim.path[0])
      .filter((n) => typeof n === 'string'),
  );
  const nbf = typeof payload.nbf === 'number' ? payload.nbf : undefined;
  const exp = typeof payload.exp === 'number' ? payload.exp : undefined;

  let libraryValid = false;
  try {
    const instance = new SDJwtVcInstance({
      hasher: digest,
      verifier: verifyIssuer,
      kbVerifier: async (data, signature) => {
        const [h = '', p = ''] = data.split('.');
        return (await verifiedKbPayload(`${h}.${p}.${signature}`, cnf?.jwk)) !== undefined;
      },
    });
    await instance.verify(presentation, {
      currentDate: nowSeconds,
      keyBindingNonce: expected.nonce,
    });
    libraryValid = true;
  } catch {
    libraryValid = false;
  }

  const checks: PresentationVerdict['checks'] = [
    { check: 'format', passed: true },
    { check: 'issuer_trusted', passed: trusted },
    { check: 'issuer_signature', passed: verifyIssuer(decoded.signedPart, decoded.signature) },
    { check: 'disclosures_intact', passed: intact },
    { check: 'holder_binding', passed: kbVerified !== undefined },
    { check: 'nonce', passed: kb.nonce === expected.nonce },
    { check: 'audience', passed: kb.aud === expected.clientId },
    { check: 'sd_hash', passed: kb.sd_hash === sdHash },
    { check: 'kb_jwt_iat', passed: isKbJwtIatInWindow(kb.iat, nowSeconds) },
    {
      check: 'credential_type',
      passed: vct !== null && expected.query.meta.vct_values.includes(vct),
    },
    {
      check: 'claims_within_request',
      passed: disclosedKeys.every((key) => allowedClaims.has(key)),
    },
    { check: 'requested_claims_present', passed: requestedClaimsPresent(expected.query, claims) },
    {
      check: 'not_expired',
      passed: (nbf === undefined || nbf <= nowSeconds) && (exp === undefined || nowSeconds < exp),
    },
    { check: 'sd_jwt_vc_valid', passed: libraryValid },
  ];
  return {
    verified: checks.every((c) => c.passed),
    checks,
    issuer: iss,
    vct,
    claims,
  };
}
