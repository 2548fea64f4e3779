/**
 * The outbox (docs/ARCHITECTURE.md "An offline write and its sync"): every change made while the
 * API could not be reached — a consent decision or withdrawal, a credential generated, an
 * activity entry, a profile or settings Save — is kept here, in browser storage under `outbox` (cleared on logout
 * with the other session keys), and sent again, in the order it was made, once the API answers.
 *
 * Stored shape: `{ entries: OutboxEntry[], conflicts: OutboxConflict[] }`.
 * - An entry is the HTTP call to make (`method`, `path`, `query`, `body`) with its `id`, a UUID sent
 *   as the `Idempotency-Key` header on every attempt: the server runs a call once per key and
 *   answers a repeat with the first answer (docs/api-contract.md "Idempotency-Key"). So an entry
 *   whose answer was lost (timeout, tab closed mid-replay) is simply sent again.
 *   `local` holds what the feature needs to reconcile its own local record (e.g. the id of the
 *   proof-less credential made offline); `baseUpdatedAt` is, for a full replacement (profile,
 *   settings), the server's `updated_at` this device had seen when the change was made.
 * - A conflict is a change the server refused or that would have overwritten a newer server state:
 *   it leaves the queue and stays here, shown to the holder until dismissed (never applied
 *   silently).
 *
 * Features enqueue (`enqueueOutbox`) at the moment they fall back to browser storage because the
 * API is unreachable (`isApiUnavailable`), never for an HTTP error answer. Nothing is queued when
 * the API is turned off by configuration (there is no server to come back to).
 *
 * `syncOutbox` replays one holder's entries strictly in order, one at a time, with the features'
 * `OutboxHandlers`:
 * - a 2xx answer removes the entry and `onSynced` reconciles browser storage;
 * - an unreachable API, a 401 (the session interceptor takes over), a 429, a 5xx, or the problem
 *   code 'idempotency_in_flight' (the first attempt with this key is still being processed)
 *   stops the run and keeps that entry and every later one for the next run;
 * - any other answer (409, 422, 404, 400, 403) goes to `onRefused`, which says whether the server
 *   already holds what the holder wanted ('synced'), whether to try again later ('retry'), or
 *   which conflict to show ('conflict'); the entry then leaves the queue;
 * - `check` (optional) runs first and may settle an entry without sending it (a profile changed
 *   on another device since this device's edit).
 * One run at a time per tab, and across tabs through the Web Locks API where the browser has it.
 * A run answers the kinds it settled (`OutboxRunResult.kinds`); its runner (outbox-provider.tsx)
 * invalidates the queries of those kinds, so the screens reload from the cache; no
 * event is broadcast.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { env } from '@/config/env';
import {
  type ApiError,
  apiRequest,
  isApiError,
  isApiUnavailable,
  problemCode,
} from '@/lib/api-client';
import { readString, STORAGE_KEYS, writeJson } from '@/lib/storage';

/** The changes the outbox carries. */
export const OUTBOX_KINDS = [
  'consent_decision',
  /** Issue 17: withdrawing an approved consent. */
  'consent_withdrawal',
  'credential_generation',
  'activity_log',
  'profile_update',
  'settings_update',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * Which notice a conflict shows (texts in the `sync` namespace, `conflict.<code>`):
 * - consentDecidedElsewhere: the request was already decided the other way (409);
 * - consentGone: the request no longer exists (404);
 * - consentEndedBeforeWithdrawal: the consent expired before the withdrawal reached the server;
 * - credentialHeld: the holder already has a credential of that type (409);
 * - profileChanged / settingsChanged: the server's copy changed after this device's edit;
 * - <kind>Refused: any other refusal, with the server's detail.
 */
export const CONFLICT_CODES = [
  'consentDecidedElsewhere',
  'consentGone',
  'consentRefused',
  'consentEndedBeforeWithdrawal',
  'consentWithdrawalRefused',
  'credentialHeld',
  'credentialRefused',
  'activityRefused',
  'profileChanged',
  'profileRefused',
  'settingsChanged',
  'settingsRefused',
] as const;
export type ConflictCode = (typeof CONFLICT_CODES)[number];

/** The code of a refusal no handler explained. */
export const REFUSED_CODE: Record<OutboxKind, ConflictCode> = {
  consent_decision: 'consentRefused',
  consent_withdrawal: 'consentWithdrawalRefused',
  credential_generation: 'credentialRefused',
  activity_log: 'activityRefused',
  profile_update: 'profileRefused',
  settings_update: 'settingsRefused',
};

const entrySchema = z.object({
  /** UUID; the Idempotency-Key of every attempt. */
  id: z.string().min(1).max(255),
  userId: z.string().min(1),
  kind: z.enum(OUTBOX_KINDS),
  method: z.enum(['POST', 'PUT', 'DELETE']),
  /** Absolute API path, e.g. '/user/user-001/consent-requests/abc/approve'. */
  path: z.string().startsWith('/'),
  query: z.record(z.string(), z.string()).optional(),
  body: z.unknown().optional(),
  /** When the change was made (ISO 8601). */
  createdAt: z.string(),
  /** What the feature needs to reconcile its local record (its own shape, per kind). */
  local: z.record(z.string(), z.unknown()).default({}),
  /** Full replacements: the server's updated_at seen when the change was made (null: never). */
  baseUpdatedAt: z.string().nullable().optional(),
  /** Runs that tried this entry. */
  attempts: z.number().int().nonnegative().default(0),
  /** When it was first sent (it may have reached the server since); null: never sent. */
  firstSentAt: z.string().nullable().default(null),
});
export type OutboxEntry = z.infer<typeof entrySchema>;

const conflictSchema = z.object({
  /** The entry's id. */
  id: z.string(),
  userId: z.string(),
  kind: z.enum(OUTBOX_KINDS),
  code: z.enum(CONFLICT_CODES),
  /** The notice's placeholders, e.g. { requester, purpose }. */
  params: z.record(z.string(), z.string()).default({}),
  /** The HTTP status of the refusal; null when the change was not sent (checked first). */
  status: z.number().int().nullable(),
  /** The server's `detail`, shown as it is. */
  detail: z.string().nullable(),
  /** When the change was made, and when it was refused. */
  createdAt: z.string(),
  settledAt: z.string(),
});
export type OutboxConflict = z.infer<typeof conflictSchema>;

export interface OutboxState {
  entries: OutboxEntry[];
  conflicts: OutboxConflict[];
}

/** Dispatched on window after every write of the outbox (this tab). */
export const OUTBOX_CHANGE_EVENT = 'pehchaan:outbox-change';
function parseItems<T>(items: unknown, schema: z.ZodType<T>): T[] {
  if (!Array.isArray(items)) return [];
  const parsed: T[] = [];
  for (const item of items) {
    const result = schema.safeParse(item);
    if (result.success) parsed.push(result.data);
  }
  return parsed;
}

/** Parses the stored JSON (items that do not parse are dropped). */
export function parseOutbox(raw: string | null): OutboxState {
  if (!raw) return { entries: [], conflicts: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { entries: [], conflicts: [] };
  }
  const record =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    entries: parseItems(record.entries, entrySchema),
    conflicts: parseItems(record.conflicts, conflictSchema),
  };
}

