/**
 * The /login screen (SPEC 2): the login card with the demo banner, and the Login Debugger in the
 * page's collapsed Developer tools panel (issue 19).
 */
import { useTranslation } from 'react-i18next';
import { DeveloperTools } from '@/components/ui/developer-tools';
import type { UserData } from '@/lib/auth';
import { LoginDebugger } from './login-debugger';
import { LoginForm } from './login-form';

export function LoginPage({ onSuccess }: { onSuccess: (user: UserData) => void }) {
  const { t } = useTranslation('auth');
  return (
    <div className="mx-auto w-full max-w-lg px-3 py-8 sm:py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('title')}</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
        <LoginForm onSuccess={onSuccess} />
      </div>
      <div className="mt-6">
        <DeveloperTools>
          <LoginDebugger onSuccess={onSuccess} />
        </DeveloperTools>
      </div>
    </div>
  );
}
