/**
 * The /settings screen (SPEC 2 Settings; SPEC 3, 5, 9; persisted on the server): eight sections —
 * account, security (with Change Password), privacy, notifications, preferences, data and storage
 * (with Export), integrations, advanced — with every SPEC 3 field and the SPEC 9 defaults and
 * choices.
 *
 * Every change is saved at once, to the server and to this browser (SPEC 1 fallback: while the
 * API is unreachable the settings are kept here, 'Not yet synced', and the outbox sends them once
 * it answers);
 * a status line says where they went. Theme and language apply across the app immediately;
 * es, fr, de and ja are stored as the holder's preference while the screens stay English, and
 * the field says so.
 *
 * The settings that act (issue 19): turning Two-factor authentication on makes a passkey first
 * when the holder has none, and once it is saved offers ten recovery codes when the holder has
 * none left (RecoveryCodesDialog; docs/security.md "Recovery codes"); Biometric unlock uses a
 * passkey this device already holds (the two-factor one made with its fingerprint), else
 * registers this device's platform passkey; Automatic backup asks for a backup passphrase first;
 * each is refused in words when that step is cancelled or fails. Session timeout, Login notifications, Suspicious activity alerts, Data
 * sharing and Data retention act on the server when saved.
 *
 * Email notifications and SMS notifications are on only where the product can send (the server's
 * `notification_channels`: a sender configured and an address on file): otherwise the switch is
 * off and disabled and says why, with a link to the profile when an e-mail address is missing.
 */
import {
  INTEGRATIONS,
  type IntegrationFlag,
  isTheme,
  type RecoveryCodesAnswer,
  type SettingsField,
  type SettingsLanguage,
  type UserSettings,
  uiLanguageOf,
} from '@pehchaan/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { InfoIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { hasProblemCode, isApiError } from '@/lib/api-client';
import { useAuth, useSignOut } from '@/lib/auth';
import { setUnlockPasskey, unlockPasskeyOf } from '@/lib/device';
import { isLanguage, setLanguage } from '@/lib/i18n';
import { endonymOf, languageNameIn } from '@/lib/languages';
import { queryKeys } from '@/lib/query-keys';
import { useTheme } from '@/lib/theme';
import { toast } from '@/lib/toast';
import { getBackupsQueryOptions } from '../api/backups';
import type { LocalHolderReaders } from '../api/export-data';
import { getSettingsQueryOptions, type SettingsLoad } from '../api/get-settings';
import { getPasskeysQueryOptions, registerPasskey, setUpUnlockPasskey } from '../api/passkeys';
import { getRecoveryCodesQueryOptions, makeRecoveryCodes } from '../api/recovery-codes';
import { saveSettings } from '../api/update-settings';
import {
  type ChannelView,
  channelOfSwitch,
  channelViews,
  choiceValue,
  FIELD_CHOICES,
  type PlainSettingsField,
  SETTINGS_SECTION_IDS,
  type SettingsSectionId,
  shownFields,
  withChannelViews,
  withDevicePreferences,
} from '../settings-records';
import { AccountSection } from './account-section';
import { ActiveSessions } from './active-sessions';
import { BackupsPanel, PassphraseDialog } from './backups-panel';
import { ChangePasswordForm } from './change-password-form';
import { ExportData } from './export-data';
import { IntegrationsSection } from './integrations-section';
import { PasskeyList } from './passkey-list';
import { RecoveryCodesDialog, RecoveryCodesPanel } from './recovery-codes';
import { SelectRow, SettingsSection, SwitchRow } from './setting-controls';
import '../i18n';

type SaveStatus = 'idle' | 'saving' | 'saved' | 'savedLocally';
/** Where a save went: the server, this device only, nowhere (refused), or replaced by a later one. */
type SaveOutcome = 'api' | 'localStorage' | 'failed' | 'superseded';
type Source = 'api' | 'local' | 'defaults';

const sectionId = (section: SettingsSectionId) => `settings-${section}`;

/**
 * A language choice: its name in its own script (core's registry), and beside it, in brackets,
 * its name in the UI language when there is one and it differs ('मराठी (Marathi)' in English,
 * 'English (अंग्रेज़ी)' in Hindi; lib/languages.tsx).
 */
function languageChoice(code: string, uiLanguage: string) {
  const endonym = endonymOf(code);
  const name = languageNameIn(code, uiLanguage);
  const same =
    name === null ||
    code === uiLanguage ||
    name.toLocaleLowerCase() === endonym.toLocaleLowerCase();
  return { value: code, label: same ? endonym : `${endonym} (${name})`, className: 'endonym' };
}

