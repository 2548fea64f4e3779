/** SPEC 2 '/': the landing page. */
import { LandingPage } from '@/features/landing/components/landing-page';

export function Component() {
  return <LandingPage />;
}
