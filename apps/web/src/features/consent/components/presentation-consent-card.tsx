/**
 * The consent card of a request that came from a verifier's OpenID4VP 1.0 link (issue 16;
 * ConsentRequest.presentation): the verifier's name and whether it is verified ('Verified
 * verifier' / 'Not verified: this verifier's identity could not be checked'), the purpose, each
 * requested claim in plain words in the current language with the credential it comes from
 * (required ones ticked and disabled, optional ones tickable), how long the verifier keeps the
 * data ('Not stated' when unknown) and, for a credential the holder lacks, that it is missing
 * with a link to add it on /credentials.
 *
 * Approve sends the ticked claims (answer-presentation-request.ts); the verifier's answer is
 * then shown: 'Shared with {verifier}', and a button to continue at the verifier's redirect_uri
 * when it gave one (followed only when the holder presses it). Errors are the server's
 * plain-language details. A request past its expiry shows 'Expired' and cannot be approved.
 * Once approved, the card says where the consent stands and offers Withdraw consent
 * (ConsentStanding, issue 17). SPEC 3's seeded requests keep ConsentRequestCard.
 */

import type { ConsentDecision, ConsentDecisionAnswer, ConsentRequest } from '@pehchaan/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cardSurfaceClass } from '@/components/ui/card';
import {
  CheckCircleIcon,
  CloseIcon,
  ExternalLinkIcon,
  InfoIcon,
  ShieldIcon,
} from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { errorDetail, hasProblemCode, isApiUnavailable } from '@/lib/api-client';
import { useConsentTexts } from '@/lib/consent-texts';
import { claimName, documentTypeName } from '@/lib/document-labels';
import { toast } from '@/lib/toast';
import { answerPresentationRequest } from '../api/answer-presentation-request';
import { ConsentStanding } from './consent-standing';

type Presentation = NonNullable<ConsentRequest['presentation']>;

/** Every claim name the card ticks at first: all of them (the holder unticks optional ones). */
function initiallyTicked(presentation: Presentation): Set<string> {
  return new Set(presentation.credentials.flatMap((c) => c.claims.map((claim) => claim.name)));
}

