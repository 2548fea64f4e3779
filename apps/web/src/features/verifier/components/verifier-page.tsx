/**
 * The public verifier page /verify/:credentialId (SPEC 2, 4, 8, 9), headed 'Credential
 * Verification': 'Loading...' for at least
 * the 1 s delay of SPEC 9, then one of 'Credential verified', 'Credential expired', 'Invalid
 * signature', 'Invalid Credential' (untrusted issuer, malformed), 'Credential revoked',
 * 'Credential suspended', 'Status unknown' (the issuer's status list, docs/status-lists.md:
 * never shown as valid), 'Credential not found' or
 * 'Verification failed' (the API unreachable; a copy in this browser is shown as unverified);
 * for a share link also 'Credential expired' (its lifetime passed), 'Link withdrawn' and 'View
 * limit reached'; for a bare credential id its holder turned off, 'Link turned off'. Shows
 * issuer, type, dates, the checks made and the subject: for a share link the fields its holder
 * chose, masked until revealed (an identity number stays masked unless its holder chose to show
 * it in full, DECISIONS 9.6; Reveal fields appears only when there is something more to show),
 * with the link's views and expiry; for a bare credential id (or a local copy) only the name and
 * masked identifiers, with nothing to reveal.
 *
 * A consent receipt's id ('receipt-…', issue 17) shows its own page (receipt-page.tsx).
 *
 * The page's frame (heading, what is checked, the loading card) is prerendered once for every
 * id (src/app/prerender.tsx PRERENDERED_FRAMES), so it paints before any JavaScript; the id
 * itself appears after hydration in space kept for it. The loading card has the verdict's place,
 * and the page keeps at least the viewport's height, so the verdict and details appear without
 * moving anything already on screen (docs/performance.md: CLS < 0.05 on /verify).
 */
import { isConsentReceiptId } from '@pehchaan/core';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon, CloseIcon, EyeIcon, EyeOffIcon, InfoIcon } from '@/components/ui/icons';
import { documentTypeName, issuerDisplayName } from '@/lib/document-labels';
import { claimValue, fieldLabel } from '@/lib/format-claim';
import { useFormat } from '@/lib/preferences';
import { useHydrated } from '@/lib/use-hydrated';
import {
  type VerificationAnswer,
  type VerificationOutcome,
  verifyCredentialById,
} from '../api/verify-credential';
import type { DocumentOutcome } from '../api/verify-receipt';
import { detailsFromLocal } from '../local-details';
import { useDelayedCheck } from '../use-delayed-check';
import { type Details, detailsFromAnswer, TONES, type Verdict, verdictOf } from '../verdicts';
import { LoadingCard } from './loading-card';
import { ReceiptPage } from './receipt-page';

export { TONES, type Verdict, verdictOf, verdictOfStatus } from '../verdicts';

/** The verdict's box (SPEC 4 Verification result): its title and text, then `children`. */
export function VerdictBanner({ verdict, children }: { verdict: Verdict; children?: ReactNode }) {
  const { t } = useTranslation('verifier');
  return (
    <div
      role="status"
      className={`flex items-start gap-3 rounded-2xl border p-5 ${TONES[verdict]}`}
    >
      {verdict === 'verified' ? (
        <CheckCircleIcon className="mt-1 size-7 shrink-0" />
      ) : (
        <InfoIcon className="mt-1 size-7 shrink-0" />
      )}
      <div className="min-w-0">
        <h2 className="text-2xl font-bold">{t(verdict)}</h2>
        <p className="mt-1">{t(`${verdict}Text`)}</p>
        {children}
      </div>
    </div>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </div>
  );
}

const SUBJECT_HIDDEN = new Set(['id', 'document_type']);

