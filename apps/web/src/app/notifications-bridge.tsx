/**
 * The public pages' frame loads this lazily, only for a signed-in holder (a visitor's pages
 * download none of it): the notifications bridge with the holder's list queries and seen-stamps.
 */
import type { HeaderIndicators } from '@/components/layouts/header-indicators';
import { NotificationsBridge } from '@/features/notifications/components/notifications-bridge';
import { holderListQueries, holderSeenStamps } from './holder-list-queries';

export default function HolderNotificationsBridge(props: {
  userId: string;
  onChange: (value: HeaderIndicators) => void;
}) {
  return <NotificationsBridge {...props} queries={holderListQueries} stamps={holderSeenStamps} />;
}
