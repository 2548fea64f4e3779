/**
 * Writes one activity log entry (SPEC 3 Activity log) for a real event: login, logout,
 * credential_generated, ... Descriptions never hold secrets (no Aadhaar number, OTP or token).
 *
 * `message` (a code and parameters, core's activity-messages.ts) lets a screen show the entry in
 * the holder's language; `description` defaults to its English text (describeActivity).
 *
 * The entry is appended to the holder's hash chain (issue 17, lib/activity-chain.ts): under the
 * holder's chain lock it takes the next `seq`, the previous entry's hash as `prev_hash`, and its
 * own `hash`. Run inside a caller's transaction it joins it (no savepoint: a failed append fails
 * the caller's transaction, which no caller goes on with), so the entry commits with the change
 * it records and the lock is held until then; on its own it opens a transaction.
 *
 * `recordActivityAfter` appends the same entry in one statement, outside any transaction, when
 * the caller has just read the holder's chain head (activity-chain.ts `chainHeadOf`, joined to
 * its own read) and the database is PGlite: the entry takes the next `seq` after that head, and
 * the unique (user_id, seq) index refuses it when another entry took that place meanwhile; it
 * is then written the usual way (above). No entry is ever lost or forked: either the optimistic
 * insert lands right after the head it read, or the locked path appends it after the current
 * head. PGlite's transaction mutex keeps it out of a locked append's head read and insert; on
 * PostgreSQL it could fall between them (the locked append would then take a place already
 * taken), so there every entry is appended the locked way.
 *
 * `writtenBy` says who wrote it (core's ActivityWriter, `written_by`): 'server' unless given;
 * 'holder' only for what the holder's app asserted (a test entry, a copy or download on the
 * device). It is covered by the entry's hash (lib/activity-chain.ts).
 *
 * Input: { db, now, userId, type (core's ActivityType), message and/or description, writtenBy? }.
 * Output: the stored ActivityLog record. Errors: database errors only (userId must exist); an
 * Error when neither a message nor a description is given.
 */
import {
  type ActivityLog,
  type ActivityMessage,
  type ActivityType,
  type ActivityWriter,
  describeActivity,
} from '@pehchaan/core';
import { desc, eq, is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db, DbOrTx, Tx } from '../db/create-db';
import { activityLogs } from '../db/schema';
import {
  activityChainHead,
  activityEntryHash,
  headStaysInTransaction,
  lockActivityChain,
} from './activity-chain';
import { newId } from './ids';
import { prepared } from './prepared';
import { toActivityLog } from './records';

export interface RecordActivityOptions {
  /** The database or an open transaction. */
  db: DbOrTx;
  now: () => Date;
  userId: string;
  type: ActivityType;
  /** The English text (SPEC 3 `description`); defaults to describeActivity(message). */
  description?: string;
  message?: ActivityMessage;
  /** Who wrote the entry; default 'server'. */
  writtenBy?: ActivityWriter;
  /**
   * The holder's chain head as a statement of the caller's open transaction `db` read it
   * (activity-chain.ts chainHeadFields), used where headStaysInTransaction: the head is then not
   * read again. Ignored when `db` is not a transaction, on PostgreSQL, and when it is null (a
   * first entry, or pre-chain entries: read as usual).
   */
  headInTransaction?: { headSeq: number | null; headHash: string | null };
}

/** The entry's English text. @throws Error when it has neither a message nor a description. */
function descriptionOf(options: RecordActivityOptions): string {
  const { message } = options;
  const description = options.description ?? (message ? describeActivity(message) : undefined);
  if (description === undefined) {
    throw new Error('An activity entry needs a message or a description');
  }
  return description;
}

/** The row of `options`' entry placed after `head` (null: the first of the chain). */
function chainedEntry(options: RecordActivityOptions, head: { seq: number; hash: string } | null) {
  const { message } = options;
  const description = descriptionOf(options);
  const entry = {
    id: newId('log'),
    userId: options.userId,
    type: options.type,
    description,
    messageCode: message?.code ?? null,
    // {} rather than null for a message without parameters: the record shows it so (records.ts),
    // and the hash is checked against the record (lib/activity-chain.ts).
    messageParams: message ? (message.params ?? {}) : null,
    timestamp: options.now(),
    seq: (head?.seq ?? 0) + 1,
    prevHash: head?.hash ?? null,
    writtenBy: options.writtenBy ?? 'server',
  };
  return { ...entry, hash: activityEntryHash(entry) };
}

