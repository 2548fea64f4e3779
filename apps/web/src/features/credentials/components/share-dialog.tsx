/**
 * The share dialog (docs/api-contract.md "Share links"): which of the credential's fields the
 * link discloses (the sensitive numbers of SPEC 5 unticked by default, everything else ticked),
 * how long it lives (1 hour, 1 day, 7 days, 30 days; 7 days by default) and an optional view
 * limit. Create link hands the choice to `onCreate`; with no field ticked it says so instead.
 * Offline it says a link needs the server, and creates nothing.
 *
 * DECISIONS 9.6: a ticked identity number is shown masked (the dialog says how: 'Aadhaar number
 * is shown masked: XXXX XXXX 0125'); showing it whole is an extra choice per number ('Show
 * Aadhaar number in full'), unticked by default, described by a warning that names the risk
 * (anyone with the link sees the whole number; a verifier that needs identity should ask for the
 * signed credential).
 */
import {
  DEFAULT_SHARE_LIFETIME,
  defaultShareFields,
  isSensitiveField,
  MAX_SHARE_VIEWS,
  SHARE_LIFETIMES,
  type ShareLifetime,
  shareableFields,
} from '@pehchaan/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { documentTypeName } from '@/lib/document-labels';
import { FieldChoice, toggled } from './field-choice';

/** What the holder chose. */
export interface ShareChoice {
  fields: string[];
  /** The ticked identity numbers the link shows in full (none by default). */
  fullValues: string[];
  lifetime: ShareLifetime;
  /** null = no limit. */
  maxViews: number | null;
}

export function ShareDialog({
  documentType,
  subject,
  offline,
  busy,
  refusal = null,
  onCreate,
  onCancel,
}: {
  /** The credential's display name, e.g. 'PAN Card'. */
  documentType: string;
  /**
   * The credential's subject (as the list holds it, identity numbers masked): the fields offered
   * are its members (core's shareableFields).
   */
  subject: Record<string, unknown>;
  /** True when the API cannot be reached: the dialog explains instead of creating. */
  offline: boolean;
  busy: boolean;
  /** Why the server refused the last Create link (e.g. Data sharing is off), in words. */
  refusal?: string | null;
  onCreate: (choice: ShareChoice) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('credentials');
  const ids = useId();
  const offered = shareableFields(subject);
  const [fields, setFields] = useState<string[]>(() => defaultShareFields(subject));
  const [fullValues, setFullValues] = useState<string[]>([]);
  const [lifetime, setLifetime] = useState<ShareLifetime>(DEFAULT_SHARE_LIFETIME);
  const [limit, setLimit] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    if (offline) {
      setProblem(t('shareDialog.offline'));
      return;
    }
    if (fields.length === 0) {
      setProblem(t('shareDialog.noFields'));
      return;
    }
    const views = limit.trim() === '' ? null : Number(limit);
    if (views !== null && (!Number.isInteger(views) || views < 1 || views > MAX_SHARE_VIEWS)) {
      setProblem(t('shareDialog.badLimit', { max: MAX_SHARE_VIEWS }));
      return;
    }
    setProblem(null);
    // In the credential's own field order; a full value only for a number still ticked.
    const chosen = offered.filter((f) => fields.includes(f));
    onCreate({
      fields: chosen,
      fullValues: chosen.filter((f) => fullValues.includes(f) && isSensitiveField(f)),
      lifetime,
      maxViews: views,
    });
  };

  return (
    <ConfirmDialog
      open
      title={t('shareDialog.title', { name: documentTypeName(documentType, i18n.language) })}
      confirmLabel={t('shareDialog.create')}
      cancelLabel={t('cancel')}
      busy={busy}
      busyLabel={t('shareDialog.creating')}
      confirmVariant="primary"
      onConfirm={submit}
      onCancel={onCancel}
    >
      <span className="block">{t('shareDialog.lead')}</span>
      {offline && (
        <span role="alert" className="mt-3 block font-medium text-amber-800 dark:text-amber-300">
          {t('shareDialog.offline')}
        </span>
      )}
      {refusal && !offline && (
        <span role="alert" className="mt-3 block font-medium text-red-700 dark:text-red-400">
          {refusal}
        </span>
      )}
      <FieldChoice
        legend={t('shareDialog.fields')}
        offered={offered}
        chosen={fields}
        onToggle={(field) => setFields((current) => toggled(current, field))}
        fullValues={{
          kind: 'masked',
          subject,
          chosen: fullValues,
          onToggle: (field) => setFullValues((current) => toggled(current, field)),
        }}
      />
      <fieldset className="mt-3">
        <legend className="font-semibold text-slate-900 dark:text-white">
          {t('shareDialog.lifetime')}
        </legend>
        <span className="mt-1 flex flex-wrap gap-3">
          {SHARE_LIFETIMES.map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${ids}-lifetime`}
                value={value}
                checked={lifetime === value}
                onChange={() => setLifetime(value)}
                className="size-4 accent-orange-600"
              />
              {t(`shareDialog.lifetimes.${value}`)}
            </label>
          ))}
        </span>
      </fieldset>
      <label className="mt-3 block">
        <span className="font-semibold text-slate-900 dark:text-white">
          {t('shareDialog.maxViews')}
        </span>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SHARE_VIEWS}
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          placeholder={t('shareDialog.noLimit')}
          className="mt-1 block w-40 rounded-lg border border-slate-300 bg-white px-3 py-1.5 dark:border-slate-600 dark:bg-slate-900"
        />
      </label>
      {problem && !offline && (
        <span role="alert" className="mt-3 block font-medium text-red-700 dark:text-red-400">
          {problem}
        </span>
      )}
    </ConfirmDialog>
  );
}
