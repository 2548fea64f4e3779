/**
 * Idempotency-Key on every mutating call (IETF draft "The Idempotency-Key HTTP Header
 * Field"; docs/api-contract.md). A route opts in with `config: { idempotent: true }` in its
 * options (IDEMPOTENT): every POST, PUT and DELETE under /user/..., POST
 * /identity/generate-credential and /api/auth/logout do; the public verify endpoints and login
 * do not (they have no authenticated holder to scope a key to).
 *
 * - The header is optional; without it a call behaves exactly as before.
 * - A key is 1-255 printable ASCII characters (0x20-0x7E); anything else answers 400
 *   'invalid_idempotency_key'.
 * - Keys are scoped per authenticated holder (the session's user), so two holders may use the
 *   same key independently. A key lives 24 hours; expired rows are deleted lazily.
 * - The request's fingerprint is method + path + SHA-256 of the canonical JSON (RFC 8785 JCS,
 *   core's canonicalJson with the `canonicalize` package) of `{ body, query }`, as parsed
 *   before validation.
 * - Same key, same fingerprint, answered: the stored status and JSON body are sent again with
 *   `Idempotent-Replayed: true`; the handler does not run (no second effect).
 * - Same key, other fingerprint: 422 'idempotency_key_reused' (detail KEY_REUSED_DETAIL).
 * - Same key while the first request is still in flight: 409 'idempotency_in_flight' (detail
 *   KEY_IN_FLIGHT_DETAIL) with Retry-After: 1.
 * - Only 2xx and 4xx answers are stored. On a 5xx the key is released, so a retry can succeed.
 *
 * Crash safety: the key is claimed first (an insert of a 'pending' row, status_code null; the
 * primary key (user_id, key) makes two concurrent claims impossible; the row is read only when
 * the insert found the key taken), then the handler runs, then
 * the answer is written into the row (onSend) before the response leaves. A crash after the
 * handler's effect and before the answer is stored leaves the row pending: a retry answers 409
 * for STALE_PENDING_MS (1 minute) and may then take the key over and run the handler again. That
 * is the chosen trade-off: it never blocks a holder's key for 24 hours, and a second run is
 * refused by the domain rules of almost every covered call (a decided consent request answers
 * 409, a duplicate document type 409, a deleted credential 404; PUTs, reorder, seen, reset and
 * logout are idempotent by nature). Only an activity-log append could then be written twice,
 * and only after such a crash in the few milliseconds between its commit and the answer's.
 *
 * Logout: the key is scoped to the session's user, but a retried logout whose first attempt
 * succeeded answers 401 (the token is revoked, and authentication runs first); the session is
 * revoked once either way.
 */
import { createHash } from 'node:crypto';
import { canonicalJson, PROBLEM_CONTENT_TYPE } from '@pehchaan/core';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  onSendHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/postgres-hosts';
import { idempotencyKeys } from '../db/schema';
import { problemOf, sendProblem } from '../lib/errors';
import { problemResponse } from '../lib/http-schemas';
import { prepared } from '../lib/prepared';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const INVALID_KEY_DETAIL = 'Idempotency-Key must be 1 to 255 printable ASCII characters';
export const KEY_REUSED_DETAIL = 'This Idempotency-Key was already used for a different request';
export const KEY_IN_FLIGHT_DETAIL =
  'A request with this Idempotency-Key is still being processed; retry later';

/** How long a key is remembered. */
export const KEY_TTL_MS = 24 * 60 * 60_000;
/** After this long, a pending row is taken to belong to a dead process and may be taken over. */
export const STALE_PENDING_MS = 60_000;
/** Expired rows of all holders are swept at most this often (per process). */
const SWEEP_INTERVAL_MS = 10 * 60_000;

const KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an Idempotency-Key (plugins/idempotency.ts); set with IDEMPOTENT. */
    idempotent?: boolean;
  }
}

/** Route option marking a mutating holder route as covered: `{ config: IDEMPOTENT, ... }`. */
export const IDEMPOTENT = { idempotent: true } as const;

