/**
 * A checked consent receipt (issue 17; ISO/IEC TS 27560 with DPV) in the reader's language: the
 * verdict (signature, the consent registry as a trusted issuer), then what the receipt records:
 * the organisation (data fiduciary: a registered one named in the reader's language, with the
 * name the receipt signs beside it) and its grievance contact, the purpose, the data items and
 * the credentials they came from, the consent's events with their times, the pseudonymous data
 * principal, the legal basis, the notice language, how to withdraw, the SHA-256 of the
 * presentation disclosed, the receipt's id and issue date. Print (the page's print style hides
 * the site frame and the buttons) and Download JSON keep a copy.
 *
 * A verified receipt the server holds also states the consent now (`consentStatus`, DECISIONS
 * 7.8): a receipt records the consent as it stood when issued, so a "consent given" receipt of a
 * consent since withdrawn reads "Given on X and withdrawn on Y", with a link to the later receipt
 * (a plain link: the /verify island has no router).
 *
 * A verified document that is not a consent receipt shows the verdict and its issuer only. A
 * receipt the server does not trust (one not signed with the consent registry's key) names its
 * issuer by its identifier, never by the name the document gives itself.
 */
import {
  type ConsentReceiptView,
  type CredentialVerdictAnswer,
  type ReceiptConsentStatus,
  readConsentReceipt,
} from '@pehchaan/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon, InfoIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { downloadJson } from '@/lib/download-file';
import { LanguageName } from '@/lib/languages';
import { useFormat } from '@/lib/preferences';
import { fiduciaryNames } from '../fiduciary-names';

type ReceiptVerdict = 'verified' | 'untrusted' | 'notRegistry' | 'invalidSignature' | 'malformed';

/**
 * The verdict shown for a check of `document`: 'notRegistry' ("Not a trusted receipt") for a
 * consent receipt whose valid signature the server does not trust (only the consent registry's
 * key makes receipts, core's trustAsConsentReceipt), 'untrusted' for another document.
 */
export function receiptVerdictOf(
  verdict: CredentialVerdictAnswer,
  document?: unknown,
): ReceiptVerdict {
  if (verdict.verified && verdict.trust?.trusted) return 'verified';
  if (verdict.status === 'malformed') return 'malformed';
  if (verdict.status === 'invalid_signature' || !verdict.checks.signature) {
    return 'invalidSignature';
  }
  return readConsentReceipt(document) ? 'notRegistry' : 'untrusted';
}

