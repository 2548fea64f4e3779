/**
 * Read cache plugin (docs/adr/0006-read-cache.md; src/lib/read-cache.ts says what is kept and why
 * it stays true).
 *
 * Decorates the app with `readCache`. With READ_CACHE=on it listens on the database's
 * `pehchaan_holder_changed` channel (migration 0005): each notification invalidates that
 * holder; the cache serves only while the channel listens (disabled when the connection is
 * lost, emptied and enabled again when it is back). With READ_CACHE=off it stays disabled.
 *
 * Own writes: when a mutating request (POST, PUT, PATCH, DELETE) of a signed-in holder is
 * answered, that holder is invalidated before the answer is sent, so the holder's next read
 * sees the write even before the database's notification arrives. A replayed Idempotency-Key
 * answer is not a write (the handler did not run) and invalidates nothing.
 *
 * On close: stops listening and logs the cache's counters (hits, misses, invalidations).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/create-db';
import { ReadCache } from '../lib/read-cache';

/** The channel migration 0005's triggers notify. */
export const HOLDER_CHANGED_CHANNEL = 'pehchaan_holder_changed';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

export async function registerReadCache(
  app: FastifyInstance,
  options: { enabled: boolean; database: Database },
): Promise<void> {
  const cache = new ReadCache({ enabled: false });
  app.decorate('readCache', cache);
  if (!options.enabled) return;

  const stop = await options.database.listen(HOLDER_CHANGED_CHANNEL, {
    notify: (holderId) => cache.invalidate(holderId),
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
    if (request.auth && MUTATING.has(request.method) && !request.idempotency?.replayed) {
      cache.invalidate(request.auth.userId);
    }
    done(null, payload);
  });

  app.addHook('onClose', async () => {
    await stop();
    app.log.info({ readCache: cache.stats() }, 'read cache closed');
  });
}
