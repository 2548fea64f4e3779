/** SPEC 2 /about: About Pehchaan. */
import { AboutPage } from '@/features/info-pages/components/about-page';

export function Component() {
  return <AboutPage />;
}
