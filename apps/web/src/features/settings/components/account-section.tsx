/**
 * The Account section of /settings (SPEC 2): who is signed in (Aadhaar and mobile masked, SPEC
 * 5), a link to edit the profile, Log Out behind a confirmation, and Delete Account behind two
 * confirmations, after which it says deletion is not implemented (SPEC 2, 8). Confirmations use
 * the accessible ConfirmDialog (focus kept inside, Escape cancels).
 */
import { maskAadhaar, maskField } from '@pehchaan/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import type { UserData } from '@/lib/auth';
import { useGreetingName } from '@/lib/preferences';
import { toast } from '@/lib/toast';
import '../i18n';

type DeleteStep = 'idle' | 'first' | 'second';

export function AccountSection({
  user,
  userId,
  onSignOut,
}: {
  user: UserData | null;
  userId: string;
  onSignOut: () => Promise<void>;
}) {
  const { t } = useTranslation('settings');
  // Greeted by name (issue 19): the display name, else the name on the credentials.
  const name = useGreetingName();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [deleteStep, setDeleteStep] = useState<DeleteStep>('idle');
  const [deleteRefused, setDeleteRefused] = useState(false);

  const logout = async () => {
    setLoggingOut(true);
    await onSignOut();
    // Still here: the holder chose to stay signed in (changes not yet synced).
    setLoggingOut(false);
    setConfirmLogout(false);
  };

  const finishDelete = () => {
    setDeleteStep('idle');
    setDeleteRefused(true);
    toast.error(t('account.deleteNotImplemented'));
  };

  const rows: [string, string][] = [
    [t('account.name'), name ?? ''],
    [t('account.userId'), userId],
    [t('account.aadhaar'), user?.aadhaarId ? maskAadhaar(user.aadhaarId) : ''],
    [t('account.phone'), user?.phone ? String(maskField('phone', user.phone)) : ''],
  ];

  return (
    <div className="space-y-5">
      <div>
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">
          {t('account.signedInAs')}
        </p>
        <dl className="mt-2 grid gap-3 sm:grid-cols-2">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="font-mono text-slate-900 dark:text-slate-100">{value}</dd>
              </div>
            ))}
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.app.profile.getHref()} className={`${buttonClasses('secondary')} min-h-11`}>
          {t('account.editProfile')}
        </Link>
        <Button variant="secondary" className="min-h-11" onClick={() => setConfirmLogout(true)}>
          {t('account.logout')}
        </Button>
      </div>
      <div className="space-y-2 rounded-xl border border-red-200 p-4 dark:border-red-900">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('account.deleteHint')}</p>
        <Button
          variant="danger"
          className="min-h-11"
          onClick={() => {
            setDeleteRefused(false);
            setDeleteStep('first');
          }}
        >
          {t('account.delete')}
        </Button>
        <p
          role="status"
          className="text-sm font-medium text-red-800 empty:hidden dark:text-red-300"
        >
          {deleteRefused ? t('account.deleteNotImplemented') : ''}
        </p>
      </div>

      <ConfirmDialog
        open={confirmLogout}
        title={t('account.logoutTitle')}
        confirmLabel={t('account.logoutConfirm')}
        cancelLabel={t('account.cancel')}
        busy={loggingOut}
        busyLabel={t('account.loggingOut')}
        onConfirm={() => void logout()}
        onCancel={() => setConfirmLogout(false)}
      >
        {t('account.logoutText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleteStep === 'first'}
        title={t('account.deleteTitle')}
        confirmLabel={t('account.deleteContinue')}
        cancelLabel={t('account.cancel')}
        onConfirm={() => setDeleteStep('second')}
        onCancel={() => setDeleteStep('idle')}
      >
        {t('account.deleteText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleteStep === 'second'}
        title={t('account.deleteFinalTitle')}
        confirmLabel={t('account.deleteFinalConfirm')}
        cancelLabel={t('account.cancel')}
        onConfirm={finishDelete}
        onCancel={() => setDeleteStep('idle')}
      >
        {t('account.deleteFinalText')}
      </ConfirmDialog>
    </div>
  );
}
