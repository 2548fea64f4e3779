/** SPEC 2 /kyc-demo: the offline bank KYC wizard (features/demos/kyc), outside the site frame. */
import { KycDemoPage } from '@/features/demos/kyc/components/kyc-demo-page';

export function Component() {
  return <KycDemoPage />;
}
