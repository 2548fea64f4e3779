/** SPEC 2 /consent: Consent Management. */
import { ConsentPage } from '@/features/consent/components/consent-page';
import { useUserId } from '@/lib/auth';

export function Component() {
  const userId = useUserId();
  return <ConsentPage userId={userId} />;
}
