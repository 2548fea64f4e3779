/**
 * What a decided request sent (ConsentPresentation.sent, read by the server from the approval's
 * consent receipt): per credential, 'From your {document}' and the claims, in the UI language,
 * never what was asked. A rejected request says nothing was sent; a decision kept on this device
 * says what will be sent once synced; a given consent whose record says nothing reads 'What was
 * sent is not recorded.'
 */
import type { ConsentRequest, SentCredential } from '@pehchaan/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon } from '@/components/ui/icons';
import { claimName, documentTypeName } from '@/lib/document-labels';

export function SentClaims({
  request,
  verifier,
}: {
  request: ConsentRequest;
  /** The verifier's name as the card shows it. */
  verifier: string;
}) {
  const { t, i18n } = useTranslation('consent');
  const headingId = useId();
  const sent = request.presentation?.sent;
  const rejected = request.status === 'rejected';
  const documentName = (credential: SentCredential) =>
    documentTypeName(credential.document_type ?? credential.document_name, i18n.language);

  let body: ReactNode;
  if (rejected) {
    body = <p>{t('sent.nothingRejected')}</p>;
  } else if (sent === undefined) {
    body = <p>{t('sent.unknown')}</p>;
  } else if (sent.length === 0) {
    body = <p>{t('sent.nothing')}</p>;
  } else {
    body = (
      <ul className="space-y-2">
        {sent.map((credential) => (
          <li key={`${credential.query_id ?? ''}:${credential.document_name}`}>
            <p className="text-xs font-medium text-slate-500 dark:text-slate-400">
              {t('presentation.from', { document: documentName(credential) })}
            </p>
            <ul
              aria-label={t('presentation.from', { document: documentName(credential) })}
              className="mt-1 flex flex-wrap gap-1.5"
            >
              {credential.claims.map((claim) => (
                <li
                  key={claim.name}
                  className="inline-flex items-center gap-1 rounded-full border border-green-200 bg-green-50 px-2.5 py-0.5 text-xs text-green-900 dark:border-green-900 dark:bg-green-950/60 dark:text-green-100"
                >
                  <CheckCircleIcon className="size-3.5" />
                  {claimName(claim.name, i18n.language)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-3 text-sm text-slate-700 dark:text-slate-300"
    >
      <h4 id={headingId} className="text-xs font-semibold text-slate-700 dark:text-slate-200">
        {request.pending_sync && !rejected
          ? t('sent.titlePendingSync', { verifier })
          : t('sent.title', { verifier })}
      </h4>
      <div className="mt-1">{body}</div>
    </section>
  );
}
