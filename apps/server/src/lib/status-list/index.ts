/**
 * The status checker every verifier path and the wallet use (docs/status-lists.md "Checking
 * status (wallet and verifiers)"): given a credential's issuer and its status entries
 * (entries.ts), fetches each list (fetch.ts), verifies it (token-status-list.ts: IETF Token
 * Status List; bitstring.ts: W3C Bitstring Status List) and answers one status:
 * - Token Status List: 0 valid, 1 revoked (INVALID), 2 suspended, 3 and above unknown
 *   (application specific);
 * - Bitstring Status List: a set bit in a `revocation` list is revoked, in a `suspension` list
 *   suspended; entries of other purposes are not status (ignored);
 * - several entries: revoked wins, then suspended, then unknown, then valid;
 * - no entries: valid (nothing can revoke it);
 * - any list unreachable, unverifiable (signature, typ, issuer, sub/id), expired, or an index
 *   out of its range: unknown, with the reason. Never "valid" for a list that was not read.
 *
 * Lists on this server's own PUBLIC_ORIGIN are read in process and never cached (they change
 * within a second of an issuer's revocation); outside lists are kept in an in-memory cache per
 * URL (and issuer) for their ttl, bounded to [30 s, 1 day] and never past their exp/validUntil,
 * unless `fresh` asks for a new copy. Never throws for a bad or unreachable list.
 */
import { LRUCache } from 'lru-cache';
import type { ServiceDeps } from '../deps';
import { isIssuerUrl } from '../sd-jwt-issuer-key';
import { loadTrustList } from '../trust-list';
import { BITSTRING_ACCEPT, verifyBitstringStatusList } from './bitstring';
import type { StatusEntry } from './entries';
import {
  fetchStatusList,
  isOwnOriginUrl,
  publishedIssuerKeys,
  type StatusFetchDeps,
} from './fetch';
import { STATUS_LIST_JWT_ACCEPT, verifyStatusListToken } from './token-status-list';
import { DEFAULT_TTL_MS, type ListProblem, type VerifiedList } from './verified-list';

export {
  type StatusEntry,
  statusEntriesOfCredential,
  statusEntriesOfSdJwtPayload,
} from './entries';
export { MAX_TTL_MS, MIN_TTL_MS } from './verified-list';

/** A credential's status as a verifier or the wallet sees it. */
export type StatusValue = 'valid' | 'suspended' | 'revoked' | 'unknown';

/** The answer of checkCredentialStatus. */
export interface StatusCheck {
  value: StatusValue;
  /** When it was checked (ISO 8601, the app clock). */
  checked_at: string;
  /** Why the value is 'unknown' (a plain sentence), or what made it revoked/suspended. */
  reason?: string;
  /** Seconds until a new check may give another answer (the shortest list ttl consulted). */
  ttl_seconds: number;
}

/** What the checker needs of the service: the database (trust list), clock, crypto, HTTP. */
export type StatusListDeps = Pick<ServiceDeps, 'db' | 'now' | 'proofCrypto'> & StatusFetchDeps;

/** The verified outside lists, per issuer and URL (process-wide, bounded). */
const listCache = new LRUCache<string, VerifiedList>({ max: 2_000 });

/** Drops every cached list (tests; a deployment never needs it). */
export function clearStatusListCache(): void {
  listCache.clear();
}

/** The list kind and purpose an entry reads, for the cache key. */
const cacheKey = (issuer: string, entry: StatusEntry) =>
  entry.kind === 'token'
    ? `token ${issuer} ${entry.uri}`
    : `bitstring ${issuer} ${entry.purpose} ${entry.uri}`;

