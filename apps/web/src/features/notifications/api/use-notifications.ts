/**
 * The holder's notification state (SPEC 2, 4, 9), as the header shows it: Recent Updates (core's
 * `computeRecentUpdates`: pending consent requests not viewed in the last 5 minutes, credentials
 * and log entries issued within 5 minutes and never viewed), the red dots, Clear All, and the
 * records the search dialog looks through.
 *
 * - Loads the three lists (API, else browser storage) at once, every 30 seconds
 *   (NOTIFICATION_POLL_MS), when the window regains focus or the browser comes back online, and
 *   when another tab changes the stored lists (`storage` event).
 * - Visiting /credentials, /consent or /logs stamps that kind as viewed (POST /seen with
 *   ['credentials'], ['consent_requests'] or ['activity_logs']); while the holder stays there,
 *   what arrives of that kind is stamped as it is loaded, so the dot does not light up under them.
 * - Clear All stamps all three kinds and toasts 'All notifications cleared' (SPEC 8).
 * Every stamp is applied to the shown lists at once (optimistic), written to browser storage and
 * sent to the server; answers that were already on their way are ignored, then the lists reload.
 */
import {
  computeRecentUpdates,
  NOTIFICATION_POLL_MS,
  type RecentUpdates,
  SEEN_KINDS,
  type SeenKind,
} from '@pehchaan/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { HeaderIndicators } from '@/components/layouts/header-indicators';
import { paths } from '@/config/paths';
import { STORAGE_KEYS } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { getHolderLists, type HolderLists } from './get-holder-records';
import { markSeen } from './mark-seen';

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

/** `lists` with last_viewed = `stamp` on every record of `kinds`. */
export function stampLists(lists: HolderLists, kinds: readonly SeenKind[], stamp: string) {
  const next = { ...lists };
  if (kinds.includes('credentials')) {
    next.credentials = lists.credentials.map((c) => ({ ...c, last_viewed: stamp }));
  }
  if (kinds.includes('consent_requests')) {
    next.consentRequests = lists.consentRequests.map((r) => ({ ...r, last_viewed: stamp }));
  }
  if (kinds.includes('activity_logs')) {
    next.activityLogs = lists.activityLogs.map((l) => ({ ...l, last_viewed: stamp }));
  }
  return next;
}

const WATCHED_KEYS = new Set<string>([
  STORAGE_KEYS.credentials,
  STORAGE_KEYS.consentRequests,
  STORAGE_KEYS.activityLogs,
]);

export function useNotifications(userId: string): HeaderIndicators {
  const { t } = useTranslation('messages');
  const { pathname } = useLocation();
  const [lists, setLists] = useState<HolderLists>(EMPTY_LISTS);
  const [now, setNow] = useState(() => Date.now());
  const ticket = useRef(0);
  const mounted = useRef(false);
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;
  const stampRef = useRef<(kinds: readonly SeenKind[]) => Promise<void>>(async () => {});

  /** Loads the lists; `restamp`: stamp what arrived of the kind on screen. */
  const load = useCallback(
    async (restamp = true) => {
      const mine = ++ticket.current;
      const next = await getHolderLists(userId);
      if (mine !== ticket.current || !mounted.current) return;
      const at = Date.now();
      setLists(next);
      setNow(at);
      const kind = seenKindForPath(pathnameRef.current);
      if (restamp && kind && hasNewOfKind(computeRecentUpdates(next, at), kind)) {
        void stampRef.current([kind]);
      }
    },
    [userId],
  );

  const stamp = useCallback(
    async (kinds: readonly SeenKind[]) => {
      // Answers already on their way were read before this stamp.
      ticket.current += 1;
      const at = new Date();
      setLists((current) => stampLists(current, kinds, at.toISOString()));
      setNow(at.getTime());
      await markSeen({ userId, kinds, now: at });
      if (mounted.current) await load(false);
    },
    [userId, load],
  );
  stampRef.current = stamp;

  // First load, then every 30 seconds, on focus, online, and storage changes in other tabs.
  useEffect(() => {
    mounted.current = true;
    void load();
    const refresh = () => void load();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || WATCHED_KEYS.has(event.key)) refresh();
    };
    const timer = setInterval(refresh, NOTIFICATION_POLL_MS);
    window.addEventListener('focus', refresh);
    window.addEventListener('online', refresh);
    window.addEventListener('storage', onStorage);
    return () => {
      mounted.current = false;
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
      window.removeEventListener('online', refresh);
      window.removeEventListener('storage', onStorage);
    };
  }, [load]);

  // SPEC 4: visiting /credentials, /consent or /logs stamps its kind as viewed.
  useEffect(() => {
    const kind = seenKindForPath(pathname);
    if (kind) void stamp([kind]);
  }, [pathname, stamp]);

  const clearAll = useCallback(async () => {
    const done = stamp(SEEN_KINDS);
    toast.success(t('notificationsCleared'));
    await done;
  }, [stamp, t]);

  const refresh = useCallback(() => void load(), [load]);
  const updates = useMemo(() => computeRecentUpdates(lists, now), [lists, now]);

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
