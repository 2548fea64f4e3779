/**
 * SPEC 2 /settings: composes the settings screen with the browser copies of the profile,
 * credentials, consent requests and activity (for an export made offline; features do not
 * import each other, the route wires them).
 */
import { readLocalActivityLogs } from '@/features/activity/api/get-activity-logs';
import { readLocalConsentRequests } from '@/features/consent/api/get-consent-requests';
import { readLocalCredentials } from '@/features/credentials/api/get-credentials';
import { readLocalProfile } from '@/features/profile/api/profile-storage';
import type { LocalHolderReaders } from '@/features/settings/api/export-data';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { useUserId } from '@/lib/auth';

const readers: LocalHolderReaders = {
  profile: readLocalProfile,
  credentials: readLocalCredentials,
  consentRequests: readLocalConsentRequests,
  activityLogs: readLocalActivityLogs,
};

export function Component() {
  const userId = useUserId();
  return <SettingsPage userId={userId} readers={readers} />;
}
