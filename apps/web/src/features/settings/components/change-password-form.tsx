/**
 * Change Password (SPEC 2 Settings security, SPEC 5; issue 19): an optional account password,
 * asked at every sign-in after the OTP as a second factor. Update Password checks the SPEC 5
 * rules in order ('Please fill in all password fields', 'New passwords do not match', 'Password
 * must be at least 8 characters long') here and again on the server, which keeps only a scrypt
 * hash. The current password is asked for once one is set (then the form has three fields, as
 * SPEC 5's); Remove Password takes it away after checking the current one. Needs the API.
 */
import { type PasswordChangeErrorCode, passwordChangeErrorCode } from '@pehchaan/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { hasProblemCode } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { changePassword, getPasswordQueryOptions, removePassword } from '../api/password';
import '../i18n';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type FormError = PasswordChangeErrorCode | 'passwordIncorrect' | 'currentRequired' | 'failed';

/** The fields a failing rule points at. */
const INVALID: Record<FormError, (values: Record<Field, string>, fields: Field[]) => Field[]> = {
  passwordFieldsRequired: (v, fields) => fields.filter((f) => !v[f]),
  passwordsDoNotMatch: () => ['newPassword', 'confirmPassword'],
  passwordTooShort: () => ['newPassword'],
  passwordIncorrect: () => ['currentPassword'],
  currentRequired: () => ['currentPassword'],
  failed: () => [],
};

const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm({ userId }: { userId: string }) {
  const { t } = useTranslation(['settings', 'messages']);
  const queryClient = useQueryClient();
  const { data: status, isError } = useQuery(getPasswordQueryOptions(userId));
  const passwordSet = status?.password_set === true;
  const fields: Field[] = passwordSet
    ? ['currentPassword', 'newPassword', 'confirmPassword']
    : ['newPassword', 'confirmPassword'];
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<FormError | null>(null);
  const [done, setDone] = useState<'set' | 'changed' | 'removed' | null>(null);
  const [busy, setBusy] = useState(false);
  const invalid = error ? INVALID[error](values, fields) : [];

  const settle = async (outcome: 'set' | 'changed' | 'removed') => {
    setValues(EMPTY);
    setError(null);
    setDone(outcome);
    toast.success(t(`password.done.${outcome}`));
    await queryClient.invalidateQueries({ queryKey: queryKeys.password(userId) });
  };

  const refuse = (failure: unknown) => {
    setError(hasProblemCode(failure, 'password_incorrect') ? 'passwordIncorrect' : 'failed');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const code = passwordChangeErrorCode(values, { currentRequired: passwordSet });
    setError(code);
    if (code !== null) return;
    setBusy(true);
    try {
      await changePassword(userId, {
        current: passwordSet ? values.currentPassword : undefined,
        next: values.newPassword,
        confirm: values.confirmPassword,
      });
      await settle(passwordSet ? 'changed' : 'set');
    } catch (failure) {
      refuse(failure);
    } finally {
      setBusy(false);
    }
  };

  const onRemove = async () => {
    setDone(null);
    if (!values.currentPassword) {
      setError('currentRequired');
      return;
    }
    setBusy(true);
    try {
      await removePassword(userId, values.currentPassword);
      await settle('removed');
    } catch (failure) {
      refuse(failure);
    } finally {
      setBusy(false);
    }
  };

  const errorText = (code: FormError) =>
    code === 'passwordIncorrect'
      ? t('password.incorrect')
      : code === 'currentRequired'
        ? t('password.currentRequired')
        : code === 'failed'
          ? t('password.failed')
          : t(`messages:${code}`);

  const field = (name: Field, label: string, autoComplete: string) => (
    <div key={name}>
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
          setDone(null);
        }}
      />
    </div>
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="password-title"
      className="mt-4 space-y-4 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <h3 id="password-title" className="font-semibold text-slate-900 dark:text-white">
        {t('password.title')}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {isError
          ? t('password.loadFailed')
          : passwordSet
            ? t('password.noteSet')
            : t('password.note')}
      </p>
      <div className={`grid gap-4 ${passwordSet ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {passwordSet && field('currentPassword', t('password.current'), 'current-password')}
        {field('newPassword', t('password.new'), 'new-password')}
        {field('confirmPassword', t('password.confirm'), 'new-password')}
      </div>
      {error && (
        <p
          id="password-error"
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
        >
          {errorText(error)}
        </p>
      )}
      <p role="status" className="text-sm text-green-800 empty:hidden dark:text-green-300">
        {done ? t(`password.done.${done}`) : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant="secondary"
          className="min-h-11"
          loading={busy}
          loadingLabel={t('password.saving')}
          disabled={isError || status === undefined}
        >
          {t('password.submit')}
        </Button>
        {passwordSet && (
          <Button
            variant="secondary"
            className="min-h-11"
            disabled={busy}
            onClick={() => void onRemove()}
          >
            {t('password.remove')}
          </Button>
        )}
      </div>
    </form>
  );
}
