/**
 * The "which fields" part of the credential dialogs (share link, offline QR, PDF; DECISIONS 9.5,
 * 9.6): a fieldset with its legend and one checkbox per offered field, and, when the dialog can
 * show identity numbers in full, one more choice per ticked number (core's isSensitiveField) with
 * the warning that describes it.
 *
 * DECISIONS 9.6 gives the two ways a number is shown in full:
 * - 'masked' (a share link): the number is shown masked (the masked value is previewed from
 *   `subject`) unless the holder ticks "Show ... in full"; the warning stands out once ticked.
 * - 'signed' (an offline QR code): a signed value cannot be masked, so the dialog says so and the
 *   holder confirms "Include ... in full"; the warning always stands out.
 *
 * Controlled: the dialog owns the ticked lists and decides what a submit sends.
 */
import { isSensitiveField, maskField } from '@pehchaan/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ui/ltr';
import { fieldLabel } from '@/lib/format-claim';

/** Fields whose full value is an Aadhaar number (its warning names the twelve digits). */
const AADHAAR_FIELDS = new Set(['aadhaar_number', 'aadhaar', 'aadhaarId']);

/** The texts (namespace credentials) of each kind of full-value choice. */
const FULL_VALUE_TEXTS = {
  masked: {
    note: 'shareDialog.maskedAs',
    choice: 'shareDialog.fullValue',
    warning: 'shareDialog.fullValueWarning',
    aadhaarWarning: 'shareDialog.fullAadhaarWarning',
  },
  signed: {
    note: 'offlineQr.signedNumber',
    choice: 'offlineQr.includeFull',
    warning: 'offlineQr.fullValueWarning',
    aadhaarWarning: 'offlineQr.fullAadhaarWarning',
  },
} as const;

/** The full-value choice per ticked identity number. */
export type FullValueChoice = {
  /** The ticked numbers the holder chose to show in full. */
  chosen: readonly string[];
  onToggle: (field: string) => void;
} & (
  | {
      kind: 'masked';
      /** The credential's subject as the list holds it: the masked previews come from it. */
      subject: Readonly<Record<string, unknown>>;
    }
  | { kind: 'signed' }
);

/** `list` with `item` added when absent, removed when present (a checkbox's toggle). */
export function toggled(list: readonly string[], item: string): string[] {
  return list.includes(item) ? list.filter((f) => f !== item) : [...list, item];
}

/**
 * The fieldset of one credential dialog: a checkbox per `offered` field (ticked when in `chosen`)
 * and, with `fullValues`, the full-value choice of each ticked identity number. Throws nothing.
 */
export function FieldChoice({
  legend,
  offered,
  chosen,
  onToggle,
  label,
  fullValues,
}: {
  /** The fieldset's legend, in words. */
  legend: string;
  /** The fields offered, in the credential's own order (core's shareableFields). */
  offered: readonly string[];
  /** The ticked fields. */
  chosen: readonly string[];
  onToggle: (field: string) => void;
  /** A field's label; by default core's field label in the UI language. */
  label?: (field: string) => string;
  /** Absent: no full-value choice (the dialog prints numbers as the card shows them). */
  fullValues?: FullValueChoice;
}) {
  const { t, i18n } = useTranslation('credentials');
  const ids = useId();
  const labelOf = label ?? ((field: string) => fieldLabel(field, i18n.language));

  return (
    <fieldset className="mt-3">
      <legend className="font-semibold text-slate-900 dark:text-white">{legend}</legend>
      <span className="mt-1 grid gap-1 sm:grid-cols-2">
        {offered.map((field) => (
          <label key={field} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={chosen.includes(field)}
              onChange={() => onToggle(field)}
              className="size-4 accent-orange-600"
            />
            {labelOf(field)}
          </label>
        ))}
      </span>
      {fullValues &&
        offered
          .filter((field) => chosen.includes(field) && isSensitiveField(field))
          .map((field) => {
            const texts = FULL_VALUE_TEXTS[fullValues.kind];
            const fieldName = labelOf(field);
            const full = fullValues.chosen.includes(field);
            // A signed number is always shown whole, so its warning always stands out.
            const warned = full || fullValues.kind === 'signed';
            const value = fullValues.kind === 'masked' ? fullValues.subject[field] : undefined;
            return (
              <span
                key={field}
                className={`mt-2 block rounded-lg border p-2 ${
                  warned
                    ? 'border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40'
                    : 'border-slate-200 dark:border-slate-700'
                }`}
              >
                {fullValues.kind === 'signed' ? (
                  <span className="block text-slate-800 dark:text-slate-200">
                    {t(texts.note, { field: fieldName })}
                  </span>
                ) : (
                  typeof value === 'string' && (
                    <span className="block text-slate-700 dark:text-slate-300">
                      {t(texts.note, { field: fieldName })}{' '}
                      <Ltr className="font-mono">{String(maskField(field, value))}</Ltr>
                    </span>
                  )
                )}
                <label className="mt-1 flex items-start gap-2">
                  <input
                    type="checkbox"
                    checked={full}
                    onChange={() => fullValues.onToggle(field)}
                    aria-describedby={`${ids}-full-${field}`}
                    className="mt-0.5 size-4 shrink-0 accent-orange-600"
                  />
                  <span className="font-medium text-slate-900 dark:text-white">
                    {t(texts.choice, { field: fieldName })}
                  </span>
                </label>
                <span
                  id={`${ids}-full-${field}`}
                  className={`mt-1 block ps-6 text-sm ${
                    warned
                      ? 'font-medium text-amber-900 dark:text-amber-200'
                      : 'text-slate-600 dark:text-slate-400'
                  }`}
                >
                  {t(AADHAAR_FIELDS.has(field) ? texts.aadhaarWarning : texts.warning)}
                </span>
              </span>
            );
          })}
    </fieldset>
  );
}
