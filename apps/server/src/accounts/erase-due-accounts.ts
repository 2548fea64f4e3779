/**
 * The hourly erasure of accounts whose deletion grace period is over (DPDP Act s.12; issue 19
 * Delete Account: seven days after the request, unless the holder signed in meanwhile, which
 * clears deletion_due_at). Run by plugins/db.ts with the other housekeeping.
 *
 * Input: { db, now }. Output: { erased: how many accounts }. Each account is erased in its own
 * transaction (accounts/erase-account.ts). Errors: database errors only.
 */
import { and, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { users } from '../db/schema';
import { eraseAccount } from './erase-account';

export async function eraseDueAccounts(options: {
  db: Db;
  now: () => Date;
}): Promise<{ erased: number }> {
  const due = await options.db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletionDueAt), lte(users.deletionDueAt, options.now())));
  let erased = 0;
  for (const { id } of due) {
    if ((await eraseAccount({ ...options, userId: id })).erased) erased += 1;
  }
  return { erased };
}