function CredentialDetails({ details }: { details: Details }) {
  const { t, i18n } = useTranslation('verifier');
  const [reveal, setReveal] = useState(false);
  const subject = reveal && details.revealed ? details.revealed : details.masked;
  const share = details.share;
  const format = useFormat();
  const date = (iso: string | null | undefined) => (iso ? format.date(iso) : t('never'));

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section
        aria-label={t('details')}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h3 className="mb-2 text-lg font-semibold">{t('details')}</h3>
        <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
          <Row label={t('type')}>{documentTypeName(details.type, i18n.language)}</Row>
          <Row label={t('issuer')}>{issuerDisplayName(details.issuer, i18n.language)}</Row>
          {details.issuerId && (
            <Row label={t('issuerId')}>
              <span dir="ltr" className="font-mono text-xs break-all">
                {details.issuerId}
              </span>
            </Row>
          )}
          <Row label={t('issued')}>{date(details.issued)}</Row>
          <Row label={t('expires')}>{date(details.expires)}</Row>
        </dl>
        <CheckList checks={details.checks} errors={details.errors} />
      </section>
      <section
        aria-label={t('subject')}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="mb-2 flex items-center justify-between gap-2">
          <h3 className="text-lg font-semibold">{t('subject')}</h3>
          {details.revealed && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setReveal((r) => !r)}
              aria-pressed={reveal}
            >
              {reveal ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
              {reveal ? t('hide') : t('reveal')}
            </Button>
          )}
        </div>
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
          {share ? t('sharedFields') : t('maskedOnly')}
        </p>
        <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {Object.entries(subject)
            .filter(([key]) => !SUBJECT_HIDDEN.has(key))
            .map(([key, value]) => (
              <Row key={key} label={fieldLabel(key, i18n.language)}>
                <span data-field={key}>{claimValue(key, value, format)}</span>
              </Row>
            ))}
        </dl>
        {share && (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            {share.max_views === null
              ? t('linkViews', { views: share.views })
              : t('linkViewsOf', { views: share.views, max: share.max_views })}
            {' · '}
            {t('linkExpires', { date: date(share.expires_at) })}
          </p>
        )}
      </section>
    </div>
  );
}

const CHECKS = ['signature', 'trusted_issuer', 'validity', 'status'] as const;

/**
 * The checks made (signature, trusted issuer, validity dates, status: not revoked or
 * suspended), each Passed, Failed or Not checked (a credential without a status entry: its
 * status is not checked), then the problems found, if any.
 */
