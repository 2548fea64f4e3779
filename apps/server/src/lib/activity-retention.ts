/**
 * Data retention (Settings › Data and storage; issue 19): deletes the holder's activity entries
 * older than the chosen period (SPEC 9: 6 months, 1 year, 2 years, 5 years), never a security or
 * consent record younger than one year (DPDP Rules 2025, rule 6; core's retentionCutoff and
 * retainedKindOf). Run for one holder when they change the period, and for every holder by the
 * hourly housekeeping (plugins/db.ts).
 *
 * The log is cut only from its oldest end, in hash-chain order (lib/activity-chain.ts, issue
 * 17): entries are removed from seq 1 on, stopping at the first one that must stay, under the
 * holder's chain lock. So the entries that remain are a contiguous tail of the chain, and it
 * still checks (wallet/verify-activity-chain.ts) from the anchor recorded here
 * (activity_log_anchors: the newest entry removed, its seq and hash, how many were removed).
 * The price: with '6months', an ordinary entry newer than a kept security record stays until
 * that record turns one year old (at most six months more).
 *
 * This file is the only one that deletes activity entries by age.
 *
 * Input: { db, now, userId? } (without userId: every holder with an entry older than the
 * shortest period). Output: { removed: entries deleted in all }. Errors: database errors only;
 * each holder's cut is one transaction.
 */
import { DATA_RETENTION_DAYS, retentionCutoff } from '@pehchaan/core';
import { asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { activityLogAnchors, activityLogs } from '../db/schema';
import { activityChainHead, lockActivityChain } from './activity-chain';
import { getSettings } from './holder-settings';

const DAY_MS = 24 * 3_600_000;
const SHORTEST_PERIOD_MS = Math.min(...Object.values(DATA_RETENTION_DAYS)) * DAY_MS;
/** Entries read (and at most removed) per holder per run. */
const BATCH = 5_000;

export interface ApplyDataRetentionOptions {
  db: Db;
  now: () => Date;
  userId?: string;
}

export async function applyDataRetention(
  options: ApplyDataRetentionOptions,
): Promise<{ removed: number }> {
  const now = options.now();
  const oldest = new Date(now.getTime() - SHORTEST_PERIOD_MS);
  const holders = options.userId
    ? [options.userId]
    : (
        await options.db
          .selectDistinct({ userId: activityLogs.userId })
          .from(activityLogs)
          .where(lt(activityLogs.timestamp, oldest))
      ).map((row) => row.userId);
  let removed = 0;
  for (const userId of holders) removed += await cutHolderLog(options.db, now, userId);
  return { removed };
}

/** Removes the holder's deletable oldest entries; returns how many. */
async function cutHolderLog(db: Db, now: Date, userId: string): Promise<number> {
  const { settings } = await getSettings({ db, userId });
  const period = settings.dataRetention;
  return db.transaction(async (tx) => {
    // No entry is appended while the tail is cut; a log from before the chain is chained first.
    await lockActivityChain(tx, userId);
    await activityChainHead(tx, userId);
    const candidates = await tx
      .select({
        id: activityLogs.id,
        type: activityLogs.type,
        timestamp: activityLogs.timestamp,
        seq: activityLogs.seq,
        hash: activityLogs.hash,
      })
      .from(activityLogs)
      .where(eq(activityLogs.userId, userId))
      .orderBy(
        sql`${activityLogs.seq} asc nulls last`,
        asc(activityLogs.timestamp),
        asc(activityLogs.id),
      )
      .limit(BATCH);
    const cut: typeof candidates = [];
    for (const entry of candidates) {
      if (entry.timestamp.getTime() >= retentionCutoff(period, entry.type, now.getTime())) break;
      cut.push(entry);
    }
    const last = cut.at(-1);
    if (!last) return 0;
    await tx.delete(activityLogs).where(
      inArray(
        activityLogs.id,
        cut.map((entry) => entry.id),
      ),
    );
    await tx
      .insert(activityLogAnchors)
      .values({
        userId,
        lastRemovedId: last.id,
        lastRemovedAt: last.timestamp,
        lastRemovedSeq: last.seq,
        anchorHash: last.hash,
        removedCount: cut.length,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: activityLogAnchors.userId,
        set: {
          lastRemovedId: last.id,
          lastRemovedAt: last.timestamp,
          lastRemovedSeq: last.seq,
          anchorHash: last.hash,
          removedCount: sql`${activityLogAnchors.removedCount} + ${cut.length}`,
          updatedAt: now,
        },
      });
    return cut.length;
  });
}
