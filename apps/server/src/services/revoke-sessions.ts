/**
 * Ending a holder's sessions from another one (issue 8: every session can be revoked; OWASP
 * ASVS V7.4): DELETE /user/{userId}/sessions/{sessionId} and POST
 * /user/{userId}/sessions/revoke-others.
 *
 * Only live sessions (not revoked, not expired) are ended.
 * - `revokeHolderSession({ db, now, userId, sessionId })`: ends one session of the holder
 *   (possibly the caller's own). Output: { revoked: 1 }. Errors: AppError
 *   'session_not_found' (404) when no live session of this holder has that id (another
 *   holder's id answers the same, so ids cannot be probed).
 * - `revokeOtherSessions({ db, now, userId, currentSessionId })`: ends every other session of
 *   the holder. Output: { revoked: n } (0 when there were none).
 * Each call that ends something writes one `logout` activity entry in the same transaction.
 * A revoked token answers 401 from its next use on (services/authenticate-session.ts).
 */
import { and, eq, gt, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { sessions } from '../db/schema';
import { AppError } from '../lib/errors';
import { SESSION_IDLE_MS } from './create-session';
import { recordActivity } from './record-activity';

/** Sessions still live at `now`: not revoked, used in the last 30 minutes, within 12 hours. */
function live(now: Date): SQL | undefined {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.absoluteExpiresAt, now),
    gt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)),
  );
}

export const SESSION_NOT_FOUND_DETAIL = 'Session not found or already ended';

export interface RevokeHolderSessionOptions {
  db: Db;
  now: () => Date;
  userId: string;
  sessionId: string;
}

export async function revokeHolderSession(
  options: RevokeHolderSessionOptions,
): Promise<{ revoked: number }> {
  const { db, now } = options;
  return db.transaction(async (tx) => {
    const at = now();
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, options.sessionId), eq(sessions.userId, options.userId), live(at)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw new AppError('session_not_found', SESSION_NOT_FOUND_DETAIL);
    await recordActivity({
      db: tx,
      now,
      userId: options.userId,
      type: 'logout',
      description: 'Signed out a session',
    });
    return { revoked: ended.length };
  });
}

export interface RevokeOtherSessionsOptions {
  db: Db;
  now: () => Date;
  userId: string;
  currentSessionId: string;
}

export async function revokeOtherSessions(
  options: RevokeOtherSessionsOptions,
): Promise<{ revoked: number }> {
  const { db, now } = options;
  return db.transaction(async (tx) => {
    const at = now();
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(
        and(
          eq(sessions.userId, options.userId),
          ne(sessions.id, options.currentSessionId),
          live(at),
        ),
      )
      .returning({ id: sessions.id });
    if (ended.length > 0) {
      await recordActivity({
        db: tx,
        now,
        userId: options.userId,
        type: 'logout',
        description:
          ended.length === 1
            ? 'Signed out 1 other session'
            : `Signed out ${ended.length} other sessions`,
      });
    }
    return { revoked: ended.length };
  });
}