/** The whole outbox (every holder on this device). */
export function readOutbox(): OutboxState {
  return parseOutbox(readString(STORAGE_KEYS.outbox));
}

function writeOutbox(state: OutboxState): boolean {
  const ok = writeJson(STORAGE_KEYS.outbox, state);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(OUTBOX_CHANGE_EVENT));
  return ok;
}

function updateOutbox(change: (state: OutboxState) => OutboxState): boolean {
  return writeOutbox(change(readOutbox()));
}

/** A random UUID (v4); crypto.randomUUID is missing outside secure contexts. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface NewOutboxEntry {
  userId: string;
  kind: OutboxKind;
  method: OutboxEntry['method'];
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  local?: Record<string, unknown>;
  baseUpdatedAt?: string | null;
}

/**
 * Queues a change made while the API was unreachable.
 * @param options.coalesce for full replacements (profile, settings): the change supersedes an
 *   earlier queued change of the same kind. A queued one never sent is replaced in place; one
 *   already sent (it may have reached the server) stays and this one follows it. Either way the
 *   new entry keeps the earlier one's `baseUpdatedAt` (the server state the holder last saw).
 * @returns the queued entry; null when the API is turned off by configuration or the browser
 *   refused to store it.
 */
export function enqueueOutbox(
  input: NewOutboxEntry,
  options: { coalesce?: boolean; now?: Date } = {},
): OutboxEntry | null {
  if (!env.USE_API) return null;
  const state = readOutbox();
  const entry: OutboxEntry = {
    id: newIdempotencyKey(),
    userId: input.userId,
    kind: input.kind,
    method: input.method,
    path: input.path,
    query: input.query,
    body: input.body,
    createdAt: (options.now ?? new Date()).toISOString(),
    local: input.local ?? {},
    baseUpdatedAt: input.baseUpdatedAt,
    attempts: 0,
    firstSentAt: null,
  };
  let entries = [...state.entries, entry];
  if (options.coalesce) {
    const earlier = state.entries.filter((e) => e.userId === input.userId && e.kind === input.kind);
    const last = earlier.at(-1);
    if (last) {
      entry.baseUpdatedAt = last.baseUpdatedAt ?? null;
      if (last.firstSentAt === null) {
        entries = state.entries.map((e) => (e.id === last.id ? entry : e));
      }
    }
  }
  return writeOutbox({ ...state, entries }) ? entry : null;
}

