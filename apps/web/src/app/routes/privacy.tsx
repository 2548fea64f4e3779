/** SPEC 2 /privacy: the Privacy Policy. */
import { PrivacyPage } from '@/features/info-pages/components/privacy-page';

export function Component() {
  return <PrivacyPage />;
}
