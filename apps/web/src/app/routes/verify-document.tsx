/** /verify (issue 17): check a consent receipt or credential by link, pasted or uploaded JSON. */
import { VerifyDocumentPage } from '@/features/verifier/components/verify-document-page';

export function Component() {
  return <VerifyDocumentPage />;
}
