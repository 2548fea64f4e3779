/**
 * The query options of the holder's three lists, composed here because the header's
 * bell (notifications) reads the same cache entries the credential, consent and activity features
 * own, and features do not import each other (STYLE 1).
 */
import { getActivityLogsQueryOptions } from '@/features/activity/api/get-activity-logs';
import { getConsentRequestsQueryOptions } from '@/features/consent/api/get-consent-requests';
import { getCredentialsQueryOptions } from '@/features/credentials/api/get-credentials';
import type { HolderListQueries } from '@/features/notifications/api/use-notifications';

export const holderListQueries: HolderListQueries = {
  credentials: getCredentialsQueryOptions,
  consentRequests: getConsentRequestsQueryOptions,
  activityLogs: getActivityLogsQueryOptions,
};
