/**
 * Verifies one SD-JWT VC presentation (SD-JWT+KB, RFC 9901 / IETF SD-JWT VC) against a DCQL
 * credential query (OpenID4VP 1.0 sections 6 and 8.6, B.3.5) and answers a verdict: every
 * check of core's PRESENTATION_CHECKS with passed true or false, and the disclosed claims.
 * Verification returns a verdict and never throws for a bad presentation (STYLE 7).
 *
 * Which credentials (DECISIONS 9.2 and 9.3; docs/security.md "The trust list"):
 * - header `typ` 'dc+sd-jwt', or 'vc+sd-jwt' (the same SD-JWT VC under its older media type, as
 *   UIDAI's Aadhaar profile names it); any other typ fails 'issuer_signature';
 * - the issuer's key and algorithm by lib/sd-jwt-issuer-key.ts, the rules the wallet uses when
 *   it receives a credential (EdDSA, ES256, ES384; a did:key or did:jwk `iss`; an `x5c` whose
 *   certificate names the issuer's address and holds one of its listed keys; an http(s) `iss`
 *   by `kid`), with the trust list's JWK Set as the only source of keys for an issuer URL:
 *   nothing is fetched here. No usable key, or another algorithm: 'issuer_signature' fails with
 *   the problem 'issuer_key_not_found' or 'signature_algorithm_not_accepted';
 * - 'issuer_signature' checks the signature wherever a key was found, trusted or not;
 *   'issuer_trusted' asks the caller's trust decision (the trust list) for `iss` and `vct`, and
 *   needs the key too (for an issuer URL the key is the list's own).
 * - the KB-JWT (typ kb+jwt) signed by `cnf.jwk`: EdDSA with an Ed25519 key or ES256 with a P-256
 *   key (HOLDER_ALGS), the header's alg fitting the key.
 *
 * Each check is made on its own, so a verifier sees all that failed, not only the first; then
 * @sd-jwt/sd-jwt-vc's SDJwtVcInstance.verify runs over the same presentation (its verifier
 * callback uses the key found above, its kbVerifier `cnf.jwk`) as the 'sd_jwt_vc_valid' check.
 * The credential's `status` entry is not fetched here: the library's status step is skipped, and
 * the entries (`status.status_list`, IETF Token Status List) are answered in `statusEntries` for
 * the caller to check (lib/status-list, verifier/receive-verifier-response.ts).
 *
 * The KB-JWT's `iat` must lie in KB_JWT_IAT_WINDOW around `now` (RFC 9901 section 7.3, step "the
 * creation time of the Key Binding JWT ... is within an acceptable window"): 5 minutes back, 1
 * minute ahead, bounds included; a missing or non-numeric `iat` fails ('kb_jwt_iat'). The
 * library's own check does not bound it (a KB-JWT of the year 2000 or ten years ahead passes it).
 */
import { hash } from 'node:crypto';
import type { DcqlCredentialQuery, PresentationCheckName } from '@pehchaan/core';
import { digest } from '@sd-jwt/crypto-nodejs';
import { decodeSdJwt, splitSdJwt, unpack } from '@sd-jwt/decode';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { decodeProtectedHeader, type JWK } from 'jose';
import {
  findSdJwtIssuerKey,
  type IssuerKeyProblem,
  publicKeyFor,
  SD_JWT_ISSUER_ALGS,
  verifiesUnder,
} from './sd-jwt-issuer-key';
import { type StatusEntry, statusEntriesOfSdJwtPayload } from './status-list';

/**
 * How far a KB-JWT's `iat` may lie from the verifier's clock, in seconds: `back` before it (the
 * wallet signed it, then the answer travelled), `ahead` after it (the wallet's clock a little
 * fast). Wider windows let a captured presentation be replayed longer; the nonce limits that too.
 */
export const KB_JWT_IAT_WINDOW = { back: 5 * 60, ahead: 60 } as const;

/** The SD-JWT VC media types accepted in the issuer JWT's `typ` (SD-JWT VC section 3.2.1). */
export const SD_JWT_VC_TYPS = ['dc+sd-jwt', 'vc+sd-jwt'] as const;

/** The issuer signature algorithms accepted: the wallet's too (lib/sd-jwt-issuer-key.ts). */
export const ISSUER_ALGS = SD_JWT_ISSUER_ALGS;

/** The KB-JWT signature algorithms accepted, by the holder key's type. */
export const HOLDER_ALGS = ['EdDSA', 'ES256'] as const;

