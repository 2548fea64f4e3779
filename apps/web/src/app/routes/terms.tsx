/** SPEC 2 /terms: the Terms of Service. */
import { TermsPage } from '@/features/info-pages/components/terms-page';

export function Component() {
  return <TermsPage />;
}
