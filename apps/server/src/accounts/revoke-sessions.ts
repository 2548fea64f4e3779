/**
 * Ending sessions (DECISIONS 3; every session can be revoked; OWASP ASVS V7.4): logout,
 * DELETE /user/{userId}/sessions/{sessionId} and POST /user/{userId}/sessions/revoke-others.
 *
 * Only live sessions (not revoked, not expired) are ended.
 * - `revokeSession({ db, now, userId, sessionId })`: logout of the caller's own session.
 * - `revokeHolderSession({ db, now, userId, sessionId })`: ends one session of the holder
 *   (possibly the caller's own). Output: { revoked: 1 }. Errors: AppError
 *   'session_not_found' (404) when no live session of this holder has that id (another
 *   holder's id answers the same, so ids cannot be probed).
 * - `revokeOtherSessions({ db, now, userId, currentSessionId })`: ends every other session of
 *   the holder. Output: { revoked: n } (0 when there were none).
 * Each call that ends something writes one `logout` activity entry in the same transaction.
 * A revoked token answers 401 from its next use on (accounts/authenticate-session.ts).
 */
import type { ActivityMessage } from '@pehchaan/core';
import { and, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { sessions } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import { AppError } from '../lib/errors';

/**
 * Sessions still live at `now`: not revoked, used within their Session timeout, within 12 hours.
 */
function live(now: Date): SQL | undefined {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.absoluteExpiresAt, now),
    sql`${sessions.lastUsedAt} + make_interval(mins => ${sessions.idleMinutes}) > ${now.toISOString()}::timestamptz`,
  );
}

/**
 * Sessions that ended only by idling and are within 12 hours: biometric unlock can revive them
 * (accounts/unlock-session.ts), so ending sessions ends these too (they are not counted).
 */
function locked(now: Date): SQL | undefined {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.absoluteExpiresAt, now),
    sql`${sessions.lastUsedAt} + make_interval(mins => ${sessions.idleMinutes}) <= ${now.toISOString()}::timestamptz`,
  );
}

export const SESSION_NOT_FOUND_DETAIL = 'Session not found or already ended';

/**
 * Ends the holder's live sessions matching `which` and, when any ended, writes one `logout`
 * entry saying `message(count)` (core's activity-messages.ts), in one transaction. Returns how many ended.
 */
async function endSessions(
  options: { db: Db; now: () => Date; userId: string },
  which: SQL | undefined,
  message: (count: number) => ActivityMessage,
): Promise<number> {
  const { db, now, userId } = options;
  return db.transaction(async (tx) => {
    const at = now();
    await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), which, locked(at)));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), which, live(at)))
      .returning({ id: sessions.id });
    if (ended.length > 0) {
      await recordActivity({
        db: tx,
        now,
        userId,
        type: 'logout',
        message: message(ended.length),
      });
    }
    return ended.length;
  });
}

export interface RevokeSessionOptions {
  db: Db;
  now: () => Date;
  userId: string;
  sessionId: string;
}

/**
 * POST /api/auth/logout: ends the caller's own session ('Logged out'). A session that already
 * ended changes nothing and logs nothing, so a double logout logs once.
 */
export async function revokeSession(options: RevokeSessionOptions): Promise<void> {
  await endSessions(options, eq(sessions.id, options.sessionId), () => ({ code: 'logout' }));
}

/** DELETE /user/{userId}/sessions/{sessionId}; see the module docs. */
export async function revokeHolderSession(
  options: RevokeSessionOptions,
): Promise<{ revoked: number }> {
  const revoked = await endSessions(options, eq(sessions.id, options.sessionId), () => ({
    code: 'session_revoked',
  }));
  if (revoked === 0) throw new AppError('session_not_found', SESSION_NOT_FOUND_DETAIL);
  return { revoked };
}

export interface RevokeOtherSessionsOptions {
  db: Db;
  now: () => Date;
  userId: string;
  currentSessionId: string;
}

/** POST /user/{userId}/sessions/revoke-others; see the module docs. */
export async function revokeOtherSessions(
  options: RevokeOtherSessionsOptions,
): Promise<{ revoked: number }> {
  const revoked = await endSessions(options, ne(sessions.id, options.currentSessionId), (n) => ({
    code: 'other_sessions_revoked',
    params: { count: n },
  }));
  return { revoked };
}

/**
 * Ends every session of the holder, the caller's own too (Delete Account signs the holder out
 * everywhere). Output: { revoked: n }.
 */
export async function revokeAllSessions(options: {
  db: Db;
  now: () => Date;
  userId: string;
  /** The `logout` entry's message (core's activity-messages.ts). */
  message: ActivityMessage;
}): Promise<{ revoked: number }> {
  const revoked = await endSessions(options, undefined, () => options.message);
  return { revoked };
}
