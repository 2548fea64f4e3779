/**
 * The tamper-evident activity log (issue 17): each holder's entries form a hash chain.
 *
 * What is hashed, exactly: the SHA-256 (hex, lower case) of the UTF-8 bytes of the RFC 8785
 * canonical JSON (core's canonicalJson, the `canonicalize` package) of
 *
 *   { "id", "user_id", "seq", "type", "description", "message_code", "message_params",
 *     "timestamp", "prev_hash" }
 *
 * where `timestamp` is the ISO 8601 form with milliseconds ('2025-06-01T10:00:00.000Z'), `seq`
 * the entry's place in the holder's chain (1, 2, ...), `message_code` / `message_params` the
 * entry's message (issue 19; null when it has none: what the screens show in other languages is
 * covered too) and `prev_hash` the hash of entry seq - 1 (null for seq 1). `last_viewed` is not
 * hashed: the bell stamps it (SPEC 4 seen-state).
 *
 * Editing an entry's text, type, time or owner changes its hash; deleting or inserting one
 * breaks the next entry's `prev_hash` or the run of `seq`. A holder's writes take a transaction-
 * scoped advisory lock on the holder (both databases: PGlite runs one transaction at a time
 * anyway), so two writes at once append one after the other; the unique (user_id, seq) index
 * refuses a fork even without it. Dropping the newest entries leaves a shorter chain that still
 * verifies: the chain proves the entries it has are unaltered, not that none was cut off the end.
 *
 * Rows written before the chain existed (seq null) are chained, in (timestamp, id) order, on
 * the holder's first write after the upgrade and at start-up (chainUnchainedActivity), but only
 * while the holder has no chained entry at all: a row without a hash beside a chain is an
 * insertion, and verification reports it.
 */
import { hash } from 'node:crypto';
import { canonicalJson } from '@pehchaan/core';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/create-db';
import { activityLogs } from '../db/schema';

/** The fields of an entry that its hash covers. */
export interface ChainedEntry {
  id: string;
  userId: string;
  seq: number;
  type: string;
  description: string;
  messageCode: string | null;
  messageParams: Record<string, unknown> | null;
  timestamp: Date;
  prevHash: string | null;
}

/** SHA-256 (hex) of the entry's canonical JSON (see the module docs). */
export function activityEntryHash(entry: ChainedEntry): string {
  return hash(
    'sha256',
    canonicalJson({
      id: entry.id,
      user_id: entry.userId,
      seq: entry.seq,
      type: entry.type,
      description: entry.description,
      message_code: entry.messageCode,
      message_params: entry.messageParams,
      timestamp: entry.timestamp.toISOString(),
      prev_hash: entry.prevHash,
    }),
    'hex',
  );
}

/**
 * Waits for (then holds until the transaction ends) the holder's chain lock: a transaction-
 * scoped advisory lock keyed by the holder id.
 */
export async function lockActivityChain(tx: Tx, userId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`activity_logs:${userId}`}, 0))`,
  );
}

/** The last chained entry of the holder, after chaining a pre-chain log (see the docs). */
export async function activityChainHead(
  tx: Tx,
  userId: string,
): Promise<{ seq: number; hash: string } | null> {
  const [head] = await tx
    .select({ seq: activityLogs.seq, hash: activityLogs.hash })
    .from(activityLogs)
    .where(and(eq(activityLogs.userId, userId), isNotNull(activityLogs.seq)))
    .orderBy(desc(activityLogs.seq))
    .limit(1);
  if (head?.seq != null && head.hash != null) return { seq: head.seq, hash: head.hash };
  return chainPreChainEntries(tx, userId);
}

/** Chains every entry of a holder with no chained entry; answers the new head (null: none). */
async function chainPreChainEntries(
  tx: Tx,
  userId: string,
): Promise<{ seq: number; hash: string } | null> {
  const rows = await tx
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.userId, userId), isNull(activityLogs.seq)))
    .orderBy(asc(activityLogs.timestamp), asc(activityLogs.id));
  let head: { seq: number; hash: string } | null = null;
  for (const row of rows) {
    const entry: ChainedEntry = { ...row, seq: (head?.seq ?? 0) + 1, prevHash: head?.hash ?? null };
    const entryHash = activityEntryHash(entry);
    await tx
      .update(activityLogs)
      .set({ seq: entry.seq, prevHash: entry.prevHash, hash: entryHash })
      .where(eq(activityLogs.id, row.id));
    head = { seq: entry.seq, hash: entryHash };
  }
  return head;
}

/**
 * Start-up: chains the logs written before the chain existed, holder by holder (each under its
 * lock, only when the holder has no chained entry). @returns how many holders were chained.
 */
export async function chainUnchainedActivity(db: Db): Promise<number> {
  const holders = await db
    .selectDistinct({ userId: activityLogs.userId })
    .from(activityLogs)
    .where(isNull(activityLogs.seq));
  let chained = 0;
  for (const { userId } of holders) {
    await db.transaction(async (tx) => {
      await lockActivityChain(tx, userId);
      const [anyChained] = await tx
        .select({ id: activityLogs.id })
        .from(activityLogs)
        .where(and(eq(activityLogs.userId, userId), isNotNull(activityLogs.seq)))
        .limit(1);
      if (anyChained) return;
      await chainPreChainEntries(tx, userId);
      chained += 1;
    });
  }
  return chained;
}
