/**
 * Data retention (Settings › Data and storage; issue 19): deletes the holder's activity entries
 * older than the chosen period (SPEC 9: 6 months, 1 year, 2 years, 5 years), never a security or
 * consent record younger than one year (DPDP Rules 2025, rule 6; core's retentionCutoff and
 * retainedKindOf). Run for one holder when they change the period, and for every holder by the
 * hourly housekeeping (plugins/db.ts).
 *
 * The log is cut only from its oldest end: entries are removed oldest first, stopping at the
 * first one that must stay. So the entries that remain are a contiguous tail of the log, and a
 * hash-chained log (each entry carrying the previous entry's hash) still checks from the anchor
 * recorded here (activity_log_anchors: the newest entry removed, its hash when the log has one,
 * and how many were removed). The price: with '6months', an ordinary entry newer than a kept
 * security record stays until that record turns one year old (at most six months more).
 *
 * This file is the only one that deletes activity entries by age (the lead reconciles it with
 * the hash chain of issue 17 here: set `anchorHash` from the removed entry's hash column).
 *
 * Input: { db, now, userId? } (without userId: every holder with an entry older than the
 * shortest period). Output: { removed: entries deleted in all }. Errors: database errors only;
 * each holder's cut is one transaction.
 */
import { DATA_RETENTION_DAYS, retentionCutoff } from '@pehchaan/core';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { activityLogAnchors, activityLogs } from '../db/schema';
import { getSettings } from './get-settings';

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
    const candidates = await tx
      .select({ id: activityLogs.id, type: activityLogs.type, timestamp: activityLogs.timestamp })
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.userId, userId),
          lt(activityLogs.timestamp, new Date(now.getTime() - SHORTEST_PERIOD_MS)),
        ),
      )
      .orderBy(asc(activityLogs.timestamp), asc(activityLogs.id))
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
        anchorHash: null,
        removedCount: cut.length,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: activityLogAnchors.userId,
        set: {
          lastRemovedId: last.id,
          lastRemovedAt: last.timestamp,
          removedCount: sql`${activityLogAnchors.removedCount} + ${cut.length}`,
          updatedAt: now,
        },
      });
    return cut.length;
  });
}