export function CheckList({
  checks,
  errors,
}: {
  checks: VerificationAnswer['checks'] | null;
  errors: readonly string[];
}) {
  const { t } = useTranslation('verifier');
  return (
    <>
      <h4 className="mt-4 mb-2 font-semibold">{t('checks')}</h4>
      <ul aria-label={t('checks')} className="space-y-2 text-sm">
        {CHECKS.map((check) => {
          const value = checks?.[check];
          const label =
            value === undefined ? t('notChecked') : value ? t('passed') : t('failedCheck');
          return (
            <li key={check} className="flex items-center justify-between gap-4">
              <span>{t(`check.${check}`)}</span>
              <span
                className={`inline-flex items-center gap-1 font-medium ${
                  value === undefined
                    ? 'text-slate-500 dark:text-slate-400'
                    : value
                      ? 'text-green-700 dark:text-green-400'
                      : 'text-red-700 dark:text-red-400'
                }`}
              >
                {value === true && <CheckCircleIcon className="size-4" />}
                {value === false && <CloseIcon className="size-4" />}
                {label}
              </span>
            </li>
          );
        })}
      </ul>
      {errors.length > 0 && (
        <>
          <h4 className="mt-4 mb-1 font-semibold">{t('errors')}</h4>
          {/* A reason may quote a DID or URL with no break in it: wrap anywhere (narrow screens). */}
          <ul className="list-disc ps-5 text-sm [overflow-wrap:anywhere] text-red-700 dark:text-red-400">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/**
 * A verdict a /verify page has shown: a credential's or, for a consent receipt's id, the
 * receipt's. The /verify island (src/app/verify-island.ts) hands it to the app when the app takes
 * the page over (src/app/verify-hand-over.ts).
 */
export type VerifyPageOutcome =
  | { page: 'credential'; outcome: VerificationOutcome }
  | { page: 'receipt'; outcome: DocumentOutcome };

export interface VerifierPageProps {
  credentialId: string;
  /**
   * A verdict already shown for this id on this page (the island's, handed to the app when it
   * takes the page over): shown at once, no new check.
   */
  initialOutcome?: VerifyPageOutcome;
  /** Called with each verdict shown, and with null when a new check starts (Try again). */
  onOutcome?: (outcome: VerifyPageOutcome | null) => void;
}

/**
 * Whether /verify/{id} shows a consent receipt's page (a 'receipt-…' id, issue 17) rather than a
 * credential's, the page the prerendered frame holds.
 */
export function isReceiptPageId(id: string): boolean {
  return isConsentReceiptId(id);
}

export function VerifierPage({ credentialId, initialOutcome, onOutcome }: VerifierPageProps) {
  // A consent receipt's public link (issue 17) has its own page.
  if (isReceiptPageId(credentialId)) {
    return (
      <ReceiptPage
        receiptId={credentialId}
        initialOutcome={initialOutcome?.page === 'receipt' ? initialOutcome.outcome : undefined}
        onOutcome={onOutcome && ((outcome) => onOutcome(outcome && { page: 'receipt', outcome }))}
      />
    );
  }
  return (
    <CredentialVerifierPage
      credentialId={credentialId}
      initialOutcome={initialOutcome?.page === 'credential' ? initialOutcome.outcome : undefined}
      onOutcome={onOutcome && ((outcome) => onOutcome(outcome && { page: 'credential', outcome }))}
    />
  );
}

function CredentialVerifierPage({
  credentialId,
  initialOutcome,
  onOutcome,
}: {
  credentialId: string;
  initialOutcome?: VerificationOutcome;
  onOutcome?: (outcome: VerificationOutcome | null) => void;
}) {
  const { t } = useTranslation('verifier');
  // The prerendered frame serves every id, so the id is rendered from hydration on.
  const hydrated = useHydrated();
  const check = useCallback(() => verifyCredentialById(credentialId), [credentialId]);
  const { outcome, retry } = useDelayedCheck<VerificationOutcome>(check, {
    initial: initialOutcome,
    onOutcome,
  });

  const verdict = outcome ? verdictOf(outcome) : null;
  const details =
    outcome?.kind === 'answer'
      ? detailsFromAnswer(outcome.answer)
      : outcome?.kind === 'failed' && outcome.localCopy
        ? detailsFromLocal(outcome.localCopy)
        : null;

  return (
    <div className="mx-auto min-h-dvh max-w-4xl space-y-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-sm font-semibold tracking-wide text-orange-700 uppercase dark:text-orange-400">
          {t('title')}
        </h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t('lead')}</p>
        {/* Two lines kept: a long id wraps on a phone. */}
        <p className="mt-2 min-h-10 text-sm text-slate-600 dark:text-slate-400">
          {t('credentialId')}{' '}
          {hydrated && (
            <code className="rounded bg-slate-100 px-1.5 py-0.5 break-all dark:bg-slate-800">
              {credentialId}
            </code>
          )}
        </p>
      </div>
      {!outcome || !verdict ? (
        <LoadingCard />
      ) : (
        <>
          <VerdictBanner verdict={verdict}>
            {outcome.kind === 'failed' && outcome.localCopy && (
              <p className="mt-1">{t('localCopy')}</p>
            )}
            {outcome.kind === 'failed' && (
              <Button size="sm" variant="secondary" className="mt-3" onClick={retry}>
                {t('retry')}
              </Button>
            )}
          </VerdictBanner>
          {details && <CredentialDetails details={details} />}
        </>
      )}
    </div>
  );
}
