/**
 * GET /storage/status (SPEC 7, DECISIONS 5; issue 19: counts shown to a holder are that
 * holder's own).
 *
 * Input: { database, now, userId } where `userId` is the caller's holder (a valid session), or
 * null for an anonymous caller. Output: { type ('pglite' | 'postgresql'), connected (a
 * `select 1` succeeded), database (the PostgreSQL database name, or 'embedded' for PGlite: never
 * a folder on the server), stats.collections }: for a holder, the row counts of their own
 * records — credentials, consent_requests, activity_logs, shares and live sessions (not revoked,
 * not past 12 hours) — all 0 when not connected; for an anonymous caller, none (`{}`): no caller
 * learns how many holders or sessions the service has.
 * Never throws: a database failure shows as connected: false.
 */
import type { StorageStatus } from '@pehchaan/core';
import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/create-db';
import { activityLogs, consentRequests, credentials, sessions, shares } from '../db/schema';

export interface GetStorageStatusOptions {
  database: Database;
  now: () => Date;
  /** The caller's holder, or null for an anonymous caller. */
  userId: string | null;
}

/** The holder's rows of each counted table. */
function holderCollections(userId: string, now: Date): Record<string, [PgTable, SQL | undefined]> {
  return {
    credentials: [credentials, eq(credentials.userId, userId)],
    consent_requests: [consentRequests, eq(consentRequests.userId, userId)],
    activity_logs: [activityLogs, eq(activityLogs.userId, userId)],
    shares: [shares, eq(shares.userId, userId)],
    sessions: [
      sessions,
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.absoluteExpiresAt, now),
      ),
    ],
  };
}

export async function getStorageStatus(options: GetStorageStatusOptions): Promise<StorageStatus> {
  const { database, userId } = options;
  const counted = userId ? holderCollections(userId, options.now()) : {};
  const collections: Record<string, number> = Object.fromEntries(
    Object.keys(counted).map((name) => [name, 0]),
  );
  let connected = await database.ping();
  if (connected) {
    try {
      for (const [name, [table, where]] of Object.entries(counted)) {
        collections[name] = await database.db.$count(table, where);
      }
    } catch {
      connected = false;
    }
  }
  return {
    type: database.type,
    connected,
    database: database.type === 'pglite' ? 'embedded' : database.name,
    stats: { collections },
  };
}
