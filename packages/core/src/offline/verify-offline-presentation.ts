/**
 * Verifying an offline QR's SD-JWT VC presentation with no network (docs/offline-verification.md;
 * RFC 9901 SD-JWT sections 4 and 7, draft-ietf-oauth-sd-jwt-vc, draft-ietf-oauth-status-list),
 * in the browser (/verify "Scan offline QR") or in Node: WebCrypto only, nothing fetched.
 *
 * Input (`OfflineVerifyOptions`): the presentation `<issuer-jwt>~<disclosure>~...~<kb-jwt>` (the
 * text the offline QR's codec decodes to), the trust list as GET /trust-list answers it
 * (DECISIONS 9.3) with the time it was fetched, the saved statuslist+jwt answers with their fetch
 * times, this deployment's origin (reads its `{origin}/vct/{key}` as catalogue types) and `now`.
 *
 * Output (`OfflineVerdict`), never a throw: every check by name, each 'passed', 'failed' or
 * 'not_checked' (a check that needs an earlier one that failed):
 * - format: three parts with JSON, a key-binding JWT last;
 * - issuer_trusted: `iss` is a DID (or identifier) of an issuer on the trust list;
 * - issuer_signature: the issuer JWT verifies with that issuer's key (its did:key, or the JWK of
 *   its JWK Set the header's `kid` names), EdDSA or ES256;
 * - typ: header typ `dc+sd-jwt` (or the older `vc+sd-jwt`);
 * - document_type: `vct` names a type (a catalogue key when it is this deployment's vct) the
 *   issuer may issue;
 * - validity: `nbf` not in the future, `exp` not past (60 s of clock skew);
 * - disclosures: each disclosure's SHA-256 digest is in an `_sd` (or array `...`) once, and only
 *   `sha-256` is used;
 * - holder_binding: the KB-JWT (typ kb+jwt) verifies with the issuer-signed `cnf.jwk`;
 * - sd_hash: the KB-JWT's `sd_hash` is the digest of the presentation before it;
 * - audience: `aud` 'offline' (on a screen) or 'offline-print' (a printed copy), and a 6-character
 *   A-Z0-9 `nonce`;
 * - freshness: for 'offline', the KB-JWT's `iat` is at most 10 minutes old ('presentation_expired'
 *   after that); a printed copy has no time limit (shown as printed on its `iat`);
 * - status: the credential's `status.status_list { idx, uri }` read from a saved statuslist+jwt
 *   of that `uri` (typ statuslist+jwt, `sub` = uri, signed by the same issuer's key; 2 bits:
 *   0 valid, 1 revoked, 2 suspended). No entry: valid (nothing can revoke it). No saved list, a
 *   list that does not verify, or a valid answer from a list older than its `ttl` (or past its
 *   `exp`): 'not_checked' with the reason, the presentation otherwise verified. A revoked or
 *   suspended answer fails, however old the list.
 * `verified` is true when no check failed; `failure` is the first failed check's code.
 */
import {
  OFFLINE_AUDIENCE,
  OFFLINE_NONCE_PATTERN,
  OFFLINE_QR_LIFETIME_MS,
} from '../api/offline-presentation';
import type { TrustListAnswer, TrustListIssuer } from '../api/trust-list';
import {
  DOCUMENT_TYPES,
  type DocumentTypeKey,
  documentTypeOfVct,
  isDocumentTypeKey,
} from '../documents';
import { didKeyToPublicJwk } from '../proofs/did-key';
import {
  base64urlJson,
  type JsonObject,
  parseJws,
  sha256Base64url,
  verifyJwsSignature,
} from './jws';
import { decodeOfflineQr, OfflineQrError } from './qr-codec';
import { readTokenStatus } from './token-status-list';

/** Clock skew tolerated between the holder's and the verifier's devices (ms). */
const CLOCK_SKEW_MS = 60 * 1000;

