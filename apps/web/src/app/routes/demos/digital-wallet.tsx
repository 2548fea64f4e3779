/** SPEC 2 /digital-wallet: the offline citizen wallet demo (stands outside the site frame). */
import { WalletPage } from '@/features/demos/wallet/components/wallet-page';

export function Component() {
  return <WalletPage />;
}
