/**
 * A credential's subject claims as a label/value list (SPEC 2, 5): labels from the document
 * catalogue in the UI language, values in the holder's formats (lib/format-claim.ts; issue 19);
 * sensitive fields show masked (core's maskField) with a per-field eye toggle, labelled
 * 'Show <label>' / 'Hide <label>'. Shared by the credential cards and /verify's check of a
 * pasted credential, so both mask alike.
 *
 * Where the full value comes from (DECISIONS 9.6):
 * - no `reveal` (a pasted credential): the subject holds the values whole; the eye unmasks them
 *   on the device;
 * - `reveal` (the holder's cards): the subject holds them masked, as the server's list answers
 *   them; the eye asks `reveal(field)` for the value (the server logs it) and keeps it in this
 *   component's memory only, until it unmounts (the card closes): it is never stored;
 * - `reveal: null` (nothing to ask: e.g. a credential made on this device for a holder who is
 *   not a sample user): masked, no eye.
 */
import { isSensitiveField, maskField } from '@pehchaan/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ui/ltr';
import { claimValue, fieldLabel } from '@/lib/format-claim';
import { useFormat } from '@/lib/preferences';
import { EyeIcon, EyeOffIcon } from './icons';

/** Subject keys not listed as claims (the holder's DID and the document type name). */
const HIDDEN_KEYS = new Set(['id', 'document_type']);

/**
 * Fetches one field's full value; resolves null when it could not (the caller told the holder
 * why, e.g. with a toast).
 */
export type RevealField = (field: string) => Promise<string | null>;

export function SubjectFields({
  subject,
  reveal,
  labels,
  onShownInFull,
}: {
  subject: Record<string, unknown>;
  /** Where full values come from (see the module's docstring); absent: the subject's own. */
  reveal?: RevealField | null;
  /**
   * The issuer's own label per claim (a received credential's `claim_labels`, by claim path);
   * a claim without one is labelled from the catalogue.
   */
  labels?: Readonly<Record<string, string>>;
  /**
   * Told when a sensitive field starts showing in full (its value) or masked again (null), so
   * the holder's card can print what the screen shows (the PDF, DECISIONS 9.5).
   */
  onShownInFull?: (field: string, value: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  /** Full values fetched with `reveal`, by field (memory only). */
  const [fetched, setFetched] = useState<Readonly<Record<string, string>>>({});
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const setOne =
    <T,>(update: (next: Set<T>) => void) =>
    (prev: ReadonlySet<T>) => {
      const next = new Set(prev);
      update(next);
      return next;
    };
  const toggle = async (field: string) => {
    if (revealed.has(field)) {
      setRevealed(setOne((next) => next.delete(field)));
      onShownInFull?.(field, null);
      return;
    }
    let full = reveal ? fetched[field] : subject[field];
    if (reveal && full === undefined) {
      setPending(setOne((next) => next.add(field)));
      const value = await reveal(field);
      setPending(setOne((next) => next.delete(field)));
      if (value === null) return;
      setFetched((prev) => ({ ...prev, [field]: value }));
      full = value;
    }
    setRevealed(setOne((next) => next.add(field)));
    if (typeof full === 'string') onShownInFull?.(field, full);
  };

  const entries = Object.entries(subject).filter(([key]) => !HIDDEN_KEYS.has(key));
  return (
    <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
      {entries.map(([field, value]) => {
        const sensitive = isSensitiveField(field) && typeof value === 'string' && value !== '';
        const open = revealed.has(field);
        const full = reveal && sensitive ? fetched[field] : value;
        const shown = sensitive && !(open && full !== undefined) ? maskField(field, value) : full;
        const own = labels && Object.hasOwn(labels, field) ? labels[field] : undefined;
        const label = own ?? fieldLabel(field, i18n.language);
        const canReveal = sensitive && reveal !== null;
        return (
          <div
            key={field}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2"
          >
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="flex min-w-0 items-center gap-2 font-medium break-words">
              <span className={sensitive ? 'font-mono' : undefined} data-field={field}>
                {sensitive ? (
                  <Ltr>{claimValue(field, shown, format)}</Ltr>
                ) : (
                  claimValue(field, shown, format)
                )}
              </span>
              {canReveal && (
                <button
                  type="button"
                  onClick={() => void toggle(field)}
                  aria-label={t(open ? 'subjectFields.hide' : 'subjectFields.show', {
                    field: label,
                  })}
                  aria-pressed={open}
                  aria-busy={pending.has(field) || undefined}
                  disabled={pending.has(field)}
                  className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-orange-500 disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
                >
                  {open ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
                </button>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
