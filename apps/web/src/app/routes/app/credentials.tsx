/** SPEC 2 /credentials: the holder's verifiable credentials. */
import { CredentialsPage } from '@/features/credentials/components/credentials-page';
import { useUserId } from '@/lib/auth';

export function Component() {
  const userId = useUserId();
  return <CredentialsPage userId={userId} />;
}
