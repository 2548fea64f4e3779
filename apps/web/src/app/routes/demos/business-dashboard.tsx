/** SPEC 2 /business-dashboard: the offline business portal (features/demos/business), outside the site frame. */
import { BusinessDashboardPage } from '@/features/demos/business/components/business-dashboard-page';

export function Component() {
  return <BusinessDashboardPage />;
}