/** The verified list an entry names: from the cache when allowed, else fetched and verified. */
async function listOf(
  issuer: string,
  entry: StatusEntry,
  fresh: boolean,
  deps: StatusListDeps,
): Promise<VerifiedList | ListProblem> {
  const own = isOwnOriginUrl(entry.uri, deps);
  const key = cacheKey(issuer, entry);
  const nowMs = deps.now().getTime();
  if (!own && !fresh) {
    const cached = listCache.get(key);
    if (cached && cached.keepUntilMs > nowMs) return cached;
  }
  const fetched = await fetchStatusList(
    entry.uri,
    entry.kind === 'token' ? STATUS_LIST_JWT_ACCEPT : BITSTRING_ACCEPT,
    deps,
  );
  if ('error' in fetched) return { reason: fetched.error };
  let verified: VerifiedList | ListProblem;
  if (entry.kind === 'token') {
    // Only an https issuer's keys are looked up in the trust list (a DID holds its own key);
    // the caller holds no transaction (PGlite has one connection).
    const trustList = isIssuerUrl(issuer) ? await loadTrustList(deps) : undefined;
    verified = await verifyStatusListToken(fetched.text, {
      uri: entry.uri,
      issuer,
      nowMs,
      keys: {
        trustList: (iss) => trustList?.find({ identifier: iss })?.jwks?.keys,
        published: (iss) => publishedIssuerKeys(iss, deps),
      },
    });
  } else {
    verified = await verifyBitstringStatusList(fetched.text, {
      uri: entry.uri,
      issuer,
      purpose: entry.purpose,
      now: deps.now(),
      crypto: deps.proofCrypto,
    });
  }
  if (!own && 'statusAt' in verified) listCache.set(key, verified);
  return verified;
}

/** One entry's reading: a status value, with a reason when unknown, and the list's life. */
interface EntryReading {
  value: StatusValue | 'ignored';
  reason?: string;
  keepMs: number;
}

async function readEntry(
  issuer: string,
  entry: StatusEntry,
  fresh: boolean,
  deps: StatusListDeps,
): Promise<EntryReading> {
  const nowMs = deps.now().getTime();
  const unknown = (reason: string): EntryReading => ({ value: 'unknown', reason, keepMs: 60_000 });
  if (entry.uri === '') return unknown('The status entry names no list address that can be read.');
  const index = entry.kind === 'token' ? entry.idx : entry.index;
  if (index < 0) return unknown('The status entry has no valid index.');
  if (entry.kind === 'bitstring') {
    if (entry.purpose !== 'revocation' && entry.purpose !== 'suspension') {
      return { value: 'ignored', keepMs: DEFAULT_TTL_MS };
    }
    if (entry.size !== 1) return unknown('The status entry has a status size other than 1 bit.');
  }
  const list = await listOf(issuer, entry, fresh, deps);
  if (!('statusAt' in list)) return unknown(list.reason);
  const keepMs = Math.max(0, list.keepUntilMs - nowMs);
  const status = list.statusAt(index);
  if (status === undefined) return unknown("The status entry's index is outside its list.");
  if (entry.kind === 'token') {
    if (status === 0) return { value: 'valid', keepMs };
    if (status === 1)
      return { value: 'revoked', reason: 'The issuer revoked the credential.', keepMs };
    if (status === 2) {
      return { value: 'suspended', reason: 'The issuer suspended the credential.', keepMs };
    }
    return unknown(`The status list gives a status this product does not know (${status}).`);
  }
  if (status === 0) return { value: 'valid', keepMs };
  return entry.purpose === 'revocation'
    ? { value: 'revoked', reason: 'The issuer revoked the credential.', keepMs }
    : { value: 'suspended', reason: 'The issuer suspended the credential.', keepMs };
}

/** Which value wins when entries disagree. */
const PRECEDENCE: readonly StatusValue[] = ['revoked', 'suspended', 'unknown', 'valid'];

/**
 * The status of a credential issued by `input.issuer` (its `iss`, or its W3C `issuer` id) with
 * `input.entries`. See the module docs. Never throws for a bad or unreachable list.
 */
export async function checkCredentialStatus(
  input: { issuer: string; entries: readonly StatusEntry[]; fresh?: boolean },
  deps: StatusListDeps,
): Promise<StatusCheck> {
  const checkedAt = deps.now().toISOString();
  const readings = await Promise.all(
    input.entries.map((entry) => readEntry(input.issuer, entry, input.fresh === true, deps)),
  );
  const counted = readings.filter(
    (r): r is EntryReading & { value: StatusValue } => r.value !== 'ignored',
  );
  const ttlSeconds = Math.round(
    Math.min(DEFAULT_TTL_MS * 288, ...readings.map((r) => r.keepMs)) / 1000,
  );
  for (const value of PRECEDENCE) {
    const found = counted.find((r) => r.value === value);
    if (!found) continue;
    return {
      value,
      checked_at: checkedAt,
      ...(found.reason ? { reason: found.reason } : {}),
      ttl_seconds: ttlSeconds,
    };
  }
  return { value: 'valid', checked_at: checkedAt, ttl_seconds: ttlSeconds };
}
