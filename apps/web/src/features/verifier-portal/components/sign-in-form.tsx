/**
 * The portal's sign-in (issue 16): an officer pastes the organisation's API key ('pvk_...'). The
 * key is checked with GET /verifier/me before it is kept (sessionStorage, this tab only); a key
 * the server refuses reads 'This API key is not valid...' and is not kept.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { hasProblemCode, isApiUnavailable } from '@/lib/api-client';
import { problemMessage } from '@/lib/problem-message';
import { verifierOrganisationQuery } from '../api/get-verifier-organisation';
import { API_KEY_SHAPE, keepApiKey } from '../api-key-store';
import '../i18n';

export function SignInForm({
  onSignedIn,
  initialError = null,
}: {
  /** Called with the accepted key once the server knows it. */
  onSignedIn: (apiKey: string) => void;
  /** A message to show at once (e.g. a kept key the server no longer accepts). */
  initialError?: string | null;
}) {
  const { t } = useTranslation('verifierPortal');
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(initialError);
  const [checking, setChecking] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const apiKey = value.trim();
    if (!API_KEY_SHAPE.test(apiKey)) {
      setError(t('signIn.invalidFormat'));
      return;
    }
    setChecking(true);
    setError(null);
    try {
      await queryClient.fetchQuery(verifierOrganisationQuery(apiKey));
      keepApiKey(apiKey);
      onSignedIn(apiKey);
    } catch (caught) {
      setError(
        hasProblemCode(caught, 'unauthenticated')
          ? t('signIn.invalid')
          : isApiUnavailable(caught)
            ? t('signIn.unavailable')
            : problemMessage(caught, { fallback: t('signIn.unavailable') }),
      );
    } finally {
      setChecking(false);
    }
  };

  return (
    <Card title={t('signIn.heading')} className="mx-auto max-w-lg rounded-2xl p-5 sm:p-6">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={inputId} className="font-medium text-slate-800 dark:text-slate-200">
            {t('signIn.label')}
          </label>
          <Input
            id={inputId}
            type="password"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            className="font-mono"
            placeholder="pvk_..."
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          />
          <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t('signIn.hint')}
          </p>
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        <Button type="submit" loading={checking} loadingLabel={t('signIn.checking')}>
          {t('signIn.submit')}
        </Button>
      </form>
    </Card>
  );
}
