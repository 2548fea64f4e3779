/**
 * GET /user/{userId}/password: whether an account password is set, and when it last changed
 * (never the hash).
 *
 * Input: { db, userId }. Output: PasswordStatus. Errors: AppError 'user_not_found'.
 */
import type { PasswordStatus } from '@pehchaan/core';
import type { DbOrTx } from '../db/create-db';
import { selectUser } from '../lib/holder-reads';

export async function getPasswordStatus(options: {
  db: DbOrTx;
  userId: string;
}): Promise<PasswordStatus> {
  const user = await selectUser(options.db, options.userId);
  return {
    password_set: user.passwordHash !== null,
    updated_at: user.passwordUpdatedAt?.toISOString() ?? null,
  };
}
