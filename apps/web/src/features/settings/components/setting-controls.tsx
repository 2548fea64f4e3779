/**
 * The building blocks of /settings: a section card (a <section> named by its heading, with an
 * anchor id for the section list), a switch row (WAI-ARIA role=switch, its On/Off state written
 * beside it) and a select row, each labelled and described by visible text.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardSurfaceClass } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import '../i18n';

export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`scroll-mt-24 rounded-2xl p-5 sm:p-6 ${cardSurfaceClass}`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function RowText({
  labelId,
  descriptionId,
  label,
  description,
  htmlFor,
}: {
  labelId: string;
  descriptionId: string;
  label: string;
  description: ReactNode;
  htmlFor?: string;
}) {
  return (
    <div className="min-w-0 flex-1">
      {htmlFor ? (
        <label
          id={labelId}
          htmlFor={htmlFor}
          className="font-medium text-slate-900 dark:text-slate-100"
        >
          {label}
        </label>
      ) : (
        <span id={labelId} className="font-medium text-slate-900 dark:text-slate-100">
          {label}
        </span>
      )}
      <div id={descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
        {description}
      </div>
    </div>
  );
}

const ROW =
  'flex flex-col gap-2 border-t border-slate-200 py-3 first:border-t-0 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4 dark:border-slate-800';

export function SwitchRow({
  id,
  label,
  description,
  checked,
  onChange,
  disabled = false,
}: {
  id: string;
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The switch cannot be turned on here; `description` says why. */
  disabled?: boolean;
}) {
  const { t } = useTranslation('settings');
  return (
    <div className={ROW}>
      <RowText
        labelId={`${id}-label`}
        descriptionId={`${id}-description`}
        label={label}
        description={description}
      />
      <Switch
        id={id}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        stateText={checked ? t('on') : t('off')}
        labelledBy={`${id}-label`}
        describedBy={`${id}-description`}
        className="self-end sm:self-auto"
        stateClassName="w-12 text-end"
      />
    </div>
  );
}

export function SelectRow({
  id,
  label,
  description,
  value,
  options,
  onChange,
  disabled = false,
}: {
  id: string;
  label: string;
  description: ReactNode;
  value: string;
  /** `className` 'endonym' for a language's name (lib/languages.tsx). */
  options: readonly { value: string; label: string; className?: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className={ROW}>
      <RowText
        labelId={`${id}-label`}
        descriptionId={`${id}-description`}
        label={label}
        description={description}
        htmlFor={id}
      />
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 w-full shrink-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 disabled:cursor-not-allowed disabled:opacity-60 sm:w-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} className={option.className}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
