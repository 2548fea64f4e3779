/**
 * The holder's settings (SPEC 2 Settings, SPEC 3 "Profile and settings fields", SPEC 9 defaults
 * and choices; DECISIONS 6: persisted per user on the server too).
 *
 * Every SPEC 3 field except the password ones: those belong to the change-password form, whose
 * rules are core's validatePasswordChange (SPEC 5); nothing about a password is stored or sent
 * (the product signs in by OTP). The integrations are four connection flags.
 *
 * `userSettingsSchema` checks a complete settings object (PUT /user/{userId}/settings replaces
 * the stored one); `readStoredSettings` reads whatever was stored, filling absent or invalid
 * fields with the defaults, so a record written by an older version still reads.
 */
import { z } from 'zod';
import { OFFERED_LANGUAGES, type OfferedLanguage } from '../languages/registry';
import { DEFAULT_THEME, THEMES } from '../validation/rules';

/**
 * The language choices in Settings, in this order: the languages the product offers
 * (languages/registry.ts OFFERED_LANGUAGES: SPEC 9's en, hi, es, fr, de, ja, then the languages
 * of India whose translations are complete). The app's screens are written in every one of them
 * (UI_LANGUAGES).
 */
export const SETTINGS_LANGUAGES = OFFERED_LANGUAGES;
export type SettingsLanguage = OfferedLanguage;
/** The languages the app's texts are written in: every settings language. */
export const UI_LANGUAGES = SETTINGS_LANGUAGES;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** SPEC 9 time zones. */
export const TIMEZONES = [
  'Asia/Kolkata',
  'America/New_York',
  'Europe/London',
  'Asia/Tokyo',
] as const;
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export const TIME_FORMATS = ['12h', '24h'] as const;
/** The rupee first (SPEC 9: currency INR); the others for holders abroad. */
export const CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'JPY'] as const;
/**
 * Settings › Preferences › Digits: how numbers, dates, times and amounts are written in a
 * language with digits of its own (the registry's `digits`, languages/registry.ts): `latin`
 * (0-9, what India's government apps show, and the default) or `native` (०-९ in Marathi and
 * Hindi, ௦-௯ in Tamil...). Identifiers (Aadhaar, phone and document numbers) stay Latin either way.
 */
export const DIGIT_CHOICES = ['latin', 'native'] as const;
export type DigitChoice = (typeof DIGIT_CHOICES)[number];

/** Minutes of inactivity before signing out. */
export const SESSION_TIMEOUTS = [15, 30, 60, 120] as const;
export const PROFILE_VISIBILITIES = ['private', 'friends', 'public'] as const;
export const BACKUP_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const DATA_RETENTIONS = ['6months', '1year', '2years', '5years'] as const;
/** Export writes JSON (SPEC 7: export of data is local; SPEC 9 exportFormat json). */
export const EXPORT_FORMATS = ['json'] as const;
export const PERFORMANCE_MODES = ['eco', 'balanced', 'performance'] as const;

/** SPEC 3 "connection flags for four external services": the flag name of each. */
export const INTEGRATIONS = [
  'digilockerConnected',
  'umangConnected',
  'googleDriveConnected',
  'dropboxConnected',
] as const;
export type IntegrationFlag = (typeof INTEGRATIONS)[number];

/** SPEC 9: connecting an integration shows a connecting message for 2 seconds. */
export const INTEGRATION_CONNECT_MS = 2000;

/** A boolean field whose messages name it ('twoFactorEnabled is required'). */
function flag(field: string) {
  return z.boolean({
    error: (issue) =>
      issue.input === undefined ? `${field} is required` : `${field} must be true or false`,
  });
}

/** One of `choices`; the message names the field and the choices. */
function choice<const T extends readonly [string, ...string[]]>(field: string, choices: T) {
  return z.enum(choices, {
    error: (issue) =>
      issue.input === undefined
        ? `${field} is required`
        : `${field} must be one of ${choices.join(', ')}`,
  });
}