const isHolderAlg = (alg: unknown): alg is (typeof HOLDER_ALGS)[number] =>
  (HOLDER_ALGS as readonly unknown[]).includes(alg);

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
   * The trusted issuers' identifiers (DIDs or Credential Issuer URLs), or the caller's decision
   * for an issuer `iss` and the credential's `vct` (null when it has none): the trust list's
   * `trustsSdJwt` (lib/trust-list.ts), which trusts an issuer only for the types it may issue.
   */
  trustedIssuers: readonly string[] | ((iss: string, vct: string | null) => boolean);
  /**
   * The public keys (a JWK Set's `keys`) the trust list holds for the issuer whose identifier is
   * exactly `iss` (an https URL), or undefined when it holds none: where an https `iss`'s key is
   * looked up by `kid`. Omitted: an https `iss` has no key.
   */
  issuerJwks?: (iss: string) => readonly JWK[] | undefined;
  now: Date;
}

/** Why no issuer key could be used: the problem code the response endpoint answers, and why. */
export type { IssuerKeyProblem } from './sd-jwt-issuer-key';

export interface PresentationVerdict {
  verified: boolean;
  checks: { check: PresentationCheckName; passed: boolean }[];
  /** The issuer (`iss`: a DID or an https URL), vct and the selectively disclosed claims
   * (empty when undecodable). */
  issuer: string | null;
  vct: string | null;
  claims: Record<string, unknown>;
  /** Set when 'issuer_signature' failed because no acceptable issuer key was found. */
  issuerKeyProblem?: IssuerKeyProblem;
  /** The issuer-signed payload's status entries (none when it has no `status`). */
  statusEntries: StatusEntry[];
}

interface Decoded {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signature: string;
  signedPart: string;
  disclosureDigests: string[];
  kbJwt: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

async function decode(presentation: string): Promise<Decoded | undefined> {
  try {
    const parts = splitSdJwt(presentation);
    if (!parts.kbJwt) return undefined;
    const decoded = await decodeSdJwt(presentation, digest);
    // An empty signature (alg 'none') is read, so the alg check can name it.
    const [h, p, signature, ...more] = parts.jwt.split('.');
    if (!h || !p || signature === undefined || more.length > 0) return undefined;
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

/**
 * The KB-JWT's payload when its header is typ kb+jwt with an alg of HOLDER_ALGS fitting `jwk`
 * (the credential's `cnf.jwk`) and its signature verifies under `jwk`, else undefined.
 */
function verifiedKbPayload(kbJwt: string, jwk: unknown): Record<string, unknown> | undefined {
  try {
    const header = decodeProtectedHeader(kbJwt);
    const alg = header.alg;
    if (header.typ !== 'kb+jwt' || !isHolderAlg(alg)) return undefined;
    const key = publicKeyFor(jwk, alg);
    const [h = '', p = '', signature = ''] = kbJwt.split('.');
    if (!key || !verifiesUnder({ alg, key }, `${h}.${p}`, signature)) return undefined;
    const payload: unknown = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    return isObject(payload) ? payload : undefined;
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
      statusEntries: [],
    };
  }
  const { header, payload } = decoded;
  const nowSeconds = Math.floor(expected.now.getTime() / 1000);
  const iss = typeof payload.iss === 'string' ? payload.iss : null;
  const vct = typeof payload.vct === 'string' ? payload.vct : null;
  const found = await findSdJwtIssuerKey(header, iss, {
    trustList: (issuer) => expected.issuerJwks?.(issuer),
  });
  const issuerKey = 'key' in found ? found.key : undefined;
  const typAccepted = (SD_JWT_VC_TYPS as readonly unknown[]).includes(header.typ);
  const trusted =
    iss !== null &&
    issuerKey !== undefined &&
    typAccepted &&
    (typeof expected.trustedIssuers === 'function'
      ? expected.trustedIssuers(iss, vct)
      : expected.trustedIssuers.includes(iss));
  // The signature is checked wherever a key was found, trusted or not ('issuer_trusted' says which).
  const verifyIssuer = (data: string, signature: string) =>
    typAccepted && issuerKey !== undefined && verifiesUnder(issuerKey, data, signature);

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
  const kbVerified = verifiedKbPayload(decoded.kbJwt, cnf?.jwk);
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
      kbVerifier: (data, signature) => {
        const [h = '', p = ''] = data.split('.');
        return verifiedKbPayload(`${h}.${p}.${signature}`, cnf?.jwk) !== undefined;
      },
      // Never a network fetch from here, whatever the library version does with `status`.
      statusListFetcher: () => Promise.reject(new Error('The verifier fetches no status list')),
    });
    // The status entry is not read on this path (nothing is fetched): skip the library's step,
    // which would fetch the status list named in `status.status_list.uri`.
    Object.assign(instance, { verifyStatus: async () => undefined });
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
    statusEntries: statusEntriesOfSdJwtPayload(payload),
    ...('problem' in found ? { issuerKeyProblem: found.problem } : {}),
  };
}
