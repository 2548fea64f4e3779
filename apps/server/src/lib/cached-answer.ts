/**
 * sendCachedAnswer: answers a read from the read cache (src/lib/read-cache.ts) when it holds
 * the answer, else loads it, serializes it with the route's own response schema (the same
 * check every answer gets) and keeps the JSON (as UTF-8 bytes) for the next call.
 *
 * Input: the reply, the cache, the entry's key, the app clock, `load`, which resolves
 * `{ value, holderId, expiresAt? }` (expiresAt: epoch ms after which the answer may differ, e.g.
 * a credential's validUntil), and the holder when known before the read (concurrent misses
 * then share one read). Output: the reply, sent 200 with `application/json`.
 * Errors: whatever `load` throws (the route's error handler answers it); nothing is kept then.
 */
import type { FastifyReply } from 'fastify';
import type { ReadCache } from './read-cache';

export interface CacheableAnswer {
  value: unknown;
  /** The holder (data principal) whose rows the answer was read from. */
  holderId: string;
  expiresAt?: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * See the module docs. `holderId`, when the caller knows it before the read (a holder's own
 * list), lets concurrent misses of `key` share one read (ReadCache.load); without it (a public
 * verdict, whose holder the read finds out) each miss reads for itself.
 */
export async function sendCachedAnswer(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  now: () => Date,
  load: () => Promise<CacheableAnswer>,
  holderId?: string,
): Promise<FastifyReply> {
  const nowMs = now().getTime();
  // The route's response serializer (a zod check, then JSON.stringify) yields text; it is
  // kept as UTF-8 bytes so a cached answer is written without being encoded again.
  const serialize = (answer: CacheableAnswer) =>
    Buffer.from(String(reply.serialize(answer.value)), 'utf8');
  let body: Buffer | undefined;
  if (holderId !== undefined) {
    body = await cache.load<Buffer>(key, holderId, nowMs, async () => {
      const answer = await load();
      if (answer.holderId !== holderId) throw new Error(`${key}: read for another holder`);
      return { value: serialize(answer), expiresAt: answer.expiresAt };
    });
  } else {
    body = cache.get<Buffer>(key, nowMs);
    if (body === undefined) {
      const ticket = cache.begin();
      const answer = await load();
      body = serialize(answer);
      cache.set(key, answer.holderId, body, ticket, answer.expiresAt);
    }
  }
  return reply.type(JSON_TYPE).send(body);
}
