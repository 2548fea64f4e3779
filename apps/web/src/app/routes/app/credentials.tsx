/**
 * SPEC 2 /credentials: the holder's verifiable credentials. `?offer={id}`: an issuer's offer
 * received at /receive (DECISIONS 9), whose review opens over the list; closing it drops the
 * parameter.
 */
import { useSearchParams } from 'react-router';
import { CredentialsPage } from '@/features/credentials/components/credentials-page';
import { useUserId } from '@/lib/auth';

export function Component() {
  const userId = useUserId();
  const [search, setSearch] = useSearchParams();
  const offerId = search.get('offer');
  return (
    <CredentialsPage
      userId={userId}
      offerId={offerId}
      onOfferClosed={() =>
        setSearch(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('offer');
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}
