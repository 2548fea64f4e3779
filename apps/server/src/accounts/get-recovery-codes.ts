/**
 * GET /user/{userId}/recovery-codes: how many unused recovery codes the holder has (Settings ›
 * Security, "N codes left") and when the set was made; never the codes, which only their keyed
 * hashes are kept of (accounts/make-recovery-codes.ts).
 *
 * Input: { db, userId }. Output: RecoveryCodesStatus { remaining, created_at (null: none made) }.
 * Errors: database errors only.
 */
import type { RecoveryCodesStatus } from '@pehchaan/core';
import { count, eq, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { recoveryCodes } from '../db/schema';

export async function getRecoveryCodes(options: {
  db: DbOrTx;
  userId: string;
}): Promise<RecoveryCodesStatus> {
  const [row] = await options.db
    .select({
      remaining: count(sql`case when ${recoveryCodes.usedAt} is null then 1 end`),
      createdAt: max(recoveryCodes.createdAt),
    })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, options.userId));
  const createdAt = row?.createdAt ?? null;
  return {
    remaining: Number(row?.remaining ?? 0),
    created_at: createdAt ? new Date(createdAt).toISOString() : null,
  };
}
