/**
 * The holder's passkeys, in the Security section of /settings (issue 19): each with its name,
 * its kind (this device's screen lock, for Biometric unlock, or a security key or phone) and when
 * it was added and last used, and Remove behind a confirmation. Removing the last one turns
 * Two-factor authentication and Biometric unlock off (the server does it; the settings are
 * reloaded and the row says so). Needs the API.
 */
import type { PasskeyRecord } from '@pehchaan/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { setUnlockPasskey, unlockPasskeyOf } from '@/lib/device';
import { useFormat } from '@/lib/preferences';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { deletePasskey, getPasskeysQueryOptions } from '../api/passkeys';
import '../i18n';

export function PasskeyList({ userId }: { userId: string }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const queryClient = useQueryClient();
  const { data: passkeys, isError } = useQuery(getPasskeysQueryOptions(userId));
  const [removing, setRemoving] = useState<PasskeyRecord | null>(null);
  const thisDevice = unlockPasskeyOf(userId);

  const remove = useMutation({
    mutationFn: (passkey: PasskeyRecord) => deletePasskey(userId, passkey.id),
    onSuccess: (_answer, passkey) => {
      if (passkey.id === thisDevice) setUnlockPasskey(userId, null);
      toast.success(t('passkeys.removed'));
    },
    onError: () => toast.error(t('passkeys.removeFailed')),
    onSettled: async () => {
      setRemoving(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.passkeys(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.settings(userId) }),
      ]);
    },
  });

  return (
    <div className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 className="font-semibold text-slate-900 dark:text-white">{t('passkeys.title')}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('passkeys.description')}</p>
      {isError ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('passkeys.loadFailed')}</p>
      ) : passkeys && passkeys.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('passkeys.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {(passkeys ?? []).map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-slate-100">
                  {passkey.name}
                  {passkey.id === thisDevice && (
                    <span className="ms-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-200">
                      {t('passkeys.thisDevice')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {passkey.attachment === 'platform'
                    ? t('passkeys.platform')
                    : t('passkeys.roaming')}
                  {' · '}
                  {t('passkeys.added', { date: format.date(passkey.created_at) })}
                  {passkey.last_used_at &&
                    ` · ${t('passkeys.lastUsed', { date: format.date(passkey.last_used_at) })}`}
                </p>
              </div>
              <Button
                variant="secondary"
                className="min-h-11 self-start sm:self-auto"
                aria-label={t('passkeys.removeName', { name: passkey.name })}
                onClick={() => setRemoving(passkey)}
              >
                {t('passkeys.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('passkeys.removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={t('passkeys.remove')}
        cancelLabel={t('account.cancel')}
        busy={remove.isPending}
        busyLabel={t('passkeys.removing')}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      >
        {passkeys?.length === 1 ? t('passkeys.removeLastText') : t('passkeys.removeText')}
      </ConfirmDialog>
    </div>
  );
}