/** The named checks, in the order they run. */
export const OFFLINE_CHECKS = [
  'format',
  'issuer_trusted',
  'issuer_signature',
  'typ',
  'document_type',
  'validity',
  'disclosures',
  'holder_binding',
  'sd_hash',
  'audience',
  'freshness',
  'status',
] as const;
export type OfflineCheckName = (typeof OFFLINE_CHECKS)[number];

/** Why a check failed (a stable code; the page words it). */
export type OfflineFailure =
  /** The QR code is not an offline QR of this product (no `PH1:` prefix). */
  | 'not_offline_qr'
  | 'malformed'
  | 'issuer_untrusted'
  | 'bad_issuer_signature'
  | 'wrong_typ'
  | 'type_not_allowed'
  | 'not_yet_valid'
  | 'credential_expired'
  | 'bad_disclosure'
  | 'bad_holder_signature'
  | 'sd_hash_mismatch'
  | 'wrong_audience'
  | 'presentation_expired'
  | 'credential_revoked'
  | 'credential_suspended';

export interface OfflineCheck {
  name: OfflineCheckName;
  outcome: 'passed' | 'failed' | 'not_checked';
  /** For 'failed'. */
  failure?: OfflineFailure;
}

/** A statuslist+jwt answer saved while online, with when it was fetched. */
export interface SavedStatusList {
  /** The list's URL (the credential's `status.status_list.uri`). */
  uri: string;
  /** The compact JWS as served (application/statuslist+jwt). */
  jwt: string;
  /** ISO 8601 instant it was fetched. */
  fetched_at: string;
}

/** What the status check found. */
export interface OfflineStatus {
  /** 'unknown' when no list could be read. */
  value: 'valid' | 'revoked' | 'suspended' | 'unknown';
  /**
   * null: read from a current list. 'no_entry': the credential has no status entry.
   * 'no_saved_list': none saved for its uri. 'bad_list': the saved list does not verify or does
   * not cover the index. 'stale_list': the saved list is older than its ttl (or past its exp).
   */
  reason: null | 'no_entry' | 'no_saved_list' | 'bad_list' | 'stale_list';
  /** The list's URL, when the credential names one. */
  list_uri: string | null;
  /** When the list used was fetched (ISO 8601), when one was used. */
  list_fetched_at: string | null;
  /** Its age at `now` (seconds), when one was used. */
  list_age_seconds: number | null;
  /** Its ttl (seconds), when it states one. */
  list_ttl_seconds: number | null;
}

export interface OfflineVerdict {
  verified: boolean;
  /** The first failed check's code, or null. */
  failure: OfflineFailure | null;
  checks: OfflineCheck[];
  /** The trusted issuer that signed, when found on the list. */
  issuer: { identifier: string; name: string; names: Record<string, string> } | null;
  vct: string | null;
  /** The catalogue type `vct` names, when it is one of this deployment's. */
  document_type: DocumentTypeKey | null;
  /** The disclosed top-level claims, in the presentation's order (only when verified). */
  claims: { name: string; value: unknown }[];
  /** The KB-JWT's nonce, for the verifier to compare with the holder's screen. */
  nonce: string | null;
  /** 'screen' (aud offline), 'print' (aud offline-print), or null (another or no KB-JWT). */
  medium: 'screen' | 'print' | null;
  /** The KB-JWT's `iat` (ISO 8601): when shown, or when printed. */
  presented_at: string | null;
  /** For 'screen': presented_at + 10 minutes; else null. */
  expires_at: string | null;
  /** The credential's own validity: `exp` as ISO 8601, or null (none). */
  valid_until: string | null;
  status: OfflineStatus;
  /** When the trust list used was fetched (as given). */
  trust_list_fetched_at: string | null;
}

