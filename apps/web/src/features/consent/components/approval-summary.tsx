/**
 * What Approve will send, shown before anything leaves (DPDP Act s.6(1): consent is specific and
 * informed): a modal summary naming the verifier (and whether it is verified), the purpose, how
 * long the verifier keeps the data, and each credential with exactly the claims that will be
 * sent, worked out by core's plannedDisclosure, the rule the server sends by (the credential
 * chosen under the request's credential_sets included), plus the optional claims the holder
 * left out. Confirm sends; Cancel (or Escape) goes back to the card with its ticks as they were.
 * Keyboard: focus starts on Cancel and stays in the dialog (ConfirmDialog).
 */
import type { ConsentRequest, PlannedCredential } from '@pehchaan/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConsentTexts } from '@/lib/consent-texts';
import { claimName } from '@/lib/document-labels';
import { requestedClaimLabel, requestedDocumentName } from '../requested-labels';

type Presentation = NonNullable<ConsentRequest['presentation']>;

export function ApprovalSummary({
  open,
  request,
  presentation,
  planned,
  leftOut,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  request: ConsentRequest;
  presentation: Presentation;
  /** What will be sent (core's plannedDisclosure of the card's ticks). */
  planned: readonly PlannedCredential[];
  /** The optional claim names the holder unticked. */
  leftOut: readonly string[];
  /** The answer is being sent. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('consent');
  const texts = useConsentTexts();
  const language = i18n.language;
  // A registered verifier in the holder's language (as the card names it); an unverified name as sent.
  const verifier =
    presentation.verifier.verified || presentation.seeded === true
      ? texts.organisation(presentation.verifier.name)
      : presentation.verifier.name;
  /** An unticked claim's label, as its credential names it (a received one by its own). */
  const leftOutLabel = (name: string) => {
    const credential = presentation.credentials.find((c) => c.claims.some((x) => x.name === name));
    const claim = credential?.claims.find((x) => x.name === name);
    return credential && claim
      ? requestedClaimLabel(credential, claim, language)
      : claimName(name, language);
  };
  const purpose =
    presentation.purpose === 'Not stated'
      ? t('presentation.notStated')
      : texts.purpose(request.requester, presentation.purpose);

  return (
    <ConfirmDialog
      open={open}
      title={t('summary.title', { verifier })}
      confirmLabel={t('summary.confirm')}
      cancelLabel={t('summary.cancel')}
      busyLabel={t('summary.sending')}
      busy={busy}
      confirmVariant="primary"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="text-sm">{t('summary.lead')}</p>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">
            {t('summary.to')}
          </dt>
          <dd className="font-medium text-slate-900 dark:text-white">
            {verifier}{' '}
            <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
              (
              {presentation.verifier.verified
                ? t('presentation.verified')
                : t('presentation.notVerified')}
              )
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">
            {t('presentation.purpose')}
          </dt>
          <dd className="text-slate-900 dark:text-white">{purpose}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">
            {t('presentation.retention')}
          </dt>
          <dd className="text-slate-900 dark:text-white">
            {presentation.retention_days === null
              ? t('presentation.notStated')
              : t('presentation.retentionDays', { count: presentation.retention_days })}
          </dd>
        </div>
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">
        {t('summary.willSend')}
      </h3>
      <ul className="mt-1 space-y-2 text-sm">
        {planned.map((credential) => {
          const document = requestedDocumentName(credential, language);
          return (
            <li key={credential.query_id}>
              <p className="text-xs font-medium text-slate-500 dark:text-slate-400">
                {t('presentation.from', { document })}
              </p>
              <ul
                aria-label={t('presentation.from', { document })}
                className="mt-0.5 list-disc ps-5 text-slate-900 dark:text-white"
              >
                {credential.claims.map((claim) => (
                  <li key={claim.name}>{requestedClaimLabel(credential, claim, language)}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      {leftOut.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">
            {t('summary.leftOut')}
          </h3>
          <ul aria-label={t('summary.leftOut')} className="mt-1 list-disc ps-5 text-sm">
            {leftOut.map((name) => (
              <li key={name}>{leftOutLabel(name)}</li>
            ))}
          </ul>
        </>
      )}
    </ConfirmDialog>
  );
}