/** The settings fields of SPEC 3, grouped as the screen's sections show them. */
const settingsShape = {
  // Security
  twoFactorEnabled: flag('twoFactorEnabled'),
  biometricEnabled: flag('biometricEnabled'),
  sessionTimeout: z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? 'sessionTimeout is required'
          : 'sessionTimeout must be a number of minutes',
    })
    .refine((value) => (SESSION_TIMEOUTS as readonly number[]).includes(value), {
      message: `sessionTimeout must be one of ${SESSION_TIMEOUTS.join(', ')} (minutes)`,
    }),
  loginNotifications: flag('loginNotifications'),
  suspiciousActivityAlerts: flag('suspiciousActivityAlerts'),
  // Privacy
  profileVisibility: choice('profileVisibility', PROFILE_VISIBILITIES),
  dataSharing: flag('dataSharing'),
  analyticsOptOut: flag('analyticsOptOut'),
  thirdPartySharing: flag('thirdPartySharing'),
  locationSharing: flag('locationSharing'),
  searchEngineIndexing: flag('searchEngineIndexing'),
  // Notifications
  emailNotifications: flag('emailNotifications'),
  smsNotifications: flag('smsNotifications'),
  pushNotifications: flag('pushNotifications'),
  marketingEmails: flag('marketingEmails'),
  securityAlerts: flag('securityAlerts'),
  updatesNews: flag('updatesNews'),
  // Preferences
  theme: choice('theme', THEMES),
  language: choice('language', SETTINGS_LANGUAGES),
  timezone: choice('timezone', TIMEZONES),
  dateFormat: choice('dateFormat', DATE_FORMATS),
  timeFormat: choice('timeFormat', TIME_FORMATS),
  currency: choice('currency', CURRENCIES),
  // Absent in a record or body written before the choice existed: Latin digits.
  digits: choice('digits', DIGIT_CHOICES).default('latin'),
  // Data and storage
  autoBackup: flag('autoBackup'),
  backupFrequency: choice('backupFrequency', BACKUP_FREQUENCIES),
  dataRetention: choice('dataRetention', DATA_RETENTIONS),
  exportFormat: choice('exportFormat', EXPORT_FORMATS),
  // Integrations
  digilockerConnected: flag('digilockerConnected'),
  umangConnected: flag('umangConnected'),
  googleDriveConnected: flag('googleDriveConnected'),
  dropboxConnected: flag('dropboxConnected'),
  // Advanced
  debugMode: flag('debugMode'),
  performanceMode: choice('performanceMode', PERFORMANCE_MODES),
  cacheEnabled: flag('cacheEnabled'),
  compressionEnabled: flag('compressionEnabled'),
};

/**
 * A complete settings object; unknown keys are refused (a password field among them: passwords
 * are never sent). Body of PUT /user/{userId}/settings.
 */
