/**
 * Starts a session for a signed-in holder (DECISIONS 3).
 *
 * Input: { db, now, userId, kind: 'demo' | 'user', userAgent?, idleMinutes? } (the User-Agent is
 * kept, cut to USER_AGENT_MAX_LENGTH characters, only so the holder can tell sessions apart in the
 * list; `idleMinutes` is the holder's Session timeout, default 30).
 * Output: { token, sessionId, expiresAt, createdAt, absoluteExpiresAt, idleMinutes }. `token` is 32 random bytes, base64url: it is handed to
 * the client once and only its SHA-256 is stored. The session lasts `idleMinutes` from its last
 * use and at most 12 hours from its start (SESSION_ABSOLUTE_MS).
 */
import type { DbOrTx } from '../db/create-db';
import { sessions } from '../db/schema';
import { hashSessionToken, newId, newSessionToken } from '../lib/ids';

/**
 * DECISIONS 3: a session ends after 30 minutes without use (the default Session timeout; the
 * holder chooses 15, 30, 60 or 120 minutes in Settings › Security)...
 */
export const SESSION_IDLE_MS = 30 * 60_000;
/** The longest Session timeout a holder can choose (ms): housekeeping waits at least this. */
export const SESSION_IDLE_MAX_MS = 120 * 60_000;
/** ...or 12 hours after it started, whichever comes first. */
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;

export type SessionKind = 'demo' | 'user';

/** The longest User-Agent kept with a session (characters). */
export const USER_AGENT_MAX_LENGTH = 200;

export interface CreateSessionOptions {
  /** The database or an open transaction. */
  db: DbOrTx;
  now: () => Date;
  userId: string;
  kind: SessionKind;
  userAgent?: string | undefined;
  /** The holder's Session timeout in minutes (core's SESSION_TIMEOUTS); default 30. */
  idleMinutes?: number;
}

export interface CreatedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
  /** The row's created_at (= its first last_used_at), absolute end and idle minutes. */
  createdAt: Date;
  absoluteExpiresAt: Date;
  idleMinutes: number;
}

/**
 * When a session last used at `lastUsedAt` ends: min(idle end, absolute end); `idleMinutes` is
 * its Session timeout (default 30).
 */
export function sessionExpiry(
  lastUsedAt: Date,
  absoluteExpiresAt: Date,
  idleMinutes = SESSION_IDLE_MS / 60_000,
): Date {
  return new Date(
    Math.min(lastUsedAt.getTime() + idleMinutes * 60_000, absoluteExpiresAt.getTime()),
  );
}

export async function createSession(options: CreateSessionOptions): Promise<CreatedSession> {
  const now = options.now();
  const token = newSessionToken();
  const sessionId = newId('sess');
  const absoluteExpiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const idleMinutes = options.idleMinutes ?? SESSION_IDLE_MS / 60_000;
  await options.db.insert(sessions).values({
    id: sessionId,
    tokenHash: hashSessionToken(token),
    userId: options.userId,
    kind: options.kind,
    createdAt: now,
    lastUsedAt: now,
    absoluteExpiresAt,
    userAgent: options.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null,
    idleMinutes,
  });
  return {
    token,
    sessionId,
    expiresAt: sessionExpiry(now, absoluteExpiresAt, idleMinutes),
    createdAt: now,
    absoluteExpiresAt,
    idleMinutes,
  };
}