/** One holder's queued entries, in order. */
export function pendingEntries(userId: string, kind?: OutboxKind): OutboxEntry[] {
  return readOutbox().entries.filter(
    (e) => e.userId === userId && (kind === undefined || e.kind === kind),
  );
}

/**
 * Drops one holder's queued entries of `kind` that `match` accepts (e.g. Reset Requests drops
 * the decisions it undoes).
 * @returns how many were dropped.
 */
export function discardOutboxEntries(
  userId: string,
  kind: OutboxKind,
  match: (entry: OutboxEntry) => boolean = () => true,
): number {
  const state = readOutbox();
  const keep = state.entries.filter((e) => !(e.userId === userId && e.kind === kind && match(e)));
  const dropped = state.entries.length - keep.length;
  if (dropped > 0) writeOutbox({ ...state, entries: keep });
  return dropped;
}

/**
 * Sets the `baseUpdatedAt` of one holder's queued entries of `kind`: after the server accepted a
 * full replacement, the ones queued behind it build on its new `updated_at`.
 */
export function rebaseOutboxEntries(userId: string, kind: OutboxKind, updatedAt: string | null) {
  const state = readOutbox();
  if (!state.entries.some((e) => e.userId === userId && e.kind === kind)) return;
  writeOutbox({
    ...state,
    entries: state.entries.map((e) =>
      e.userId === userId && e.kind === kind ? { ...e, baseUpdatedAt: updatedAt } : e,
    ),
  });
}

/** Removes a conflict notice (the holder dismissed it). */
export function dismissOutboxConflict(id: string): void {
  updateOutbox((state) => ({ ...state, conflicts: state.conflicts.filter((c) => c.id !== id) }));
}

/** How a handler settles an entry. */
export type OutboxSettlement =
  /** Keep the entry (and every later one) for a later run. */
  | { action: 'retry' }
  /** The server holds what the holder wanted. */
  | { action: 'synced' }
  /** Show the holder a notice; the entry leaves the queue. */
  | { action: 'conflict'; code: ConflictCode; params?: Record<string, string> };

/** What one feature does with its kind of entry (see the module docs). */
export interface OutboxHandler {
  /**
   * Runs before the entry is sent; a settlement means it is not sent. May call the API.
   * @throws what the API client throws (an unreachable API stops the run).
   */
  check?: (entry: OutboxEntry) => Promise<OutboxSettlement | null>;
  /** After a 2xx answer (the first one or the server's replay): reconciles browser storage. */
  onSynced: (entry: OutboxEntry, answer: unknown) => void;
  /**
   * After an HTTP error answer other than 401, 429 and 5xx: reconciles browser storage with the
   * server's state (never overwriting it) and says how the entry is settled.
   * @throws what the API client throws (an unreachable API stops the run).
   */
  onRefused: (entry: OutboxEntry, error: ApiError) => Promise<OutboxSettlement>;
}
export type OutboxHandlers = Record<OutboxKind, OutboxHandler>;

