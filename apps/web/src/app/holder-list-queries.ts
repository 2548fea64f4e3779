/**
 * The query options of the holder's three lists, composed here because the header's
 * bell (notifications) reads the same cache entries the credential, consent and activity features
 * own, and features do not import each other (STYLE 1). Likewise the seen-stamps the bell
 * applies to those lists' stored copies: each list's owner writes its own key (STYLE 14).
 */
import {
  getActivityLogsQueryOptions,
  stampActivityLogsSeen,
} from '@/features/activity/api/get-activity-logs';
import {
  getConsentRequestsQueryOptions,
  stampConsentRequestsSeen,
} from '@/features/consent/api/get-consent-requests';
import { getCredentialsQueryOptions } from '@/features/credentials/api/get-credentials';
import { stampCredentialsSeen } from '@/features/credentials/api/local-credentials';
import type { SeenStamps } from '@/features/notifications/api/mark-seen';
import type { HolderListQueries } from '@/features/notifications/api/use-notifications';

export const holderListQueries: HolderListQueries = {
  credentials: getCredentialsQueryOptions,
  consentRequests: getConsentRequestsQueryOptions,
  activityLogs: getActivityLogsQueryOptions,
};

/** SPEC 4 seen-state in browser storage, by kind: each list's owner stamps its own records. */
export const holderSeenStamps: SeenStamps = {
  credentials: stampCredentialsSeen,
  consent_requests: stampConsentRequestsSeen,
  activity_logs: stampActivityLogsSeen,
};
