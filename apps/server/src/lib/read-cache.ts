/**
 * ReadCache: answers of holder reads kept in this process's memory, dropped the moment the
 * holder's data changes (docs/adr/0006-read-cache.md, docs/performance.md).
 *
 * What is kept (each entry belongs to one holder, the data principal whose rows it was read from):
 * live sessions by token hash, the serialized credentials and consent-request lists, and the
 * serialized public verdict of a credential. Values are whatever the caller stores (strings for
 * answers, small objects for sessions).
 *
 * Each entry belongs to an invalidation scope, named by the `holderId` it is stored with: the
 * holder's data (credentials, consent requests, verdicts: the holder id itself) or the holder's
 * sessions (`sessionsOf(holderId)`), so a change of one does not drop the other (an approval
 * keeps the sessions of every device of the holder; a logout keeps their lists).
 *
 * How an entry stays true:
 * - Every change to a holder's cached rows is announced: the database's triggers send the holder
 *   id when the change commits, data changes on `pehchaan_holder_changed` (migration 0005) and
 *   session ends on `pehchaan_sessions_changed` (migration 0028), on every instance that listens
 *   (plugins/read-cache.ts), whoever wrote it (another API instance, housekeeping, an operator
 *   in psql). Each announcement calls `invalidate(holderId)` or `invalidate(sessionsOf(holderId))`.
 * - This instance also invalidates a holder itself when one of its own writes for that holder is
 *   answered, before the answer leaves (so a holder reads their own write at once on PostgreSQL,
 *   where the announcement arrives a moment after the commit).
 * - A read that started before an invalidation may not store what it read: callers take a
 *   `ticket` (begin) before they query and pass it to `set`, which keeps the entry only if no
 *   invalidation of that holder came after the ticket. Invalidation itself is O(1): it records
 *   the tick at which the holder changed, and entries older than that are refused when read.
 * - While the change feed is down (lost connection to PostgreSQL), the cache is disabled: every
 *   read goes to the database, nothing is stored, and everything stored before is dropped when
 *   it comes back (`disable`/`enable`).
 * - An entry may carry `expiresAt` (epoch ms on the app's clock): a session's absolute end, or
 *   the instant a credential's validity period starts or ends.
 *
 * Concurrent misses of one key share one read (`load`): a read of `key` under way is joined by
 * a later miss only while its holder has not changed since that read began (the joiner would
 * have read the same rows), so N connections missing one holder's list after a write cost one
 * query, not N. A read whose holder changed meanwhile is not joined: the joiner reads afresh.
 *
 * Memory is bounded: at most MAX_ENTRIES entries and MAX_SIZE units (a string or Buffer counts its
 * length, an object 256), least recently used first out. The record of invalidated holders is bounded
 * too; when one is pushed out, every entry read before it is refused (a conservative floor).
 */
import { LRUCache } from 'lru-cache';

export const READ_CACHE_MAX_ENTRIES = 100_000;
/** About 64 MB of cached JSON. */
export const READ_CACHE_MAX_SIZE = 64 * 1024 * 1024;
export const READ_CACHE_MAX_HOLDER_RECORDS = 100_000;
const OBJECT_SIZE = 256;

/**
 * The invalidation scope of `holderId`'s cached sessions (module docs): what a session entry is
 * stored under and what an announcement of a session change invalidates. Distinct from every
 * holder id (those never contain a space).
 */
export function sessionsOf(holderId: string): string {
  return `sessions ${holderId}`;
}

/** A read's place in the order of invalidations; from `begin()`. */
export type ReadTicket = number;

interface Entry {
  holderId: string;
  ticket: ReadTicket;
  expiresAt: number;
  value: unknown;
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  /** Holder invalidations received (announcements and own writes). */
  invalidations: number;
  /** Misses answered by joining a read of the same key already under way (see `load`). */
  joined: number;
  entries: number;
  enabled: boolean;
}

export interface ReadCacheOptions {
  maxEntries?: number;
  maxSize?: number;
  maxHolderRecords?: number;
  /** Start enabled (true) or wait for `enable()` (false: the change feed is not listening yet). */
  enabled?: boolean;
}

export class ReadCache {
  private tick = 0;
  /** Entries whose ticket is below this are refused (invalidateAll, pushed-out holder records). */
  private floor = 0;
  private isEnabled: boolean;
  private readonly entries: LRUCache<string, Entry>;
  /** Holder id -> the tick of its last invalidation. */
  private readonly changedAt: LRUCache<string, number>;
  private counts = { hits: 0, misses: 0, invalidations: 0, joined: 0 };
  /** Reads under way by key: who they read for, from which ticket, and their result. */
  private readonly loading = new Map<
    string,
    { holderId: string; ticket: ReadTicket; result: Promise<unknown> }
  >();

