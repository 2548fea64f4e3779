/**
 * Resolves a bearer token to its live session and slides the idle window (DECISIONS 3).
 *
 * Input: { db, now, token }.
 * Output: AuthenticatedSession { sessionId, userId, kind, expiresAt }.
 * Errors: AppError 'unauthenticated' (401) when the token is unknown, revoked, idle for 30
 * minutes or past its 12-hour limit. The token is looked up by its SHA-256 only.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { sessions } from '../db/schema';
import { AppError } from '../lib/errors';
import { hashSessionToken } from '../lib/ids';
import { type SessionKind, sessionExpiry } from './create-session';

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
  await options.db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.id));
  return {
    sessionId: row.id,
    userId: row.userId,
    kind: row.kind === 'demo' ? 'demo' : 'user',
    expiresAt: sessionExpiry(now, row.absoluteExpiresAt),
  };
}
