/**
 * One request of the portal (issue 16), read live (GET /verifier/requests/{id}, every 2 s while
 * pending): while pending, the QR code of its `openid4vp_url` (drawn on this device with the
 * qrcode library, as the credential cards do) and the `wallet_url` with Copy; the error answers
 * wallets posted ("The wallet declined"), which never end a request since anyone holding the QR
 * code could send one. Once shared: the verified claims per credential (labels in the current
 * language), the holder's consent receipts (issue 17: the verifier's copy, with whether its
 * presentation digest matches the vp_token received) and every check. Once the holder withdraws
 * the consent (or it expires), or the organisation resolved the holder's erasure request, the
 * claims read as erased, with the date; the consent's validity and how often it was used ('Used
 * 3 times, last on 12 Mar 2026') are shown. Everything comes from the server, so the request
 * shows the same after a reload.
 */
import type { VerifierRequestAnswer, VerifierRequestStatus } from '@pehchaan/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckCircleIcon, ClockIcon, CloseIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { downloadJson } from '@/lib/download-file';
import { claimValue } from '@/lib/format-claim';
import { useFormat } from '@/lib/preferences';
import { toast } from '@/lib/toast';
import { verifierRequestQuery } from '../api/get-verifier-request';
import { invalidateVerifierRequests } from '../api/list-verifier-requests';
import '../i18n';
import { claimName, documentTypeName } from '@/lib/document-labels';

/** The QR image's size and margin (qrcode's `width` and `margin`), in CSS pixels and modules. */
const QR_OPTIONS = { width: 240, margin: 2 } as const;

const TONES: Record<VerifierRequestStatus, string> = {
  pending:
    'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-700 dark:bg-sky-950/50 dark:text-sky-100',
  shared:
    'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/50 dark:text-green-100',
  expired:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
  withdrawn:
    'border-slate-400 bg-slate-100 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
  consent_expired:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
};

/** A small status badge's colours (the history list). */
export const BADGE_TONES: Record<VerifierRequestStatus, string> = {
  pending: 'bg-sky-100 text-sky-950 dark:bg-sky-950 dark:text-sky-100',
  shared: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  expired: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  withdrawn: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
  consent_expired: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
};

/** Refusals of a holder's own presentation on its credential's status, with their own text. */
const STATUS_REFUSALS = new Set(['credential_revoked', 'credential_suspended', 'status_unknown']);
type StatusRefusal = 'credential_revoked' | 'credential_suspended' | 'status_unknown';

/**
 * The error answers wallets posted to a request (`wallet_errors`), the latest first in words:
 * "The wallet declined" for access_denied; 'Credential revoked', 'Credential suspended' or
 * 'Status unknown' for a presentation refused on its issuer's status list (recorded by the
 * verifier itself, docs/status-lists.md); the code otherwise; with how many there were and
 * why they did not end the request.
 */
export function WalletErrors({
  errors,
  status,
  explain = true,
}: {
  errors: VerifierRequestAnswer['wallet_errors'];
  status: VerifierRequestStatus;
  /** Say why a pending request keeps waiting (the request panel); the list leaves it out. */
  explain?: boolean;
}) {
  const { t } = useTranslation('verifierPortal');
  const format = useFormat();
  const latest = errors.at(-1);
  if (!latest) return null;
  const when = format.dateTime(latest.received_at);
  return (
    <div className="rounded-xl border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200">
      <p className="font-medium">
        {latest.error === 'access_denied'
          ? t('walletErrors.declined', { time: when })
          : STATUS_REFUSALS.has(latest.error)
            ? t(`walletErrors.${latest.error as StatusRefusal}`, { time: when })
            : t('walletErrors.other', { error: latest.error, time: when })}
        {errors.length > 1 && <> {t('walletErrors.count', { count: errors.length })}</>}
      </p>
      {explain && status === 'pending' && <p className="mt-1">{t('walletErrors.note')}</p>}
    </div>
  );
}

/** Which text says how the claims were erased. */
function erasedText(status: VerifierRequestStatus) {
  if (status === 'withdrawn') return 'claims.erasedOnWithdrawal' as const;
  if (status === 'consent_expired') return 'claims.erasedOnExpiry' as const;
  return 'claims.erasedOnRequest' as const;
}

/** The status box: heading and plain explanation of `status`. */
export function StatusSummary({ status }: { status: VerifierRequestStatus }) {
  const { t } = useTranslation('verifierPortal');
  return (
    <div className={`rounded-xl border p-4 ${TONES[status]}`}>
      <p className="flex items-center gap-2 font-semibold">
        {status === 'pending' && <ClockIcon className="size-5 animate-pulse" />}
        {status === 'shared' && <CheckCircleIcon className="size-5" />}
        <span>
          <span className="sr-only">{t('request.statusLabel')}: </span>
          {t(`status.${status}`)}
        </span>
      </p>
      <p className="mt-1 text-sm">{t(`status.${status}Text`)}</p>
    </div>
  );
}