/** Why a run ended with entries left; null when it emptied the holder's queue. */
export type OutboxStop = 'network' | 'unauthorized' | 'server' | 'retry' | 'busy' | 'disabled';

export interface OutboxRunResult {
  /** Entries the server now holds. */
  synced: number;
  /** Entries that became conflict notices. */
  conflicts: number;
  /** Entries still queued for this holder. */
  remaining: number;
  stoppedBy: OutboxStop | null;
  /** The kinds of the entries this run settled (synced or turned into conflicts). */
  kinds: OutboxKind[];
}

/**
 * The stop an error means: an unreachable API, a 401, a 429 or a 5xx keep the entry for later;
 * null for anything else (a refusal to settle, or a failure that is not the API's).
 */
function stopFor(error: unknown): OutboxStop | null {
  if (isApiUnavailable(error)) return 'network';
  if (isApiError(error, 'HTTP_ERROR')) {
    // 401, 429 and 5xx are HTTP's own classes (a proxy may answer them without a problem): the
    // session interceptor acts on any 401; the others mean "not now", whatever the body says.
    const status = error.status ?? 0;
    if (status === 401) return 'unauthorized';
    if (status === 429 || status >= 500) return 'server';
    // The server's "a request with this Idempotency-Key is still running": send it again later.
    // Told apart from a domain 409 (consent_already_decided, duplicate_document) by its code.
    if (problemCode(error) === 'idempotency_in_flight') return 'retry';
  }
  return null;
}

type Outcome =
  | { action: 'stop'; reason: OutboxStop }
  | { action: 'synced' }
  | { action: 'conflict'; code: ConflictCode; params: Record<string, string>; error?: ApiError };

async function refused(
  entry: OutboxEntry,
  handler: OutboxHandler,
  error: ApiError,
): Promise<Outcome> {
  try {
    const settlement = await handler.onRefused(entry, error);
    if (settlement.action === 'retry') return { action: 'stop', reason: 'retry' };
    if (settlement.action === 'synced') return settlement;
    return { ...settlement, params: settlement.params ?? {}, error };
  } catch (inner) {
    const stop = stopFor(inner);
    if (stop) return { action: 'stop', reason: stop };
    // The handler could not look at the server's state: the refusal itself is still shown.
    return { action: 'conflict', code: REFUSED_CODE[entry.kind], params: {}, error };
  }
}

async function settle(entry: OutboxEntry, handler: OutboxHandler, now: Date): Promise<Outcome> {
  if (handler.check) {
    try {
      const early = await handler.check(entry);
      if (early?.action === 'retry') return { action: 'stop', reason: 'retry' };
      if (early?.action === 'synced') return early;
      if (early) return { ...early, params: early.params ?? {} };
    } catch (error) {
      const stop = stopFor(error);
      if (stop) return { action: 'stop', reason: stop };
      // The server's state could not be checked (e.g. 404): not sent, never overwritten blindly.
      return {
        action: 'conflict',
        code: REFUSED_CODE[entry.kind],
        params: {},
        error: isApiError(error, 'HTTP_ERROR') ? error : undefined,
      };
    }
  }
  if (entry.firstSentAt === null) {
    // Recorded before sending: from now on the server may hold this change.
    patchEntry(entry.id, { firstSentAt: now.toISOString() });
  }
  let answer: unknown;
  try {
    answer = await apiRequest<unknown>(entry.method, entry.path, {
      query: entry.query,
      body: entry.body,
      idempotencyKey: entry.id,
    });
  } catch (error) {
    const stop = stopFor(error);
    if (stop) return { action: 'stop', reason: stop };
    if (isApiError(error, 'HTTP_ERROR')) return refused(entry, handler, error);
    // ERR_BAD_RESPONSE: a 2xx answer that is not JSON; the server took the change.
    return { action: 'synced' };
  }
  try {
    handler.onSynced(entry, answer);
  } catch {
    // The server holds the change; the runner invalidates its queries, which reload it.
  }
  return { action: 'synced' };
}

