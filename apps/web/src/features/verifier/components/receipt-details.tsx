/**
 * A checked consent receipt (issue 17; ISO/IEC TS 27560 with DPV) in the reader's language: the
 * verdict (signature, the consent registry as a trusted issuer), then what the receipt records:
 * the organisation (data fiduciary) and its grievance contact, the purpose, the data items and
 * the credentials they came from, the consent's events with their times, the pseudonymous data
 * principal, the legal basis, the notice language, how to withdraw, the SHA-256 of the
 * presentation disclosed, the receipt's id and issue date. Print (the page's print style hides
 * the site frame and the buttons) and Download JSON keep a copy.
 *
 * A verified document that is not a consent receipt shows the verdict and its issuer only.
 */
import { type CredentialVerdictAnswer, readConsentReceipt } from '@pehchaan/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon, InfoIcon } from '@/components/ui/icons';
import { downloadJson } from '@/lib/download-file';
import { useFormat } from '@/lib/preferences';

type ReceiptVerdict = 'verified' | 'untrusted' | 'invalidSignature' | 'malformed';

/** The verdict shown for a receipt's check. */
export function receiptVerdictOf(verdict: CredentialVerdictAnswer): ReceiptVerdict {
  if (verdict.verified && verdict.trust?.trusted) return 'verified';
  if (verdict.status === 'malformed') return 'malformed';
  if (verdict.status === 'invalid_signature' || !verdict.checks.signature) {
    return 'invalidSignature';
  }
  return 'untrusted';
}

const TONE: Record<ReceiptVerdict, string> = {
  verified:
    'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/50 dark:text-green-100',
  untrusted:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
  invalidSignature:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
  malformed:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 print:break-inside-avoid">
      <dt className="text-slate-600 dark:text-slate-400 print:text-black">{label}</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </div>
  );
}

export function ReceiptDetails({
  verdict,
  document,
}: {
  verdict: CredentialVerdictAnswer;
  document: Record<string, unknown>;
}) {
  const { t } = useTranslation('verifier');
  const { t: tc } = useTranslation('common');
  const shown = receiptVerdictOf(verdict);
  const receipt = readConsentReceipt(document);
  const format = useFormat();
  const dateTime = (iso: string) => format.dateTime(iso) || iso;
  const issuerName = verdict.trust?.name ?? receipt?.issuer.name ?? verdict.trust?.issuer ?? '';

  return (
    <div className="space-y-6">
      <div role="status" className={`flex items-start gap-3 rounded-2xl border p-5 ${TONE[shown]}`}>
        {shown === 'verified' ? (
          <CheckCircleIcon className="mt-1 size-7 shrink-0" />
        ) : (
          <InfoIcon className="mt-1 size-7 shrink-0" />
        )}
        <div className="min-w-0">
          <h2 className="text-2xl font-bold">{t(`receipt.verdict.${shown}`)}</h2>
          <p className="mt-1">{t(`receipt.verdict.${shown}Text`, { issuer: issuerName })}</p>
          {verdict.errors.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-sm">
              {verdict.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          )}
        </div>
      </div>

      <div className="flex flex-wrap gap-2 print:hidden">
        <Button size="sm" variant="secondary" className="min-h-11" onClick={() => window.print()}>
          {t('receipt.print')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          className="min-h-11"
          onClick={() => downloadJson(`${receipt?.receiptId ?? 'credential'}.json`, document)}
        >
          {t('receipt.download')}
        </Button>
      </div>

      {!receipt ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          {t('receipt.notAReceipt', { issuer: issuerName })}
        </p>
      ) : (
        <section
          aria-label={t('receipt.contents')}
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 print:border-0 print:p-0 print:shadow-none"
        >
          <h3 className="mb-2 text-lg font-semibold">{t('receipt.contents')}</h3>
          <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
            <Row label={t('receipt.organisation')}>{receipt.dataFiduciary.name}</Row>
            {receipt.dataFiduciary.contact && (
              <Row label={t('receipt.grievanceContact')}>{receipt.dataFiduciary.contact}</Row>
            )}
            <Row label={t('receipt.purpose')}>{receipt.purpose.text}</Row>
            <Row label={t('receipt.state')}>
              {receipt.state ? t(`receipt.states.${receipt.state}`) : t('receipt.unknown')}
            </Row>
            <Row label={t('receipt.items')}>
              <ul className="text-right">
                {receipt.items.map((item) => (
                  <li key={`${item.source}-${item.claim}`}>
                    {item.label}
                    {item.source && (
                      <span className="font-normal text-slate-600 dark:text-slate-400">
                        {' '}
                        {t('receipt.from', { credential: item.source })}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </Row>
            <Row label={t('receipt.events')}>
              <ol className="text-right">
                {receipt.events.map((event) => (
                  <li key={`${event.state}-${event.at}`}>
                    {event.state ? t(`receipt.states.${event.state}`) : t('receipt.unknown')}
                    {': '}
                    {dateTime(event.at)}
                  </li>
                ))}
              </ol>
            </Row>
            <Row label={t('receipt.legalBasis')}>{t('receipt.consent')}</Row>
            <Row label={t('receipt.law')}>{t('receipt.dpdp')}</Row>
            {receipt.noticeLanguage && (
              <Row label={t('receipt.noticeLanguage')}>
                {/* The language's own name, as the language menu shows it. */}
                {tc(`languages.${receipt.noticeLanguage}` as 'languages.en', {
                  defaultValue: receipt.noticeLanguage,
                })}
              </Row>
            )}
            {receipt.withdrawAt && (
              <Row label={t('receipt.withdraw')}>
                <a href={receipt.withdrawAt} className="underline break-all">
                  {receipt.withdrawAt}
                </a>
              </Row>
            )}
            <Row label={t('receipt.dataPrincipal')}>
              <span className="font-mono text-xs break-all">{receipt.dataPrincipal}</span>
            </Row>
            {receipt.presentationSha256 && (
              <Row label={t('receipt.presentation')}>
                <span className="font-mono text-xs break-all">{receipt.presentationSha256}</span>
              </Row>
            )}
            <Row label={t('receipt.id')}>
              <span className="font-mono text-xs break-all">{receipt.receiptId}</span>
            </Row>
            <Row label={t('receipt.issued')}>{dateTime(receipt.issuedAt)}</Row>
            <Row label={t('receipt.issuer')}>{issuerName}</Row>
          </dl>
        </section>
      )}
    </div>
  );
}
