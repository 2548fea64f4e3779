/**
 * Resolves a bearer token to its live session and slides the idle window (DECISIONS 3).
 *
 * Input: { db, now, token }.
 * Output: AuthenticatedSession { sessionId, userId, kind, expiresAt }.
 * Errors: AppError 'unauthenticated' (401) when the token is unknown, revoked, idle for 30
 * minutes or past its 12-hour limit. The token is looked up by its SHA-256 only.
 *
 * The use is recorded (last_used_at) at most once a minute (SESSION_TOUCH_MS), so a burst of
 * reads does not write a row each (docs/performance.md): the idle window is counted from the
 * last recorded use, so a session may end up to one minute before 30 minutes after its very
 * last call, never later.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { sessions } from '../db/schema';
import { AppError } from '../lib/errors';
import { hashSessionToken } from '../lib/ids';
import { type SessionKind, sessionExpiry } from './create-session';

/** The least time between two recorded uses of a session (ms). */
export const SESSION_TOUCH_MS = 60_000;

export const INVALID_SESSION_DETAIL = 'Invalid or expired session. Please log in again.';

export interface AuthenticatedSession {
  sessionId: string;
  userId: string;
  kind: SessionKind;
  /** When the session ends if not used again. */
  expiresAt: Date;
}

export interface AuthenticateSessionOptions {
  db: Db;
  now: () => Date;
  token: string;
}

export async function authenticateSession(
  options: AuthenticateSessionOptions,
): Promise<AuthenticatedSession> {
  const now = options.now();
  const [row] = await options.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashSessionToken(options.token)));
  if (!row || row.revokedAt || now >= sessionExpiry(row.lastUsedAt, row.absoluteExpiresAt)) {
    throw new AppError('unauthenticated', INVALID_SESSION_DETAIL);
  }
  let lastUsedAt = row.lastUsedAt;
  if (now.getTime() - row.lastUsedAt.getTime() >= SESSION_TOUCH_MS) {
    await options.db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.id));
    lastUsedAt = now;
  }
  return {
    sessionId: row.id,
    userId: row.userId,
    kind: row.kind === 'demo' ? 'demo' : 'user',
    expiresAt: sessionExpiry(lastUsedAt, row.absoluteExpiresAt),
  };
}