function patchEntry(id: string, patch: Partial<OutboxEntry>): void {
  updateOutbox((state) => ({
    ...state,
    entries: state.entries.map((e) => (e.id === id ? { ...e, ...patch } : e)),
  }));
}

async function drain(
  userId: string,
  handlers: OutboxHandlers,
  clock: () => Date,
): Promise<OutboxRunResult> {
  let synced = 0;
  let conflicts = 0;
  let stoppedBy: OutboxStop | null = null;
  const kinds = new Set<OutboxKind>();
  // Each entry is tried once per run, even if storage refuses to drop it.
  const tried = new Set<string>();
  for (;;) {
    const entry = pendingEntries(userId).find((e) => !tried.has(e.id));
    if (!entry) break;
    tried.add(entry.id);
    patchEntry(entry.id, { attempts: entry.attempts + 1 });
    const current = { ...entry, attempts: entry.attempts + 1 };
    const outcome = await settle(current, handlers[entry.kind], clock());
    if (outcome.action === 'stop') {
      stoppedBy = outcome.reason;
      break;
    }
    kinds.add(entry.kind);
    if (outcome.action === 'synced') {
      synced += 1;
      updateOutbox((state) => ({
        ...state,
        entries: state.entries.filter((e) => e.id !== entry.id),
      }));
    } else {
      conflicts += 1;
      const conflict: OutboxConflict = {
        id: entry.id,
        userId,
        kind: entry.kind,
        code: outcome.code,
        params: outcome.params,
        status: outcome.error?.status ?? null,
        detail: outcome.error?.detail ?? null,
        createdAt: entry.createdAt,
        settledAt: clock().toISOString(),
      };
      updateOutbox((state) => ({
        entries: state.entries.filter((e) => e.id !== entry.id),
        conflicts: [...state.conflicts.filter((c) => c.id !== entry.id), conflict],
      }));
    }
  }
  const result: OutboxRunResult = {
    synced,
    conflicts,
    remaining: pendingEntries(userId).length,
    stoppedBy,
    kinds: [...kinds],
  };
  return result;
}

/** Name of the Web Lock that keeps two tabs from replaying at once. */
export const OUTBOX_LOCK = 'pehchaan-outbox';

function idle(userId: string, stoppedBy: OutboxStop): OutboxRunResult {
  return {
    synced: 0,
    conflicts: 0,
    remaining: pendingEntries(userId).length,
    stoppedBy,
    kinds: [],
  };
}

async function withTabLock(
  userId: string,
  run: () => Promise<OutboxRunResult>,
): Promise<OutboxRunResult> {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;
  if (!locks) return run();
  return await locks.request(OUTBOX_LOCK, { ifAvailable: true }, (lock) =>
    lock ? run() : idle(userId, 'busy'),
  );
}

let running: Promise<OutboxRunResult> | null = null;

/**
 * Replays `userId`'s queued changes (see the module docs). A call made while a run is under way
 * in this tab joins it; while another tab holds the lock it answers stoppedBy 'busy'.
 * Never rejects.
 */
export function syncOutbox(options: {
  userId: string;
  handlers: OutboxHandlers;
  now?: () => Date;
}): Promise<OutboxRunResult> {
  const { userId, handlers } = options;
  if (!env.USE_API) return Promise.resolve(idle(userId, 'disabled'));
  if (running) return running;
  const clock = options.now ?? (() => new Date());
  const run = withTabLock(userId, () => drain(userId, handlers, clock))
    .catch(() => idle(userId, 'server'))
    .finally(() => {
      running = null;
    });
  running = run;
  return run;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.outbox || event.key === null) onChange();
  };
  window.addEventListener(OUTBOX_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(OUTBOX_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** One holder's queued entries and conflict notices, kept current (this tab and others). */
export function useOutbox(userId: string): OutboxState {
  const raw = useSyncExternalStore(
    subscribe,
    () => readString(STORAGE_KEYS.outbox),
    () => null,
  );
  return useMemo(() => {
    const state = parseOutbox(raw);
    return {
      entries: state.entries.filter((e) => e.userId === userId),
      conflicts: state.conflicts.filter((c) => c.userId === userId),
    };
  }, [raw, userId]);
}
