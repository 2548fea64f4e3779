/**
 * PUT /user/{userId}/profile (DECISIONS 6: Save persists and writes a `profile_updated`
 * entry): replaces the holder's eight editable fields (name, email, phone, username, bio, date
 * of birth, gender, address). Identity numbers are not touched.
 *
 * Input: { db, now, userId, update } where `update` passed core's profile update schema (trimmed,
 * validated). Output: { profile, activityLog }: the saved Profile and the entry written,
 * 'Updated profile: <changed fields>' — or activityLog null when nothing changed (nothing is
 * written then, not even the update time).
 * Errors: AppError 'user_not_found' (404); 'username_taken' (409, 'This username is already
 * taken') when another holder has the username (also when two Saves race: the unique index
 * decides).
 *
 * Note: the phone is also the number a real OTP login (OTP_PROVIDER=console) is matched with; the
 * demo accounts sign in with their published pairs whatever the profile says.
 */
import {
  type ActivityLog,
  changedProfileFields,
  PROFILE_MESSAGES,
  type Profile,
  type ProfileInput,
  type ProfileUpdate,
} from '@pehchaan/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { type UserRow, users } from '../db/schema';
import { AppError } from '../lib/errors';
import { toProfile } from '../lib/records';
import { selectUser } from './get-profile';
import { recordActivity } from './record-activity';

export interface UpdateProfileOptions {
  db: Db;
  now: () => Date;
  userId: string;
  update: ProfileUpdate;
}

export interface UpdateProfileResult {
  profile: Profile;
  activityLog: ActivityLog | null;
}

function inputOf(row: UserRow): ProfileInput {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    username: row.username ?? '',
    bio: row.bio ?? '',
    dob: row.dateOfBirth,
    gender: row.gender,
    address: row.address,
  };
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
      const current = await selectUser(tx, userId);
      const changed = changedProfileFields(inputOf(current), {
        ...update,
        username: update.username ?? '',
        bio: update.bio ?? '',
      });
      if (changed.length === 0) return { profile: toProfile(current), activityLog: null };

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
          name: update.name,
          email: update.email,
          phone: update.phone,
          username: update.username,
          bio: update.bio,
          dateOfBirth: update.dob,
          gender: update.gender,
          address: update.address,
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
      return { profile: toProfile(row), activityLog };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken;
    throw error;
  }
}
