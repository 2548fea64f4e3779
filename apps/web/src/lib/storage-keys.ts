/**
 * The localStorage key names of SPEC 7, on their own so that code which must stay small (the
 * public pages' start, src/public-start.ts) can name a key without loading the encrypted storage
 * of lib/storage.ts, which owns every read and write of them.
 */

/** The localStorage keys of SPEC 7 (plus the UI language of the Hindi toggle). */
export const STORAGE_KEYS = {
  credentials: 'credentials',
  consentRequests: 'consentRequests',
  activityLogs: 'activityLogs',
  userData: 'userData',
  sessionToken: 'sessionToken',
  theme: 'theme',
  language: 'language',
  /** The holder's profile and settings, by user id (features/profile, settings). */
  profile: 'profile',
  settings: 'settings',
  /** Changes made while the API was unreachable, replayed in order (lib/sync/outbox). */
  outbox: 'outbox',
  /**
   * This browser's random device id, sent at sign-in so a new device can be told (Login
   * notifications; lib/device.ts). Not personal data; kept across sign-outs.
   */
  deviceId: 'deviceId',
  /**
   * Which holders registered this device's platform passkey for Biometric unlock: user id ->
   * credential id (lib/device.ts). Public identifiers only; kept across sign-outs.
   */
  unlockPasskeys: 'unlockPasskeys',
  /** When the holder last used the app, in ms since the epoch (the idle lock, lib/device.ts). */
  lastActivity: 'lastActivity',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
