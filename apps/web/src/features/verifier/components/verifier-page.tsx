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
import {
  bareLinkSubject,
  type CredentialRecord,
  findDocumentTypeByName,
  isConsentReceiptId,
  maskRecord,
} from '@pehchaan/core';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon, CloseIcon, EyeIcon, EyeOffIcon, InfoIcon } from '@/components/ui/icons';
import { documentTypeName } from '@/lib/document-labels';
import { claimValue, fieldLabel } from '@/lib/format-claim';
import { useFormat } from '@/lib/preferences';
import { useHydrated } from '@/lib/use-hydrated';
import {
  type VerificationAnswer,
  type VerificationOutcome,
  verifyCredentialById,
} from '../api/verify-credential';
import type { DocumentOutcome } from '../api/verify-receipt';
import { useDelayedCheck } from '../use-delayed-check';
import { LoadingCard } from './loading-card';
import { ReceiptPage } from './receipt-page';

export type Verdict =
  | 'verified'
  | 'expired'
  | 'invalidSignature'
  | 'invalid'
  | 'revoked'
  | 'suspended'
  | 'statusUnknown'
  | 'notFound'
  | 'failed'
  | 'shareExpired'
  | 'withdrawn'
  | 'usedUp'
  | 'linkDisabled';

/** The verdict shown for an outcome (SPEC 4, 8). */
export function verdictOf(outcome: VerificationOutcome): Verdict {
  if (outcome.kind === 'not_found') return 'notFound';
  if (outcome.kind === 'failed') return 'failed';
  if (outcome.kind === 'share_expired') return 'shareExpired';
  if (outcome.kind === 'withdrawn') return 'withdrawn';
  if (outcome.kind === 'used_up') return 'usedUp';
  if (outcome.kind === 'link_disabled') return 'linkDisabled';
  const { status, verified } = outcome.answer;
  return verdictOfStatus(status, verified);
}

/**
 * The verdict shown for a verdict's status (core's VERIFICATION_STATUSES): the issuer's status
 * list answers (revoked, suspended, status_unknown) have their own.
 */
export function verdictOfStatus(
  status: VerificationAnswer['status'],
  verified: boolean,
): Extract<
  Verdict,
  | 'verified'
  | 'expired'
  | 'invalidSignature'
  | 'invalid'
  | 'revoked'
  | 'suspended'
  | 'statusUnknown'
> {
  if (verified && status === 'verified') return 'verified';
  if (status === 'expired') return 'expired';
  if (status === 'invalid_signature') return 'invalidSignature';
  if (status === 'revoked') return 'revoked';
  if (status === 'suspended') return 'suspended';
  if (status === 'status_unknown') return 'statusUnknown';
  return 'invalid';
}

export const TONES: Record<Verdict, string> = {
  verified:
    'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/50 dark:text-green-100',
  expired:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
  invalidSignature:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
  invalid:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
  revoked:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
  suspended:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
  statusUnknown:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
  notFound:
    'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  failed:
    'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  shareExpired:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
  withdrawn:
    'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  usedUp:
    'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  linkDisabled:
    'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
};

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

interface Details {
  issuer: string;
  issuerId?: string;
  type: string;
  issued?: string;
  expires?: string | null;
  masked: Record<string, unknown>;
  /**
   * The chosen fields' values of a share link, identity numbers masked unless its holder chose
   * them whole; null: nothing to reveal (bare id, local copy, or no value differs from `masked`).
   */
  revealed: Record<string, unknown> | null;
  /** A share link's state, shown under the subject. */
  share?: VerificationAnswer['share'];
  checks: VerificationAnswer['checks'] | null;
  errors: string[];
}

function detailsFromAnswer(answer: VerificationAnswer): Details | null {
  const c = answer.credential;
  if (!c) return null;
  const masked = c.credential_subject_masked ?? {};
  const documentType =
    c.document_type ??
    (typeof masked.document_type === 'string' ? masked.document_type : undefined) ??
    (Array.isArray(c.type) ? c.type.at(-1) : c.type) ??
    '';
  return {
    issuer: c.issuer ?? findDocumentTypeByName(documentType)?.issuer ?? '',
    issuerId: c.issuer_id,
    type: documentType,
    issued: c.issuance_date,
    expires: c.expiration_date,
    masked,
    revealed: revealable(masked, answer.disclosed),
    share: answer.share,
    checks: answer.checks,
    errors: answer.errors,
  };
}

/** A share's `disclosed` values when one of them shows more than `masked` does, else null. */
function revealable(
  masked: Record<string, unknown>,
  disclosed: Record<string, unknown> | undefined,
): Record<string, unknown> | null {
  if (!disclosed) return null;
  const more = Object.entries(disclosed).some(([key, value]) => masked[key] !== value);
  return more ? disclosed : null;
}

function detailsFromLocal(record: CredentialRecord): Details {
  return {
    issuer: record.issuer,
    type: record.credential_subject.document_type,
    issued: record.issuance_date,
    expires: record.expiration_date,
    // Shown as a bare link shows it: this page is public, whoever holds the browser.
    masked: maskRecord(bareLinkSubject(record.credential_subject)),
    revealed: null,
    checks: null,
    errors: [],
  };
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
          <Row label={t('issuer')}>{details.issuer}</Row>
          {details.issuerId && (
            <Row label={t('issuerId')}>
              <span className="font-mono text-xs break-all">{details.issuerId}</span>
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
          <ul className="list-disc pl-5 text-sm [overflow-wrap:anywhere] text-red-700 dark:text-red-400">
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
