/** SPEC 2 /support: the Support Center. */
import { SupportPage } from '@/features/info-pages/components/support-page';

export function Component() {
  return <SupportPage />;
}
