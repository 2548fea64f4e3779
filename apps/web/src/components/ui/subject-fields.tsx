/**
 * A credential's subject claims as a label/value list (SPEC 2, 5): labels from the document
 * catalogue in the UI language, values in the holder's formats (lib/format-claim.ts; issue 19);
 * sensitive fields show masked (core's maskField) with a per-field eye toggle, labelled
 * 'Show <label>' / 'Hide <label>'. Shared by the credential cards and /verify's check of a
 * pasted credential, so both mask alike.
 */
import { isSensitiveField, maskField } from '@pehchaan/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { claimValue, fieldLabel } from '@/lib/format-claim';
import { useFormat } from '@/lib/preferences';
import { EyeIcon, EyeOffIcon } from './icons';

/** Subject keys not listed as claims (the holder's DID and the document type name). */
const HIDDEN_KEYS = new Set(['id', 'document_type']);

export function SubjectFields({ subject }: { subject: Record<string, unknown> }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (field: string) =>
    setRevealed((prev) => {
      const next = new Set(prev);
      if (next.has(field)) next.delete(field);
      else next.add(field);
      return next;
    });

  const entries = Object.entries(subject).filter(([key]) => !HIDDEN_KEYS.has(key));
  return (
    <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
      {entries.map(([field, value]) => {
        const sensitive = isSensitiveField(field) && typeof value === 'string' && value !== '';
        const shown = sensitive && !revealed.has(field) ? maskField(field, value) : value;
        const label = fieldLabel(field, i18n.language);
        return (
          <div
            key={field}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2"
          >
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="flex min-w-0 items-center gap-2 font-medium break-words">
              <span className={sensitive ? 'font-mono' : undefined} data-field={field}>
                {claimValue(field, shown, format)}
              </span>
              {sensitive && (
                <button
                  type="button"
                  onClick={() => toggle(field)}
                  aria-label={t(revealed.has(field) ? 'subjectFields.hide' : 'subjectFields.show', {
                    field: label,
                  })}
                  aria-pressed={revealed.has(field)}
                  className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-orange-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
                >
                  {revealed.has(field) ? (
                    <EyeOffIcon className="size-4" />
                  ) : (
                    <EyeIcon className="size-4" />
                  )}
                </button>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
