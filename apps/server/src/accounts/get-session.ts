/**
 * GET /api/auth/session (api-contract; the Login Debugger's Check Current User).
 *
 * Input: { db, session (from the auth hook) }. Output: { user_id, user (masked Aadhaar, type
 * demo | user), expires_at (ISO; when the session ends if unused) }.
 * Errors: AppError 'unauthenticated' (401) when the session's user no longer exists.
 */

import type { SessionUser } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { users } from '../db/schema';
import { AppError } from '../lib/errors';
import { toSessionUser } from '../lib/records';
import { type AuthenticatedSession, INVALID_SESSION_DETAIL } from './authenticate-session';

export interface GetSessionOptions {
  db: Db;
  session: AuthenticatedSession;
}

export interface SessionAnswer {
  user_id: string;
  user: SessionUser;
  expires_at: string;
}

export async function getSession(options: GetSessionOptions): Promise<SessionAnswer> {
  const { session } = options;
  const [user] = await options.db.select().from(users).where(eq(users.id, session.userId));
  if (!user) throw new AppError('unauthenticated', INVALID_SESSION_DETAIL);
  return {
    user_id: user.id,
    user: toSessionUser(user, session.kind),
    expires_at: session.expiresAt.toISOString(),
  };
}
