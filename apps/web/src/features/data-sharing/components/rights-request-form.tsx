/**
 * The form that sends an organisation a grievance (DPDP Act s.13) or an erasure request
 * (s.12(3)) about one consent (issue 17): it names the organisation, the consent's purpose and
 * the receipt sent with it, and pre-fills a message the holder may change. Sent to the server,
 * which delivers it to the organisation's verifier portal.
 */
import type { RightsRequestKind } from '@pehchaan/core';
import { MAX_RIGHTS_MESSAGE } from '@pehchaan/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr';
import { useConsentTexts } from '@/lib/consent-texts';
import { problemMessage } from '@/lib/problem-message';
import { toast } from '@/lib/toast';
import { useSendRightsRequest } from '../api/rights-requests';
import { DATA_SHARING_NAMESPACE } from '../i18n';

export interface RightsRequestFormProps {
  userId: string;
  kind: RightsRequestKind;
  /** The organisation as its receipts name it (the consent's purpose is looked up by it). */
  organisation: string;
  /** The organisation's name in the holder's language; `organisation` when absent. */
  organisationShown?: string;
  consentRequestId: string;
  purpose: string;
  /** The receipt sent with it (the consent's latest). */
  receiptId: string;
  onDone: () => void;
}

export function RightsRequestForm(props: RightsRequestFormProps) {
  const { t } = useTranslation(DATA_SHARING_NAMESPACE);
  const messageId = useId();
  // Shown in the holder's language (lib/consent-texts.ts); sent as the consent states it.
  const purposeShown = useConsentTexts().purpose(props.organisation, props.purpose);
  const organisationShown = props.organisationShown ?? props.organisation;
  const [message, setMessage] = useState(() =>
    t(`rights.template.${props.kind}`, {
      organisation: organisationShown,
      purpose: purposeShown,
    }),
  );
  const send = useSendRightsRequest(props.userId);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await send.mutateAsync({
        kind: props.kind,
        consent_request_id: props.consentRequestId,
        receipt_id: props.receiptId,
        message,
      });
      toast.success(t(`rights.sent.${props.kind}`, { organisation: organisationShown }));
      props.onDone();
    } catch (error) {
      toast.error(problemMessage(error, { fallback: t('rights.failed') }));
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label={t(`rights.title.${props.kind}`)}
      className="mt-3 space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-950"
    >
      <h4 className="font-semibold">{t(`rights.title.${props.kind}`)}</h4>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="text-slate-600 dark:text-slate-400">{t('rights.to')}</dt>
        <dd>{organisationShown}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('rights.about')}</dt>
        <dd>{purposeShown}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('rights.receipt')}</dt>
        <dd className="font-mono text-xs break-all">
          <Ltr>{props.receiptId}</Ltr>
        </dd>
      </dl>
      <div>
        <label htmlFor={messageId} className="mb-1 block text-sm font-medium">
          {t('rights.message')}
        </label>
        <textarea
          id={messageId}
          value={message}
          maxLength={MAX_RIGHTS_MESSAGE}
          rows={4}
          required
          onChange={(event) => setMessage(event.target.value)}
          className="w-full rounded-lg border border-slate-300 bg-white p-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          size="sm"
          className="min-h-11"
          loading={send.isPending}
          loadingLabel={t('rights.sending')}
          disabled={message.trim() === ''}
        >
          {t('rights.send')}
        </Button>
        <Button size="sm" variant="secondary" className="min-h-11" onClick={props.onDone}>
          {t('rights.cancel')}
        </Button>
      </div>
    </form>
  );
}
