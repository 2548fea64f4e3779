/**
 * GET /user/{userId}/sessions (every session of a holder can be listed; OWASP ASVS
 * V7.4 "session termination", DECISIONS 3).
 *
 * Input: { db, now, userId, currentSessionId }.
 * Output: SessionList { sessions: SessionRecord[] }: the holder's live sessions only (not
 * revoked, not idle for the holder's Session timeout, not past 12 hours), most recently used first. Tokens are
 * never returned (only their hashes are stored); `current` marks the caller's session.
 */
import type { SessionList } from '@pehchaan/core';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { sessions } from '../db/schema';
import { sessionExpiry } from './create-session';

export interface ListSessionsOptions {
  db: Db;
  now: () => Date;
  userId: string;
  /** The session making the call. */
  currentSessionId: string;
}

export async function listSessions(options: ListSessionsOptions): Promise<SessionList> {
  const now = options.now();
  const rows = await options.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, options.userId),
        isNull(sessions.revokedAt),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return {
    sessions: rows
      .map((row) => ({
        row,
        expiresAt: sessionExpiry(row.lastUsedAt, row.absoluteExpiresAt, row.idleMinutes),
      }))
      .filter(({ expiresAt }) => now < expiresAt)
      .map(({ row, expiresAt }) => ({
        id: row.id,
        kind: row.kind === 'demo' ? ('demo' as const) : ('user' as const),
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        expires_at: expiresAt.toISOString(),
        user_agent: row.userAgent,
        current: row.id === options.currentSessionId,
      })),
  };
}
