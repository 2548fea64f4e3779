/**
 * lib/sync/ holds the whole offline sync: the queue and its replay (outbox.ts), this
 * runner, the status bar and conflict notices (sync-status.tsx) and the rules that lay unsynced
 * local records over the server's lists (unsynced.ts). It sits in lib/, not in a feature, because
 * every feature enqueues into it and features may not import each other (STYLE 1); its status
 * bar lives beside the engine whose state it shows.
 *
 * The one outbox runner of the signed-in screens (lib/sync/outbox): mounted once by the app
 * frame (app/routes/app/root.tsx) with the features' handlers, it replays the holder's queued
 * changes right after sign-in (when the frame mounts), when the browser comes back online, when
 * the window regains focus, and every 30 seconds (NOTIFICATION_POLL_MS, the notification poll),
 * and whenever the holder asks (`syncNow`). Automatic runs are skipped while nothing is queued or
 * the browser says it is offline. After a run that settled something it invalidates the queries
 * of what it settled (`invalidateSynced`): the screens reload from the cache, no event
 * is broadcast for them.
 *
 * `useOutboxSync()` gives the frame's sync status (lib/sync/sync-status.tsx) the queue,
 * the conflict notices, whether a run is under way and the last run's result.
 */
import { NOTIFICATION_POLL_MS } from '@pehchaan/core';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { queryKeys } from '@/lib/query-keys';
import {
  dismissOutboxConflict,
  type OutboxConflict,
  type OutboxEntry,
  type OutboxHandlers,
  type OutboxKind,
  type OutboxRunResult,
  pendingEntries,
  syncOutbox,
  useOutbox,
} from './outbox';

/**
 * The queries a settled change of each kind affects (lib/query-keys.ts): its own resource, and the
 * activity log, where the server records the change too.
 */
export const SYNCED_QUERY_KEYS: Record<OutboxKind, (userId: string) => readonly QueryKey[]> = {
  consent_decision: (userId) => [queryKeys.consentRequests(userId), queryKeys.activityLogs(userId)],
  consent_withdrawal: (userId) => [
    queryKeys.consentRequests(userId),
    queryKeys.activityLogs(userId),
  ],
  credential_generation: (userId) => [
    queryKeys.credentials(userId),
    queryKeys.activityLogs(userId),
  ],
  activity_log: (userId) => [queryKeys.activityLogs(userId)],
  profile_update: (userId) => [queryKeys.profile(userId), queryKeys.activityLogs(userId)],
  settings_update: (userId) => [queryKeys.settings(userId), queryKeys.activityLogs(userId)],
};

/**
 * Invalidates the holder's queries that a sync settling `kinds` changed (SYNCED_QUERY_KEYS), so
 * every screen showing them reloads; resolves once the shown ones have reloaded.
 */
export async function invalidateSynced(
  queryClient: QueryClient,
  userId: string,
  kinds: readonly OutboxKind[],
): Promise<void> {
  const keys = new Map<string, QueryKey>();
  for (const kind of kinds) {
    for (const key of SYNCED_QUERY_KEYS[kind](userId)) keys.set(JSON.stringify(key), key);
  }
  await Promise.all(
    [...keys.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export interface OutboxRun extends OutboxRunResult {
  /** When it ended (ms since the epoch). */
  at: number;
  /** True when the holder asked for it. */
  manual: boolean;
}

export interface OutboxContextValue {
  /** The holder's queued changes, in order. */
  pending: readonly OutboxEntry[];
  /** Changes the server refused or that met a newer server state, until dismissed. */
  conflicts: readonly OutboxConflict[];
  syncing: boolean;
  /** The last run that settled something or that the holder asked for; null before any. */
  lastRun: OutboxRun | null;
  /** Replays now. Never rejects. */
  syncNow: () => Promise<OutboxRunResult>;
  dismissConflict: (id: string) => void;
}

const IDLE: OutboxRunResult = {
  synced: 0,
  conflicts: 0,
  remaining: 0,
  stoppedBy: null,
  kinds: [],
};

const OutboxContext = createContext<OutboxContextValue>({
  pending: [],
  conflicts: [],
  syncing: false,
  lastRun: null,
  syncNow: async () => IDLE,
  dismissConflict: () => {},
});

export function OutboxProvider({
  userId,
  handlers,
  children,
}: {
  userId: string;
  /** The features' handlers (a stable module constant). */
  handlers: OutboxHandlers;
  children: ReactNode;
}) {
  const { entries, conflicts } = useOutbox(userId);
  const [syncing, setSyncing] = useState(false);
  const [lastRun, setLastRun] = useState<OutboxRun | null>(null);
  const mounted = useRef(true);
  const queryClient = useQueryClient();

  const run = useCallback(
    async (manual: boolean): Promise<OutboxRunResult> => {
      if (!manual && (pendingEntries(userId).length === 0 || !navigator.onLine)) return IDLE;
      setSyncing(true);
      const result = await syncOutbox({ userId, handlers });
      // What the run settled is read again from the server, by every screen showing it.
      if (result.kinds.length > 0) await invalidateSynced(queryClient, userId, result.kinds);
      if (!mounted.current) return result;
      setSyncing(false);
      if (manual || result.synced > 0 || result.conflicts > 0) {
        setLastRun({ ...result, at: Date.now(), manual });
      }
      return result;
    },
    [userId, handlers, queryClient],
  );

  useEffect(() => {
    mounted.current = true;
    const auto = () => void run(false);
    auto();
    const timer = setInterval(auto, NOTIFICATION_POLL_MS);
    window.addEventListener('online', auto);
    window.addEventListener('focus', auto);
    return () => {
      mounted.current = false;
      clearInterval(timer);
      window.removeEventListener('online', auto);
      window.removeEventListener('focus', auto);
    };
  }, [run]);

  const syncNow = useCallback(() => run(true), [run]);

  const value = useMemo<OutboxContextValue>(
    () => ({
      pending: entries,
      conflicts,
      syncing,
      lastRun,
      syncNow,
      dismissConflict: dismissOutboxConflict,
    }),
    [entries, conflicts, syncing, lastRun, syncNow],
  );
  return <OutboxContext.Provider value={value}>{children}</OutboxContext.Provider>;
}

/** The outbox status of the signed-in frame (nothing queued outside OutboxProvider). */
export function useOutboxSync(): OutboxContextValue {
  return useContext(OutboxContext);
}
