/**
 * Where a decided consent stands after SPEC 4's decision (issue 17, DECISIONS 7), on both
 * consent cards:
 * - approved: 'Valid until {date}' (and 'Ends in N days' in the last week), how often it was used
 *   ('Used 3 times, last on 12/03/2026' / 'Not used yet', dates in the holder's format), and Withdraw consent: one action and
 *   a confirmation, on the same card as Approve was (DPDP Act s.6(4));
 * - withdrawn: when, that the verifier's copy here was erased, and how the signed withdrawal
 *   notice to the verifier goes ('Verifier notified on ...', 'Notifying ... (attempt N)',
 *   'Could not notify ...'); 'Not yet synced' while the withdrawal waits in the outbox;
 * - expired: when, and that renewal is a new request.
 * Rejected requests have none of this (their decision is final and nothing was given).
 */
import {
  type ConsentRequest,
  DAY_MS,
  isConsentExpiringSoon,
  isConsentWithdrawable,
} from '@pehchaan/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ClockIcon } from '@/components/ui/icons';
import { useConsentTexts } from '@/lib/consent-texts';
import { useFormat } from '@/lib/preferences';

/** The statuses a consent has once given. */
export function isGivenConsent(request: ConsentRequest): boolean {
  return ['approved', 'withdrawn', 'expired'].includes(request.status);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-1">
      <dt>{label}:</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function ConsentStanding({
  request,
  onWithdraw,
  withdrawing = false,
  now = () => new Date(),
}: {
  request: ConsentRequest;
  /** Withdraws the consent (after the holder confirmed); resolves when done. */
  onWithdraw: (request: ConsentRequest) => Promise<unknown>;
  /** A withdrawal of this consent is being sent. */
  withdrawing?: boolean;
  /** The clock (tests). */
  now?: () => Date;
}) {
  const { t } = useTranslation('consent');
  const [confirming, setConfirming] = useState(false);
  const { date } = useFormat();
  const texts = useConsentTexts();
  if (!isGivenConsent(request)) return null;
  const { status } = request;
  const uses = request.uses ?? 0;
  const notice = request.withdrawal_notice;
  // The organisation and purpose in the holder's language (core's registry, lib/consent-texts.ts).
  const requester = texts.organisation(request.requester);
  const soon = isConsentExpiringSoon(request, now().getTime());
  const daysLeft = request.valid_until
    ? Math.max(1, Math.ceil((Date.parse(request.valid_until) - now().getTime()) / DAY_MS))
    : 0;

  return (
    <div className="mt-3 space-y-2">
      <dl className="space-y-1 text-xs text-slate-600 dark:text-slate-400">
        {status === 'approved' && request.valid_until && (
          <Row label={t('standing.validUntil')}>
            <time dateTime={request.valid_until}>{date(request.valid_until)}</time>
          </Row>
        )}
        {status === 'withdrawn' && request.withdrawn_at && (
          <Row label={t('standing.withdrawnOn')}>
            <time dateTime={request.withdrawn_at}>{date(request.withdrawn_at)}</time>
          </Row>
        )}
        {status === 'expired' && request.valid_until && (
          <Row label={t('standing.expiredOn')}>
            <time dateTime={request.valid_until}>{date(request.valid_until)}</time>
          </Row>
        )}
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {uses === 0
          ? t('standing.notUsed')
          : t('standing.used', {
              count: uses,
              date: request.last_used_at ? date(request.last_used_at) : '',
            })}
      </p>

      {status === 'approved' && soon && (
        <p className="flex items-start gap-1.5 rounded-lg bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
          <ClockIcon className="size-4 shrink-0" />
          {t('standing.endsSoon', { count: daysLeft })}
        </p>
      )}

      {status === 'withdrawn' && !request.pending_sync && (
        <ul className="space-y-1 text-xs text-slate-700 dark:text-slate-300">
          {request.verifier_erased_at && (
            <li>{t('standing.erased', { requester, date: date(request.verifier_erased_at) })}</li>
          )}
          {notice?.status === 'delivered' && notice.delivered_at && (
            <li>{t('standing.notified', { requester, date: date(notice.delivered_at) })}</li>
          )}
          {notice?.status === 'pending' && (
            <li>
              {notice.attempts === 0
                ? t('standing.notifying', { requester })
                : t('standing.retrying', { requester, count: notice.attempts })}
            </li>
          )}
          {notice?.status === 'failed' && (
            <li className="text-red-700 dark:text-red-300">
              {t('standing.notNotified', { requester, count: notice.attempts })}
            </li>
          )}
        </ul>
      )}

      {status === 'expired' && (
        <p className="text-xs text-slate-700 dark:text-slate-300">
          {t('standing.renew', { requester })}
        </p>
      )}

      {/* Past its end the server expires it at the next read: nothing is left to withdraw. */}
      {isConsentWithdrawable(request, now().getTime()) && (
        <Button
          variant="secondary"
          className="min-h-11 w-full"
          onClick={() => setConfirming(true)}
          disabled={withdrawing}
          loading={withdrawing}
          loadingLabel={t('standing.withdrawing')}
          aria-label={t('standing.withdrawLabel', { requester })}
        >
          {t('standing.withdraw')}
        </Button>
      )}

      <ConfirmDialog
        open={confirming}
        title={t('standing.confirmTitle', { requester })}
        confirmLabel={t('standing.withdraw')}
        cancelLabel={t('standing.keep')}
        busyLabel={t('standing.withdrawing')}
        busy={withdrawing}
        onConfirm={() => {
          void onWithdraw(request).finally(() => setConfirming(false));
        }}
        onCancel={() => setConfirming(false)}
      >
        {t('standing.confirmText', {
          requester,
          purpose: texts.purpose(request.requester, request.purpose),
        })}
      </ConfirmDialog>
    </div>
  );
}