const TONE: Record<ReceiptVerdict, string> = {
  verified:
    'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/50 dark:text-green-100',
  untrusted:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
  notRegistry:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
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

/** The data fiduciary's name in the reader's language, then the name signed when it differs. */
function FiduciaryRows({
  receipt,
  registeredVerifierId,
  language,
}: {
  receipt: ConsentReceiptView;
  registeredVerifierId: string | null | undefined;
  language: string;
}) {
  const { t } = useTranslation('verifier');
  const { shown, signed } = fiduciaryNames(receipt, registeredVerifierId, language);
  return (
    <>
      <Row label={t('receipt.organisation')}>{shown}</Row>
      {signed !== null && (
        <Row label={t('receipt.organisationSigned')}>
          <bdi>{signed}</bdi>
        </Row>
      )}
    </>
  );
}

/**
 * The consent now: its state, when it entered it ("Given on X and withdrawn on Y" when this
 * receipt records it given), and the later receipt when this one is not the latest.
 */
function ConsentNow({
  status,
  receipt,
  dateTime,
}: {
  status: ReceiptConsentStatus;
  receipt: ConsentReceiptView;
  dateTime: (iso: string) => string;
}) {
  const { t } = useTranslation('verifier');
  const since = dateTime(status.since);
  const givenAt = receipt.events.filter((event) => event.state === 'given').at(-1)?.at;
  const sentence =
    givenAt && status.value === 'withdrawn'
      ? t('receipt.now.givenThenWithdrawn', { given: dateTime(givenAt), since })
      : givenAt && status.value === 'expired'
        ? t('receipt.now.givenThenExpired', { given: dateTime(givenAt), since })
        : t(`receipt.now.${status.value}`, { since });
  const later = status.later_receipt_id;
  return (
    <section
      aria-label={t('receipt.state')}
      className={`rounded-2xl border p-5 print:border-black ${
        later
          ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'
      }`}
    >
      <h3 className="text-sm font-semibold tracking-wide uppercase">{t('receipt.state')}</h3>
      <p className="mt-1 text-2xl font-bold">{t(`receipt.states.${status.value}`)}</p>
      <p className="mt-1">{sentence}</p>
      {later && (
        <>
          <p className="mt-2 text-sm">{t('receipt.now.superseded')}</p>
          <a
            href={paths.verify.getHref(later)}
            className="mt-3 inline-flex min-h-11 items-center font-semibold underline print:hidden"
          >
            {t('receipt.now.later')}
          </a>
        </>
      )}
    </section>
  );
}

export function ReceiptDetails({
  verdict,
  document,
  consentStatus,
  registeredVerifierId,
}: {
  verdict: CredentialVerdictAnswer;
  document: Record<string, unknown>;
  /** The consent's present state (GET /api/consent-receipts/{id}); absent when not known. */
  consentStatus?: ReceiptConsentStatus;
  /** The registered verifier the data fiduciary is (GET /api/consent-receipts/{id}), if any. */
  registeredVerifierId?: string | null;
}) {
  const { t, i18n } = useTranslation('verifier');
  const shown = receiptVerdictOf(verdict, document);
  const receipt = readConsentReceipt(document);
  const format = useFormat();
  const dateTime = (iso: string) => format.dateTime(iso) || iso;
  // An issuer the server does not trust is named by its identifier: a document may call itself
  // anything, 'Pehchaan consent registry' included.
  const issuerName =
    shown === 'verified'
      ? (verdict.trust?.name ?? receipt?.issuer.name ?? verdict.trust?.issuer ?? '')
      : (verdict.trust?.issuer ?? receipt?.issuer.id ?? '');

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
          <p className="mt-1 break-words">
            {t(`receipt.verdict.${shown}Text`, { issuer: issuerName })}
          </p>
          {verdict.errors.length > 0 && (
            <ul className="mt-2 list-disc ps-5 text-sm break-words">
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

      {receipt && consentStatus && shown === 'verified' && (
        <ConsentNow status={consentStatus} receipt={receipt} dateTime={dateTime} />
      )}

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
            <FiduciaryRows
              receipt={receipt}
              registeredVerifierId={registeredVerifierId}
              language={i18n.language}
            />
            {receipt.dataFiduciary.contact && (
              <Row label={t('receipt.grievanceContact')}>{receipt.dataFiduciary.contact}</Row>
            )}
            <Row label={t('receipt.purpose')}>{receipt.purpose.text}</Row>
            <Row label={t('receipt.recordedState')}>
              {receipt.state ? t(`receipt.states.${receipt.state}`) : t('receipt.unknown')}
            </Row>
            <Row label={t('receipt.items')}>
              <ul className="text-end">
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
              <ol className="text-end">
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
                <LanguageName code={receipt.noticeLanguage} />
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
              <span dir="ltr" className="font-mono text-xs break-all">
                {receipt.dataPrincipal}
              </span>
            </Row>
            {receipt.presentationSha256 && (
              <Row label={t('receipt.presentation')}>
                <span dir="ltr" className="font-mono text-xs break-all">
                  {receipt.presentationSha256}
                </span>
              </Row>
            )}
            <Row label={t('receipt.id')}>
              <span dir="ltr" className="font-mono text-xs break-all">
                {receipt.receiptId}
              </span>
            </Row>
            <Row label={t('receipt.issued')}>{dateTime(receipt.issuedAt)}</Row>
            <Row label={t('receipt.issuer')}>{issuerName}</Row>
          </dl>
        </section>
      )}
    </div>
  );
}
