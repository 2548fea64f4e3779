/**
 * Starts a session for a signed-in holder (DECISIONS 3).
 *
 * Input: { db, now, userId, kind: 'demo' | 'user', userAgent? } (the User-Agent is kept, cut to
 * USER_AGENT_MAX_LENGTH characters, only so the holder can tell sessions apart in the list).
 * Output: { token, sessionId, expiresAt }. `token` is 32 random bytes, base64url: it is handed to
 * the client once and only its SHA-256 is stored. The session lasts 30 minutes from its last use
 * and at most 12 hours from its start (SESSION_IDLE_MS, SESSION_ABSOLUTE_MS).
 */
import type { DbOrTx } from '../db/create-db';
import { sessions } from '../db/schema';
import { hashSessionToken, newId, newSessionToken } from '../lib/ids';

/** DECISIONS 3: a session ends after 30 minutes without use... */
export const SESSION_IDLE_MS = 30 * 60_000;
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
}

export interface CreatedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

/** When a session last used at `lastUsedAt` ends: min(idle end, absolute end). */
export function sessionExpiry(lastUsedAt: Date, absoluteExpiresAt: Date): Date {
  return new Date(Math.min(lastUsedAt.getTime() + SESSION_IDLE_MS, absoluteExpiresAt.getTime()));
}

export async function createSession(options: CreateSessionOptions): Promise<CreatedSession> {
  const now = options.now();
  const token = newSessionToken();
  const sessionId = newId('sess');
  const absoluteExpiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await options.db.insert(sessions).values({
    id: sessionId,
    tokenHash: hashSessionToken(token),
    userId: options.userId,
    kind: options.kind,
    createdAt: now,
    lastUsedAt: now,
    absoluteExpiresAt,
    userAgent: options.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null,
  });
  return { token, sessionId, expiresAt: sessionExpiry(now, absoluteExpiresAt) };
}
