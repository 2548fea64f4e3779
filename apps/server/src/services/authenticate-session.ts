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
 *
 * With `cache` (the read cache, src/lib/read-cache.ts): a live session read within the last
 * minute is answered from memory. A revocation or deletion of the row invalidates it on every
 * instance (migration 0005's trigger), and this instance's own logout invalidates it before its
 * answer is sent; the absolute end is checked against the clock on every call.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { sessions } from '../db/schema';
import { AppError } from '../lib/errors';
import { hashSessionToken } from '../lib/ids';
import type { ReadCache } from '../lib/read-cache';
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
  /** Live sessions are kept here by token hash (optional; see below). */
  cache?: ReadCache;
}

/** What the read cache keeps of a live session (instants in epoch ms). */
interface CachedSession {
  sessionId: string;
  userId: string;
  kind: SessionKind;
  lastUsedAt: number;
  absoluteExpiresAt: number;
}

export async function authenticateSession(
  options: AuthenticateSessionOptions,
): Promise<AuthenticatedSession> {
  const now = options.now();
  const nowMs = now.getTime();
  const tokenHash = hashSessionToken(options.token);
  const key = `session:${tokenHash}`;
  const { cache } = options;
  let session = cache?.get<CachedSession>(key, nowMs);
  // A kept session is only trusted within a minute of its recorded use; after that it is read
  // again (another instance may have recorded a later use) and its use recorded.
  if (!session || nowMs - session.lastUsedAt >= SESSION_TOUCH_MS) {
    const ticket = cache?.begin() ?? 0;
    session = await readLiveSession(options.db, tokenHash, now);
    cache?.set(key, session.userId, session, ticket, session.absoluteExpiresAt);
  }
  return {
    sessionId: session.sessionId,
    userId: session.userId,
    kind: session.kind,
    expiresAt: sessionExpiry(new Date(session.lastUsedAt), new Date(session.absoluteExpiresAt)),
  };
}

/**
 * The live session of a token hash, its use recorded when the last is a minute old or more.
 * @throws AppError 'unauthenticated' when there is none.
 */
async function readLiveSession(db: Db, tokenHash: string, now: Date): Promise<CachedSession> {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
  if (!row || row.revokedAt || now >= sessionExpiry(row.lastUsedAt, row.absoluteExpiresAt)) {
    throw new AppError('unauthenticated', INVALID_SESSION_DETAIL);
  }
  let lastUsedAt = row.lastUsedAt;
  if (now.getTime() - row.lastUsedAt.getTime() >= SESSION_TOUCH_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.id));
    lastUsedAt = now;
  }
  return {
    sessionId: row.id,
    userId: row.userId,
    kind: row.kind === 'demo' ? 'demo' : 'user',
    lastUsedAt: lastUsedAt.getTime(),
    absoluteExpiresAt: row.absoluteExpiresAt.getTime(),
  };
}