/** The holder's consent the answer came under: validity, withdrawal or expiry, and uses. */
function ConsentSummary({ consent }: { consent: NonNullable<VerifierRequestAnswer['consent']> }) {
  const { t } = useTranslation('verifierPortal');
  const { date } = useFormat();
  return (
    <section aria-labelledby="consent-summary">
      <h3 id="consent-summary" className="mb-1 font-semibold text-slate-900 dark:text-white">
        {t('consent.heading')}
      </h3>
      <ul className="space-y-0.5 text-sm text-slate-700 dark:text-slate-300">
        {consent.status === 'approved' && consent.valid_until && (
          <li>{t('consent.validUntil', { date: date(consent.valid_until) })}</li>
        )}
        {consent.status === 'withdrawn' && consent.withdrawn_at && (
          <li>{t('consent.withdrawnOn', { date: date(consent.withdrawn_at) })}</li>
        )}
        {consent.status === 'expired' && consent.valid_until && (
          <li>{t('consent.expired', { date: date(consent.valid_until) })}</li>
        )}
        <li>
          {consent.uses === 0
            ? t('consent.notUsed')
            : t('consent.used', {
                count: consent.uses,
                date: consent.last_used_at ? date(consent.last_used_at) : '',
              })}
        </li>
      </ul>
    </section>
  );
}

