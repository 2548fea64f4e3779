/**
 * A W3C credential given to /verify (pasted or uploaded), shown as a credential: the verdict of
 * the server's W3C verifier ('Credential verified', 'Credential expired', 'Invalid signature',
 * 'Invalid Credential' for a malformed one or an issuer not trusted, 'Credential revoked',
 * 'Credential suspended' or 'Status unknown' from its issuer's status list), then its details (type,
 * issuer by name, holder name, dates, the checks made) and its credentialSubject's fields masked
 * as the credential cards mask them (SubjectFields: the sensitive numbers masked, each with its
 * own eye toggle; the values never leave this page).
 */
import type { CredentialVerdictAnswer } from '@pehchaan/core';
import { useTranslation } from 'react-i18next';
import { SubjectFields } from '@/components/ui/subject-fields';
import { documentTypeName } from '@/lib/document-labels';
import { useFormat } from '@/lib/preferences';
import type { CredentialView } from '../submitted-document';
import { CheckList, Row, VerdictBanner, verdictOfStatus } from './verifier-page';

/**
 * The verdict shown for a credential's check (SPEC 4, 8), the issuer's status list's answers
 * included ('Credential revoked', 'Credential suspended', 'Status unknown').
 */
export function submittedVerdictOf(verdict: CredentialVerdictAnswer) {
  return verdictOfStatus(verdict.status, verdict.verified);
}

export function SubmittedCredential({
  verdict,
  credential,
}: {
  verdict: CredentialVerdictAnswer;
  credential: CredentialView;
}) {
  const { t, i18n } = useTranslation('verifier');
  const format = useFormat();
  const shown = submittedVerdictOf(verdict);
  const date = (iso: string | null) => (iso ? format.date(iso) || iso : t('never'));
  // The trusted issuer's name as the server knows it, else the name the document gives.
  const issuer = verdict.trust?.name ?? credential.issuerName ?? credential.issuerId;

  return (
    <div className="space-y-6">
      <VerdictBanner verdict={shown} />
      <div className="grid gap-6 md:grid-cols-2">
        <section
          aria-label={t('details')}
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <h3 className="mb-2 text-lg font-semibold">{t('details')}</h3>
          <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
            <Row label={t('type')}>{documentTypeName(credential.documentType, i18n.language)}</Row>
            <Row label={t('issuer')}>{issuer}</Row>
            {credential.issuerId && (
              <Row label={t('issuerId')}>
                <span dir="ltr" className="font-mono text-xs break-all">
                  {credential.issuerId}
                </span>
              </Row>
            )}
            <Row label={t('holderName')}>{credential.holderName ?? t('receipt.unknown')}</Row>
            <Row label={t('issued')}>{date(credential.issued)}</Row>
            <Row label={t('expires')}>{date(credential.expires)}</Row>
          </dl>
          <CheckList checks={verdict.checks} errors={verdict.errors} />
        </section>
        <section
          aria-label={t('subject')}
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <h3 className="mb-2 text-lg font-semibold">{t('subject')}</h3>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
            {t('document.maskedAsCards')}
          </p>
          <SubjectFields subject={credential.subject} />
        </section>
      </div>
    </div>
  );
}
