/**
 * Bearer-token authentication (DECISIONS 3, api-contract).
 *
 * - `authenticate` (an onRequest hook): reads `Authorization: Bearer <token>` and resolves the
 *   session; 401 problem 'unauthenticated' when the header is missing or the token is unknown, expired or
 *   revoked. Runs before body/query validation, so an anonymous caller learns nothing else.
 * - `requireUser(request, userId)`: 403 when the session's user is not `userId`.
 * - `authorizeHolder(read)`: an onRequest hook, after `authenticate`, that calls requireUser
 *   with the holder the raw request addresses (path parameter or query field): authorization
 *   (401, then 403) is decided before body parsing and schema validation on every holder
 *   route, so a wrong holder's token gets 403 whatever its input (api-contract "Errors").
 * - `requireSession(request)`: the session of an authenticated request.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import {
  type AuthenticatedSession,
  authenticateSession,
  cachedSession,
  INVALID_SESSION_DETAIL,
} from '../accounts/authenticate-session';
import { AppError } from '../lib/errors';

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

/**
 * onRequest hook: sets `request.auth`, or fails the request with AppError 'unauthenticated'
 * (401). A session the read cache holds is answered without a promise (the hot path of every
 * holder read); otherwise the database is asked.
 */
export function authenticate(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const header = request.headers.authorization;
  if (!header) {
    done(new AppError('unauthenticated', MISSING_TOKEN_DETAIL));
    return;
  }
  const token = BEARER.exec(header)?.[1];
  // Same answer as an unknown token: a malformed header is just another bad token.
  if (!token) {
    done(new AppError('unauthenticated', INVALID_SESSION_DETAIL));
    return;
  }
  const { db, now } = request.server.deps;
  const options = { db, now, token, cache: request.server.readCache };
  const kept = cachedSession(options);
  if (kept) {
    request.auth = kept;
    done();
    return;
  }
  authenticateSession(options).then(
    (session) => {
      request.auth = session;
      done();
    },
    (error: Error) => done(error),
  );
}

/**
 * The bearer token of a request, without resolving its session (the unlock routes look up a
 * locked session themselves). @throws AppError 'unauthenticated' when there is none.
 */
export function bearerTokenOf(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw new AppError('unauthenticated', MISSING_TOKEN_DETAIL);
  const token = BEARER.exec(header)?.[1];
  if (!token) throw new AppError('unauthenticated', INVALID_SESSION_DETAIL);
  return token;
}

/**
 * onRequest hook: a request without a well-formed bearer token fails with 'unauthenticated'
 * (401) before its body is parsed; the token's session is left to the route (unlock).
 */
export function requireBearer(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  try {
    bearerTokenOf(request);
    done();
  } catch (error) {
    done(error as Error);
  }
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

/**
 * An onRequest hook (registered after `authenticate`) that answers 403 'forbidden' when the
 * holder `read` finds in the raw request (before validation: a path parameter or a query field)
 * is not the session's user. A value that is not a string (absent, repeated) is left to the
 * route's schema, which refuses it (400): it addresses no other holder.
 */
export function authorizeHolder(read: (request: FastifyRequest) => unknown): onRequestHookHandler {
  return (request, _reply, done) => {
    const holder = read(request);
    try {
      if (typeof holder === 'string') requireUser(request, holder);
      else requireSession(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  };
}
