/** SPEC 2 /verify/:credentialId: the public verifier page. */
import { useParams } from 'react-router';
import { VerifierPage } from '@/features/verifier/components/verifier-page';

export function Component() {
  const { credentialId = '' } = useParams();
  // A new id starts a new check (fresh state).
  return <VerifierPage key={credentialId} credentialId={credentialId} />;
}
