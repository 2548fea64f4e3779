/**
 * The verdict of an offline QR checked on this device (core's verifyOfflinePresentation;
 * docs/offline-verification.md): the outcome ('Offline QR verified', or what failed, e.g.
 * 'Presentation expired', 'Credential revoked'); for a verified code its nonce, large, for the
 * verifier to compare with the holder's screen, and when it was shown (valid 10 minutes) or
 * printed; the document type and issuer; the disclosed fields with their labels (masked as the
 * cards mask them, each with its eye toggle); every check by name; what could not be checked
 * offline; and the age of the trust list and status list used.
 */
import type { OfflineVerdict } from '@pehchaan/core';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, InfoIcon } from '@/components/ui/icons';
import { Ltr } from '@/components/ui/ltr';
import { SubjectFields } from '@/components/ui/subject-fields';
import { documentTypeName } from '@/lib/document-labels';
import { useFormat } from '@/lib/preferences';
import { Row, TONES } from './verifier-page';

const CARD =
  'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900';

export function OfflineVerdictView({ verdict }: { verdict: OfflineVerdict }) {
  const { t, i18n } = useTranslation('verifier');
  const format = useFormat();
  const verified = verdict.verified;
  const failure = verdict.failure ?? 'malformed';
  const language = i18n.language;
  const issuerName = verdict.issuer
    ? (verdict.issuer.names[language] ?? verdict.issuer.name)
    : null;
  const status = verdict.status;
  // What could not be checked offline; after a failure the rest was not looked at, so not listed.
  const notChecked = verified
    ? verdict.checks.filter((check) => check.outcome === 'not_checked')
    : [];
  const statusNote = !verified
    ? null
    : status.reason === 'no_saved_list'
      ? t('offline.status.noSavedList')
      : status.reason === 'bad_list'
        ? t('offline.status.badList')
        : status.reason === 'stale_list' && status.list_fetched_at
          ? t('offline.status.staleList', {
              age: format.relative(status.list_fetched_at),
              ttl: Math.max(1, Math.round((status.list_ttl_seconds ?? 0) / 60)),
            })
          : null;

  return (
    <div className="space-y-6" data-testid="offline-verdict">
      <div
        role="status"
        className={`flex items-start gap-3 rounded-2xl border p-5 ${TONES[verified ? 'verified' : 'invalid']}`}
      >
        {verified ? (
          <CheckCircleIcon className="mt-1 size-7 shrink-0" />
        ) : (
          <InfoIcon className="mt-1 size-7 shrink-0" />
        )}
        <div className="min-w-0">
          <h2 className="text-2xl font-bold">
            {verified ? t('offline.verified') : t(`offline.failure.${failure}.title`)}
          </h2>
          <p className="mt-1">
            {verified ? t('offline.verifiedText') : t(`offline.failure.${failure}.text`)}
          </p>
        </div>
      </div>

      {/* Only a verified code's nonce is worth comparing. */}
      {verified && verdict.nonce && verdict.medium && (
        <section aria-label={t('offline.nonce')} className={`${CARD} text-center`}>
          <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            {t('offline.nonce')}
          </h3>
          <p
            className="my-2 font-mono text-5xl font-bold tracking-[0.3em] text-slate-900 dark:text-white"
            data-testid="offline-nonce"
          >
            <Ltr>{verdict.nonce}</Ltr>
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('offline.nonceHelp')}</p>
          {verdict.presented_at && (
            <p className="mt-2 text-sm font-medium">
              {verdict.medium === 'print'
                ? t('offline.printedOn', { date: format.date(verdict.presented_at) })
                : t('offline.shownAt', {
                    time: format.dateTime(verdict.presented_at),
                    until: format.time(verdict.expires_at ?? verdict.presented_at),
                  })}
            </p>
          )}
        </section>
      )}

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-label={t('details')} className={CARD}>
          <h3 className="mb-2 text-lg font-semibold">{t('details')}</h3>
          <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {(verdict.document_type ?? verdict.vct) && (
              <Row label={t('type')}>
                {verdict.document_type
                  ? documentTypeName(verdict.document_type, language)
                  : verdict.vct}
              </Row>
            )}
            {issuerName && <Row label={t('issuer')}>{issuerName}</Row>}
            {verified && (
              <Row label={t('expires')}>
                {verdict.valid_until ? format.date(verdict.valid_until) : t('never')}
              </Row>
            )}
          </dl>
          <h4 className="mt-4 mb-1 text-sm font-semibold">{t('checks')}</h4>
          <ul className="space-y-1 text-sm">
            {verdict.checks
              .filter((check) => check.outcome !== 'not_checked')
              .map((check) => (
                <li key={check.name} className="flex justify-between gap-3">
                  <span>{t(`offline.check.${check.name}`)}</span>
                  <span
                    className={
                      check.outcome === 'passed'
                        ? 'font-medium text-green-800 dark:text-green-300'
                        : 'font-medium text-red-800 dark:text-red-300'
                    }
                  >
                    {check.outcome === 'passed' ? t('passed') : t('failedCheck')}
                  </span>
                </li>
              ))}
          </ul>
        </section>

        {verified && verdict.claims.length > 0 && (
          <section aria-label={t('offline.fields')} className={CARD}>
            <h3 className="mb-2 text-lg font-semibold">{t('offline.fields')}</h3>
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
              {t('document.maskedAsCards')}
            </p>
            <SubjectFields
              subject={Object.fromEntries(verdict.claims.map((claim) => [claim.name, claim.value]))}
            />
          </section>
        )}
      </div>

      <section aria-label={t('offline.sources')} className={`${CARD} space-y-2 text-sm`}>
        <h3 className="text-lg font-semibold">{t('offline.sources')}</h3>
        {verdict.trust_list_fetched_at && (
          <p>
            {t('offline.trustListFrom', {
              date: format.dateTime(verdict.trust_list_fetched_at),
              age: format.relative(verdict.trust_list_fetched_at),
            })}
          </p>
        )}
        {status.reason === 'no_entry' && <p>{t('offline.status.noEntry')}</p>}
        {status.list_fetched_at && status.reason !== 'bad_list' && (
          <p>
            {t('offline.statusListFrom', {
              date: format.dateTime(status.list_fetched_at),
              age: format.relative(status.list_fetched_at),
            })}
          </p>
        )}
        {(statusNote || notChecked.length > 0) && (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
            <h4 className="font-semibold">{t('offline.notCheckedOffline')}</h4>
            <ul className="mt-1 list-disc space-y-1 ps-5">
              {statusNote && <li>{statusNote}</li>}
              {notChecked
                .filter((check) => check.name !== 'status' || !statusNote)
                .map((check) => (
                  <li key={check.name}>{t(`offline.check.${check.name}`)}</li>
                ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
}
