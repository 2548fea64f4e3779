/**
 * The /logs screen (SPEC 2 Activity Logs): 'Activity Logs', Refresh, a search box ('Search
 * activities': description or type label, case-insensitive), a type filter ('Filter by type':
 * 'All types' or one of the twelve SPEC 3 types), the count text 'N of M activities' (N shown
 * after filtering, M in the log) and the entries newest first, each with its type's icon and
 * label, the description as stored and the relative time of SPEC 9.
 *
 * Data: the log's cache entry (getActivityLogsQueryOptions): the API with the
 * browser-storage fallback (SPEC 1, 7), reloaded every 30 seconds (SPEC 9), on Refresh, and when
 * the tab regains focus or the browser reconnects. When loading fails with nothing stored, the toast 'Failed to load
 * activity logs, showing demo data' and demo entries marked as such (SPEC 8); when a reload
 * fails while the holder's own entries are stored, 'Failed to load activity logs' and the
 * entries stay. A failing automatic reload says so once, not every 30 seconds.
 */
import type { ActivityType } from '@pehchaan/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InfoIcon, RefreshIcon, SearchIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { isFailedLoad, useFallbackToast } from '@/lib/use-fallback-toast';
import {
  ACTIVITY_FILTER_TYPES,
  type ActivityTypeFilter,
  demoActivityLogs,
  filterActivityLogs,
  isActivityTypeFilter,
} from '../activity-records';
import { activityViewOf, getActivityLogsQueryOptions } from '../api/get-activity-logs';
import { ActivityEntry } from './activity-entry';

const FIELD =
  'block w-full rounded-lg border border-slate-300 bg-white py-2 text-base text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

export function ActivityPage({ userId }: { userId: string }) {
  const { t } = useTranslation('activity');
  const { t: tm } = useTranslation('messages');
  const ids = useId();
  const {
    data: loaded,
    dataUpdatedAt: now,
    refetch,
  } = useQuery(getActivityLogsQueryOptions(userId));
  const view = loaded ? activityViewOf(loaded) : null;
  const logs = loaded?.data ?? [];
  const [demoAt] = useState(() => new Date());
  const [refreshing, setRefreshing] = useState(false);
  const [query, setQuery] = useState('');
  const [type, setType] = useState<ActivityTypeFilter>('all');
  const loadFailed = tm(view === 'demo' ? 'activityLoadFailedDemo' : 'activityLoadFailed');
  useFallbackToast(loaded, loadFailed);

  const onRefresh = async () => {
    setRefreshing(true);
    const { data } = await refetch();
    setRefreshing(false);
    if (data?.source === 'api') toast.success(t('toast.refreshed'));
    else if (data && isFailedLoad(data)) {
      const message = tm(
        activityViewOf(data) === 'demo' ? 'activityLoadFailedDemo' : 'activityLoadFailed',
      );
      toast.error(message);
    }
  };

  const shown = useMemo(
    () => (view === 'demo' ? demoActivityLogs(demoAt, userId, (key) => t(`demo.${key}`)) : logs),
    [view, demoAt, userId, logs, t],
  );
  const labelOf = useCallback((activityType: ActivityType) => t(`types.${activityType}`), [t]);
  const filtered = useMemo(
    () => filterActivityLogs(shown, { query, type, labelOf }),
    [shown, query, type, labelOf],
  );
  const filtering = query.trim() !== '' || type !== 'all';

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-72">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
            {t('title')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
        </div>
        <Button
          variant="secondary"
          className="min-h-11 w-full sm:w-auto"
          onClick={onRefresh}
          loading={refreshing}
          loadingLabel={t('refreshing')}
        >
          <RefreshIcon className="size-4" />
          {t('refresh')}
        </Button>
      </div>

      <search className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label
            htmlFor={`${ids}-search`}
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('searchLabel')}
          </label>
          <div className="relative mt-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
            <input
              id={`${ids}-search`}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('searchPlaceholder')}
              autoComplete="off"
              className={`${FIELD} min-h-11 pe-3 ps-9`}
            />
          </div>
        </div>
        <div className="sm:w-64">
          <label
            htmlFor={`${ids}-type`}
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('typeLabel')}
          </label>
          <select
            id={`${ids}-type`}
            value={type}
            onChange={(event) => {
              if (isActivityTypeFilter(event.target.value)) setType(event.target.value);
            }}
            className={`${FIELD} mt-1 min-h-11 px-3`}
          >
            <option value="all">{t('allTypes')}</option>
            {ACTIVITY_FILTER_TYPES.map((activityType) => (
              <option key={activityType} value={activityType}>
                {labelOf(activityType)}
              </option>
            ))}
          </select>
        </div>
      </search>

      {view === null ? (
        <Spinner />
      ) : (
        <>
          {(view === 'demo' || view === 'fallback') && (
            <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
              <InfoIcon className="mt-0.5 size-4 shrink-0" />
              {t(view === 'demo' ? 'notice.demo' : 'notice.localStorage')}
            </p>
          )}

          <p
            role="status"
            aria-live="polite"
            className="text-sm font-medium text-slate-700 dark:text-slate-300"
          >
            {t('count', { shown: filtered.length, total: shown.length })}
          </p>

          {shown.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
              <p className="font-medium text-slate-900 dark:text-white">{t('empty.none')}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {t('empty.noneHint')}
              </p>
            </div>
          ) : filtered.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
              <p className="font-medium text-slate-900 dark:text-white">{t('empty.noMatch')}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {t('empty.noMatchHint')}
              </p>
              {filtering && (
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-4 min-h-11"
                  onClick={() => {
                    setQuery('');
                    setType('all');
                  }}
                >
                  {t('clearFilters')}
                </Button>
              )}
            </div>
          ) : (
            <ul
              aria-label={t('listLabel')}
              className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
            >
              {filtered.map((log) => (
                <li key={log.id}>
                  <ActivityEntry log={log} now={now} demo={view === 'demo'} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
