/**
 * GET /user/{userId}/activity-logs/verify (issue 17): walks the holder's activity log in chain
 * order and checks it is the chain it was written as (lib/activity-chain.ts): entry n has seq n,
 * its prev_hash is entry n - 1's hash (null for the first), and its hash is the SHA-256 of its
 * own canonical JSON. Entries without a seq (never chained: inserted behind the app's back) come
 * after the chain and break it. After Data retention cut the oldest entries (issue 19,
 * accounts/apply-data-retention.ts), the chain starts after its anchor: the first entry left has
 * seq anchor + 1 and the removed entry's hash as prev_hash. The export carries the same verdict.
 *
 * Input: { db, userId }. Output: { intact, entries (how many were checked), first_broken_id }.
 * Errors: database only.
 */
import type { ActivityChainVerdict } from '@pehchaan/core';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { activityLogAnchors, activityLogs } from '../db/schema';
import { activityEntryHash } from './activity-chain';

export async function verifyActivityChain(options: {
  db: Db;
  userId: string;
}): Promise<ActivityChainVerdict> {
  const rows = await options.db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.userId, options.userId))
    .orderBy(
      sql`${activityLogs.seq} asc nulls last`,
      asc(activityLogs.timestamp),
      asc(activityLogs.id),
    );
  const [anchor] = await options.db
    .select()
    .from(activityLogAnchors)
    .where(eq(activityLogAnchors.userId, options.userId));
  const firstSeq = (anchor?.lastRemovedSeq ?? 0) + 1;
  let previous: string | null = anchor?.anchorHash ?? null;
  for (const [index, row] of rows.entries()) {
    const intact =
      row.seq === firstSeq + index &&
      row.prevHash === previous &&
      row.hash !== null &&
      row.hash === activityEntryHash({ ...row, seq: row.seq, prevHash: row.prevHash });
    if (!intact) return { intact: false, entries: rows.length, first_broken_id: row.id };
    previous = row.hash;
  }
  return { intact: true, entries: rows.length, first_broken_id: null };
}
