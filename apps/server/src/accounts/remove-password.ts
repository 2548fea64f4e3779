/**
 * POST /user/{userId}/password/remove: removes the account password (it is then no longer asked
 * at sign-in), after checking the current one, and writes a `password_changed` entry.
 *
 * Input: { db, now, userId, currentPassword }. Output: PasswordStatus (password_set false).
 * Errors: AppError 'password_incorrect' (403) for a wrong current password, or when none is set
 * (nothing to remove is not a success: the form would say it did something); 'user_not_found'.
 */
import type { PasswordStatus } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { users } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import { AppError } from '../lib/errors';
import { selectUser } from '../lib/holder-reads';
import { verifyPassword } from '../lib/password-hash';
import { PASSWORD_INCORRECT_DETAIL } from './change-password';

export async function removePassword(options: {
  db: Db;
  now: () => Date;
  userId: string;
  currentPassword: string;
}): Promise<PasswordStatus> {
  const user = await selectUser(options.db, options.userId);
  if (!user.passwordHash || !(await verifyPassword(options.currentPassword, user.passwordHash))) {
    throw new AppError('password_incorrect', PASSWORD_INCORRECT_DETAIL);
  }
  const now = options.now();
  await options.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: null, passwordUpdatedAt: now })
      .where(eq(users.id, options.userId));
    await recordActivity({
      db: tx,
      now: options.now,
      userId: options.userId,
      type: 'password_changed',
      message: { code: 'password_removed' },
    });
  });
  return { password_set: false, updated_at: now.toISOString(), message: 'Password removed' };
}
