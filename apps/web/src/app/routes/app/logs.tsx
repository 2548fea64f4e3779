/** SPEC 2 /logs: Activity Logs. */
import { ActivityPage } from '@/features/activity/components/activity-page';
import { useUserId } from '@/lib/auth';

export function Component() {
  const userId = useUserId();
  return <ActivityPage userId={userId} />;
}
