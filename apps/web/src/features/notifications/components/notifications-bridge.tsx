/**
 * The holder's notifications for a frame that cannot wait for this feature's code: the public
 * pages' frame loads it lazily, only for a signed-in holder (a visitor's landing page downloads
 * none of it), and gets the value through `onChange` to hand to its header. Renders nothing.
 */
import { useEffect } from 'react';
import type { HeaderIndicators } from '@/components/layouts/header-indicators';
import type { SeenStamps } from '../api/mark-seen';
import { type HolderListQueries, useNotifications } from '../api/use-notifications';

export function NotificationsBridge({
  userId,
  queries,
  stamps,
  onChange,
}: {
  userId: string;
  /** The features' list queries (a stable module constant). */
  queries: HolderListQueries;
  /** The owners' seen-stamps of those lists in browser storage (a stable module constant). */
  stamps: SeenStamps;
  onChange: (value: HeaderIndicators) => void;
}) {
  const value = useNotifications(userId, queries, stamps);
  useEffect(() => onChange(value), [value, onChange]);
  return null;
}
