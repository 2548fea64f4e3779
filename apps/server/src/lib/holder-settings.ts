/**
 * The holder's settings (SPEC 3 and 9), read by every role that acts on them, and the Data
 * sharing rule. GET /user/{userId}/settings answers getSettings: the holder's settings, or core's
 * DEFAULT_SETTINGS while none were saved. Stored fields that are absent or no longer valid read
 * as their defaults (readStoredSettings).
 *
 * Input: { db, userId, holderKnown? }. Output: { settings (complete UserSettings), updatedAt
 * (null while never saved) }. Errors: AppError 'user_not_found' (404), unless `holderKnown` (the
 * caller has just read the holder's row: no second read to tell an unknown holder apart).
 *
 * `getHolderSettings` is the view the holder is answered (Settings › Notifications): the same,
 * plus which notice channels can send to them (`channels`, core's notificationChannelsSchema),
 * with the switch of every channel that cannot send read as off (core's withReachableChannels).
 */
import {
  DEFAULT_SETTINGS,
  type NotificationChannels,
  readStoredSettings,
  type UserSettings,
  withReachableChannels,
} from '@pehchaan/core';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/create-db';
import { userSettings } from '../db/schema';
import { AppError } from './errors';
import { selectUser } from './holder-reads';
import { type Notifier, notificationChannelsOf } from './notifier';
import { prepared } from './prepared';

export interface GetSettingsOptions {
  db: DbOrTx;
  userId: string;
  /** The caller holds the holder's row: no settings row reads as the defaults, unchecked. */
  holderKnown?: boolean;
}

export interface StoredSettings {
  settings: UserSettings;
  updatedAt: Date | null;
}

export async function getSettings(options: GetSettingsOptions): Promise<StoredSettings> {
  const { db, userId } = options;
  const [row] = await prepared(db, 'select_user_settings', (handle) =>
    handle
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, sql.placeholder('userId')))
      .prepare('select_user_settings'),
  ).execute({ userId });
  if (!row) {
    // No row: an unknown holder is a 404, a known one has the defaults.
    if (!options.holderKnown) await selectUser(db, userId);
    return { settings: { ...DEFAULT_SETTINGS }, updatedAt: null };
  }
  return { settings: readStoredSettings(row.settings), updatedAt: row.updatedAt };
}

/** The holder's view of their settings: see the module docs. */
export interface HolderSettings extends StoredSettings {
  channels: NotificationChannels;
}

/** See the module docs. Errors: AppError 'user_not_found' (404). */
export async function getHolderSettings(
  options: GetSettingsOptions & { notifier: Notifier },
): Promise<HolderSettings> {
  const user = await selectUser(options.db, options.userId);
  const stored = await getSettings(options);
  const channels = notificationChannelsOf(options.notifier, user);
  return { ...stored, settings: withReachableChannels(stored.settings, channels), channels };
}

/**
 * Settings › Privacy › Data sharing (issue 19): while the holder has it off, nothing new leaves
 * the wallet: no new share link (wallet/create-share.ts) and no consent approval, SPEC 3 or
 * OpenID4VP (consent/decide-consent-request.ts). What was shared before stays as it was (the
 * holder withdraws links and consents one by one); rejecting a request is always allowed.
 *
 * Input: { db, userId }. Errors: AppError 'data_sharing_off' (403, DATA_SHARING_OFF_DETAIL).
 */
export const DATA_SHARING_OFF_DETAIL =
  'Data sharing is off in Settings › Privacy. Turn it on to share or approve requests.';

export async function requireDataSharing(options: { db: DbOrTx; userId: string }): Promise<void> {
  // The signed-in holder exists: no row means the defaults (Data sharing on).
  const [row] = await options.db
    .select({ settings: userSettings.settings })
    .from(userSettings)
    .where(eq(userSettings.userId, options.userId));
  requireDataSharingIn(row?.settings ?? null);
}

/**
 * requireDataSharing's rule on the holder's stored settings read by the caller (with
 * `storedSettingsOf`): null (none saved) means the defaults, Data sharing on.
 * Errors: AppError 'data_sharing_off' (403, DATA_SHARING_OFF_DETAIL).
 */
export function requireDataSharingIn(stored: Record<string, unknown> | null): void {
  const settings = stored ? readStoredSettings(stored) : DEFAULT_SETTINGS;
  if (!settings.dataSharing) throw new AppError('data_sharing_off', DATA_SHARING_OFF_DETAIL);
}

/**
 * The stored settings (the jsonb `settings`, null while none were saved) of the holder whose id
 * is `holderId` (a column of the caller's query, e.g. users.id), as a scalar subquery to select:
 * so a caller that reads a row of the holder anyway learns their settings in the same statement
 * (docs/performance.md "Flows", session 40). A read: any role may use it.
 */
export function storedSettingsOf(holderId: AnyPgColumn): SQL<StoredSettingsValue> {
  const { settings, userId } = userSettings;
  return sql<StoredSettingsValue>`(select ${settings} from ${userSettings} where ${userId} = ${holderId})`;
}

/** The stored `settings` jsonb of a holder, null while none were saved. */
type StoredSettingsValue = Record<string, unknown> | null;