export function SettingsPage({
  userId,
  readers,
}: {
  userId: string;
  /** This browser's copies of the holder's data, for an export made offline. */
  readers: LocalHolderReaders;
}) {
  const { t, i18n } = useTranslation('settings');
  const { user } = useAuth();
  const signOut = useSignOut();
  const { theme, setTheme } = useTheme();
  const queryClient = useQueryClient();
  const settingsQuery = getSettingsQueryOptions(userId);
  const { data: loaded } = useQuery(settingsQuery);
  const stored = loaded?.settings ?? null;
  const source: Source | null = loaded?.status ?? null;
  const [saveStatus, setStatus] = useState<SaveStatus>('idle');
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef<UserSettings | null>(null);
  // Changes made offline: 'Not yet synced' until the outbox has sent them (then the reload says
  // they are no longer pending, and 'Saved').
  const pendingSync = loaded !== undefined && loaded.status !== 'defaults' && loaded.pendingSync;
  const status: SaveStatus =
    saveStatus === 'saving'
      ? 'saving'
      : pendingSync
        ? 'savedLocally'
        : saveStatus === 'savedLocally'
          ? 'saved'
          : saveStatus;

  const loadFailed =
    loaded !== undefined &&
    loaded.status !== 'api' &&
    !isApiError(loaded.error, 'ERR_API_DISABLED');
  const loadFailedText = t('toast.loadFailed');
  useEffect(() => {
    if (loadFailed) toast.error(loadFailedText);
  }, [loadFailed, loadFailedText]);

  /** Shows `next` at once (the cached load keeps where it came from). */
  const show = useCallback(
    (next: UserSettings) =>
      queryClient.setQueryData(settingsQuery.queryKey, (current) =>
        current ? { ...current, settings: next } : current,
      ),
    [queryClient, settingsQuery.queryKey],
  );

  /** The cached load after a change kept on this device: its settings, not yet synced. */
  const markPending = useCallback(
    (next: UserSettings) =>
      queryClient.setQueryData(settingsQuery.queryKey, (current): SettingsLoad | undefined =>
        current?.status === 'defaults' || current === undefined
          ? {
              status: 'local',
              settings: next,
              pendingSync: true,
              error: current?.error,
              channels: current?.channels ?? null,
            }
          : { ...current, settings: next, pendingSync: true },
      ),
    [queryClient, settingsQuery.queryKey],
  );

  const uiLanguage = isLanguage(i18n.language) ? i18n.language : 'en';
  // A channel that cannot send shows (and saves) its switch off.
  const channels = channelViews(loaded?.channels);
  const settings = stored
    ? withChannelViews(withDevicePreferences(stored, { theme, uiLanguage }), channels)
    : null;

  /** Saves `next` after the saves before it; only the newest queued one is sent. */
  const persist = useCallback(
    (next: UserSettings): Promise<SaveOutcome> => {
      latest.current = next;
      setStatus('saving');
      const run = queue.current.then(async (): Promise<SaveOutcome> => {
        if (latest.current !== next) return 'superseded';
        try {
          const where = await saveSettings(userId, next);
          if (where !== 'api') markPending(next);
          if (latest.current === next) setStatus(where === 'api' ? 'saved' : 'savedLocally');
          // The backups panel says when the next automatic backup is due: it follows the switch.
          if (where === 'api') {
            void queryClient.invalidateQueries({ queryKey: queryKeys.backups(userId) });
          }
          return where;
        } catch (error) {
          if (latest.current === next) setStatus('idle');
          toast.error(
            hasProblemCode(error, 'passkey_required')
              ? t('passkeys.required')
              : hasProblemCode(error, 'backup_key_required')
                ? t('backup.passphraseFirst')
                : t('toast.saveFailed'),
          );
          // The server's copy stands.
          await queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey });
          return 'failed';
        }
      });
      queue.current = run.then(() => undefined);
      return run;
    },
    [userId, t, markPending, queryClient, settingsQuery.queryKey],
  );

  const update = <F extends SettingsField>(
    field: F,
    value: UserSettings[F],
  ): Promise<SaveOutcome> => {
    if (!settings) return Promise.resolve('failed');
    const next: UserSettings = { ...settings, [field]: value };
    if (field === 'theme' && isTheme(value)) setTheme(value);
    if (field === 'language') void setLanguage(uiLanguageOf(value as SettingsLanguage));
    show(next);
    return persist(next);
  };

  /** A new set of recovery codes to show once (RecoveryCodesDialog); null when none is shown. */
  const [shownCodes, setShownCodes] = useState<RecoveryCodesAnswer | null>(null);

  /**
   * Once Two-factor authentication is on: ten recovery codes, when the holder has none left
   * (a holder who kept a set from before keeps it; Make new codes replaces it).
   */
  const offerRecoveryCodes = async () => {
    try {
      const status = await queryClient.fetchQuery({
        ...getRecoveryCodesQueryOptions(userId),
        staleTime: 0,
      });
      if (status.remaining > 0) return;
      const made = await makeRecoveryCodes(userId);
      queryClient.setQueryData(queryKeys.recoveryCodes(userId), {
        remaining: made.remaining,
        created_at: made.created_at,
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activityLogs(userId) });
      setShownCodes(made);
    } catch {
      toast.error(t('recoveryCodes.offerFailed'));
    }
  };

  const [preparing, setPreparing] = useState<SettingsField | null>(null);
  const [askPassphrase, setAskPassphrase] = useState(false);
  const [thisDeviceUnlocks, setThisDeviceUnlocks] = useState(
    () => unlockPasskeyOf(userId) !== null,
  );

  /**
   * Biometric unlock on this device: the passkey it already holds (the two-factor one), else a
   * new platform passkey (api/passkeys.ts setUpUnlockPasskey); remembered here.
   */
  const setUpThisDevice = async (): Promise<boolean> => {
    try {
      const held = await queryClient.fetchQuery({
        ...getPasskeysQueryOptions(userId),
        staleTime: 0,
      });
      const made = await setUpUnlockPasskey(userId, held.length);
      setUnlockPasskey(userId, made.id);
      setThisDeviceUnlocks(true);
      await queryClient.invalidateQueries({ queryKey: queryKeys.passkeys(userId) });
      return true;
    } catch {
      toast.error(t('passkeys.platformFailed'));
      return false;
    }
  };

  /**
   * A switch that needs something first (issue 19): a passkey for Two-factor authentication, this
   * device's platform passkey for Biometric unlock, a passphrase for Automatic backup. Turning
   * off needs nothing.
   */
  const toggle = async (field: SettingsField, checked: boolean) => {
    if (!settings) return;
    if (!checked || !['twoFactorEnabled', 'biometricEnabled', 'autoBackup'].includes(field)) {
      if (field === 'biometricEnabled' && !checked) {
        setUnlockPasskey(userId, null);
        setThisDeviceUnlocks(false);
      }
      void update(field, checked as UserSettings[typeof field]);
      return;
    }
    setPreparing(field);
    try {
      if (field === 'autoBackup') {
        const backups = await queryClient.fetchQuery(getBackupsQueryOptions(userId));
        if (!backups.key_set) {
          setAskPassphrase(true);
          return;
        }
      }
      if (field === 'twoFactorEnabled') {
        const passkeys = await queryClient.fetchQuery(getPasskeysQueryOptions(userId));
        if (passkeys.length === 0) {
          try {
            await registerPasskey(userId, 'any');
            await queryClient.invalidateQueries({ queryKey: queryKeys.passkeys(userId) });
          } catch {
            toast.error(t('passkeys.addFailed'));
            return;
          }
        }
      }
      if (field === 'biometricEnabled' && !(await setUpThisDevice())) return;
      const saved = await update(field, true);
      if (field === 'twoFactorEnabled' && saved === 'api') await offerRecoveryCodes();
    } catch {
      toast.error(t('toast.saveFailed'));
    } finally {
      setPreparing(null);
    }
  };

  const row = (field: PlainSettingsField) => {
    if (!settings) return null;
    const id = `setting-${field}`;
    const label = t(`fields.${field}.label`);
    let description: ReactNode = t(`fields.${field}.description`);
    const value = settings[field];
    if (field === 'biometricEnabled' && value === true && !thisDeviceUnlocks) {
      description = (
        <>
          {description}{' '}
          <strong className="font-medium text-amber-900 dark:text-amber-200">
            {t('passkeys.notOnThisDevice')}
          </strong>{' '}
          <Button
            variant="secondary"
            size="sm"
            className="mt-1"
            onClick={() => void setUpThisDevice()}
          >
            {t('passkeys.setUpHere')}
          </Button>
        </>
      );
    }
    const channel = channelOfSwitch(field);
    const unreachable = channel !== null && !channels[channel].canSend;
    if (channel && unreachable) {
      description = (
        <>
          {description} <ChannelReason channel={channel} view={channels[channel]} />
        </>
      );
    }
    if (typeof value === 'boolean') {
      return (
        <SwitchRow
          key={field}
          id={id}
          label={label}
          disabled={unreachable}
          description={
            preparing === field ? (
              <>
                {description}{' '}
                <span role="status">{t(`preparing.${field}` as 'preparing.autoBackup')}</span>
              </>
            ) : (
              description
            )
          }
          checked={value}
          onChange={(checked) => void toggle(field, checked)}
        />
      );
    }
    const choices = FIELD_CHOICES[field] ?? [];
    return (
      <SelectRow
        key={field}
        id={id}
        label={label}
        description={description}
        value={String(value)}
        disabled={field === 'backupFrequency' && !settings.autoBackup}
        options={choices.map((choice) =>
          field === 'language'
            ? languageChoice(String(choice), uiLanguage)
            : {
                value: String(choice),
                // Keys of every choice exist in both languages (settings.json options.*).
                label: t(`options.${field}.${choice}` as 'options.theme.light'),
              },
        )}
        onChange={(option) =>
          update(field, choiceValue(field, option) as UserSettings[typeof field])
        }
      />
    );
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
          {t('title')}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
        <p
          role="status"
          aria-live="polite"
          className="mt-2 min-h-5 text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          {status === 'saving'
            ? t('status.saving')
            : status === 'saved'
              ? t('status.saved')
              : status === 'savedLocally'
                ? t('status.savedLocally')
                : ''}
        </p>
      </div>

      {!settings ? (
        <Spinner />
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
          <nav aria-label={t('sectionsNav')} className="min-w-0 lg:sticky lg:top-24 lg:self-start">
            <ul className="flex gap-2 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
              {SETTINGS_SECTION_IDS.map((section) => (
                <li key={section} className="shrink-0">
                  <a
                    href={`#${sectionId(section)}`}
                    className="flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                  >
                    {t(`sections.${section}.title`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>

          <div className="min-w-0 space-y-6">
            {(source === 'local' || source === 'defaults') && (
              <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
                <InfoIcon className="mt-0.5 size-4 shrink-0" />
                {t(source === 'local' ? 'notice.localStorage' : 'notice.defaults')}
              </p>
            )}

            {SETTINGS_SECTION_IDS.map((section) => (
              <SettingsSection
                key={section}
                id={sectionId(section)}
                title={t(`sections.${section}.title`)}
                description={t(`sections.${section}.description`)}
              >
                {section === 'account' && (
                  <AccountSection user={user} userId={userId} onSignOut={signOut} />
                )}
                {section === 'integrations' && (
                  <IntegrationsSection
                    flags={
                      Object.fromEntries(
                        INTEGRATIONS.map((flag) => [flag, settings[flag]]),
                      ) as Record<IntegrationFlag, boolean>
                    }
                    onChange={(flag, connected) => update(flag, connected)}
                  />
                )}
                {shownFields(section, uiLanguage).length > 0 && (
                  <div>{shownFields(section, uiLanguage).map((field) => row(field))}</div>
                )}
                {section === 'privacy' && (
                  <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
                    {t('privacyNote')}
                  </p>
                )}
                {section === 'security' && <PasskeyList userId={userId} />}
                {section === 'security' && settings.twoFactorEnabled && (
                  <RecoveryCodesPanel userId={userId} onCodesMade={setShownCodes} />
                )}
                {section === 'security' && <ChangePasswordForm userId={userId} />}
                {section === 'security' && <ActiveSessions userId={userId} onSignOut={signOut} />}
                {section === 'data' && <BackupsPanel userId={userId} />}
                {section === 'data' && (
                  <ExportData userId={userId} settings={settings} readers={readers} />
                )}
              </SettingsSection>
            ))}
          </div>
        </div>
      )}
      <RecoveryCodesDialog made={shownCodes} onClose={() => setShownCodes(null)} />
      <PassphraseDialog
        userId={userId}
        open={askPassphrase}
        onDone={(set) => {
          setAskPassphrase(false);
          setPreparing(null);
          if (set) void update('autoBackup', true);
        }}
      />
    </div>
  );
}

/** Why a notice channel cannot send (ChannelView.reason), and where to fix a missing address. */
function ChannelReason({ channel, view }: { channel: 'email' | 'sms'; view: ChannelView }) {
  const { t } = useTranslation('settings');
  const reason = view.reason ?? 'unknown';
  return (
    <strong className="font-medium text-amber-900 dark:text-amber-200">
      {reason === 'unknown'
        ? t('channels.unknown')
        : t(`channels.${reason === 'no_sender' ? 'noSender' : 'noAddress'}.${channel}`)}
      {reason === 'no_address' && channel === 'email' && (
        <>
          {' '}
          <Link to={paths.app.profile.getHref()} className="underline">
            {t('channels.openProfile')}
          </Link>
        </>
      )}
    </strong>
  );
}