/** The verified claims and the checks of an answered request. */
export function RequestOutcome({ answer }: { answer: VerifierRequestAnswer }) {
  const { t, i18n } = useTranslation('verifierPortal');
  const language = i18n.language;
  const format = useFormat();
  return (
    <div className="space-y-4">
      {answer.consent && <ConsentSummary consent={answer.consent} />}
      {answer.erased_at && (
        <section aria-labelledby="verified-claims">
          <h3 id="verified-claims" className="mb-2 font-semibold text-slate-900 dark:text-white">
            {t('claims.heading')}
          </h3>
          <p className="rounded-xl border border-dashed border-slate-300 p-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
            {t(erasedText(answer.status), { date: format.date(answer.erased_at) })}
          </p>
        </section>
      )}
      {answer.credentials && (
        <section aria-labelledby="verified-claims">
          <h3 id="verified-claims" className="mb-2 font-semibold text-slate-900 dark:text-white">
            {t('claims.heading')}
          </h3>
          {Object.entries(answer.credentials).map(([queryId, credentials]) =>
            credentials.map((credential, index) => (
              <div
                // A query id appears once; several credentials only with `multiple`.
                // biome-ignore lint/suspicious/noArrayIndexKey: the answer's order is fixed
                key={`${queryId}-${index}`}
                className="mb-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
              >
                <p className="font-medium">{documentTypeName(queryId, language)}</p>
                {credential.issuer_name && (
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {t('claims.issuer', { issuer: credential.issuer_name })}
                  </p>
                )}
                <dl className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
                  {Object.entries(credential.claims).map(([claim, value]) => (
                    <div key={claim} className="flex flex-wrap justify-between gap-x-4 py-1.5">
                      <dt className="text-slate-600 dark:text-slate-400">
                        {claimName(claim, language)}
                      </dt>
                      <dd className="min-w-0 font-medium break-words">
                        {claimValue(claim, value, format)}
                      </dd>
                    </div>
                  ))}
                </dl>
              </div>
            )),
          )}
        </section>
      )}
      {answer.consent_receipts && answer.consent_receipts.length > 0 && (
        <section aria-labelledby="consent-receipts">
          <h3 id="consent-receipts" className="mb-1 font-semibold text-slate-900 dark:text-white">
            {t('receipts.heading')}
          </h3>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t('receipts.lead')}</p>
          <ul className="space-y-2 text-sm">
            {answer.consent_receipts.map((receipt) => (
              <li key={receipt.id} className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 basis-full sm:basis-0">
                  {t(`receipts.event.${receipt.event}`)} · {format.date(receipt.issued_at)}
                  {receipt.presentation_sha256 &&
                    receipt.presentation_sha256 === answer.vp_token_sha256 && (
                      <span className="block text-green-800 dark:text-green-300">
                        {t('receipts.matches')}
                      </span>
                    )}
                </span>
                <a
                  href={paths.verify.getHref(receipt.id)}
                  target="_blank"
                  rel="noopener"
                  className={`${buttonClasses('secondary', 'sm')} min-h-11`}
                >
                  {t('receipts.open')}
                </a>
                <Button
                  size="sm"
                  variant="secondary"
                  className="min-h-11"
                  onClick={() => downloadJson(`${receipt.id}.json`, receipt.receipt)}
                >
                  {t('receipts.download')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {answer.checks && answer.checks.length > 0 && (
        <section aria-labelledby="checks-made">
          <h3 id="checks-made" className="mb-2 font-semibold text-slate-900 dark:text-white">
            {t('checks.heading')}
          </h3>
          <ul className="space-y-1 text-sm">
            {answer.checks.map((check, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: checks repeat per credential
                key={`${check.credential_query_id}-${check.check}-${index}`}
                className="flex items-start gap-2"
              >
                {check.passed ? (
                  <CheckCircleIcon className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" />
                ) : (
                  <CloseIcon className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-400" />
                )}
                <span className="flex-1">
                  {t(`checks.${check.check}` as 'checks.format', { defaultValue: check.check })}
                  {check.credential_query_id && (
                    <span className="text-slate-600 dark:text-slate-400">
                      {' '}
                      ({documentTypeName(check.credential_query_id, language)})
                    </span>
                  )}
                </span>
                <span
                  className={check.passed ? '' : 'font-semibold text-red-700 dark:text-red-300'}
                >
                  {check.passed ? t('checks.passed') : t('checks.failed')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function RequestStatus({
  apiKey,
  requestId,
  onNew,
}: {
  apiKey: string;
  requestId: string;
  onNew: () => void;
}) {
  const { t } = useTranslation('verifierPortal');
  const format = useFormat();
  const queryClient = useQueryClient();
  const status = useQuery(verifierRequestQuery(apiKey, requestId));
  const [qr, setQr] = useState<string | null>(null);
  const linkId = useId();
  const statusRef = useRef<HTMLDivElement>(null);
  const openid4vpUrl = status.data?.openid4vp_url;

  // The form that had the focus is gone: keyboard and screen reader users land on the status.
  useEffect(() => statusRef.current?.focus(), []);

  useEffect(() => {
    if (!openid4vpUrl) return;
    let live = true;
    QRCode.toDataURL(openid4vpUrl, QR_OPTIONS).then(
      (url) => live && setQr(url),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [openid4vpUrl]);

  const current = status.data?.status;
  // The history shows this request too: a change seen here is a change there.
  const seen = status.data
    ? `${status.data.status} ${status.data.wallet_errors.length} ${status.data.erased_at}`
    : undefined;
  useEffect(() => {
    if (seen !== undefined) void invalidateVerifierRequests(queryClient, apiKey);
  }, [seen, queryClient, apiKey]);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('request.copied'));
    } catch {
      toast.error(t('request.copyFailed'));
    }
  };

  const answer = status.data;
  return (
    <Card
      title={t('request.heading')}
      actions={
        <Button variant="secondary" size="sm" onClick={onNew}>
          {t('request.new')}
        </Button>
      }
    >
      {/* While pending, the QR code's column is as wide as the code; its text wraps under it. */}
      <div
        className={`grid gap-6 ${answer?.status === 'pending' ? 'md:grid-cols-[240px_1fr]' : ''}`}
      >
        {answer?.status === 'pending' && (
          <div className="space-y-3">
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('request.scan')}</p>
            <div className="flex size-[240px] items-center justify-center rounded-lg bg-white">
              {qr ? (
                <img src={qr} alt={t('request.qrAlt')} width={240} height={240} />
              ) : (
                <Spinner />
              )}
            </div>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('request.expires', { time: format.time(answer.expires_at) })}
            </p>
          </div>
        )}
        <div className="min-w-0 space-y-4">
          <div ref={statusRef} tabIndex={-1} aria-live="polite" className="outline-none">
            {current ? <StatusSummary status={current} /> : <Spinner />}
          </div>
          {status.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {t('request.loadFailed')}
            </p>
          )}
          {answer && <WalletErrors errors={answer.wallet_errors} status={answer.status} />}
          {answer?.status === 'pending' && (
            <div>
              <p id={linkId} className="text-sm font-medium">
                {t('request.link')}
              </p>
              <div className="mt-1 flex flex-wrap items-start gap-2">
                <a
                  href={answer.wallet_url}
                  target="_blank"
                  rel="noreferrer"
                  aria-describedby={linkId}
                  className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-orange-800 underline dark:border-slate-700 dark:bg-slate-950 dark:text-orange-300"
                >
                  {answer.wallet_url}
                </a>
                <Button variant="secondary" size="sm" onClick={() => void copy(answer.wallet_url)}>
                  {t('request.copy')}
                </Button>
              </div>
            </div>
          )}
          {answer && <RequestOutcome answer={answer} />}
        </div>
      </div>
    </Card>
  );
}
