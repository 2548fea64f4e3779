/**
 * The Account section of /settings (SPEC 2): who is signed in (Aadhaar and mobile masked, SPEC
 * 5), a link to edit the profile, Log Out behind a confirmation, and Delete Account behind two
 * confirmations (SPEC 2). Deletion is real (DPDP Act s.12; DECISIONS D7: this replaces the
 * original's "not implemented"): the account is erased after a 7-day grace period that signing
 * in again cancels; the security log and consent records are kept for one year, as the law
 * requires, and the screens say so before and after. Confirmations use the accessible
 * ConfirmDialog (focus kept inside, Escape cancels).
 */
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  LEGAL_RETENTION_DAYS,
  maskAadhaar,
  maskField,
} from '@pehchaan/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import type { UserData } from '@/lib/auth';
import { useFormat, useGreetingName } from '@/lib/preferences';
import { toast } from '@/lib/toast';
import { requestAccountDeletion } from '../api/delete-account';
import '../i18n';
import { Ltr } from '@/components/ui/ltr';

type DeleteStep = 'idle' | 'first' | 'second' | 'scheduled';

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
  const format = useFormat();
  // Greeted by name (issue 19): the display name, else the name on the credentials.
  const name = useGreetingName();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [deleteStep, setDeleteStep] = useState<DeleteStep>('idle');
  const [deleting, setDeleting] = useState(false);
  const [eraseAt, setEraseAt] = useState<string | null>(null);
  const days = { days: ACCOUNT_DELETION_GRACE_DAYS, keptDays: LEGAL_RETENTION_DAYS };

  const logout = async () => {
    setLoggingOut(true);
    await onSignOut();
    // Still here: the holder chose to stay signed in (changes not yet synced).
    setLoggingOut(false);
    setConfirmLogout(false);
  };

  const finishDelete = async () => {
    setDeleting(true);
    try {
      const answer = await requestAccountDeletion(userId);
      setEraseAt(answer.erase_at);
      setDeleteStep('scheduled');
    } catch {
      toast.error(t('account.deleteFailed'));
      setDeleteStep('idle');
    } finally {
      setDeleting(false);
    }
  };

  /** The server already signed the holder out everywhere: clear this device and leave. */
  const leave = async () => {
    setDeleteStep('idle');
    await onSignOut();
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
                <dd className="font-mono text-slate-900 dark:text-slate-100">
                  <Ltr>{value}</Ltr>
                </dd>
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
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('account.deleteHint', days)}
        </p>
        <Button variant="danger" className="min-h-11" onClick={() => setDeleteStep('first')}>
          {t('account.delete')}
        </Button>
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
        {t('account.deleteText', days)}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleteStep === 'second'}
        title={t('account.deleteFinalTitle')}
        confirmLabel={t('account.deleteFinalConfirm')}
        cancelLabel={t('account.cancel')}
        busy={deleting}
        busyLabel={t('account.deleting')}
        onConfirm={() => void finishDelete()}
        onCancel={() => setDeleteStep('idle')}
      >
        {t('account.deleteFinalText', days)}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleteStep === 'scheduled'}
        title={t('account.deletedTitle')}
        confirmLabel={t('account.deletedOk')}
        confirmVariant="primary"
        onConfirm={() => void leave()}
        onCancel={() => void leave()}
      >
        <span className="block">
          {t('account.deletedText', {
            ...days,
            date: eraseAt ? format.date(eraseAt) : '',
          })}
        </span>
        <span className="mt-2 block">{t('account.deletedKept', days)}</span>
      </ConfirmDialog>
    </div>
  );
}
