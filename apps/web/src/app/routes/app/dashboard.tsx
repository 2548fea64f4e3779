/**
 * SPEC 2 /dashboard: composes the dashboard with the credential, consent and activity queries
 * and the share links (Total Shares) (features do not import each other; the route wires them).
 */

import { holderListQueries } from '@/app/holder-list-queries';
import { readLocalActivityLogs } from '@/features/activity/api/get-activity-logs';
import { readLocalConsentRequests } from '@/features/consent/api/get-consent-requests';
import { generateCredential } from '@/features/credentials/api/generate-credential';
import { readLocalCredentials } from '@/features/credentials/api/get-credentials';
import { getSharesQueryOptions } from '@/features/credentials/api/get-shares';
import type { DashboardLoaders } from '@/features/dashboard/api/use-dashboard-data';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { useUserId } from '@/lib/auth';
import { useGreetingName } from '@/lib/preferences';

const loaders: DashboardLoaders = {
  credentials: { query: holderListQueries.credentials, readLocal: readLocalCredentials },
  consentRequests: {
    query: holderListQueries.consentRequests,
    readLocal: readLocalConsentRequests,
  },
  activityLogs: { query: holderListQueries.activityLogs, readLocal: readLocalActivityLogs },
  shares: getSharesQueryOptions,
};

export function Component() {
  const userId = useUserId();
  // Greeted by name (issue 19): the display name, else the name on the credentials.
  const greetingName = useGreetingName();
  return (
    <Dashboard
      userId={userId}
      userName={greetingName ?? undefined}
      loaders={loaders}
      generateCredential={generateCredential}
    />
  );
}