export interface OfflineVerifyOptions {
  /** `<issuer-jwt>~<disclosure>~...~<kb-jwt>`. */
  presentation: string;
  /** GET /trust-list's answer. */
  trustList: Pick<TrustListAnswer, 'issuers'>;
  /** When it was fetched (ISO 8601), or null when unknown. */
  trustListFetchedAt?: string | null;
  /** Saved status lists (any number; the one whose uri matches is used). */
  statusLists?: readonly SavedStatusList[];
  /** This deployment's origin, e.g. 'https://pehchaan.example'. */
  publicOrigin: string;
  now?: Date;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SD_JWT_TYPES = new Set(['dc+sd-jwt', 'vc+sd-jwt']);

/** The catalogue key `type` names in any spelling (key, name, W3C type, our vct), or undefined. */
function catalogueKeyOf(type: string, publicOrigin: string): DocumentTypeKey | undefined {
  if (isDocumentTypeKey(type)) return type;
  const byName = DOCUMENT_TYPES.find((t) => t.name === type || t.credentialType === type);
  return byName?.key ?? documentTypeOfVct(publicOrigin, type);
}

/** The trust-list entry that signs as `iss` (a DID it lists, or its identifier). */
function issuerEntry(
  issuers: readonly TrustListIssuer[],
  iss: string,
): TrustListIssuer | undefined {
  return issuers.find((entry) => entry.dids.includes(iss) || entry.identifier === iss);
}

/**
 * The public key of `entry` that a JWS with header `header` from `iss` names: the did:key
 * itself (its `kid`, when given, must be a DID URL of the same DID), else the JWK of its JWK Set
 * with that `kid` (or its only key). Undefined when none.
 */
function issuerKey(entry: TrustListIssuer, iss: string, header: JsonObject): unknown {
  const kid = typeof header.kid === 'string' ? header.kid : undefined;
  const did = kid?.startsWith('did:') ? kid.split('#')[0] : iss;
  if (did?.startsWith('did:key:') && entry.dids.includes(did)) {
    try {
      return didKeyToPublicJwk(kid?.startsWith('did:') ? kid : did);
    } catch {
      return undefined;
    }
  }
  const keys = entry.jwks?.keys ?? [];
  if (kid !== undefined) return keys.find((key) => key.kid === kid);
  return keys.length === 1 ? keys[0] : undefined;
}

/** Seconds since the epoch -> ISO 8601, or null for anything but a finite number. */
const isoOf = (seconds: unknown): string | null =>
  typeof seconds === 'number' && Number.isFinite(seconds)
    ? new Date(seconds * 1000).toISOString()
    : null;

interface Disclosed {
  digest: string;
  /** [salt, name, value] (object property) or [salt, value] (array element). */
  name: string | null;
  value: unknown;
}

/**
 * The claims of `payload` with its disclosures put back (RFC 9901 section 7.1 steps 3-4);
 * undefined when a disclosure is malformed, repeated, not referenced exactly once, or when an
 * `_sd_alg` other than sha-256 is named.
 */
async function discloseClaims(
  payload: JsonObject,
  disclosures: readonly string[],
): Promise<{ name: string; value: unknown }[] | undefined> {
  if (payload._sd_alg !== undefined && payload._sd_alg !== 'sha-256') return undefined;
  const byDigest = new Map<string, Disclosed>();
  for (const disclosure of disclosures) {
    const parsed = base64urlJson(disclosure);
    if (!Array.isArray(parsed)) return undefined;
    let entry: Disclosed;
    if (parsed.length === 3 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') {
      if (parsed[1] === '_sd' || parsed[1] === '...') return undefined;
      entry = { digest: await sha256Base64url(disclosure), name: parsed[1], value: parsed[2] };
    } else if (parsed.length === 2 && typeof parsed[0] === 'string') {
      entry = { digest: await sha256Base64url(disclosure), name: null, value: parsed[1] };
    } else {
      return undefined;
    }
    if (byDigest.has(entry.digest)) return undefined;
    byDigest.set(entry.digest, entry);
  }
  const used = new Set<string>();
  let ok = true;
  const use = (digest: unknown, asProperty: boolean): Disclosed | undefined => {
    if (typeof digest !== 'string') {
      ok = false;
      return undefined;
    }
    const found = byDigest.get(digest);
    if (!found) return undefined; // a decoy, or a claim not disclosed
    if (used.has(digest) || (found.name !== null) !== asProperty) {
      ok = false;
      return undefined;
    }
    used.add(digest);
    return found;
  };
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (const element of value) {
        if (isObject(element) && Object.keys(element).length === 1 && '...' in element) {
          const found = use(element['...'], false);
          if (found) out.push(resolve(found.value));
        } else {
          out.push(resolve(element));
        }
      }
      return out;
    }
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key !== '_sd' && key !== '_sd_alg') out[key] = resolve(inner);
    }
    const digests = value._sd;
    if (digests !== undefined && !Array.isArray(digests)) ok = false;
    for (const digest of Array.isArray(digests) ? digests : []) {
      const found = use(digest, true);
      if (found?.name != null) {
        if (found.name in out) ok = false;
        out[found.name] = resolve(found.value);
      }
    }
    return out;
  };
  const claims = resolve(payload) as JsonObject;
  if (!ok || used.size !== byDigest.size) return undefined;
  // The disclosed top-level claims, in the order their disclosures came.
  const topLevel: { name: string; value: unknown }[] = [];
  const topDigests = new Set(Array.isArray(payload._sd) ? payload._sd : []);
  for (const entry of byDigest.values()) {
    if (entry.name !== null && topDigests.has(entry.digest)) {
      topLevel.push({ name: entry.name, value: claims[entry.name] });
    }
  }
  return topLevel;
}

