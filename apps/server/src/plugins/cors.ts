/**
 * CORS, closed unless an allow-list is configured (docs/security.md).
 *
 * The web app is served by this server (same origin), so it needs no CORS. By default nothing is
 * registered: no answer carries Access-Control-Allow-Origin, so a page on another origin cannot
 * read any API answer (a preflight gets the ordinary 404). With CORS_ORIGINS set (exact origins,
 * parsed by src/config.ts), @fastify/cors answers preflights and allows exactly those origins:
 * a request from any other origin gets no Access-Control-Allow-Origin.
 *
 * Sessions are Bearer tokens, never cookies, so credentials (cookies) are not allowed.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** The methods and request headers the API uses; nothing else is allowed cross-origin. */
export const CORS_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key'] as const;
/** Browsers may reuse a preflight answer for 10 minutes. */
export const CORS_MAX_AGE_SECONDS = 600;

/** Registers CORS for `origins`; with none, registers nothing (closed). Before the routes. */
export async function registerCors(
  app: FastifyInstance,
  options: { origins: readonly string[] },
): Promise<void> {
  if (options.origins.length === 0) return;
  await app.register(cors, {
    origin: [...options.origins],
    methods: [...CORS_METHODS],
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    // Readable by the calling page: the wait of a 429 and the mark of an idempotent replay.
    exposedHeaders: ['Retry-After', 'Idempotent-Replayed'],
    credentials: false,
    maxAge: CORS_MAX_AGE_SECONDS,
  });
}
