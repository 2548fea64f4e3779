/**
 * GET /user/{userId}/profile (SPEC 2 Profile): the holder's profile record.
 *
 * Input: { db, userId }. Output: Profile (core's profileSchema): the editable fields, and the
 * identity numbers masked (Aadhaar 'XXXX XXXX 1234', PAN 'AB******4K' ...; SPEC 5).
 * Errors: AppError 'user_not_found' (404, 'User not found').
 */
import { MESSAGES, type Profile } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { type UserRow, users } from '../db/schema';
import { AppError } from '../lib/errors';
import { toProfile } from '../lib/records';

export interface GetProfileOptions {
  db: DbOrTx;
  userId: string;
}

export async function getProfile(options: GetProfileOptions): Promise<Profile> {
  return toProfile(await selectUser(options.db, options.userId));
}

/**
 * The holder's row. @throws AppError 'user_not_found'.
 */
export async function selectUser(db: DbOrTx, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('user_not_found', MESSAGES.userNotFound);
  return row;
}