  constructor(options: ReadCacheOptions = {}) {
    this.isEnabled = options.enabled ?? true;
    this.entries = new LRUCache<string, Entry>({
      max: options.maxEntries ?? READ_CACHE_MAX_ENTRIES,
      maxSize: options.maxSize ?? READ_CACHE_MAX_SIZE,
      sizeCalculation: (entry) =>
        typeof entry.value === 'string' || Buffer.isBuffer(entry.value)
          ? Math.max(1, entry.value.length)
          : OBJECT_SIZE,
    });
    this.changedAt = new LRUCache<string, number>({
      max: options.maxHolderRecords ?? READ_CACHE_MAX_HOLDER_RECORDS,
      dispose: (tick, _holderId, reason) => {
        if (reason === 'evict') this.floor = Math.max(this.floor, tick);
      },
    });
  }

  /** False while the change feed is down or caching is turned off: get misses, set ignores. */
  get enabled(): boolean {
    return this.isEnabled;
  }

  /** Take before reading the database; pass to `set`. */
  begin(): ReadTicket {
    return this.tick;
  }

  /**
   * The value stored under `key`, or undefined when there is none, it is disabled, the holder
   * changed since it was read, or `nowMs` has reached its `expiresAt`.
   */
  get<T>(key: string, nowMs: number): T | undefined {
    if (!this.isEnabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) {
      this.counts.misses++;
      return undefined;
    }
    if (!this.isCurrent(entry) || nowMs >= entry.expiresAt) {
      this.entries.delete(key);
      this.counts.misses++;
      return undefined;
    }
    this.counts.hits++;
    return entry.value as T;
  }

  /**
   * Stores `value` read for `holderId` under `key`, unless the holder changed after `ticket`
   * was taken or the cache is disabled. `expiresAt`: epoch ms after which it is not served.
   */
  set(
    key: string,
    holderId: string,
    value: unknown,
    ticket: ReadTicket,
    expiresAt: number = Number.POSITIVE_INFINITY,
  ): void {
    if (!this.isEnabled) return;
    const entry: Entry = { holderId, ticket, expiresAt, value };
    if (!this.isCurrent(entry)) return;
    this.entries.set(key, entry);
  }

  /**
   * The value of `key` for `holderId`: from memory when current (as `get`); else the result of
   * a read of `key` already under way for the same holder that began after the holder's last
   * change (joined, not repeated); else `read(ticket)`'s, stored with its `expiresAt` (epoch ms)
   * unless the holder changed meanwhile. Disabled: `read` every time, nothing kept or shared.
   * Errors: whatever `read` rejects with (a joined read's error reaches every joiner; nothing is
   * stored).
   */
  async load<T>(
    key: string,
    holderId: string,
    nowMs: number,
    read: () => Promise<{ value: T; expiresAt?: number | undefined }>,
  ): Promise<T> {
    if (!this.isEnabled) return (await read()).value;
    const kept = this.get<T>(key, nowMs);
    if (kept !== undefined) return kept;
    const under = this.loading.get(key);
    if (
      under &&
      under.holderId === holderId &&
      this.isCurrent({ ...under, expiresAt: 0, value: 0 })
    ) {
      this.counts.joined++;
      return (await under.result) as T;
    }
    const ticket = this.begin();
    const result = read().then(({ value, expiresAt }) => {
      this.set(key, holderId, value, ticket, expiresAt);
      return value;
    });
    const entry = { holderId, ticket, result };
    this.loading.set(key, entry);
    try {
      return await result;
    } finally {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    }
  }

  /** Drops every entry of `holderId` and refuses what reads in progress would store for it. */
  invalidate(holderId: string): void {
    this.tick++;
    this.changedAt.set(holderId, this.tick);
    this.counts.invalidations++;
  }

  /** Drops everything and refuses what reads in progress would store. */
  invalidateAll(): void {
    this.tick++;
    this.floor = this.tick;
    this.entries.clear();
  }

  /** The change feed is down: stop serving and storing. */
  disable(): void {
    this.isEnabled = false;
    this.invalidateAll();
  }

  /** The change feed listens (again): start from empty. */
  enable(): void {
    this.invalidateAll();
    this.isEnabled = true;
  }

  stats(): ReadCacheStats {
    return { ...this.counts, entries: this.entries.size, enabled: this.isEnabled };
  }

  private isCurrent(entry: Entry): boolean {
    if (entry.ticket < this.floor) return false;
    const changed = this.changedAt.peek(entry.holderId);
    return changed === undefined || entry.ticket >= changed;
  }
}
