/**
 * /verify/{receiptId} (issue 17): a consent receipt's public link. The server's verdict on the
 * receipt it names and its contents (ReceiptDetails), after SPEC 9's 1 second verification
 * delay; 'Receipt not found' for an unknown id; 'Verification failed' with Try again when the
 * server cannot be reached.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InfoIcon } from '@/components/ui/icons';
import { type DocumentOutcome, getConsentReceiptById } from '../api/verify-receipt';
import { useDelayedCheck } from '../use-delayed-check';
import { LoadingCard } from './loading-card';
import { ReceiptDetails } from './receipt-details';

export function ReceiptPage({
  receiptId,
  initialOutcome,
  onOutcome,
}: {
  receiptId: string;
  /** The outcome the /verify island showed (verifier-page.tsx VerifierPageProps): no new check. */
  initialOutcome?: DocumentOutcome;
  /** Called with each outcome shown, null when a new check starts. */
  onOutcome?: (outcome: DocumentOutcome | null) => void;
}) {
  const { t } = useTranslation('verifier');
  const check = useCallback(() => getConsentReceiptById(receiptId), [receiptId]);
  const { outcome, retry } = useDelayedCheck<DocumentOutcome>(check, {
    initial: initialOutcome,
    onOutcome,
  });

  return (
    <div className="mx-auto min-h-dvh max-w-4xl space-y-6 px-4 py-10 sm:px-6 print:min-h-0 print:py-0">
      <div>
        <h1 className="text-sm font-semibold tracking-wide text-orange-700 uppercase dark:text-orange-400 print:text-black">
          {t('receipt.title')}
        </h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300 print:text-black">
          {t('receipt.lead')}
        </p>
      </div>
      {!outcome ? (
        <LoadingCard />
      ) : outcome.kind === 'verdict' ? (
        <ReceiptDetails
          verdict={outcome.verdict}
          document={outcome.document}
          consentStatus={outcome.consentStatus}
          registeredVerifierId={outcome.registeredVerifierId}
        />
      ) : (
        <div
          role="status"
          className="flex items-start gap-3 rounded-2xl border border-slate-300 bg-slate-50 p-5 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <InfoIcon className="mt-1 size-7 shrink-0" />
          <div>
            <h2 className="text-2xl font-bold">
              {outcome.kind === 'not_found' ? t('receipt.notFound') : t('failed')}
            </h2>
            <p className="mt-1">
              {outcome.kind === 'not_found' ? t('receipt.notFoundText') : t('failedText')}
            </p>
            {outcome.kind === 'failed' && (
              <Button size="sm" variant="secondary" className="mt-3" onClick={retry}>
                {t('retry')}
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
