/**
 * SPEC 2 /profile: composes the profile screen with the credential, consent and activity
 * services (features do not import each other; the route wires them).
 */
import { getActivityLogs } from '@/features/activity/api/get-activity-logs';
import { getConsentRequests } from '@/features/consent/api/get-consent-requests';
import { getCredentials } from '@/features/credentials/api/get-credentials';
import { type ProfileLoaders, ProfilePage } from '@/features/profile/components/profile-page';
import { useUserId } from '@/lib/auth';

const loaders: ProfileLoaders = {
  credentials: getCredentials,
  consentRequests: getConsentRequests,
  activityLogs: getActivityLogs,
};

export function Component() {
  const userId = useUserId();
  return <ProfilePage userId={userId} loaders={loaders} />;
}
