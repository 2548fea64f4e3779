/**
 * Change Password (SPEC 2 Settings security, SPEC 5): current, new and confirm. Update Password
 * checks the SPEC 5 rules in order ('Please fill in all password fields', 'New passwords do not
 * match', 'Password must be at least 8 characters long'); nothing is sent or stored anywhere,
 * since the product signs in by OTP, and the form says so.
 */
import { type PasswordChangeErrorCode, passwordChangeErrorCode } from '@pehchaan/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import '../i18n';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** The fields a failing rule points at. */
const INVALID: Record<PasswordChangeErrorCode, (values: Record<Field, string>) => Field[]> = {
  passwordFieldsRequired: (v) => (Object.keys(v) as Field[]).filter((f) => !v[f]),
  passwordsDoNotMatch: () => ['newPassword', 'confirmPassword'],
  passwordTooShort: () => ['newPassword'],
};

export function ChangePasswordForm() {
  const { t } = useTranslation(['settings', 'messages']);
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [error, setError] = useState<PasswordChangeErrorCode | null>(null);
  const [checked, setChecked] = useState(false);
  const invalid = error ? INVALID[error](values) : [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const code = passwordChangeErrorCode(values);
    setError(code);
    setChecked(code === null);
    // Nothing is sent anywhere: the product signs in by OTP (SPEC 5).
    if (code === null) setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <div>
      <label htmlFor={`password-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={`password-${name}`}
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        aria-invalid={invalid.includes(name) || undefined}
        aria-describedby={error ? 'password-error' : undefined}
        onChange={(e) => {
          setValues((v) => ({ ...v, [name]: e.target.value }));
          setChecked(false);
        }}
      />
    </div>
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="password-title"
      className="mt-4 space-y-4 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <h3 id="password-title" className="font-semibold text-slate-900 dark:text-white">
        {t('password.title')}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('password.note')}</p>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('currentPassword', t('password.current'), 'current-password')}
        {field('newPassword', t('password.new'), 'new-password')}
        {field('confirmPassword', t('password.confirm'), 'new-password')}
      </div>
      {error && (
        <p
          id="password-error"
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
        >
          {t(`messages:${error}`)}
        </p>
      )}
      <p role="status" className="text-sm text-green-800 empty:hidden dark:text-green-300">
        {checked ? t('password.checked') : ''}
      </p>
      <Button type="submit" variant="secondary" className="min-h-11">
        {t('password.submit')}
      </Button>
    </form>
  );
}
