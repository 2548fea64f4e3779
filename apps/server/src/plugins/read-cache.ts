/**
 * Read cache plugin (docs/adr/0006-read-cache.md; src/lib/read-cache.ts says what is kept and why
 * it stays true).
 *
 * Decorates the app with `readCache`. With READ_CACHE=on it listens, on one connection, on the
 * database's `pehchaan_holder_changed` channel (migration 0005: a holder's data changed; each
 * notification invalidates that holder's data) and `pehchaan_sessions_changed` (migration 0028:
 * a session of the holder ended or changed its timeout; each notification invalidates that
 * holder's sessions, `sessionsOf`). The cache serves only while the channels listen (disabled
 * when the connection is lost, emptied and enabled again when it is back). With READ_CACHE=off
 * it stays disabled.
 *
 * Own writes: when a mutating request (POST, PUT, PATCH, DELETE) of a signed-in holder is
 * answered, that holder's data is invalidated before the answer is sent, so the holder's next
 * read sees the write even before the database's notification arrives; and the holder's
 * sessions too, unless the route is marked `config: SESSIONS_UNTOUCHED` (its handler writes no
 * session row: only src/accounts/ writes sessions, test/table-writers.test.ts), so a logout,
 * a revocation or a new timeout is seen by this instance's very next request. A replayed
 * Idempotency-Key answer is not a write (the handler did not run) and invalidates nothing; nor is
 * a request refused before its handler's stage (Fastify's preHandler): a 401/403 of the
 * authentication hooks, a 400/413/415 of parsing or schema validation. Those stages run no use
 * case (their hooks only read: the session, the holder the path names, an API key), so such a
 * refusal leaves the holder's cached session and lists in place, and a client (or a fuzzer)
 * sending malformed writes does not make the holder's next reads go to the database.
 *
 * On close: stops listening and logs the cache's counters (hits, misses, invalidations).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/create-db';
import { ReadCache, sessionsOf } from '../lib/read-cache';

/** The channel migration 0005's triggers notify when a holder's data changes. */
export const HOLDER_CHANGED_CHANNEL = 'pehchaan_holder_changed';
/** The channel migration 0028's triggers notify when a holder's session ends or changes. */
export const SESSIONS_CHANGED_CHANNEL = 'pehchaan_sessions_changed';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
  interface FastifyRequest {
    /** Set when the request reached the preHandler stage (validation passed); module docs. */
    reachedHandler: boolean;
  }
  interface FastifyContextConfig {
    /** The route's handler writes no session row; set with SESSIONS_UNTOUCHED (module docs). */
    sessionsUntouched?: boolean;
  }
}

/**
 * Route option of a mutating holder route whose handler never writes a session row (it calls
 * no use case of src/accounts/): its own-write invalidation keeps the holder's cached sessions.
 */
export const SESSIONS_UNTOUCHED = { sessionsUntouched: true } as const;

export async function registerReadCache(
  app: FastifyInstance,
  options: { enabled: boolean; database: Database },
): Promise<void> {
  const cache = new ReadCache({ enabled: false });
  app.decorate('readCache', cache);
  if (!options.enabled) return;
  app.decorateRequest('reachedHandler', false);
  // The first preHandler of every route (root hooks run before the routes' own): from here on
  // a use case may write.
  app.addHook('preHandler', (request, _reply, done) => {
    request.reachedHandler = true;
    done();
  });

  const stop = await options.database.listen([HOLDER_CHANGED_CHANNEL, SESSIONS_CHANGED_CHANNEL], {
    notify: (holderId, channel) =>
      cache.invalidate(channel === SESSIONS_CHANGED_CHANNEL ? sessionsOf(holderId) : holderId),
    up: () => {
      cache.enable();
      app.log.info('read cache on: listening for holder changes');
    },
    down: (error) => {
      cache.disable();
      app.log.warn({ err: error }, 'read cache off until the change feed is back');
    },
  });

  app.addHook('onSend', (request, _reply, payload, done) => {
    // A replayed Idempotency-Key answer (plugins/idempotency.ts) ran no handler: nothing changed.
    if (
      request.auth &&
      request.reachedHandler &&
      MUTATING.has(request.method) &&
      !request.idempotency?.replayed
    ) {
      cache.invalidate(request.auth.userId);
      if (request.routeOptions.config.sessionsUntouched !== true) {
        cache.invalidate(sessionsOf(request.auth.userId));
      }
    }
    done(null, payload);
  });

  app.addHook('onClose', async () => {
    await stop();
    app.log.info({ readCache: cache.stats() }, 'read cache closed');
  });
}
