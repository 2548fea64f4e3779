/** SPEC 2 /longterm: the data marketplace mock-up, a concept demo (stands outside the site frame). */
import { MarketplacePage } from '@/features/demos/marketplace/components/marketplace-page';

export function Component() {
  return <MarketplacePage />;
}
