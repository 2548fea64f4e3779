/**
 * Encrypted backups, in the Data and Storage section of /settings (issue 19; docs/security.md
 * "Encrypted backups"). Automatic backup makes them on the chosen schedule (the server, hourly);
 * Back up now makes one at once. Each is the holder's export encrypted so that only the backup
 * passphrase opens it: Download gives the file, Restore opens a file with the passphrase in this
 * browser and brings back the settings and any credential missing now (the server checks every
 * signature). `PassphraseDialog` sets the passphrase (also when Automatic backup is turned on
 * without one). Needs the API.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { hasProblemCode } from '@/lib/api-client';
import { useFormat } from '@/lib/preferences';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import {
  BackupFileError,
  backUpNow,
  downloadBackup,
  getBackupsQueryOptions,
  PASSPHRASE_MIN_LENGTH,
  restoreBackupFile,
  setBackupPassphrase,
} from '../api/backups';
import '../i18n';

/** Asks for a new backup passphrase twice and sets it; `onDone(true)` once set. */
export function PassphraseDialog({
  userId,
  open,
  onDone,
}: {
  userId: string;
  open: boolean;
  onDone: (set: boolean) => void;
}) {
  const { t } = useTranslation('settings');
  const ids = useId();
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  const close = (set: boolean) => {
    setPassphrase('');
    setAgain('');
    setError(null);
    onDone(set);
  };

  const confirm = async () => {
    if (passphrase.length < PASSPHRASE_MIN_LENGTH) {
      setError(t('backup.passphraseShort', { count: PASSPHRASE_MIN_LENGTH }));
      return;
    }
    if (passphrase !== again) {
      setError(t('backup.passphraseMismatch'));
      return;
    }
    setBusy(true);
    try {
      await setBackupPassphrase(userId, passphrase);
      await queryClient.invalidateQueries({ queryKey: queryKeys.backups(userId) });
      toast.success(t('backup.passphraseSet'));
      close(true);
    } catch {
      setError(t('backup.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('backup.passphraseTitle')}
      confirmLabel={t('backup.passphraseConfirm')}
      confirmVariant="primary"
      cancelLabel={t('account.cancel')}
      busy={busy}
      busyLabel={t('backup.working')}
      onConfirm={() => void confirm()}
      onCancel={() => close(false)}
    >
      <span className="block">{t('backup.passphraseText')}</span>
      <span className="mt-3 block space-y-3">
        <span className="block">
          <label htmlFor={`${ids}-one`} className="text-sm font-medium">
            {t('backup.passphrase')}
          </label>
          <Input
            id={`${ids}-one`}
            type="password"
            autoComplete="new-password"
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
          />
        </span>
        <span className="block">
          <label htmlFor={`${ids}-two`} className="text-sm font-medium">
            {t('backup.passphraseAgain')}
          </label>
          <Input
            id={`${ids}-two`}
            type="password"
            autoComplete="new-password"
            value={again}
            onChange={(e) => setAgain(e.target.value)}
          />
        </span>
        {error && (
          <span role="alert" className="block text-sm text-red-700 dark:text-red-300">
            {error}
          </span>
        )}
      </span>
    </ConfirmDialog>
  );
}

export function BackupsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const ids = useId();
  const queryClient = useQueryClient();
  const { data, isError } = useQuery(getBackupsQueryOptions(userId));
  const [settingPassphrase, setSettingPassphrase] = useState(false);
  const [busy, setBusy] = useState<'backup' | 'restore' | string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.backups(userId) });

  const makeNow = async () => {
    setBusy('backup');
    try {
      await backUpNow(userId);
      toast.success(t('backup.made'));
      await reload();
    } catch (error) {
      toast.error(
        hasProblemCode(error, 'backup_key_required')
          ? t('backup.passphraseFirst')
          : t('backup.failed'),
      );
    } finally {
      setBusy(null);
    }
  };

  const download = async (backupId: string) => {
    setBusy(backupId);
    try {
      await downloadBackup(userId, backupId);
    } catch {
      toast.error(t('backup.failed'));
    } finally {
      setBusy(null);
    }
  };

  const restore = async () => {
    setRestoreError(null);
    setRestored(null);
    if (!file || !passphrase) {
      setRestoreError(t('backup.restoreMissing'));
      return;
    }
    setBusy('restore');
    try {
      const answer = await restoreBackupFile(userId, await file.text(), passphrase);
      const text = t('backup.restored', { count: answer.credentials_restored });
      setRestored(text);
      toast.success(text);
      setPassphrase('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.credentials(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.settings(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activityLogs(userId) }),
      ]);
    } catch (error) {
      setRestoreError(
        error instanceof BackupFileError
          ? t(`backup.${error.reason === 'not_a_backup' ? 'notABackup' : 'wrongPassphrase'}`)
          : hasProblemCode(error, 'backup_invalid')
            ? t('backup.invalid')
            : t('backup.failed'),
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mt-4 space-y-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <div>
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('backup.title')}</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('backup.text')}</p>
      </div>
      {isError ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('backup.loadFailed')}</p>
      ) : (
        data && (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {!data.key_set
                ? t('backup.noPassphrase')
                : data.next_due_at
                  ? t('backup.nextDue', { date: format.date(data.next_due_at) })
                  : t('backup.manualOnly')}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                className="min-h-11"
                onClick={() => setSettingPassphrase(true)}
              >
                {data.key_set ? t('backup.changePassphrase') : t('backup.setPassphrase')}
              </Button>
              <Button
                variant="secondary"
                className="min-h-11"
                disabled={!data.key_set}
                loading={busy === 'backup'}
                loadingLabel={t('backup.working')}
                onClick={() => void makeNow()}
              >
                {t('backup.now')}
              </Button>
            </div>
            {data.backups.length > 0 && (
              <ul
                aria-label={t('backup.listLabel')}
                className="divide-y divide-slate-200 dark:divide-slate-800"
              >
                {data.backups.map((backup) => (
                  <li key={backup.id} className="flex items-center justify-between gap-3 py-2">
                    <span className="text-sm text-slate-800 dark:text-slate-200">
                      {t('backup.item', {
                        date: format.date(backup.created_at),
                        size: Math.max(1, Math.round(backup.size / 1024)),
                      })}
                    </span>
                    <Button
                      variant="secondary"
                      size="sm"
                      loading={busy === backup.id}
                      loadingLabel={t('backup.working')}
                      aria-label={t('backup.downloadName', {
                        date: format.date(backup.created_at),
                      })}
                      onClick={() => void download(backup.id)}
                    >
                      {t('backup.download')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )
      )}
      <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 font-medium text-slate-900 dark:text-slate-100">
          {t('backup.restoreTitle')}
        </legend>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('backup.restoreText')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${ids}-file`} className="text-sm font-medium">
              {t('backup.file')}
            </label>
            <input
              id={`${ids}-file`}
              type="file"
              accept="application/json,.json"
              onChange={(event: ChangeEvent<HTMLInputElement>) =>
                setFile(event.target.files?.[0] ?? null)
              }
              className="mt-1 block w-full text-sm text-slate-800 file:me-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:font-medium dark:text-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100"
            />
          </div>
          <div>
            <label htmlFor={`${ids}-passphrase`} className="text-sm font-medium">
              {t('backup.passphrase')}
            </label>
            <Input
              id={`${ids}-passphrase`}
              type="password"
              autoComplete="off"
              value={passphrase}
              onChange={(e) => setPassphrase(e.target.value)}
            />
          </div>
        </div>
        {restoreError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {restoreError}
          </p>
        )}
        <p role="status" className="text-sm text-green-800 empty:hidden dark:text-green-300">
          {restored ?? ''}
        </p>
        <Button
          variant="secondary"
          className="min-h-11"
          loading={busy === 'restore'}
          loadingLabel={t('backup.working')}
          onClick={() => void restore()}
        >
          {t('backup.restore')}
        </Button>
      </fieldset>
      <PassphraseDialog
        userId={userId}
        open={settingPassphrase}
        onDone={() => setSettingPassphrase(false)}
      />
    </div>
  );
}
