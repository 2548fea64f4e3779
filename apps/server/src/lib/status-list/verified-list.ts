/**
 * A status list that was fetched and verified: what the checker reads an entry from, and how
 * long it may be kept (the list's `ttl`, bounded by MIN_TTL_MS and MAX_TTL_MS, never past the
 * list's own end of validity).
 */

/** The shortest time a list is kept (30 s): a list asking for less is still kept this long. */
export const MIN_TTL_MS = 30_000;
/** The longest time a list is kept (1 day), whatever its `ttl` says. */
export const MAX_TTL_MS = 86_400_000;
/** The largest decompressed list read (16 MiB: 134,217,728 one-bit entries). */
export const MAX_LIST_BYTES = 16 * 1024 * 1024;
/** How long a list that states no `ttl` is kept (5 minutes). */
export const DEFAULT_TTL_MS = 300_000;

export interface VerifiedList {
  /** The status value at `index`, or undefined when the list has no such index. */
  statusAt(index: number): number | undefined;
  /** Bits per status (Token Status List `bits`; 1 for a Bitstring Status List). */
  bits: number;
  /** Bitstring Status List: the list's statusPurpose(s); empty for a Token Status List. */
  purposes: readonly string[];
  /** Epoch ms until which the list may be used from the cache. */
  keepUntilMs: number;
}

/** Why a list cannot be used: a plain sentence (never the list's own text). */
export interface ListProblem {
  reason: string;
}

/**
 * Epoch ms a list fetched at `nowMs` may be kept until: `ttlMs` (DEFAULT_TTL_MS when absent)
 * bounded to [MIN_TTL_MS, MAX_TTL_MS], and no later than `endMs` (the list's exp/validUntil).
 */
export function keepUntil(nowMs: number, ttlMs: number | undefined, endMs?: number): number {
  const ttl = Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, ttlMs ?? DEFAULT_TTL_MS));
  return Math.min(nowMs + ttl, endMs ?? Number.POSITIVE_INFINITY);
}