/** The status check of an issuer-signed payload against the saved lists. */
async function checkStatus(
  payload: JsonObject,
  entry: TrustListIssuer,
  statusLists: readonly SavedStatusList[],
  now: Date,
): Promise<OfflineStatus> {
  const none: OfflineStatus = {
    value: 'unknown',
    reason: 'no_entry',
    list_uri: null,
    list_fetched_at: null,
    list_age_seconds: null,
    list_ttl_seconds: null,
  };
  const status = isObject(payload.status) ? payload.status : undefined;
  const reference = isObject(status?.status_list) ? status.status_list : undefined;
  if (!reference) return { ...none, value: 'valid' };
  const { idx, uri } = reference;
  if (typeof uri !== 'string' || typeof idx !== 'number') {
    return { ...none, reason: 'bad_list' };
  }
  const base = { ...none, list_uri: uri };
  // The most recently fetched list saved for this uri.
  const saved = statusLists
    .filter((list) => list.uri === uri && !Number.isNaN(Date.parse(list.fetched_at)))
    .sort((a, b) => Date.parse(b.fetched_at) - Date.parse(a.fetched_at))[0];
  if (!saved) return { ...base, reason: 'no_saved_list' };
  const fetchedAt = new Date(Date.parse(saved.fetched_at));
  const ageSeconds = Math.max(0, Math.floor((now.getTime() - fetchedAt.getTime()) / 1000));
  const used = {
    ...base,
    list_fetched_at: fetchedAt.toISOString(),
    list_age_seconds: ageSeconds,
  };
  const jws = parseJws(saved.jwt);
  if (jws?.header.typ !== 'statuslist+jwt' || jws.payload.sub !== uri) {
    return { ...used, reason: 'bad_list' };
  }
  const iss = typeof jws.payload.iss === 'string' ? jws.payload.iss : undefined;
  const key = issuerKey(entry, iss ?? entry.dids[0] ?? entry.identifier, jws.header);
  if (!(await verifyJwsSignature(jws, key))) return { ...used, reason: 'bad_list' };
  const list = isObject(jws.payload.status_list) ? jws.payload.status_list : undefined;
  const value = list ? await readTokenStatus({ bits: list.bits, lst: list.lst }, idx) : undefined;
  if (value === undefined) return { ...used, reason: 'bad_list' };
  const ttl = typeof jws.payload.ttl === 'number' ? jws.payload.ttl : null;
  const exp = typeof jws.payload.exp === 'number' ? jws.payload.exp : null;
  const stale = (ttl !== null && ageSeconds > ttl) || (exp !== null && now.getTime() > exp * 1000);
  const read = value === 0 ? 'valid' : value === 2 ? 'suspended' : 'revoked';
  return {
    ...used,
    value: read,
    // A revoked or suspended answer stands however old the list; a valid one must be current.
    reason: stale && read === 'valid' ? 'stale_list' : null,
    list_ttl_seconds: ttl,
  };
}

