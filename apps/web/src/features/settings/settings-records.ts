/**
 * Pure rules of the Settings screen (SPEC 2 /settings, SPEC 3, 9): which fields each of
 * the eight sections shows and how (switch or choice), and how the device's live theme and UI
 * language are laid over the stored settings. No storage, no network, no React.
 */
import {
  BACKUP_FREQUENCIES,
  CURRENCIES,
  DATA_RETENTIONS,
  DATE_FORMATS,
  EXPORT_FORMATS,
  type IntegrationFlag,
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
  preferences: ['theme', 'language', 'timezone', 'dateFormat', 'timeFormat', 'currency'],
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
  backupFrequency: BACKUP_FREQUENCIES,
  dataRetention: DATA_RETENTIONS,
  exportFormat: EXPORT_FORMATS,
  performanceMode: PERFORMANCE_MODES,
};

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
