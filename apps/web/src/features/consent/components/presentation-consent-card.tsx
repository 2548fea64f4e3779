/**
 * The consent card of every request that is an OpenID4VP 1.0 request (ConsentRequest.presentation):
 * a verifier's link (issue 16) and SPEC 3's seeded requests alike (presentation.seeded: the
 * product's own registered verifiers, answered in-process). It shows the verifier's name and
 * whether it is verified ('Verified verifier' / 'Not verified: this verifier's identity could
 * not be checked'), the purpose, how long the verifier keeps the data ('Not stated' when
 * unknown), when it was requested and decided, and each requested claim in plain words in the
 * current language, with the credential it comes from, whether it is required or optional, and
 * why the verifier needs it (the reason its registered purpose gives; 'No reason given'
 * otherwise). Required claims are ticked and disabled, optional ones tickable; a credential the
 * holder lacks says so with a link to add it; one that will not be used (another option of its
 * credential set answers, OpenID4VP 1.0 section 6.4.1) says which is used instead.
 *
 * Approve first opens the summary of exactly what will be sent, to whom, for what and for how
 * long (ApprovalSummary, from core's plannedDisclosure: the server's own rule); Confirm sends the
 * ticked claims, Cancel goes back. A verifier's link is answered here (answer-presentation-
 * request.ts; no offline path): 'Shared with {verifier}', and a button to continue at the
 * verifier's redirect_uri when it gave one (followed only when the holder presses it); errors
 * are the server's plain-language details; past its expiry it shows 'Expired' and cannot be
 * approved. A seeded request is decided through the page's decision (`onDecide`: kept on this
 * device and synced later when offline, SPEC 1), its Approve named like SPEC 2's ('Approve
 * State Bank of India'); an expired seeded link is renewed by the server at Approve.
 *
 * Once decided, the card shows what was sent (SentClaims: `presentation.sent`, never what was
 * asked; nothing for a rejection) and where the consent stands, with Withdraw consent
 * (ConsentStanding, issue 17).
 */

import {
  type ConsentDecision,
  type ConsentDecisionAnswer,
  type ConsentRequest,
  chosenCredentialIds,
  isDocumentTypeKey,
  type PresentationCredential,
  plannedDisclosure,
} from '@pehchaan/core';
import { useId, useMemo, useState } from 'react';
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
import { ProblemAlert } from '@/components/ui/problem-alert';
import { ReadAloudButton } from '@/components/ui/read-aloud';
import { paths } from '@/config/paths';
import { hasProblemCode, isApiUnavailable } from '@/lib/api-client';
import { useConsentTexts } from '@/lib/consent-texts';
import { useFormat } from '@/lib/preferences';
import { problemMessage } from '@/lib/problem-message';
import { toast } from '@/lib/toast';
import { answerPresentationRequest } from '../api/answer-presentation-request';
import { requestedClaimLabel, requestedDocumentName } from '../requested-labels';
import { ApprovalSummary } from './approval-summary';
import { NotSyncedBadge, STATUS_CLASSES } from './consent-request-card';
import { ConsentStanding } from './consent-standing';
import { SentClaims } from './sent-claims';

type Presentation = NonNullable<ConsentRequest['presentation']>;

/** Every claim name the card ticks at first: all of them (the holder unticks optional ones). */
function initiallyTicked(presentation: Presentation): Set<string> {
  return new Set(presentation.credentials.flatMap((c) => c.claims.map((claim) => claim.name)));
}

/**
 * The credential queries Approve presents from (the server's rule, core's plannedDisclosure):
 * a seeded request's chosen options, any other request's credentials held.
 */
function activeCredentialIds(presentation: Presentation): Set<string> {
  const known = presentation.credentials.filter(
    (c) =>
      c.held &&
      (c.received !== undefined ||
        (c.document_type !== null && isDocumentTypeKey(c.document_type))),
  );
  if (!presentation.seeded) return new Set(known.map((c) => c.query_id));
  const chosen = chosenCredentialIds(presentation.credential_sets, presentation.credentials);
  return new Set(known.filter((c) => chosen.has(c.query_id)).map((c) => c.query_id));
}

