/** SPEC 2 /contact: Contact Us. */
import { ContactPage } from '@/features/info-pages/components/contact-page';

export function Component() {
  return <ContactPage />;
}
