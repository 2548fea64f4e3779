/**
 * The holder's notification state (SPEC 2, 4, 9), as the header shows it: Recent Updates (core's
 * `computeRecentUpdates`: pending consent requests not viewed in the last 5 minutes, credentials
 * and log entries issued within 5 minutes and never viewed), the red dots, Clear All, and the
 * records the search dialog looks through.
 *
 * - The three lists are the cache entries the screens read: the route module passes
 *   the features' `queryOptions` (`HolderListQueries`), so the bell, /dashboard and /credentials
 *   share one fetch of each list, refreshed every 30 seconds, on focus and on reconnect by the
 *   cache. Another tab's changes arrive with those refreshes: invalidating on its `storage`
 *   events would ping-pong between tabs, since every fetch refreshes the stored copy.
 * - Visiting /credentials, /consent or /logs stamps that kind as viewed (POST /seen with
 *   ['credentials'], ['consent_requests'] or ['activity_logs']); while the holder stays there,
 *   what arrives of that kind is stamped too, so the dot does not light up under them.
 * - Clear All stamps all three kinds and toasts 'All notifications cleared' (SPEC 8).
 * Every stamp is applied to the cached lists at once (optimistic: refetches under way are
 * cancelled), written to browser storage by the owners' `stamps` (this feature writes none of
 * those keys, STYLE 14) and sent to the server, then the lists are invalidated.
 */
import {
  type ActivityLog,
  type ConsentRequest,
  type CredentialRecord,
  computeRecentUpdates,
  type RecentUpdates,
  SEEN_KINDS,
  type SeenKind,
} from '@pehchaan/core';
import { type QueryClient, type QueryKey, useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { HeaderIndicators } from '@/components/layouts/header-indicators';
import { paths } from '@/config/paths';
import type { Sourced } from '@/lib/local-fallback';
import type { SourcedListQuery } from '@/lib/query-client';
import type { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { markSeen, type SeenStamps } from './mark-seen';

export interface HolderLists {
  credentials: CredentialRecord[];
  consentRequests: ConsentRequest[];
  activityLogs: ActivityLog[];
}

export interface HolderListQueries {
  credentials: SourcedListQuery<CredentialRecord, ReturnType<typeof queryKeys.credentials>>;
  consentRequests: SourcedListQuery<ConsentRequest, ReturnType<typeof queryKeys.consentRequests>>;
  activityLogs: SourcedListQuery<ActivityLog, ReturnType<typeof queryKeys.activityLogs>>;
}

const EMPTY_LISTS: HolderLists = { credentials: [], consentRequests: [], activityLogs: [] };

/** The kind a screen shows, stamped as viewed when the holder visits it (SPEC 4). */
export function seenKindForPath(pathname: string): SeenKind | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === paths.app.credentials.path) return 'credentials';
  if (path === paths.app.consent.path) return 'consent_requests';
  if (path === paths.app.logs.path) return 'activity_logs';
  return null;
}

/** True when `updates` has something new of `kind`. */
export function hasNewOfKind(updates: RecentUpdates, kind: SeenKind): boolean {
  switch (kind) {
    case 'credentials':
      return updates.credentialsHaveNews;
    case 'consent_requests':
      return updates.consentHasNews;
    case 'activity_logs':
      return updates.items.some((item) => item.kind === 'activity_log');
  }
}

const LIST_OF_KIND: Record<SeenKind, keyof HolderLists> = {
  credentials: 'credentials',
  consent_requests: 'consentRequests',
  activity_logs: 'activityLogs',
};

/** Sets last_viewed = `stamp` on every cached record of `list` (the source is kept). */
function stampCached(queryClient: QueryClient, queryKey: QueryKey, stamp: string): void {
  queryClient.setQueryData<Sourced<{ last_viewed?: string | null }[]>>(queryKey, (current) =>
    current
      ? { ...current, data: current.data.map((item) => ({ ...item, last_viewed: stamp })) }
      : current,
  );
}

/**
 * @param queries the features' list queries; @param stamps the owners' seen-stamps of the same
 *   lists in browser storage. Pass stable objects (module constants of the composing route).
 */
export function useNotifications(
  userId: string,
  queries: HolderListQueries,
  stamps: SeenStamps,
): HeaderIndicators {
  const { t } = useTranslation('messages');
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const options = useMemo(
    () => ({
      credentials: queries.credentials(userId),
      consentRequests: queries.consentRequests(userId),
      activityLogs: queries.activityLogs(userId),
    }),
    [queries, userId],
  );
  const [credentials, consentRequests, activityLogs] = useQueries({
    queries: [options.credentials, options.consentRequests, options.activityLogs],
  });
  const [stampedAt, setStampedAt] = useState(0);

  const lists = useMemo<HolderLists>(
    () => ({
      credentials: credentials.data?.data ?? EMPTY_LISTS.credentials,
      consentRequests: consentRequests.data?.data ?? EMPTY_LISTS.consentRequests,
      activityLogs: activityLogs.data?.data ?? EMPTY_LISTS.activityLogs,
    }),
    [credentials.data, consentRequests.data, activityLogs.data],
  );
  // "Now" of the 5-minute window: the latest answer or stamp.
  const now = Math.max(
    credentials.dataUpdatedAt,
    consentRequests.dataUpdatedAt,
    activityLogs.dataUpdatedAt,
    stampedAt,
  );

  const stamp = useCallback(
    async (kinds: readonly SeenKind[]) => {
      const at = new Date();
      const keys = kinds.map((kind) => options[LIST_OF_KIND[kind]].queryKey);
      // Answers already on their way were read before this stamp.
      await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      for (const queryKey of keys) stampCached(queryClient, queryKey, at.toISOString());
      setStampedAt(at.getTime());
      await markSeen({ userId, kinds, stamps, now: at });
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    [userId, options, stamps, queryClient],
  );

  // SPEC 4: visiting /credentials, /consent or /logs stamps its kind as viewed; what arrives of
  // that kind while the holder is there is stamped as it comes.
  const kindOnScreen = seenKindForPath(pathname);
  const updates = useMemo(() => computeRecentUpdates(lists, now), [lists, now]);
  const newOnScreen = kindOnScreen !== null && hasNewOfKind(updates, kindOnScreen);
  const stampedOnEntry = useRef<SeenKind | null>(null);
  useEffect(() => {
    // One stamp on arrival, then one whenever something new of the kind shows up.
    const entered = kindOnScreen !== stampedOnEntry.current;
    stampedOnEntry.current = kindOnScreen;
    if (kindOnScreen && (entered || newOnScreen)) void stamp([kindOnScreen]);
  }, [kindOnScreen, newOnScreen, stamp]);

  const clearAll = useCallback(async () => {
    const done = stamp(SEEN_KINDS);
    toast.success(t('notificationsCleared'));
    await done;
  }, [stamp, t]);

  const refresh = useCallback(() => {
    for (const option of Object.values(options)) {
      void queryClient.invalidateQueries({ queryKey: option.queryKey });
    }
  }, [options, queryClient]);

  return useMemo(
    () => ({
      updates: updates.items,
      hasNewCredentials: updates.credentialsHaveNews,
      hasNewConsent: updates.consentHasNews,
      clearAll,
      records: lists,
      refresh,
    }),
    [updates, clearAll, lists, refresh],
  );
}
