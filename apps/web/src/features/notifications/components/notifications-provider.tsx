/**
 * Supplies the header of the app frame with the holder's notifications and search records
 * (SPEC 2, 4, 9; DECISIONS 6): `useNotifications` computed here, handed to the header through
 * `HeaderIndicatorsProvider`. Render it inside the router (it watches the location to stamp
 * /credentials, /consent and /logs as viewed).
 */
import type { ReactNode } from 'react';
import { HeaderIndicatorsProvider } from '@/components/layouts/header-indicators';
import type { SeenStamps } from '../api/mark-seen';
import { type HolderListQueries, useNotifications } from '../api/use-notifications';

export function NotificationsProvider({
  userId,
  queries,
  stamps,
  children,
}: {
  userId: string;
  /** The features' list queries (a stable module constant). */
  queries: HolderListQueries;
  /** The owners' seen-stamps of those lists in browser storage (a stable module constant). */
  stamps: SeenStamps;
  children: ReactNode;
}) {
  const value = useNotifications(userId, queries, stamps);
  return <HeaderIndicatorsProvider value={value}>{children}</HeaderIndicatorsProvider>;
}
