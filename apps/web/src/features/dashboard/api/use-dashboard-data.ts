/**
 * The dashboard's data (SPEC 2, 4, 9): the holder's credentials, consent requests and activity
 * logs, from the cache entries the other screens and the bell share (one fetch of each
 * list however many components show it), each from the API with the local fallback, refreshed
 * every 30 seconds by the cache and invalidated by the outbox after a sync.
 *
 * `source` (SPEC 4 "Dashboard data source"): 'api' when all three calls used the API,
 * 'localStorage' when all fell back, 'mixed' otherwise, null while the first load runs. A list
 * the API answers empty is replaced by the local copy (SPEC 4).
 *
 * `loadFailed` (SPEC 8 'Failed to load dashboard data'): a list whose API call was answered with
 * an error (an HTTP error or a bad answer) while this browser keeps no copy of it, so the
 * dashboard has nothing to show for it. An unreachable or disabled API is the expected offline
 * fallback (the data-source badge and the offline banner say so), never a failure.
 *
 * `shares` (Total Shares): the holder's share links from their own cache entry (the one the
 * credential cards read), or null while unknown (not loaded yet, or never loaded because the API
 * is unreachable or switched off): the stats then count from the activity log. A later failed
 * reload keeps the last list. It does not take part in `source` or `loadFailed` (SPEC 4 names
 * the three lists).
 *
 * The lists' queries are passed in by the route module (features do not import each other); pass
 * a stable object (a module constant).
 */
import type { ActivityLog, ConsentRequest, CredentialRecord, ShareRecord } from '@pehchaan/core';
import {
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQueries,
  useQuery,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { isApiUnavailable } from '@/lib/api-client';
import { type CombinedSource, combineSources, type Sourced } from '@/lib/local-fallback';
import type { SourcedListQuery } from '@/lib/query-client';
import type { queryKeys } from '@/lib/query-keys';

/** One list: its query (API with fallback), and the local copy alone. */
export interface ListLoader<T, K extends QueryKey> {
  query: SourcedListQuery<T, K>;
  readLocal: (userId: string) => T[];
}

export interface DashboardLoaders {
  credentials: ListLoader<CredentialRecord, ReturnType<typeof queryKeys.credentials>>;
  consentRequests: ListLoader<ConsentRequest, ReturnType<typeof queryKeys.consentRequests>>;
  activityLogs: ListLoader<ActivityLog, ReturnType<typeof queryKeys.activityLogs>>;
  /** The holder's share links (API only: no local copy). */
  shares: (
    userId: string,
  ) => UseQueryOptions<ShareRecord[], Error, ShareRecord[], ReturnType<typeof queryKeys.shares>>;
}

export interface DashboardData {
  credentials: CredentialRecord[];
  consentRequests: ConsentRequest[];
  activityLogs: ActivityLog[];
  /** The holder's share links; null while unknown (see the module docs). */
  shares: ShareRecord[] | null;
  source: CombinedSource | null;
  /** True until the first load has finished. */
  loading: boolean;
  /** True while a list genuinely failed to load (see the module docs). */
  loadFailed: boolean;
  /**
   * Reloads the three lists now; resolves once they have answered, with true when a list
   * genuinely failed to load.
   */
  reload: () => Promise<boolean>;
}

/**
 * True when the API answered `result`'s call with an error and no local copy stood in for it
 * (an unreachable or disabled API is not a failure: it is the offline fallback).
 */
export function isGenuineLoadFailure(result: Sourced<unknown[]> | undefined): boolean {
  return (
    result?.source === 'localStorage' &&
    result.error !== undefined &&
    !isApiUnavailable(result.error) &&
    result.data.length === 0
  );
}

/** The list to show: an empty API answer gives way to the local copy (SPEC 4). */
function shown<T>(result: Sourced<T[]> | undefined, readLocal: () => T[]): T[] {
  if (!result) return [];
  return result.source === 'api' && result.data.length === 0 ? readLocal() : result.data;
}

export function useDashboardData(userId: string, loaders: DashboardLoaders): DashboardData {
  const [credentials, consentRequests, activityLogs] = useQueries({
    queries: [
      loaders.credentials.query(userId),
      loaders.consentRequests.query(userId),
      loaders.activityLogs.query(userId),
    ],
  });
  const results: UseQueryResult<Sourced<unknown[]>>[] = [
    credentials,
    consentRequests,
    activityLogs,
  ];
  const shares = useQuery(loaders.shares(userId));
  const sources = results.map((r) => r.data?.source);
  const loading = results.some((r) => r.isPending);
  const refetches = results.map((r) => r.refetch);

  const data = useMemo(
    () => ({
      credentials: shown(credentials.data, () => loaders.credentials.readLocal(userId)),
      consentRequests: shown(consentRequests.data, () => loaders.consentRequests.readLocal(userId)),
      activityLogs: shown(activityLogs.data, () => loaders.activityLogs.readLocal(userId)),
    }),
    [credentials.data, consentRequests.data, activityLogs.data, loaders, userId],
  );

  const [refetchCredentials, refetchConsent, refetchLogs] = refetches;
  const { refetch: refetchShares } = shares;
  const sharesEnabled = loaders.shares(userId).enabled !== false;
  const reload = useCallback(async () => {
    const [answers] = await Promise.all([
      Promise.all([refetchCredentials?.(), refetchConsent?.(), refetchLogs?.()]),
      // Reloaded with the lists; whether it answers does not decide 'Failed to load'.
      sharesEnabled ? refetchShares() : undefined,
    ]);
    return answers.some((answer) => isGenuineLoadFailure(answer?.data));
  }, [refetchCredentials, refetchConsent, refetchLogs, refetchShares, sharesEnabled]);

  const source = sources.every((s) => s !== undefined) ? combineSources(sources) : null;
  const loadFailed = results.some((r) => isGenuineLoadFailure(r.data));
  return { ...data, shares: shares.data ?? null, source, loading, loadFailed, reload };
}