/** True for the routes this plugin covers: those marked `config: { idempotent: true }`. */
export function isIdempotentRoute(route: Pick<RouteOptions, 'config'>): boolean {
  const config = route.config as { idempotent?: unknown } | undefined;
  return config?.idempotent === true;
}

interface IdempotencyState {
  key: string;
  userId: string;
  /** Set once this request holds the key (its pending row exists). */
  claimed: boolean;
  /** Set when the stored answer is sent again (the handler does not run: nothing changed). */
  replayed: boolean;
  bodyHash: string;
  path: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the idempotency hooks when the request carries a valid Idempotency-Key. */
    idempotency: IdempotencyState | null;
  }
}

const asArray = <T>(hook: T | T[] | undefined): T[] =>
  hook === undefined ? [] : Array.isArray(hook) ? hook : [hook];

/**
 * Adds the Idempotency-Key hooks to every covered route registered after this call (register it
 * before the routes). Needs `app.deps` (registerDatabase) at request time.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotency', null);
  let lastSweep = 0;

  // After authentication (onRequest) and body parsing, before validation: checks the key and
  // fingerprints the request as the client sent it.
  const fingerprint: preValidationHookHandler = (request, reply, done) => {
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return done();
    const key = Array.isArray(raw) ? raw.join(', ') : raw;
    if (!KEY_PATTERN.test(key)) {
      sendProblem(reply, problemOf('invalid_idempotency_key', INVALID_KEY_DETAIL));
      return;
    }
    const userId = request.auth?.userId;
    if (!userId) return done(); // Not reached: every covered route authenticates first.
    request.idempotency = {
      key,
      userId,
      claimed: false,
      replayed: false,
      bodyHash: createHash('sha256')
        .update(canonicalJson({ body: request.body ?? null, query: request.query ?? {} }))
        .digest('hex'),
      path: request.url.split('?')[0] ?? request.url,
    };
    done();
  };

  // Last preHandler (after the route's own checks, e.g. requireUser): claim, replay or refuse.
  const claim: preHandlerHookHandler = async function claimKey(request, reply) {
    const state = request.idempotency;
    if (!state) return;
    const { db, now } = app.deps;
    const at = now();
    const expiredBefore = new Date(at.getTime() - KEY_TTL_MS);
    const scope = and(eq(idempotencyKeys.userId, state.userId), eq(idempotencyKeys.key, state.key));

    if (at.getTime() - lastSweep > SWEEP_INTERVAL_MS) {
      lastSweep = at.getTime();
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expiredBefore));
    }

    // Claim first: a fresh key (the common case) is one statement. A key already in the table is
    // read back: a retry is answered from its stored answer; a key older than KEY_TTL_MS counts
    // as unused (its row is deleted and the key claimed afresh).
    const claimRow = async () => {
      const inserted = await prepared(db, 'claim_idempotency_key', (handle) =>
        handle
          .insert(idempotencyKeys)
          .values({
            key: sql.placeholder('key'),
            userId: sql.placeholder('userId'),
            method: sql.placeholder('method'),
            path: sql.placeholder('path'),
            bodyHash: sql.placeholder('bodyHash'),
            statusCode: null,
            responseBody: null,
            createdAt: sql.placeholder('createdAt'),
          })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key })
          .prepare('claim_idempotency_key'),
      ).execute({
        key: state.key,
        userId: state.userId,
        method: request.method,
        path: state.path,
        bodyHash: state.bodyHash,
        createdAt: at,
      });
      return inserted.length > 0;
    };
    if (await claimRow()) {
      state.claimed = true;
      return;
    }
    let [existing] = await db.select().from(idempotencyKeys).where(scope);
    if (existing && existing.createdAt < expiredBefore) {
      await db
        .delete(idempotencyKeys)
        .where(and(scope, lt(idempotencyKeys.createdAt, expiredBefore)));
      if (await claimRow()) {
        state.claimed = true;
        return;
      }
      // Claimed by a concurrent request meanwhile: go on with its row.
      [existing] = await db.select().from(idempotencyKeys).where(scope);
    }
    if (!existing) {
      // Released (a 5xx) between our insert and select: ask the client to retry.
      return conflict(reply);
    }
    if (
      existing.method !== request.method ||
      existing.path !== state.path ||
      existing.bodyHash !== state.bodyHash
    ) {
      return sendProblem(reply, problemOf('idempotency_key_reused', KEY_REUSED_DETAIL));
    }
    if (existing.statusCode === null) {
      const staleBefore = new Date(at.getTime() - STALE_PENDING_MS);
      const takenOver = await db
        .update(idempotencyKeys)
        .set({ createdAt: at })
        .where(
          and(
            scope,
            isNull(idempotencyKeys.statusCode),
            lt(idempotencyKeys.createdAt, staleBefore),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (takenOver.length > 0) {
        request.log.warn('taking over a stale pending Idempotency-Key');
        state.claimed = true;
        return;
      }
      return conflict(reply);
    }
    // Only JSON answers are stored; an error answer is a problem (application/problem+json).
    state.replayed = true;
    return reply
      .code(existing.statusCode)
      .header(REPLAYED_HEADER, 'true')
      .type(
        existing.statusCode >= 400
          ? `${PROBLEM_CONTENT_TYPE}; charset=utf-8`
          : 'application/json; charset=utf-8',
      )
      .send(existing.responseBody === null ? '' : JSON.stringify(existing.responseBody));
  };

  // Stores the answer (2xx, 4xx) or releases the key (5xx) before the response leaves.
  const store: onSendHookHandler = async function storeAnswer(request, reply, payload) {
    const state = request.idempotency;
    if (!state?.claimed) return payload;
    state.claimed = false;
    const { db } = app.deps;
    const scope = and(eq(idempotencyKeys.userId, state.userId), eq(idempotencyKeys.key, state.key));
    try {
      if (reply.statusCode >= 500) {
        await db.delete(idempotencyKeys).where(and(scope, isNull(idempotencyKeys.statusCode)));
      } else {
        await db
          .update(idempotencyKeys)
          .set({ statusCode: reply.statusCode, responseBody: parseJson(payload) })
          .where(scope);
      }
    } catch (error) {
      // The effect has happened; the holder still gets its answer. The key stays pending and
      // may be taken over after STALE_PENDING_MS (see the module docstring).
      // During a failover this is expected (warn); otherwise it is a fault (error).
      const level = isDatabaseUnavailable(error) ? 'warn' : 'error';
      request.log[level]({ err: error }, 'could not store the Idempotency-Key answer');
    }
    return payload;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isIdempotentRoute(route)) return;
    route.preValidation = [...asArray(route.preValidation), fingerprint];
    route.preHandler = [...asArray(route.preHandler), claim];
    route.onSend = [...asArray(route.onSend), store];
    // Documented in the OpenAPI document; the checks above stay the plugin's own.
    if (route.schema && !route.schema.headers) {
      route.schema = {
        ...route.schema,
        headers: idempotencyHeadersSchema,
        response: {
          409: problemResponse,
          422: problemResponse,
          ...asResponses(route.schema.response),
        },
      };
    }
  });
}

/** The optional header, as the OpenAPI document shows it (other headers pass through). */
const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      '1 to 255 printable ASCII characters. The same key with the same request answers the first ' +
        'answer again (Idempotent-Replayed: true) without a second effect; with another request, ' +
        '422; while the first is still running, 409. Remembered 24 hours per holder.',
    ),
});

function asResponses(response: unknown): Record<string, unknown> {
  return typeof response === 'object' && response !== null
    ? (response as Record<string, unknown>)
    : {};
}

/**
 * 409 'idempotency_in_flight' for a key whose first request is still running: clients tell it
 * apart from a domain conflict (e.g. 'consent_already_decided') by its code. Retry-After (1 s)
 * says when to try again.
 */
function conflict(reply: FastifyReply) {
  return sendProblem(reply, problemOf('idempotency_in_flight', KEY_IN_FLIGHT_DETAIL), 1);
}

function parseJson(payload: unknown): unknown {
  const text =
    typeof payload === 'string'
      ? payload
      : Buffer.isBuffer(payload)
        ? payload.toString('utf8')
        : null;
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
