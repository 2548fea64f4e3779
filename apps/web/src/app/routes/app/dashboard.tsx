/**
 * SPEC 2 /dashboard: composes the dashboard with the credential, consent and activity services
 * (features do not import each other; the route wires them).
 */

import { getActivityLogs, readLocalActivityLogs } from '@/features/activity/api/get-activity-logs';
import {
  getConsentRequests,
  readLocalConsentRequests,
} from '@/features/consent/api/get-consent-requests';
import { generateCredential } from '@/features/credentials/api/generate-credential';
import { getCredentials, readLocalCredentials } from '@/features/credentials/api/get-credentials';
import type { DashboardLoaders } from '@/features/dashboard/api/use-dashboard-data';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { useAuth, useUserId } from '@/lib/auth';

const loaders: DashboardLoaders = {
  credentials: { load: getCredentials, readLocal: readLocalCredentials },
  consentRequests: { load: getConsentRequests, readLocal: readLocalConsentRequests },
  activityLogs: { load: getActivityLogs, readLocal: readLocalActivityLogs },
};

export function Component() {
  const userId = useUserId();
  const { user } = useAuth();
  return (
    <Dashboard
      userId={userId}
      userName={user?.name}
      loaders={loaders}
      generateCredential={generateCredential}
    />
  );
}