/** The credentials used instead of `credential` (the chosen option of a set it is in). */
function usedInstead(
  presentation: Presentation,
  credential: PresentationCredential,
  active: ReadonlySet<string>,
): PresentationCredential[] {
  const set = presentation.credential_sets?.find((s) =>
    s.options.some((option) => option.includes(credential.query_id)),
  );
  const option = set?.options.find((ids) => ids.length > 0 && ids.every((id) => active.has(id)));
  return (option ?? [])
    .filter((id) => id !== credential.query_id)
    .flatMap((id) => presentation.credentials.filter((c) => c.query_id === id));
}

export function PresentationConsentCard({
  userId,
  request,
  onDecided,
  onDecide,
  deciding,
  onWithdraw,
  withdrawing = false,
  now = () => new Date(),
}: {
  userId: string;
  request: ConsentRequest & { presentation: Presentation };
  /** A verifier's link: called once the server recorded the decision (the list reloads). */
  onDecided: (answer: ConsentDecisionAnswer) => void;
  /**
   * A seeded request: the page's decision (offline too), with the claim names left ticked on
   * approve; resolves once it is shown. Absent: the card answers the verifier itself.
   */
  onDecide?: (
    request: ConsentRequest,
    decision: ConsentDecision,
    claims?: readonly string[],
  ) => Promise<unknown>;
  /** The page's decision being sent for this (seeded) request. */
  deciding?: ConsentDecision;
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
  const format = useFormat();
  const when = (iso: string) => format.dateTime(iso) || iso;
  const titleId = useId();
  const { presentation } = request;
  const seeded = presentation.seeded === true;
  const [ticked, setTicked] = useState(() => initiallyTicked(presentation));
  const [ownBusy, setOwnBusy] = useState<ConsentDecision | null>(null);
  const busy = deciding ?? ownBusy;
  const [error, setError] = useState<string | null>(null);
  const [cause, setCause] = useState<unknown>(null);
  const [shared, setShared] = useState<ConsentDecisionAnswer | null>(null);
  const [confirming, setConfirming] = useState(false);
  // A registered verifier in the holder's language where it has a name in it (core's registry);
  // a name the wallet could not verify is shown as sent, never dressed in a registered one's.
  const verifier =
    presentation.verifier.verified || seeded
      ? texts.organisation(presentation.verifier.name)
      : presentation.verifier.name;
  const requester = seeded ? texts.organisation(request.requester) : verifier;
  // A seeded request's link is renewed by the server at Approve: it never shows as expired.
  const expired =
    !seeded &&
    request.status === 'pending' &&
    Date.parse(presentation.expires_at) <= now().getTime();
  const missingRequired = presentation.credentials.some((c) => c.required && !c.held);
  const active = useMemo(() => activeCredentialIds(presentation), [presentation]);
  const planned = useMemo(() => plannedDisclosure(presentation, ticked), [presentation, ticked]);
  const leftOut = useMemo(
    () => [
      ...new Set(
        presentation.credentials
          .filter((c) => active.has(c.query_id))
          .flatMap((c) => c.claims)
          .filter((claim) => !claim.required && !ticked.has(claim.name))
          .map((claim) => claim.name),
      ),
    ],
    [presentation, active, ticked],
  );
  const status = shared ? 'approved' : request.status;
  const shown: ConsentRequest = shared?.consent_request ?? request;

  const toggle = (name: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  /** A verifier's link: answered here. */
  const answer = async (decision: ConsentDecision) => {
    setOwnBusy(decision);
    setError(null);
    setCause(null);
    try {
      const answered = await answerPresentationRequest({
        userId,
        requestId: request.id,
        decision,
        ...(decision === 'approve' ? { claims: [...ticked] } : {}),
      });
      if (decision === 'approve') {
        toast.success(t('presentation.sharedWith', { verifier }));
        if (answered.redirect_uri) {
          // Keep the card until the holder chooses to continue at the verifier or not.
          setShared(answered);
          return;
        }
      } else {
        toast.success(t('toast.rejected', { requester }));
      }
      onDecided(answered);
    } catch (caught) {
      setCause(caught);
      setError(
        isApiUnavailable(caught)
          ? t('presentation.errors.offline')
          : hasProblemCode(caught, 'data_sharing_off')
            ? t('dataSharingOff')
            : problemMessage(caught, { fallback: t('presentation.errors.generic') }),
      );
    } finally {
      setOwnBusy(null);
    }
  };

  const decide = async (decision: ConsentDecision) => {
    if (onDecide) {
      await onDecide(request, decision, decision === 'approve' ? [...ticked] : undefined);
    } else {
      await answer(decision);
    }
  };

  const documentNameOf = (credential: PresentationCredential) =>
    requestedDocumentName(credential, language);
  const purposeText =
    presentation.purpose === 'Not stated'
      ? t('presentation.notStated')
      : texts.purpose(request.requester, presentation.purpose);
  // Read aloud: who asks, what for, which data (docs/i18n.md "Read aloud").
  const spoken = t('readAloud.text', {
    requester: verifier,
    purpose: purposeText,
    fields: new Intl.ListFormat(language, { type: 'conjunction' }).format([
      ...new Set(
        presentation.credentials.flatMap((credential) =>
          credential.claims.map((claim) => requestedClaimLabel(credential, claim, language)),
        ),
      ),
    ]),
  });

  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col rounded-2xl p-4 sm:p-5 ${cardSurfaceClass}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-semibold text-slate-900 dark:text-white">
          {verifier}
        </h3>
        <div className="flex flex-wrap gap-2">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${
              expired ? STATUS_CLASSES.expired : STATUS_CLASSES[status]
            }`}
          >
            {expired ? t('presentation.expired') : t(`card.status.${status}`)}
          </span>
          {request.pending_sync && <NotSyncedBadge />}
        </div>
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
          <dd>{purposeText}</dd>
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

      {status === 'pending' && <ReadAloudButton text={spoken} className="mt-3 self-start" />}

      {status === 'pending' &&
        presentation.credentials.map((credential) => {
          const documentName = documentNameOf(credential);
          const used = active.has(credential.query_id);
          const instead = used ? [] : usedInstead(presentation, credential, active);
          return (
            <fieldset key={credential.query_id} className="mt-3">
              <legend className="text-xs font-medium text-slate-500 dark:text-slate-400">
                {t('presentation.from', { document: documentName })}
              </legend>
              {credential.held && credential.unavailable && (
                // Revoked or suspended by its issuer (SPEC 8): Approve is refused with it.
                <p className="mt-1 rounded-lg bg-red-50 p-2 text-xs text-red-900 dark:bg-red-950/50 dark:text-red-100">
                  {t(
                    credential.unavailable === 'revoked'
                      ? 'presentation.unavailableRevoked'
                      : 'presentation.unavailableSuspended',
                    { document: documentName },
                  )}
                </p>
              )}
              {!credential.held && (
                <p className="mt-1 rounded-lg bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
                  {/* An optional credential with no alternative: Approve works without it. */}
                  {!credential.required && instead.length === 0
                    ? t('presentation.missingOptional', { document: documentName })
                    : t('presentation.missing', { document: documentName })}{' '}
                  <Link className="font-medium underline" to={paths.app.credentials.getHref()}>
                    {t('presentation.addIt', { document: documentName })}
                  </Link>
                </p>
              )}
              {!used && instead.length > 0 && (
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {t('presentation.usedInstead', {
                    document: instead.map(documentNameOf).join(', '),
                  })}
                </p>
              )}
              <ul className="mt-1 space-y-1.5">
                {credential.claims.map((claim) => (
                  <ClaimRow
                    key={claim.name}
                    label={requestedClaimLabel(credential, claim, language)}
                    required={used ? claim.required : undefined}
                    reason={texts.reason(request.requester, presentation.purpose, claim)}
                    checkbox={
                      used
                        ? {
                            checked: claim.required || ticked.has(claim.name),
                            disabled: claim.required || shared !== null,
                            onChange: () => toggle(claim.name),
                          }
                        : undefined
                    }
                  />
                ))}
              </ul>
            </fieldset>
          );
        })}

      {status !== 'pending' && <SentClaims request={shown} verifier={verifier} />}

      <dl className="mt-3 space-y-1 text-xs text-slate-600 dark:text-slate-400">
        <div className="flex flex-wrap gap-x-1">
          <dt>{t('card.requested')}:</dt>
          <dd>
            <time dateTime={request.requested_at}>{when(request.requested_at)}</time>
          </dd>
        </div>
        {request.status !== 'pending' && request.status_updated_at && (
          <div className="flex flex-wrap gap-x-1">
            <dt>{t(`card.decided.${request.status === 'rejected' ? 'rejected' : 'approved'}`)}:</dt>
            <dd>
              <time dateTime={request.status_updated_at}>{when(request.status_updated_at)}</time>
            </dd>
          </div>
        )}
      </dl>

      {expired && (
        <p className="mt-3 text-sm text-red-700 dark:text-red-300">
          {t('presentation.expiredHint')}
        </p>
      )}
      <ProblemAlert message={error} error={cause} className="mt-3" />

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
            onClick={() => setConfirming(true)}
            disabled={busy !== null || expired || missingRequired || planned.length === 0}
            loading={busy === 'approve'}
            loadingLabel={t('card.approving')}
            aria-label={
              seeded
                ? t('card.approveLabel', { requester })
                : t('presentation.shareLabel', { verifier })
            }
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
            aria-label={t('card.rejectLabel', { requester })}
          >
            <CloseIcon className="size-4" />
            {t('card.reject')}
          </Button>
        </div>
      )}

      <ApprovalSummary
        open={confirming}
        request={request}
        presentation={presentation}
        planned={planned}
        leftOut={leftOut}
        busy={busy === 'approve'}
        onConfirm={() => {
          void decide('approve').finally(() => setConfirming(false));
        }}
        onCancel={() => setConfirming(false)}
      />
    </article>
  );
}

/**
 * One requested claim: its label, required or optional, and why the verifier needs it; with a
 * checkbox when its credential will be presented (the reason describes it for screen readers).
 * A claim of a credential that will not be presented has neither tag nor checkbox.
 */
function ClaimRow({
  label,
  required,
  reason,
  checkbox,
}: {
  label: string;
  /** Undefined: its credential is not presented (no tag). */
  required: boolean | undefined;
  /** The reason in the UI language; null: none given. */
  reason: string | null;
  checkbox?: { checked: boolean; disabled: boolean; onChange: () => void };
}) {
  const { t } = useTranslation('consent');
  const reasonId = useId();
  const tag =
    required === undefined
      ? null
      : required
        ? t('presentation.required')
        : t('presentation.optional');
  return (
    <li>
      {checkbox ? (
        <label className="flex min-h-8 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            className="size-4"
            checked={checkbox.checked}
            disabled={checkbox.disabled}
            onChange={checkbox.onChange}
            aria-describedby={reasonId}
          />
          {label}
          <span className="text-xs text-slate-500 dark:text-slate-400">{tag}</span>
        </label>
      ) : (
        <p className="flex min-h-8 items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          {label}
          {tag && <span className="text-xs">{tag}</span>}
        </p>
      )}
      <p
        id={reasonId}
        className={`text-xs ${checkbox ? 'ps-6' : ''} ${
          reason
            ? 'text-slate-600 dark:text-slate-400'
            : 'italic text-slate-500 dark:text-slate-400'
        }`}
      >
        {reason ?? t('presentation.noReason')}
      </p>
    </li>
  );
}
