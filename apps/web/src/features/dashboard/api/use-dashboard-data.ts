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
 * The lists' queries are passed in by the route module (features do not import each other); pass
 * a stable object (a module constant).
 */
import type { ActivityLog, ConsentRequest, CredentialRecord } from '@pehchaan/core';
import { type QueryKey, type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
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
}

export interface DashboardData {
  credentials: CredentialRecord[];
  consentRequests: ConsentRequest[];
  activityLogs: ActivityLog[];
  source: CombinedSource | null;
  /** True until the first load has finished. */
  loading: boolean;
  /** Reloads the three lists now; resolves once they have answered. */
  reload: () => Promise<void>;
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
  const reload = useCallback(async () => {
    await Promise.all([refetchCredentials?.(), refetchConsent?.(), refetchLogs?.()]);
  }, [refetchCredentials, refetchConsent, refetchLogs]);

  const source = sources.every((s) => s !== undefined) ? combineSources(sources) : null;
  return { ...data, source, loading, reload };
}
