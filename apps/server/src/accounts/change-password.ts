/**
 * PUT /user/{userId}/password: sets or changes the optional account password (Settings ›
 * Security, Change Password; SPEC 5's form made real, issue 19). Once set, it is asked at every
 * sign-in after the OTP, as a second factor (accounts/sign-in-holder.ts).
 *
 * The SPEC 5 rules first, with the form's exact texts (core's passwordChangeErrorCode): every
 * field of the form filled ('Please fill in all password fields'; the current password counts
 * once one is set), new and confirm equal ('New passwords do not match'), at least 8 characters
 * ('Password must be at least 8 characters long'): AppError 'invalid_input' (400). Then the
 * current password is checked against the stored hash: AppError 'password_incorrect' (403).
 * The new one is stored only as its scrypt hash (src/lib/password-hash.ts); a
 * `password_changed` entry is written.
 *
 * Input: { db, now, userId, currentPassword?, newPassword, confirmPassword }.
 * Output: PasswordStatus with message 'Password updated'. Errors: also 'user_not_found'.
 */
import { MESSAGES, type PasswordStatus, passwordChangeErrorCode } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { users } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import { AppError } from '../lib/errors';
import { selectUser } from '../lib/holder-reads';
import { hashPassword, verifyPassword } from '../lib/password-hash';

export const PASSWORD_INCORRECT_DETAIL = 'Current password is incorrect';

export async function changePassword(options: {
  db: Db;
  now: () => Date;
  userId: string;
  currentPassword?: string | undefined;
  newPassword: string;
  confirmPassword: string;
}): Promise<PasswordStatus> {
  const user = await selectUser(options.db, options.userId);
  const hasPassword = user.passwordHash !== null;
  const code = passwordChangeErrorCode(
    {
      currentPassword: options.currentPassword ?? '',
      newPassword: options.newPassword,
      confirmPassword: options.confirmPassword,
    },
    { currentRequired: hasPassword },
  );
  if (code) throw new AppError('invalid_input', MESSAGES[code]);
  if (
    user.passwordHash !== null &&
    !(await verifyPassword(options.currentPassword ?? '', user.passwordHash))
  ) {
    throw new AppError('password_incorrect', PASSWORD_INCORRECT_DETAIL);
  }
  const passwordHash = await hashPassword(options.newPassword);
  const now = options.now();
  await options.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordUpdatedAt: now })
      .where(eq(users.id, options.userId));
    await recordActivity({
      db: tx,
      now: options.now,
      userId: options.userId,
      type: 'password_changed',
      message: { code: hasPassword ? 'password_changed' : 'password_set' },
    });
  });
  return { password_set: true, updated_at: now.toISOString(), message: 'Password updated' };
}