/** Verifies an offline presentation with no network; never throws (see the module comment). */
export async function verifyOfflinePresentation(
  options: OfflineVerifyOptions,
): Promise<OfflineVerdict> {
  const now = options.now ?? new Date();
  const checks = new Map<OfflineCheckName, OfflineCheck>();
  const pass = (name: OfflineCheckName) => checks.set(name, { name, outcome: 'passed' });
  const fail = (name: OfflineCheckName, failure: OfflineFailure) =>
    checks.set(name, { name, outcome: 'failed', failure });
  const verdict: OfflineVerdict = {
    verified: false,
    failure: null,
    checks: [],
    issuer: null,
    vct: null,
    document_type: null,
    claims: [],
    nonce: null,
    medium: null,
    presented_at: null,
    expires_at: null,
    valid_until: null,
    status: {
      value: 'unknown',
      reason: null,
      list_uri: null,
      list_fetched_at: null,
      list_age_seconds: null,
      list_ttl_seconds: null,
    },
    trust_list_fetched_at: options.trustListFetchedAt ?? null,
  };
  const finish = (): OfflineVerdict => {
    verdict.checks = OFFLINE_CHECKS.map(
      (name) => checks.get(name) ?? { name, outcome: 'not_checked' },
    );
    const failed = verdict.checks.find((check) => check.outcome === 'failed');
    verdict.failure = failed?.failure ?? null;
    verdict.verified = failed === undefined;
    if (!verdict.verified) verdict.claims = [];
    return verdict;
  };

  // format
  const parts = options.presentation.trim().split('~');
  const issuerJws = parseJws(parts[0] ?? '');
  const kbText = parts.at(-1) ?? '';
  const kbJws = parseJws(kbText);
  if (parts.length < 2 || !issuerJws || !kbJws) {
    fail('format', 'malformed');
    return finish();
  }
  pass('format');
  const { header, payload } = issuerJws;
  const disclosures = parts.slice(1, -1);

  // issuer_trusted, issuer_signature
  const iss = typeof payload.iss === 'string' ? payload.iss : '';
  const entry = issuerEntry(options.trustList.issuers, iss);
  if (!entry) {
    fail('issuer_trusted', 'issuer_untrusted');
    return finish();
  }
  pass('issuer_trusted');
  verdict.issuer = { identifier: entry.identifier, name: entry.name, names: entry.names };
  if (!(await verifyJwsSignature(issuerJws, issuerKey(entry, iss, header)))) {
    fail('issuer_signature', 'bad_issuer_signature');
    return finish();
  }
  pass('issuer_signature');

  // typ
  if (typeof header.typ === 'string' && SD_JWT_TYPES.has(header.typ)) pass('typ');
  else fail('typ', 'wrong_typ');

  // document_type: vct, and the issuer may issue it
  const vct = typeof payload.vct === 'string' ? payload.vct : null;
  verdict.vct = vct;
  verdict.document_type = vct ? (documentTypeOfVct(options.publicOrigin, vct) ?? null) : null;
  const allowed = entry.document_types.some(
    (type) =>
      type === vct ||
      (verdict.document_type !== null &&
        catalogueKeyOf(type, options.publicOrigin) === verdict.document_type),
  );
  if (vct && allowed) pass('document_type');
  else fail('document_type', 'type_not_allowed');

  // validity
  verdict.valid_until = isoOf(payload.exp);
  if (typeof payload.nbf === 'number' && payload.nbf * 1000 > now.getTime() + CLOCK_SKEW_MS) {
    fail('validity', 'not_yet_valid');
  } else if (
    typeof payload.exp === 'number' &&
    payload.exp * 1000 < now.getTime() - CLOCK_SKEW_MS
  ) {
    fail('validity', 'credential_expired');
  } else pass('validity');

  // disclosures
  const claims = await discloseClaims(payload, disclosures);
  if (claims) {
    pass('disclosures');
    verdict.claims = claims;
  } else fail('disclosures', 'bad_disclosure');

  // holder_binding, sd_hash
  const cnf = isObject(payload.cnf) ? payload.cnf : undefined;
  if (kbJws.header.typ === 'kb+jwt' && (await verifyJwsSignature(kbJws, cnf?.jwk))) {
    pass('holder_binding');
  } else {
    fail('holder_binding', 'bad_holder_signature');
    return finish();
  }
  const withoutKb = options.presentation.trim().slice(0, -kbText.length);
  if (kbJws.payload.sd_hash === (await sha256Base64url(withoutKb))) pass('sd_hash');
  else fail('sd_hash', 'sd_hash_mismatch');

  // audience, freshness
  const kb = kbJws.payload;
  verdict.nonce = typeof kb.nonce === 'string' ? kb.nonce : null;
  verdict.presented_at = isoOf(kb.iat);
  verdict.medium =
    kb.aud === OFFLINE_AUDIENCE.screen
      ? 'screen'
      : kb.aud === OFFLINE_AUDIENCE.print
        ? 'print'
        : null;
  if (
    verdict.medium === null ||
    !OFFLINE_NONCE_PATTERN.test(verdict.nonce ?? '') ||
    typeof kb.iat !== 'number'
  ) {
    fail('audience', 'wrong_audience');
  } else {
    pass('audience');
    const iat = kb.iat * 1000;
    if (verdict.medium === 'screen') {
      verdict.expires_at = new Date(iat + OFFLINE_QR_LIFETIME_MS).toISOString();
      const fresh =
        iat <= now.getTime() + CLOCK_SKEW_MS && now.getTime() - iat <= OFFLINE_QR_LIFETIME_MS;
      if (fresh) pass('freshness');
      else fail('freshness', 'presentation_expired');
    } else if (iat <= now.getTime() + CLOCK_SKEW_MS) pass('freshness');
    else fail('freshness', 'presentation_expired');
  }

  // status
  verdict.status = await checkStatus(payload, entry, options.statusLists ?? [], now);
  if (verdict.status.value === 'revoked') fail('status', 'credential_revoked');
  else if (verdict.status.value === 'suspended') fail('status', 'credential_suspended');
  else if (verdict.status.value === 'valid' && verdict.status.reason !== 'stale_list') {
    pass('status');
  }
  return finish();
}

