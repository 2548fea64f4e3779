/**
 * sendCachedAnswer: answers a read from the read cache (src/lib/read-cache.ts) when it holds
 * the answer, else loads it, serializes it with the route's own response schema (the same
 * check every answer gets) and keeps the JSON (as UTF-8 bytes) for the next call.
 *
 * Input: the reply, the cache, the entry's key, the app clock and `load`, which resolves
 * `{ value, holderId, expiresAt? }` (expiresAt: epoch ms after which the answer may differ, e.g.
 * a credential's validUntil). Output: the reply, sent 200 with `application/json`.
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

export async function sendCachedAnswer(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  now: () => Date,
  load: () => Promise<CacheableAnswer>,
): Promise<FastifyReply> {
  const nowMs = now().getTime();
  let body = cache.get<Buffer>(key, nowMs);
  if (body === undefined) {
    const ticket = cache.begin();
    const answer = await load();
    // The route's response serializer (a zod check, then JSON.stringify) yields text; it is
    // kept as UTF-8 bytes so a cached answer is written without being encoded again.
    body = Buffer.from(String(reply.serialize(answer.value)), 'utf8');
    cache.set(key, answer.holderId, body, ticket, answer.expiresAt);
  }
  return reply.type(JSON_TYPE).send(body);
}
