/**
 * SPEC 2 /profile: composes the profile screen with the credential, consent and activity queries
 * (features do not import each other; the route wires them).
 */
import { holderListQueries } from '@/app/holder-list-queries';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { useUserId } from '@/lib/auth';

export function Component() {
  const userId = useUserId();
  return <ProfilePage userId={userId} loaders={holderListQueries} />;
}