/**
 * Verifies the text of a scanned offline QR code (`PH1:...`, qr-codec.ts): decodes it and
 * verifies the presentation inside as verifyOfflinePresentation does. Text that is not an offline
 * QR fails 'not_offline_qr'; one that does not decode fails 'malformed'. Never throws.
 */
export async function verifyOfflineQr(
  options: Omit<OfflineVerifyOptions, 'presentation'> & { text: string },
): Promise<OfflineVerdict> {
  const { text, ...rest } = options;
  let presentation: string;
  try {
    presentation = decodeOfflineQr(text);
  } catch (error) {
    const verdict = await verifyOfflinePresentation({ ...rest, presentation: '' });
    if (error instanceof OfflineQrError && error.code === 'not_offline_qr') {
      verdict.failure = 'not_offline_qr';
      verdict.checks = verdict.checks.map((check) =>
        check.name === 'format' ? { ...check, failure: 'not_offline_qr' } : check,
      );
    }
    return verdict;
  }
  return verifyOfflinePresentation({ ...rest, presentation });
}

/**
 * The Token Status List URL (`status.status_list.uri`) the credential in an offline QR's text
 * names, so a verifier can load its saved copy before verifyOfflineQr; null when the text is not
 * an offline QR or the credential has no status entry. Reads only; never throws.
 */
export function statusListUriOfOfflineQr(text: string): string | null {
  try {
    const payload = parseJws(decodeOfflineQr(text).split('~')[0] ?? '')?.payload;
    const status = isObject(payload?.status) ? payload.status : undefined;
    const reference = isObject(status?.status_list) ? status.status_list : undefined;
    return typeof reference?.uri === 'string' ? reference.uri : null;
  } catch {
    return null;
  }
}
