/** SPEC 2 /help: the Help Center. */
import { HelpPage } from '@/features/info-pages/components/help-page';

export function Component() {
  return <HelpPage />;
}
