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
 * breaks the next entry's `prev_hash` or the run of `seq`. On PostgreSQL a holder's writes take a
 * transaction-scoped advisory lock on the holder, so two writes at once append one after the
 * other; PGlite runs one transaction at a time for the whole process, which orders them without
 * a lock. The unique (user_id, seq) index refuses a fork in any case. Dropping the newest entries leaves a shorter chain that still
 * verifies: the chain proves the entries it has are unaltered, not that none was cut off the end.
 *
 * Rows written before the chain existed (seq null) are chained, in (timestamp, id) order, on
 * the holder's first write after the upgrade and at start-up (chainUnchainedActivity), but only
 * while the holder has no chained entry at all: a row without a hash beside a chain is an
 * insertion, and verification reports it.
 *
 * Who wrote the entry (`written_by`, 'holder' or 'server') is covered too, without breaking a
 * chain written before the field existed: the canonical JSON holds `"written_by"` exactly when
 * the entry's writer differs from `legacyWriterOf(type)`, the writer the migration gave every
 * older row of that type ('holder' for the types only the holder's app ever posted: test_manual,
 * credential_shared, credential_copied, credential_downloaded; 'server' for the rest). So every
 * older hash is unchanged, and for any entry, old or new, changing `written_by` adds or removes
 * that member and changes the hash: the verdict names it. (Always hashing `written_by` would
 * have broken every existing chain; hashing it only from a date or sequence number on would
 * leave the older rows' writer unprotected.) So a test entry by the holder or a sign-in by the
 * server hashes exactly as before, while a share link the server recorded (`credential_shared`,
 * whose legacy writer is the holder) has `"written_by": "server"` in its hashed JSON.
 */
import { hash } from 'node:crypto';
import { canonicalJson } from '@pehchaan/core';
import { and, asc, desc, eq, is, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PgliteTransaction } from 'drizzle-orm/pglite';
import type { Db, DbOrTx, Tx } from '../db/create-db';
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
  /** 'holder' or 'server' (core's ActivityWriter). */
  writtenBy: string;
}

/** The types whose entries, before `written_by` existed, only the holder's app wrote. */
export const LEGACY_HOLDER_TYPES: readonly string[] = [
  'test_manual',
  'credential_shared',
  'credential_copied',
  'credential_downloaded',
];

/**
 * The writer the migration gave an entry of `type` written before `written_by` existed
 * (drizzle/0018_activity_writers.sql does the same): 'holder' for LEGACY_HOLDER_TYPES, else
 * 'server'. The hash covers `written_by` when an entry's writer differs from it.
 */
export function legacyWriterOf(type: string): 'holder' | 'server' {
  return LEGACY_HOLDER_TYPES.includes(type) ? 'holder' : 'server';
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
      ...(entry.writtenBy === legacyWriterOf(entry.type) ? {} : { written_by: entry.writtenBy }),
    }),
    'hex',
  );
}

/**
 * Waits for (then holds until the transaction ends) the holder's chain lock: a transaction-
 * scoped advisory lock keyed by the holder id (PostgreSQL; on PGlite the open transaction
 * already excludes every other statement).
 */
export async function lockActivityChain(tx: Tx, userId: string): Promise<void> {
  // PGlite (the embedded database) runs one transaction at a time for the whole process (its
  // transaction mutex also holds back every statement outside it), so while `tx` is open no
  // other append can read this chain's head: the lock would be a statement for nothing.
  if (is(tx, PgliteTransaction)) return;
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

/**
 * The chain head of the holder named by `holderId` (a column of the outer query, e.g.
 * credentials.user_id), as a subquery to join laterally (`leftJoinLateral(head, sql\`true\`)`):
 * `seq` and `hash` of the holder's last chained entry, both null when the holder has none. So a
 * caller that reads a row of the holder anyway learns the head in the same statement, for
 * `recordActivityAfter` (lib/activity-log.ts). A read: any role may use it.
 */
export function chainHeadOf(db: DbOrTx, holderId: AnyPgColumn) {
  return db
    .select({ headSeq: activityLogs.seq, headHash: activityLogs.hash })
    .from(activityLogs)
    .where(and(eq(activityLogs.userId, holderId), isNotNull(activityLogs.seq)))
    .orderBy(desc(activityLogs.seq))
    .limit(1)
    .as('chain_head');
}

/**
 * The chain head of the holder named by `holderId` (a column of the outer statement, e.g.
 * consent_requests.user_id) as two scalar subqueries, `headSeq` and `headHash` (both null when the
 * holder has no chained entry), to add to a statement's select or RETURNING list: so the
 * statement before an append in the same transaction reads the head too (recordActivity's
 * `head`), one statement fewer. Only where `headStaysInTransaction` (else the head must be read
 * after lockActivityChain). A read: any role may use it.
 */
export function chainHeadFields(holderId: AnyPgColumn) {
  // Nested: a RETURNING list writes its own top-level columns unqualified; these stay qualified.
  const last = (column: AnyPgColumn) =>
    sql`(${sql`select ${column} from ${activityLogs} where ${activityLogs.userId} = ${holderId} and ${activityLogs.seq} is not null order by ${activityLogs.seq} desc limit 1`})`;
  return {
    headSeq: sql<number | null>`${last(activityLogs.seq)}`,
    headHash: sql<string | null>`${last(activityLogs.hash)}`,
  };
}

/**
 * True when a chain head read by any statement of transaction `tx` is still the head when `tx`
 * appends: on PGlite, which runs one transaction at a time for the whole process (its mutex also
 * holds back every statement outside it). On PostgreSQL the head is read under the holder's lock.
 */
export function headStaysInTransaction(tx: DbOrTx): boolean {
  return is(tx, PgliteTransaction);
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