export async function recordActivity(options: RecordActivityOptions): Promise<ActivityLog> {
  const { userId } = options;
  descriptionOf(options); // refuses an entry without text before any statement
  const inCallers = is(options.db, PgTransaction);
  const known = inCallers ? options.headInTransaction : undefined;
  const append = async (tx: Tx): Promise<ActivityLog> => {
    await lockActivityChain(tx, userId);
    const head =
      known?.headSeq != null && known.headHash != null && headStaysInTransaction(tx)
        ? { seq: known.headSeq, hash: known.headHash }
        : await activityChainHead(tx, userId);
    const entry = chainedEntry(options, head);
    const [row] =
      entry.messageParams !== null
        ? await prepared(tx, 'insert_activity_entry', (handle) =>
            handle
              .insert(activityLogs)
              .values({
                id: sql.placeholder('id'),
                userId: sql.placeholder('userId'),
                type: sql.placeholder('type'),
                description: sql.placeholder('description'),
                messageCode: sql.placeholder('messageCode'),
                messageParams: sql.placeholder('messageParams'),
                timestamp: sql.placeholder('timestamp'),
                seq: sql.placeholder('seq'),
                prevHash: sql.placeholder('prevHash'),
                writtenBy: sql.placeholder('writtenBy'),
                hash: sql.placeholder('hash'),
              })
              .returning()
              .prepare('insert_activity_entry'),
          ).execute(entry)
        : // A placeholder would store JSON null, not SQL NULL, for the absent parameters.
          await tx.insert(activityLogs).values(entry).returning();
    if (!row) throw new Error('Inserting the activity entry returned no row');
    return toActivityLog(row);
  };
  // Inside the caller's transaction: append there (a nested transaction would cost a savepoint
  // and its release, two statements, for nothing).
  return inCallers ? append(options.db as Tx) : options.db.transaction(append);
}

/**
 * Appends the entry of `options` (as recordActivity) right after `head`, the holder's chain head
 * the caller read (`chainHeadOf`: `headSeq`/`headHash`, null when the holder has no chained
 * entry), in one statement outside a transaction on PGlite (module docs). When the head is null (a first
 * entry, or a log written before the chain: those are chained first) or the place was taken
 * meanwhile, it is appended by recordActivity instead. `db` must not be a transaction (an
 * insert refused there would need a savepoint). Output and errors: as recordActivity.
 */
export async function recordActivityAfter(
  options: RecordActivityOptions & {
    db: Db;
    head: { headSeq: number | null; headHash: string | null } | null;
  },
): Promise<ActivityLog> {
  const { head } = options;
  // PGlite only: its transaction mutex holds this insert back while a locked append (head read,
  // insert) is open, so the insert lands before or after it, never between. On PostgreSQL a
  // locked append could read the head, see this insert commit, then take the same place: there
  // every append takes the chain lock.
  if (
    head?.headSeq != null &&
    head.headHash != null &&
    is(options.db, PgliteDatabase) &&
    !is(options.db, PgTransaction)
  ) {
    const [row] = await options.db
      .insert(activityLogs)
      .values(chainedEntry(options, { seq: head.headSeq, hash: head.headHash }))
      .onConflictDoNothing()
      .returning();
    if (row) return toActivityLog(row);
  }
  return recordActivity(options);
}

/**
 * The holder's activity entries, newest first (by timestamp; entries of the same instant, such as
 * a link made and viewed at once, in the reverse of their chain order; then id), at most `limit`.
 * A read: any role may call it.
 */
export async function readActivityLogs(
  db: DbOrTx,
  options: { userId: string; limit: number },
): Promise<ActivityLog[]> {
  const rows = await db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.userId, options.userId))
    .orderBy(
      desc(activityLogs.timestamp),
      sql`${activityLogs.seq} desc nulls last`,
      desc(activityLogs.id),
    )
    .limit(options.limit);
  return rows.map(toActivityLog);
}

/** SPEC 4 seen-state: stamps every activity entry of the holder viewed at `at`. */
export async function stampActivitySeen(
  db: DbOrTx,
  options: { userId: string; at: Date },
): Promise<void> {
  await db
    .update(activityLogs)
    .set({ lastViewed: options.at })
    .where(eq(activityLogs.userId, options.userId));
}
