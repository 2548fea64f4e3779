/**
 * Bearer-token authentication (DECISIONS 3, api-contract).
 *
 * - `authenticate` (an onRequest hook): reads `Authorization: Bearer <token>` and resolves the
 *   session; 401 `{detail}` when the header is missing or the token is unknown, expired or
 *   revoked. Runs before body/query validation, so an anonymous caller learns nothing else.
 * - `requireUser(request, userId)`: 403 when the session's user is not `userId`.
 * - `requireSession(request)`: the session of an authenticated request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import {
  type AuthenticatedSession,
  authenticateSession,
  INVALID_SESSION_DETAIL,
} from '../services/authenticate-session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; null on routes without it. */
    auth: AuthenticatedSession | null;
  }
}

export const MISSING_TOKEN_DETAIL = 'Not authenticated. Please log in.';
export const FORBIDDEN_DETAIL = "You are not allowed to access another user's data.";

/** base64url tokens of 32 bytes are 43 characters; anything far off is not ours. */
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/i;

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/** onRequest hook. @throws AppError 'unauthenticated' (401). */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (!header) throw new AppError('unauthenticated', MISSING_TOKEN_DETAIL);
  const token = BEARER.exec(header)?.[1];
  // Same answer as an unknown token: a malformed header is just another bad token.
  if (!token) throw new AppError('unauthenticated', INVALID_SESSION_DETAIL);
  const { db, now } = request.server.deps;
  request.auth = await authenticateSession({ db, now, token, cache: request.server.readCache });
}

/** The session of a request that passed `authenticate`. @throws AppError 'unauthenticated'. */
export function requireSession(request: FastifyRequest): AuthenticatedSession {
  if (!request.auth) throw new AppError('unauthenticated', MISSING_TOKEN_DETAIL);
  return request.auth;
}

/** @throws AppError 'forbidden' (403) when the session's user is not `userId`. */
export function requireUser(request: FastifyRequest, userId: string): AuthenticatedSession {
  const session = requireSession(request);
  if (session.userId !== userId) throw new AppError('forbidden', FORBIDDEN_DETAIL);
  return session;
}
