/**
 * /consent/who-has-my-data (issue 17): the data-sharing feature's summary, composed with the
 * consent feature's requests and the credentials feature's share links (features never import
 * each other, STYLE 1); each consent's use counts come with the consent requests. Withdraw is
 * the consent feature's withdrawal, as on /consent: offline, it waits in the outbox to sync.
 */
import { getConsentRequestsQueryOptions } from '@/features/consent/api/get-consent-requests';
import { useWithdrawConsent } from '@/features/consent/api/withdraw-consent';
import { getSharesQueryOptions } from '@/features/credentials/api/get-shares';
import { withdrawShare } from '@/features/credentials/api/withdraw-share';
import { WhoHasMyDataPage } from '@/features/data-sharing/components/who-has-my-data-page';
import { useUserId } from '@/lib/auth';

export function Component() {
  const userId = useUserId();
  const withdraw = useWithdrawConsent(userId);
  return (
    <WhoHasMyDataPage
      userId={userId}
      consentQuery={getConsentRequestsQueryOptions}
      sharesQuery={getSharesQueryOptions}
      withdrawShare={withdrawShare}
      withdrawConsent={withdraw.mutateAsync}
    />
  );
}
