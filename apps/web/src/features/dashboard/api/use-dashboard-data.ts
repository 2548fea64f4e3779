/**
 * The dashboard's data (SPEC 2, 4, 9): the holder's credentials, consent requests and activity
 * logs, each from the API with the local fallback; reloaded every 30 seconds and when the outbox
 * has settled changes made offline (issue 9).
 *
 * `source` (SPEC 4 "Dashboard data source"): 'api' when all three calls used the API,
 * 'localStorage' when all fell back, 'mixed' otherwise, null while the first load runs. A list
 * the API answers empty is replaced by the local copy (SPEC 4).
 *
 * The list loaders are passed in by the route module (features do not import each other); pass a
 * stable object (a module constant), or every render reloads.
 */
import type { ActivityLog, ConsentRequest, CredentialRecord } from '@pehchaan/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CombinedSource, combineSources, type Sourced } from '@/lib/local-fallback';
import { useOutboxSynced } from '@/lib/outbox';
import { toast } from '@/lib/toast';

/** SPEC 9: dashboard refresh interval. */
export const DASHBOARD_POLL_MS = 30_000;

/** One list: the API call with fallback, and the local copy alone. */
export interface ListLoader<T> {
  load: (userId: string) => Promise<Sourced<T[]>>;
  readLocal: (userId: string) => T[];
}

export interface DashboardLoaders {
  credentials: ListLoader<CredentialRecord>;
  consentRequests: ListLoader<ConsentRequest>;
  activityLogs: ListLoader<ActivityLog>;
}

export interface DashboardData {
  credentials: CredentialRecord[];
  consentRequests: ConsentRequest[];
  activityLogs: ActivityLog[];
  source: CombinedSource | null;
  /** True until the first load has finished. */
  loading: boolean;
  /** Reloads now; resolves true when it worked. */
  reload: () => Promise<boolean>;
}

async function loadList<T>(loader: ListLoader<T>, userId: string): Promise<Sourced<T[]>> {
  const result = await loader.load(userId);
  if (result.source === 'api' && result.data.length === 0) {
    return { ...result, data: loader.readLocal(userId) };
  }
  return result;
}

export function useDashboardData(userId: string, loaders: DashboardLoaders): DashboardData {
  const { t } = useTranslation('dashboard');
  const [state, setState] = useState<Omit<DashboardData, 'reload' | 'loading'>>({
    credentials: [],
    consentRequests: [],
    activityLogs: [],
    source: null,
  });
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    const { credentials, consentRequests, activityLogs } = loaders;
    try {
      const [c, r, l] = await Promise.all([
        loadList(credentials, userId),
        loadList(consentRequests, userId),
        loadList(activityLogs, userId),
      ]);
      if (ticket !== latest.current) return true;
      setState({
        credentials: c.data,
        consentRequests: r.data,
        activityLogs: l.data,
        source: combineSources([c.source, r.source, l.source]),
      });
      return true;
    } catch {
      // The loaders never reject for API failures; this is an unexpected (local) failure.
      if (ticket === latest.current) toast.error(t('toast.loadFailed'));
      return false;
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [userId, loaders, t]);

  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), DASHBOARD_POLL_MS);
    return () => clearInterval(timer);
  }, [reload]);
  // The outbox settled changes made offline (issue 9).
  useOutboxSynced(() => void reload());

  return { ...state, loading, reload };
}