export function PresentationConsentCard({
  userId,
  request,
  onDecided,
  onWithdraw,
  withdrawing = false,
  now = () => new Date(),
}: {
  userId: string;
  request: ConsentRequest & { presentation: Presentation };
  /** Called once the server recorded the decision (the list reloads). */
  onDecided: (answer: ConsentDecisionAnswer) => void;
  /** Withdraws the approved consent (after the holder confirmed; issue 17). */
  onWithdraw: (request: ConsentRequest) => Promise<unknown>;
  /** A withdrawal of this consent is being sent. */
  withdrawing?: boolean;
  /** The clock (tests). */
  now?: () => Date;
}) {
  const { t, i18n } = useTranslation('consent');
  const language = i18n.language;
  const texts = useConsentTexts();
  const titleId = useId();
  const { presentation } = request;
  const [ticked, setTicked] = useState(() => initiallyTicked(presentation));
  const [busy, setBusy] = useState<ConsentDecision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shared, setShared] = useState<ConsentDecisionAnswer | null>(null);
  const verifier = presentation.verifier.name;
  const expired =
    request.status === 'pending' && Date.parse(presentation.expires_at) <= now().getTime();
  const missingRequired = presentation.credentials.some((c) => c.required && !c.held);

  const toggle = (name: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const decide = async (decision: ConsentDecision) => {
    setBusy(decision);
    setError(null);
    try {
      const answer = await answerPresentationRequest({
        userId,
        requestId: request.id,
        decision,
        ...(decision === 'approve' ? { claims: [...ticked] } : {}),
      });
      if (decision === 'approve') {
        toast.success(t('presentation.sharedWith', { verifier }));
        if (answer.redirect_uri) {
          // Keep the card until the holder chooses to continue at the verifier or not.
          setShared(answer);
          return;
        }
      } else {
        toast.success(t('toast.rejected', { requester: request.requester }));
      }
      onDecided(answer);
    } catch (caught) {
      setError(
        isApiUnavailable(caught)
          ? t('presentation.errors.offline')
          : hasProblemCode(caught, 'data_sharing_off')
            ? t('dataSharingOff')
            : (errorDetail(caught) ?? t('presentation.errors.generic')),
      );
    } finally {
      setBusy(null);
    }
  };

  const status = shared ? 'approved' : request.status;

  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col rounded-2xl p-4 sm:p-5 ${cardSurfaceClass}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-semibold text-slate-900 dark:text-white">
          {verifier}
        </h3>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200">
          {expired ? t('presentation.expired') : t(`card.status.${status}`)}
        </span>
      </div>
      <p
        className={`mt-1 flex items-start gap-1.5 text-xs font-medium ${
          presentation.verifier.verified
            ? 'text-green-800 dark:text-green-300'
            : 'text-amber-900 dark:text-amber-200'
        }`}
      >
        {presentation.verifier.verified ? (
          <ShieldIcon className="size-4 shrink-0" />
        ) : (
          <InfoIcon className="size-4 shrink-0" />
        )}
        {presentation.verifier.verified
          ? t('presentation.verified')
          : t('presentation.notVerified')}
      </p>

      <dl className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-300">
        <div>
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">
            {t('presentation.purpose')}
          </dt>
          <dd>
            {presentation.purpose === 'Not stated'
              ? t('presentation.notStated')
              : texts.purpose(verifier, presentation.purpose)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">
            {t('presentation.retention')}
          </dt>
          <dd>
            {presentation.retention_days === null
              ? t('presentation.notStated')
              : t('presentation.retentionDays', { count: presentation.retention_days })}
          </dd>
        </div>
      </dl>

      {presentation.credentials.map((credential) => {
        const documentName = credential.document_type
          ? documentTypeName(credential.document_type, language)
          : language === 'hi'
            ? credential.document_name_hi
            : credential.document_name;
        return (
          <fieldset key={credential.query_id} className="mt-3">
            <legend className="text-xs font-medium text-slate-500 dark:text-slate-400">
              {t('presentation.from', { document: documentName })}
            </legend>
            {!credential.held && (
              <p className="mt-1 rounded-lg bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
                {t('presentation.missing', { document: documentName })}{' '}
                <Link className="font-medium underline" to={paths.app.credentials.getHref()}>
                  {t('presentation.addIt', { document: documentName })}
                </Link>
              </p>
            )}
            <ul className="mt-1 space-y-1">
              {credential.claims.map((claim) => {
                const label = claimName(claim.name, language);
                return (
                  <li key={claim.name}>
                    <label className="flex min-h-8 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={claim.required || ticked.has(claim.name)}
                        disabled={claim.required || request.status !== 'pending' || shared !== null}
                        onChange={() => toggle(claim.name)}
                      />
                      {label}
                      <span className="text-xs text-slate-500 dark:text-slate-400">
                        {claim.required ? t('presentation.required') : t('presentation.optional')}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}

      {expired && (
        <p className="mt-3 text-sm text-red-700 dark:text-red-300">
          {t('presentation.expiredHint')}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}

      {!shared && (
        <ConsentStanding
          request={request}
          onWithdraw={onWithdraw}
          withdrawing={withdrawing}
          now={now}
        />
      )}

      {shared && (
        <div className="mt-3 space-y-2 rounded-xl bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950/50 dark:text-green-100">
          <p>{t('presentation.sharedWith', { verifier })}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              className="min-h-11"
              onClick={() => {
                window.location.assign(shared.redirect_uri as string);
              }}
            >
              <ExternalLinkIcon className="size-4" />
              {t('presentation.continueTo', { verifier })}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              className="min-h-11"
              onClick={() => onDecided(shared)}
            >
              {t('presentation.done')}
            </Button>
          </div>
        </div>
      )}

      {request.status === 'pending' && !shared && (
        <div className="mt-auto flex gap-2 pt-4">
          <Button
            className="min-h-11 flex-1"
            onClick={() => void decide('approve')}
            disabled={busy !== null || expired || missingRequired}
            loading={busy === 'approve'}
            loadingLabel={t('card.approving')}
            aria-label={t('presentation.shareLabel', { verifier })}
          >
            <CheckCircleIcon className="size-4" />
            {t('card.approve')}
          </Button>
          <Button
            variant="secondary"
            className="min-h-11 flex-1"
            onClick={() => void decide('reject')}
            disabled={busy !== null}
            loading={busy === 'reject'}
            loadingLabel={t('card.rejecting')}
            aria-label={t('card.rejectLabel', { requester: verifier })}
          >
            <CloseIcon className="size-4" />
            {t('card.reject')}
          </Button>
        </div>
      )}
    </article>
  );
}
