/**
 * PUT /user/{userId}/profile (DECISIONS 6: Save persists and writes a `profile_updated` entry;
 * issue 19): replaces the holder's contact fields (display name, email, username, bio). The
 * identity fields (name, mobile number, date of birth, gender, address) come from the holder's
 * issued credentials and are never changed here: a request may carry them (older clients send
 * SPEC 3's eight fields) only with the values the profile shows.
 *
 * Input: { db, vault, now, userId, update } where `update` passed core's profile update schema
 * (trimmed, validated). Output: { profile, activityLog }: the saved Profile and the entry written,
 * 'Updated profile: <changed fields>' — or activityLog null when nothing changed (nothing is
 * written then, not even the update time).
 * Errors: AppError 'user_not_found' (404); 'credential_backed_field' (422, core's
 * credentialBackedFieldDetail naming the fields) when an identity field differs from what the
 * credentials show; 'username_taken' (409, 'This username is already taken') when another holder
 * has the username (also when two Saves race: the unique index decides).
 */
import {
  type ActivityLog,
  changedIdentityFields,
  changedProfileFields,
  credentialBackedFieldDetail,
  PROFILE_MESSAGES,
  type Profile,
  type ProfileUpdate,
  profileToInput,
} from '@pehchaan/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { users } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import { AppError } from '../lib/errors';
import { selectUser } from '../lib/holder-reads';
import type { Vault } from '../lib/vault';
import { profileOf } from './get-profile';

export interface UpdateProfileOptions {
  db: Db;
  vault: Vault;
  now: () => Date;
  userId: string;
  update: ProfileUpdate;
}

export interface UpdateProfileResult {
  profile: Profile;
  activityLog: ActivityLog | null;
}

/** PostgreSQL's unique_violation, as node-postgres or PGlite report it (maybe wrapped by Drizzle). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && e.code === '23505') return true;
  }
  return false;
}

export async function updateProfile(options: UpdateProfileOptions): Promise<UpdateProfileResult> {
  const { db, userId, update } = options;
  const taken = new AppError('username_taken', PROFILE_MESSAGES.usernameTaken);
  try {
    return await db.transaction(async (tx) => {
      const reader = { db: tx, vault: options.vault, now: options.now };
      const current = await profileOf(reader, await selectUser(tx, userId));
      const refused = changedIdentityFields(current, update.identity);
      if (refused.length > 0) {
        throw new AppError('credential_backed_field', credentialBackedFieldDetail(refused));
      }
      const changed = changedProfileFields(profileToInput(current), {
        display_name: update.display_name ?? '',
        email: update.email,
        username: update.username ?? '',
        bio: update.bio ?? '',
      });
      if (changed.length === 0) return { profile: current, activityLog: null };

      if (changed.includes('username') && update.username) {
        const [other] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.username, update.username), ne(users.id, userId)));
        if (other) throw taken;
      }
      const now = options.now();
      const [row] = await tx
        .update(users)
        .set({
          displayName: update.display_name,
          email: update.email,
          username: update.username,
          bio: update.bio,
          profileUpdatedAt: now,
        })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new Error('Updating the profile returned no row');
      const activityLog = await recordActivity({
        db: tx,
        now: () => now,
        userId,
        type: 'profile_updated',
        message: { code: 'profile_updated', params: { fields: changed.join(',') } },
      });
      return { profile: await profileOf(reader, row), activityLog };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken;
    throw error;
  }
}
