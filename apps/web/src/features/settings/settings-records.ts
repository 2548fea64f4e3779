/**
 * Pure rules of the Settings screen (SPEC 2 /settings, SPEC 3, 9): which fields each of
 * the eight sections shows and how (switch or choice), and how the device's live theme and UI
 * language are laid over the stored settings. No storage, no network, no React.
 */
import {
  BACKUP_FREQUENCIES,
  CHANNEL_SWITCHES,
  type ChannelUnavailableReason,
  CURRENCIES,
  DATA_RETENTIONS,
  DATE_FORMATS,
  DIGIT_CHOICES,
  EXPORT_FORMATS,
  type IntegrationFlag,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationChannels,
  PERFORMANCE_MODES,
  type RETIRED_SETTINGS,
  SESSION_TIMEOUTS,
  SETTINGS_LANGUAGES,
  type SettingsField,
  type SettingsLanguage,
  THEMES,
  type Theme,
  TIME_FORMATS,
  TIMEZONES,
  type UiLanguage,
  type UserSettings,
  uiLanguageOf,
} from '@pehchaan/core';
import { hasNativeDigits } from '@/lib/format';

/** The eight sections of SPEC 2, in screen order. */
export const SETTINGS_SECTION_IDS = [
  'account',
  'security',
  'privacy',
  'notifications',
  'preferences',
  'data',
  'integrations',
  'advanced',
] as const;
export type SettingsSectionId = (typeof SETTINGS_SECTION_IDS)[number];

/**
 * The fields shown as a switch or a select row (the integration flags are cards; the retired
 * privacy fields of core's RETIRED_SETTINGS are not shown at all).
 */
export type PlainSettingsField = Exclude<
  SettingsField,
  IntegrationFlag | keyof typeof RETIRED_SETTINGS
>;

/**
 * The plain fields of each section (switches and choices). The account section has none; the
 * security section also holds the passkeys, the change-password form and the sessions, data the
 * backups and the export, and integrations its four connection flags (shown as cards, not here).
 */
export const SECTION_FIELDS: Record<SettingsSectionId, readonly PlainSettingsField[]> = {
  account: [],
  security: [
    'twoFactorEnabled',
    'biometricEnabled',
    'sessionTimeout',
    'loginNotifications',
    'suspiciousActivityAlerts',
  ],
  // Data sharing only: the other privacy switches of SPEC 3 named nothing the product does, so
  // they were removed (core's RETIRED_SETTINGS; docs/requirements.md D8.7 says why).
  privacy: ['dataSharing'],
  notifications: [
    'emailNotifications',
    'smsNotifications',
    'pushNotifications',
    'marketingEmails',
    'securityAlerts',
    'updatesNews',
  ],
  preferences: ['theme', 'language', 'timezone', 'dateFormat', 'timeFormat', 'currency', 'digits'],
  data: ['autoBackup', 'backupFrequency', 'dataRetention', 'exportFormat'],
  integrations: [],
  advanced: ['debugMode', 'performanceMode', 'cacheEnabled', 'compressionEnabled'],
};

/** The choices of every field shown as a select (SPEC 9), in the order offered. */
export const FIELD_CHOICES: Partial<Record<SettingsField, readonly (string | number)[]>> = {
  sessionTimeout: SESSION_TIMEOUTS,
  theme: THEMES,
  language: SETTINGS_LANGUAGES,
  timezone: TIMEZONES,
  dateFormat: DATE_FORMATS,
  timeFormat: TIME_FORMATS,
  currency: CURRENCIES,
  digits: DIGIT_CHOICES,
  backupFrequency: BACKUP_FREQUENCIES,
  dataRetention: DATA_RETENTIONS,
  exportFormat: EXPORT_FORMATS,
  performanceMode: PERFORMANCE_MODES,
};

/**
 * The fields a section shows in UI language `uiLanguage`: SECTION_FIELDS, less Digits where the
 * language has no digits of its own (English, Spanish, French, German, Japanese write 0-9).
 */
export function shownFields(
  section: SettingsSectionId,
  uiLanguage: string,
): readonly PlainSettingsField[] {
  const fields = SECTION_FIELDS[section];
  return hasNativeDigits(uiLanguage) ? fields : fields.filter((field) => field !== 'digits');
}

/** The value a select's option string stands for (sessionTimeout is a number). */
export function choiceValue(field: SettingsField, option: string): string | number {
  const choices = FIELD_CHOICES[field] ?? [];
  return choices.find((choice) => String(choice) === option) ?? option;
}

/** What this device shows right now: the live theme and the UI language. */
export interface DevicePreferences {
  theme: Theme;
  uiLanguage: UiLanguage;
}

/**
 * The settings as the screen shows and saves them: theme and language live on the device (the
 * header's theme toggle and the language keys change them too), so they are taken from it.
 */
export function withDevicePreferences(
  settings: UserSettings,
  device: DevicePreferences,
): UserSettings {
  const language: SettingsLanguage =
    uiLanguageOf(settings.language) === device.uiLanguage ? settings.language : device.uiLanguage;
  return { ...settings, theme: device.theme, language };
}

/**
 * Whether a notice channel (e-mail, SMS) can reach the holder, as the Notifications section
 * shows it: the server's `notification_channels`, or 'unknown' while the server has not said
 * (its answer lacks them, or it cannot be reached and this device never heard).
 */
export interface ChannelView {
  canSend: boolean;
  /** Why not; null when it can send. */
  reason: ChannelUnavailableReason | 'unknown' | null;
}

/** The channel each switch of Settings › Notifications turns on (core's CHANNEL_SWITCHES). */
export function channelOfSwitch(field: SettingsField): NotificationChannel | null {
  return NOTIFICATION_CHANNELS.find((channel) => CHANNEL_SWITCHES[channel] === field) ?? null;
}

/** Every channel's view from the server's answer (null: not known, so none can send). */
export function channelViews(
  channels: NotificationChannels | null | undefined,
): Record<NotificationChannel, ChannelView> {
  const view = (channel: NotificationChannel): ChannelView =>
    channels
      ? { canSend: channels[channel].can_send, reason: channels[channel].reason }
      : { canSend: false, reason: 'unknown' };
  return { email: view('email'), sms: view('sms') };
}

/**
 * `settings` with the switch of every channel that cannot send off: the screen never shows (or
 * saves) "on" for a channel nothing is sent through.
 */
export function withChannelViews(
  settings: UserSettings,
  views: Record<NotificationChannel, ChannelView>,
): UserSettings {
  const next = { ...settings };
  for (const channel of NOTIFICATION_CHANNELS) {
    if (!views[channel].canSend) next[CHANNEL_SWITCHES[channel]] = false;
  }
  return next;
}