export const userSettingsSchema = z.strictObject(settingsShape, {
  error: (issue) =>
    issue.code === 'unrecognized_keys'
      ? `Unknown settings field: ${issue.keys.join(', ')}`
      : undefined,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
export type SettingsField = keyof UserSettings;

/**
 * The defaults: SPEC 9 where it names one (sessionTimeout 30, language en, Asia/Kolkata,
 * DD/MM/YYYY, 12h, INR, weekly, 2years, balanced, json, private, system); Data sharing on (issue
 * 19: sharing is what the wallet is for, and each share and each consent is still the holder's
 * own decision); elsewhere the privacy-protective choice, security alerts on, and no integration
 * connected.
 */
export const DEFAULT_SETTINGS: UserSettings = {
  twoFactorEnabled: false,
  biometricEnabled: false,
  sessionTimeout: 30,
  loginNotifications: true,
  suspiciousActivityAlerts: true,
  profileVisibility: 'private',
  dataSharing: true,
  analyticsOptOut: true,
  thirdPartySharing: false,
  locationSharing: false,
  searchEngineIndexing: false,
  emailNotifications: true,
  smsNotifications: true,
  pushNotifications: false,
  marketingEmails: false,
  securityAlerts: true,
  updatesNews: false,
  theme: DEFAULT_THEME,
  language: 'en',
  timezone: 'Asia/Kolkata',
  dateFormat: 'DD/MM/YYYY',
  timeFormat: '12h',
  currency: 'INR',
  digits: 'latin',
  autoBackup: false,
  backupFrequency: 'weekly',
  dataRetention: '2years',
  exportFormat: 'json',
  digilockerConnected: false,
  umangConnected: false,
  googleDriveConnected: false,
  dropboxConnected: false,
  debugMode: false,
  performanceMode: 'balanced',
  cacheEnabled: true,
  compressionEnabled: true,
};

/**
 * Fields kept for SPEC 3's field list and older clients, with no control on the screen: each is
 * fixed at its privacy-protective value, whatever a client sends (docs/requirements.md D8.7 says
 * why each was removed: nothing in the product shows a profile to others, collects analytics,
 * shares with third parties other than through Data sharing, reads location, or lets a search
 * engine index a holder's page).
 */
export const RETIRED_SETTINGS = {
  profileVisibility: 'private',
  analyticsOptOut: true,
  thirdPartySharing: false,
  locationSharing: false,
  searchEngineIndexing: false,
} as const satisfies Partial<UserSettings>;

/** `settings` with the retired fields at their fixed values (RETIRED_SETTINGS). */
export function withRetiredSettings(settings: UserSettings): UserSettings {
  return { ...settings, ...RETIRED_SETTINGS };
}

/** The settings fields, in the order of settingsShape. */
export const SETTINGS_FIELDS = Object.keys(settingsShape) as SettingsField[];

/**
 * Reads a stored settings record leniently: each field that is absent or invalid takes its
 * default; unknown fields are dropped; retired fields read as their fixed values. Never throws.
 */
export function readStoredSettings(stored: unknown): UserSettings {
  const record: Record<string, unknown> =
    typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const result: Record<string, unknown> = {};
  for (const field of SETTINGS_FIELDS) {
    const parsed = settingsShape[field].safeParse(record[field]);
    result[field] = parsed.success ? parsed.data : DEFAULT_SETTINGS[field];
  }
  return withRetiredSettings(result as UserSettings);
}

/**
 * The UI language a settings language shows: itself, now that every settings language is
 * written (kept for records written before, whose language the screens may not show).
 */
export function uiLanguageOf(language: SettingsLanguage): UiLanguage {
  return (UI_LANGUAGES as readonly string[]).includes(language) ? language : 'en';
}

/**
 * The channels Settings › Notifications switches on or off, each with its switch: a notice
 * leaves by e-mail or SMS only when that channel can send (notificationChannelsSchema).
 */
export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const CHANNEL_SWITCHES = {
  email: 'emailNotifications',
  sms: 'smsNotifications',
} as const satisfies Record<NotificationChannel, SettingsField>;

/**
 * Why a channel cannot send: `no_sender` (this server has no sender for it: SMTP_URL for e-mail,
 * SMS_WEBHOOK_URL for SMS), `no_address` (the holder has no e-mail address or phone number on
 * file). A missing sender is named first: adding an address would not help.
 */
export const CHANNEL_UNAVAILABLE_REASONS = ['no_sender', 'no_address'] as const;
export type ChannelUnavailableReason = (typeof CHANNEL_UNAVAILABLE_REASONS)[number];

/** Whether one channel can send to the holder, and if not, why. */
export const notificationChannelSchema = z.object({
  can_send: z.boolean(),
  /** null when it can send. */
  reason: z.enum(CHANNEL_UNAVAILABLE_REASONS).nullable(),
});
export type NotificationChannelState = z.infer<typeof notificationChannelSchema>;

/** Every channel's state (the settings answer's `notification_channels`). */
export const notificationChannelsSchema = z.object({
  email: notificationChannelSchema,
  sms: notificationChannelSchema,
});
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/**
 * A channel's state from its two conditions: a configured sender and an address on file.
 */
export function channelState(hasSender: boolean, hasAddress: boolean): NotificationChannelState {
  if (!hasSender) return { can_send: false, reason: 'no_sender' };
  if (!hasAddress) return { can_send: false, reason: 'no_address' };
  return { can_send: true, reason: null };
}

/**
 * `settings` with the switch of every channel that cannot send turned off: the settings are never
 * stored or answered "on" for a channel nothing is sent through.
 */
export function withReachableChannels(
  settings: UserSettings,
  channels: NotificationChannels,
): UserSettings {
  const next = { ...settings };
  for (const channel of NOTIFICATION_CHANNELS) {
    if (!channels[channel].can_send) next[CHANNEL_SWITCHES[channel]] = false;
  }
  return next;
}

/** GET and PUT /user/{userId}/settings answer. */
export const settingsAnswerSchema = z.object({
  /** The settings; a channel that cannot send has its switch off (withReachableChannels). */
  settings: z.object(settingsShape),
  user_id: z.string(),
  /** The last Save (ISO 8601); null while the defaults were never changed. */
  updated_at: z.string().nullable(),
  /**
   * Which of the e-mail and SMS channels can send to the holder, and why not. This server always
   * sends it; a client reads its absence (an older server's answer) as "not known": both off.
   */
  notification_channels: notificationChannelsSchema.optional(),
  message: z.string().optional(),
});
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;
