/**
 * The Integrations section of /settings (SPEC 2, 3, 9): the four connection flags as cards.
 * Connect shows 'Connecting to {name}...' for 2 seconds (SPEC 9) and then connects (toast
 * 'Connected to {name}'); Disconnect asks for confirmation first. The connections are simulated
 * (no data is exchanged) and the section says so.
 */
import { INTEGRATION_CONNECT_MS, INTEGRATIONS, type IntegrationFlag } from '@pehchaan/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InfoIcon } from '@/components/ui/icons';
import { toast } from '@/lib/toast';
import '../i18n';

export function IntegrationsSection({
  flags,
  onChange,
}: {
  flags: Record<IntegrationFlag, boolean>;
  onChange: (flag: IntegrationFlag, connected: boolean) => void;
}) {
  const { t } = useTranslation('settings');
  const [connecting, setConnecting] = useState<IntegrationFlag | null>(null);
  const [disconnecting, setDisconnecting] = useState<IntegrationFlag | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const name = (flag: IntegrationFlag) => t(`integrations.services.${flag}.name`);

  const connect = (flag: IntegrationFlag) => {
    setConnecting(flag);
    timer.current = setTimeout(() => {
      timer.current = null;
      setConnecting(null);
      latestOnChange.current(flag, true);
      toast.success(t('integrations.connectedToast', { name: name(flag) }));
    }, INTEGRATION_CONNECT_MS);
  };

  const disconnect = () => {
    if (!disconnecting) return;
    onChange(disconnecting, false);
    toast.success(t('integrations.disconnectedToast', { name: name(disconnecting) }));
    setDisconnecting(null);
  };

  return (
    <div className="space-y-4">
      <p className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-400">
        <InfoIcon className="mt-0.5 size-4 shrink-0" />
        {t('integrations.note')}
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {INTEGRATIONS.map((flag) => {
          const connected = flags[flag];
          return (
            <li
              key={flag}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
            >
              <div>
                <p className="font-medium text-slate-900 dark:text-white">{name(flag)}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t(`integrations.services.${flag}.description`)}
                </p>
                <p
                  className={`mt-1 text-sm font-medium ${connected ? 'text-green-800 dark:text-green-300' : 'text-slate-600 dark:text-slate-400'}`}
                >
                  {connected ? t('integrations.connected') : t('integrations.notConnected')}
                </p>
              </div>
              <p
                role="status"
                className="text-sm text-orange-800 empty:hidden dark:text-orange-300"
              >
                {connecting === flag ? t('integrations.connecting', { name: name(flag) }) : ''}
              </p>
              <div>
                {connected ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    className="min-h-11"
                    aria-label={t('integrations.disconnectName', { name: name(flag) })}
                    onClick={() => setDisconnecting(flag)}
                  >
                    {t('integrations.disconnect')}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    className="min-h-11"
                    aria-label={t('integrations.connectName', { name: name(flag) })}
                    disabled={connecting !== null}
                    loading={connecting === flag}
                    onClick={() => connect(flag)}
                  >
                    {t('integrations.connect')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={disconnecting !== null}
        title={
          disconnecting ? t('integrations.disconnectTitle', { name: name(disconnecting) }) : ''
        }
        confirmLabel={t('integrations.disconnect')}
        cancelLabel={t('account.cancel')}
        onConfirm={disconnect}
        onCancel={() => setDisconnecting(null)}
      >
        {disconnecting ? t('integrations.disconnectText', { name: name(disconnecting) }) : ''}
      </ConfirmDialog>
    </div>
  );
}
