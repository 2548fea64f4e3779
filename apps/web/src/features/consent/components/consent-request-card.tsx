/**
 * One consent request (SPEC 2 Consent Management, SPEC 3): the requester (a data fiduciary), the
 * purpose, the requested fields as chips, when it was requested and, once decided, when; Approve
 * and Reject on a pending one (named with the requester, e.g. 'Approve State Bank of India').
 * A decision kept only on this device carries the 'Not yet synced' badge. Once approved, the
 * card says where the consent stands and offers Withdraw consent (ConsentStanding, issue 17).
 * The card is an article labelled by the requester.
 */

import type { ConsentDecision, ConsentRequest } from '@pehchaan/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cardSurfaceClass } from '@/components/ui/card';
import { CheckCircleIcon, ClockIcon, CloseIcon } from '@/components/ui/icons';
import { ReadAloudButton } from '@/components/ui/read-aloud';
import { useConsentTexts } from '@/lib/consent-texts';
import { useFormat } from '@/lib/preferences';
import { ConsentStanding } from './consent-standing';

/** The status badge's colours (both consent cards). */
export const STATUS_CLASSES = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  withdrawn: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  expired: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
} as const satisfies Record<ConsentRequest['status'], string>;

export function ConsentRequestCard({
  request,
  busy,
  onDecide,
  onWithdraw,
  withdrawing = false,
}: {
  request: ConsentRequest;
  /** The decision being sent for this request, if any (both buttons are disabled meanwhile). */
  busy?: ConsentDecision;
  onDecide: (request: ConsentRequest, decision: ConsentDecision) => void;
  /** Withdraws the approved consent (after the holder confirmed). */
  onWithdraw: (request: ConsentRequest) => Promise<unknown>;
  /** A withdrawal of this consent is being sent. */
  withdrawing?: boolean;
}) {
  const { t, i18n } = useTranslation('consent');
  const titleId = useId();
  const fieldsId = useId();
  const format = useFormat();
  const when = (iso: string) => format.dateTime(iso) || iso;
  const texts = useConsentTexts();
  const { status } = request;
  const purpose = texts.purpose(request.requester, request.purpose);
  // The organisation in the holder's language where it has a name in it (core's registry).
  const requester = texts.organisation(request.requester);
  // Read aloud: who asks, what for, which data (docs/i18n.md "Read aloud").
  const spoken = t('readAloud.text', {
    requester,
    purpose,
    fields: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      request.fields.map(texts.field),
    ),
  });

  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col rounded-2xl p-4 sm:p-5 ${cardSurfaceClass}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-semibold text-slate-900 dark:text-white">
          {requester}
        </h3>
        <div className="flex flex-wrap gap-2">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_CLASSES[status]}`}
          >
            {t(`card.status.${status}`)}
          </span>
          {request.pending_sync && <NotSyncedBadge />}
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{purpose}</p>

      <p id={fieldsId} className="mt-3 text-xs font-medium text-slate-500 dark:text-slate-400">
        {t('card.fields')}
      </p>
      <ul aria-labelledby={fieldsId} className="mt-1 flex flex-wrap gap-1.5">
        {request.fields.map((field) => (
          <li
            key={field}
            className="rounded-full border border-orange-200 bg-orange-50 px-2.5 py-0.5 text-xs text-orange-900 dark:border-orange-900 dark:bg-orange-950/60 dark:text-orange-200"
          >
            {texts.field(field)}
          </li>
        ))}
      </ul>

      {status === 'pending' && <ReadAloudButton text={spoken} className="mt-3 self-start" />}

      <dl className="mt-3 space-y-1 text-xs text-slate-600 dark:text-slate-400">
        <div className="flex flex-wrap gap-x-1">
          <dt>{t('card.requested')}:</dt>
          <dd>
            <time dateTime={request.requested_at}>{when(request.requested_at)}</time>
          </dd>
        </div>
        {status !== 'pending' && request.status_updated_at && (
          <div className="flex flex-wrap gap-x-1">
            {/* The decision stays what it was (SPEC 4); withdrawal and expiry come after it. */}
            <dt>{t(`card.decided.${status === 'rejected' ? 'rejected' : 'approved'}`)}:</dt>
            <dd>
              <time dateTime={request.status_updated_at}>{when(request.status_updated_at)}</time>
            </dd>
          </div>
        )}
      </dl>

      <ConsentStanding request={request} onWithdraw={onWithdraw} withdrawing={withdrawing} />

      {status === 'pending' && (
        <div className="mt-auto flex gap-2 pt-4">
          <Button
            className="min-h-11 flex-1"
            onClick={() => onDecide(request, 'approve')}
            disabled={busy !== undefined}
            loading={busy === 'approve'}
            loadingLabel={t('card.approving')}
            aria-label={t('card.approveLabel', { requester })}
          >
            <CheckCircleIcon className="size-4" />
            {t('card.approve')}
          </Button>
          <Button
            variant="secondary"
            className="min-h-11 flex-1"
            onClick={() => onDecide(request, 'reject')}
            disabled={busy !== undefined}
            loading={busy === 'reject'}
            loadingLabel={t('card.rejecting')}
            aria-label={t('card.rejectLabel', { requester })}
          >
            <CloseIcon className="size-4" />
            {t('card.reject')}
          </Button>
        </div>
      )}
    </article>
  );
}

/** A decision made offline that the server has not heard yet (the outbox, SPEC 4). */
export function NotSyncedBadge() {
  const { t } = useTranslation('consent');
  return (
    <span
      title={t('card.notSyncedHint')}
      className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
    >
      <ClockIcon className="size-3.5" />
      {t('card.notSynced')}
    </span>
  );
}
