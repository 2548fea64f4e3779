/**
 * Resolves a bearer token to its live session and slides the idle window (DECISIONS 3).
 *
 * Input: { db, now, token }.
 * Output: AuthenticatedSession { sessionId, userId, kind, expiresAt }.
 * Errors: AppError 'unauthenticated' (401) when the token is unknown, revoked, idle for the
 * holder's Session timeout (30 minutes by default; sessions.idle_minutes) or past its 12-hour
 * limit. The token is looked up by its SHA-256 only.
 *
 * The use is recorded (last_used_at) at most once a minute (SESSION_TOUCH_MS), so a burst of
 * reads does not write a row each (docs/performance.md): the idle window is counted from the
 * last recorded use, so a session may end up to one minute before its timeout after its very
 * last call, never later.
 *
 * With `cache` (the read cache, src/lib/read-cache.ts): a live session read within the last
 * minute is answered from memory (a session just made by a sign-in is kept there at once:
 * rememberNewSession), in the holder's sessions scope (`sessionsOf`: a change of the holder's
 * data does not drop it). A revocation, a new Session timeout or deletion of the row invalidates
 * it on every instance (the sessions triggers, migrations 0005, 0015 and 0028), and this
 * instance's own logout invalidates it before its answer is sent; the absolute end is checked
 * against the clock on every call.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { sessions } from '../db/schema';
import { AppError } from '../lib/errors';
import { hashSessionToken } from '../lib/ids';
import { type ReadCache, type ReadTicket, sessionsOf } from '../lib/read-cache';
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
  /** The answer for this entry (frozen: every request it serves shares it). */
  authenticated: Readonly<AuthenticatedSession>;
}

export async function authenticateSession(
  options: AuthenticateSessionOptions,
): Promise<AuthenticatedSession> {
  const kept = cachedSession(options);
  if (kept) return kept;
  const now = options.now();
  const tokenHash = hashSessionToken(options.token);
  const ticket = options.cache?.begin() ?? 0;
  const session = await readLiveSession(options.db, tokenHash, now);
  options.cache?.set(
    sessionKey(tokenHash),
    sessionsOf(session.userId),
    session,
    ticket,
    session.absoluteExpiresAt,
  );
  return session.authenticated;
}

/**
 * The session of `token` when the read cache holds it live and its use was recorded less than
 * a minute ago (SESSION_TOUCH_MS); otherwise undefined, and `authenticateSession` must read it
 * (another instance may have recorded a later use; the use is recorded again). Synchronous, so
 * the request hook answers without a promise when it can. Never throws.
 */
export function cachedSession(
  options: Pick<AuthenticateSessionOptions, 'cache' | 'now' | 'token'>,
): AuthenticatedSession | undefined {
  if (!options.cache?.enabled) return undefined;
  const nowMs = options.now().getTime();
  const session = options.cache.get<CachedSession>(
    sessionKey(hashSessionToken(options.token)),
    nowMs,
  );
  if (!session || nowMs - session.lastUsedAt >= SESSION_TOUCH_MS) return undefined;
  return session.authenticated;
}

const sessionKey = (tokenHash: string) => `session:${tokenHash}`;

/**
 * Keeps a session the sign-in has just committed in the read cache, as its first use would
 * read it (so that use needs no statement). `ticket`: taken (cache.begin) before the session
 * was written: when the holder changed since (a revocation of all their sessions, say), nothing
 * is kept. Instants are the session row's own.
 */
export function rememberNewSession(
  cache: ReadCache,
  ticket: ReadTicket,
  session: {
    token: string;
    sessionId: string;
    userId: string;
    kind: SessionKind;
    createdAt: Date;
    absoluteExpiresAt: Date;
    idleMinutes: number;
  },
): void {
  const { sessionId, userId, kind, createdAt, absoluteExpiresAt, idleMinutes } = session;
  const kept: CachedSession = {
    sessionId,
    userId,
    kind,
    lastUsedAt: createdAt.getTime(),
    absoluteExpiresAt: absoluteExpiresAt.getTime(),
    authenticated: Object.freeze({
      sessionId,
      userId,
      kind,
      expiresAt: sessionExpiry(createdAt, absoluteExpiresAt, idleMinutes),
    }),
  };
  cache.set(
    sessionKey(hashSessionToken(session.token)),
    sessionsOf(userId),
    kept,
    ticket,
    kept.absoluteExpiresAt,
  );
}

/**
 * The live session of a token hash, its use recorded when the last is a minute old or more.
 * @throws AppError 'unauthenticated' when there is none.
 */
async function readLiveSession(db: Db, tokenHash: string, now: Date): Promise<CachedSession> {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
  if (
    !row ||
    row.revokedAt ||
    now >= sessionExpiry(row.lastUsedAt, row.absoluteExpiresAt, row.idleMinutes)
  ) {
    throw new AppError('unauthenticated', INVALID_SESSION_DETAIL);
  }
  let lastUsedAt = row.lastUsedAt;
  if (now.getTime() - row.lastUsedAt.getTime() >= SESSION_TOUCH_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.id));
    lastUsedAt = now;
  }
  const kind: SessionKind = row.kind === 'demo' ? 'demo' : 'user';
  return {
    sessionId: row.id,
    userId: row.userId,
    kind,
    lastUsedAt: lastUsedAt.getTime(),
    absoluteExpiresAt: row.absoluteExpiresAt.getTime(),
    authenticated: Object.freeze({
      sessionId: row.id,
      userId: row.userId,
      kind,
      expiresAt: sessionExpiry(lastUsedAt, row.absoluteExpiresAt, row.idleMinutes),
    }),
  };
}
