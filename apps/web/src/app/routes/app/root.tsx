/**
 * Frame and guard of the protected screens (SPEC 2): 'Loading...' while the session is restored,
 * a redirect to /login (replacing history) when signed out, else the app frame, whose header gets
 * the holder's notifications and search records from the notifications feature (SPEC 2, 4, 9;
 * DECISIONS 6). After Sign Out the redirect goes to '/' instead (SPEC 2: "sign out goes to /").
 *
 * The frame also runs the outbox (lib/sync/outbox.ts): the one runner that replays the changes made
 * while the API was unreachable, with each feature's handler (features do not import each other;
 * this route wires them), and shows what waits or could not be synced above every screen.
 *
 * All of it sits behind the idle lock (features/lock, issue 19): after the holder's Session
 * timeout the lock screen replaces it, or the holder is signed out.
 */
import { DEFAULT_SETTINGS } from '@pehchaan/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, ScrollRestoration } from 'react-router';
import { holderListQueries, holderSeenStamps } from '@/app/holder-list-queries';
import { AppLayout } from '@/components/layouts/app-layout';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { consentDecisionOutbox } from '@/features/consent/api/sync-consent-decision';
import { consentWithdrawalOutbox } from '@/features/consent/api/sync-consent-withdrawal';
import {
  activityLogOutbox,
  credentialGenerationOutbox,
} from '@/features/credentials/api/sync-credentials';
import { IdleLock } from '@/features/lock/components/idle-lock';
import { NotificationsProvider } from '@/features/notifications/components/notifications-provider';
import { profileOutbox } from '@/features/profile/api/sync-profile';
import { getSettingsQueryOptions } from '@/features/settings/api/get-settings';
import { settingsOutbox } from '@/features/settings/api/sync-settings';
import { useAuth } from '@/lib/auth';
import type { OutboxHandlers } from '@/lib/sync/outbox';
import { OutboxProvider } from '@/lib/sync/outbox-provider';
import { SyncSignOutGuard, SyncStatus } from '@/lib/sync/sync-status';

const outboxHandlers: OutboxHandlers = {
  consent_decision: consentDecisionOutbox,
  consent_withdrawal: consentWithdrawalOutbox,
  credential_generation: credentialGenerationOutbox,
  activity_log: activityLogOutbox,
  profile_update: profileOutbox,
  settings_update: settingsOutbox,
};

export function Component() {
  const { user, loading, signedOutTo } = useAuth();
  if (loading) return <Spinner className="min-h-dvh" />;
  if (!user) return <Navigate to={signedOutTo ?? paths.login.getHref()} replace />;
  return <SignedIn userId={user.id} />;
}

/**
 * The signed-in frame, behind the idle lock (issue 19): the holder's Session timeout and
 * Biometric unlock come from the settings feature's cache entry; while they load, the defaults.
 */
function SignedIn({ userId }: { userId: string }) {
  const { data } = useQuery(getSettingsQueryOptions(userId));
  const settings = data?.settings ?? DEFAULT_SETTINGS;
  return (
    <IdleLock
      userId={userId}
      timeoutMinutes={settings.sessionTimeout}
      biometricEnabled={settings.biometricEnabled}
    >
      <NotificationsProvider userId={userId} queries={holderListQueries} stamps={holderSeenStamps}>
        <OutboxProvider userId={userId} handlers={outboxHandlers}>
          <AppLayout>
            <ScrollRestoration />
            <SyncStatus />
            <Outlet />
            <SyncSignOutGuard />
          </AppLayout>
        </OutboxProvider>
      </NotificationsProvider>
    </IdleLock>
  );
}
