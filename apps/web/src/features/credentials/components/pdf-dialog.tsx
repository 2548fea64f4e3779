/**
 * The PDF dialog (DECISIONS 9.5, Download PDF): which of the credential's fields the PDF prints
 * and its offline QR code carries, every field ticked as the card shows them all. An identity
 * number is printed as the card shows it: masked (and then left out of the QR code, since a
 * signed value cannot be masked) unless the holder revealed it on the card, when it is printed
 * and carried in full (DECISIONS 9.6). Download PDF hands the ticked fields to `onDownload`;
 * with none ticked it says so instead.
 */
import { isSensitiveField, maskField, shareableFields } from '@pehchaan/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { fieldLabel } from '@/lib/format-claim';
import { FieldChoice, toggled } from './field-choice';

export function PdfDialog({
  name,
  subject,
  labels,
  shownInFull,
  busy,
  onDownload,
  onCancel,
}: {
  /** The credential's display name, e.g. 'PAN Card'. */
  name: string;
  /** The credential's subject as the list holds it (identity numbers masked). */
  subject: Record<string, unknown>;
  /** A received credential's own claim labels, by claim. */
  labels?: Readonly<Record<string, string>>;
  /** Identity numbers the card shows in full, by field. */
  shownInFull: Readonly<Record<string, string>>;
  busy: boolean;
  onDownload: (fields: string[]) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('credentials');
  const offered = shareableFields(subject);
  const [fields, setFields] = useState<string[]>(offered);
  const [problem, setProblem] = useState<string | null>(null);
  const label = (field: string) => labels?.[field] ?? fieldLabel(field, i18n.language);

  const submit = () => {
    if (fields.length === 0) {
      setProblem(t('pdf.noFields'));
      return;
    }
    setProblem(null);
    onDownload(offered.filter((field) => fields.includes(field)));
  };
  const masked = offered.filter(
    (field) =>
      fields.includes(field) &&
      isSensitiveField(field) &&
      typeof subject[field] === 'string' &&
      !(field in shownInFull),
  );

  return (
    <ConfirmDialog
      open
      title={t('pdf.dialogTitle', { name })}
      confirmLabel={t('downloadPdf')}
      cancelLabel={t('cancel')}
      busy={busy}
      busyLabel={t('pdf.making')}
      confirmVariant="primary"
      onConfirm={submit}
      onCancel={onCancel}
    >
      <span className="block">{t('pdf.dialogLead')}</span>
      <FieldChoice
        legend={t('pdf.fields')}
        offered={offered}
        chosen={fields}
        onToggle={(field) => setFields((current) => toggled(current, field))}
        label={label}
      />
      {masked.map((field) => (
        <span key={field} className="mt-2 block text-sm text-slate-600 dark:text-slate-400">
          {t('pdf.maskedNote', {
            field: label(field),
            value: String(maskField(field, String(subject[field]))),
          })}
        </span>
      ))}
      {problem && (
        <span role="alert" className="mt-3 block font-medium text-red-700 dark:text-red-400">
          {problem}
        </span>
      )}
    </ConfirmDialog>
  );
}
