/**
 * GET /storage/status (SPEC 7, DECISIONS 5): the real storage backend and its row counts.
 *
 * Input: { database }. Output: { type ('pglite' | 'postgresql'), connected (a `select 1`
 * succeeded), database (name), stats.collections: { users, credentials, consent_requests,
 * activity_logs, sessions, otp_challenges } row counts (all 0 when not connected) }.
 * Never throws: a database failure shows as connected: false.
 */
import type { StorageStatus } from '@pehchaan/core';
import type { Database } from '../db/create-db';
import {
  activityLogs,
  consentRequests,
  credentials,
  otpChallenges,
  sessions,
  users,
} from '../db/schema';

const COUNTED_TABLES = {
  users,
  credentials,
  consent_requests: consentRequests,
  activity_logs: activityLogs,
  sessions,
  otp_challenges: otpChallenges,
} as const;

export type CollectionName = keyof typeof COUNTED_TABLES;

export async function getStorageStatus(options: { database: Database }): Promise<StorageStatus> {
  const { database } = options;
  const collections: Record<string, number> = Object.fromEntries(
    Object.keys(COUNTED_TABLES).map((name) => [name, 0]),
  );
  let connected = await database.ping();
  if (connected) {
    try {
      for (const [name, table] of Object.entries(COUNTED_TABLES)) {
        collections[name] = await database.db.$count(table);
      }
    } catch {
      connected = false;
    }
  }
  return { type: database.type, connected, database: database.name, stats: { collections } };
}
