/** /verifier (issue 16): the verifier portal of registered organisations (not /verify/:id). */
import { VerifierPortal } from '@/features/verifier-portal/components/verifier-portal';

export function Component() {
  return <VerifierPortal />;
}
