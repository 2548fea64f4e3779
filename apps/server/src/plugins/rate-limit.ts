/**
 * Per-IP rate limits (docs/security.md), with @fastify/rate-limit: a route opts in with
 * `config: { rateLimit: RATE_LIMITS.<name> }`; a holder's route may be limited per holder
 * instead (`perHolder(RATE_LIMITS.<name>)`: keyed by the path's user id, counted after the
 * session was checked, so nobody else can use up a holder's allowance). Over the limit the answer is 429
 * problem 'rate_limited' with a Retry-After header (seconds until the window ends), through the one error
 * handler (AppError 'rate_limited').
 *
 * - Where the counters live: without REDIS_URL, in this process's memory on the app's clock
 *   (config.now, so tests move time with TestClock). With REDIS_URL, in Redis, shared by every
 *   instance (the library's Redis store over ioredis, keys under `pehchaan:rl:`; windows on
 *   Redis's clock), so N instances behind a balancer give one limit, not N (docs/scaling.md).
 *   Windows are fixed (the library's model).
 * - The key is the client IP as Fastify sees it: the socket's address, or behind a balancer
 *   named in TRUST_PROXY, the X-Forwarded-For client.
 * - When Redis cannot be reached, the per-IP login and verify-link limits let requests through
 *   (the library's skipOnError; failed logins per number are still counted in the database,
 *   accounts/login-throttle.ts), while OTP sends are refused with 503 'service_unavailable'
 *   (each may cost an SMS and reach a stranger's phone: they are never sent uncounted).
 * - Requests the server makes to itself in process (the wallet reaching the product's own
 *   OpenID4VCI issuers, lib/oid4vci/issuer-http.ts IN_PROCESS_REMOTE_ADDRESS) are not counted.
 * - RATE_LIMITS=off (config) registers nothing: for benchmarks only; the default is on.
 *
 * The OTP send throttle (DECISIONS 3: per phone and per IP) runs after body validation, so it
 * can key on the phone number: `sendOtpLimits(app)` gives the route its preHandler, on the same
 * store and answer.
 */
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import { isDemoPhone } from '@pehchaan/core';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import {
  AppError,
  rateLimitedDetail,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  unavailableDetail,
} from '../lib/errors';
import { IN_PROCESS_REMOTE_ADDRESS } from '../lib/oid4vci/issuer-http';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared store of the counters (REDIS_URL), or null: in memory per process. */
    rateLimitRedis: Redis | null;
  }
}

/** Prefix of every counter key in Redis. */
export const REDIS_KEY_PREFIX = 'pehchaan:rl:';

/**
 * The limits, each per client IP and per window.
 * - verifyOtp (POST /api/auth/verify-otp): 30 a minute. A person logging in needs 1 or 2 tries,
 *   but many people share one address (carrier-grade NAT on mobile networks, offices), and the
 *   browser suite signs in from one address up to about 15 times a minute; 10 was measured too
 *   tight for it. Guessing is bounded mainly by the OTP itself (5 wrong tries per challenge,
 *   sends limited per phone and per IP); this caps spraying attempts across accounts.
 * - verifyLink (GET /api/verify/{id}): 60 a minute. Generous for a verifier scanning QR codes
 *   by hand (one a second); it stops enumerating credential ids from one address.
 * POST /credentials/verify and /presentations/verify are not limited: they read nothing stored
 * (the caller sends the document), and their throughput is measured (npm run bench:verify).
 */
export const RATE_LIMITS = {
  verifyOtp: { max: 30, timeWindow: 60_000 },
  verifyLink: { max: 60, timeWindow: 60_000 },
  /** OTP sends (each may cost an SMS): 10 per 10 minutes from one address... */
  sendOtpPerIp: { max: 10, timeWindow: 10 * 60_000 },
  /** ...and 3 per 10 minutes to one phone number (DECISIONS 3). */
  sendOtpPerPhone: { max: 3, timeWindow: 10 * 60_000 },
  /**
   * Revealing an identity number in full (GET /user/{userId}/credentials/{id}/fields/{field};
   * DECISIONS 9.6), per holder: 20 per 10 minutes. A holder reads a number or two at a time (the
   * card keeps a revealed value while it is open); a stolen session cannot drain every number
   * of every credential at machine speed, and each reveal is in the holder's log.
   */
  revealField: { max: 20, timeWindow: 10 * 60_000 },
  /**
   * POST .../credentials/{id}/status-check, per holder: 60 per 10 minutes (a card opened asks
   * too; an explicit check fetches an outside issuer's list afresh, which this bounds).
   */
  statusCheck: { max: 60, timeWindow: 10 * 60_000 },
  /**
   * The OpenID4VCI token and nonce endpoints of the product's issuers (public, anonymous): 30
   * requests a minute from one address. Wrong transaction codes are limited per offer as well
   * (issuer/oid4vci.ts MAX_TX_CODE_FAILURES).
   */
  oid4vci: { max: 30, timeWindow: 60_000 },
} as const satisfies Record<string, RateLimitOptions>;

/**
 * A route's limit counted per holder (the `userId` path parameter) rather than per IP, in the
 * preHandler hook: after routes/user/index.ts authenticated the session and checked the holder
 * (401/403 answers count nothing).
 */
export function perHolder(limit: { max: number; timeWindow: number }): RateLimitOptions {
  return {
    ...limit,
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => {
      const params = request.params as { userId?: unknown } | undefined;
      return `holder:${typeof params?.userId === 'string' ? params.userId : ''}`;
    },
  };
}

/** Counters kept at most (least recently used dropped first), so memory stays bounded. */
const MAX_KEYS = 10_000;

interface Counter {
  count: number;
  startMs: number;
}

/**
 * Fixed-window counters in memory on the app's clock, at most MAX_KEYS of them.
 * `incr` counts one hit for `key` and answers the count in the current window and the
 * milliseconds until that window ends.
 */
class WindowCounters {
  private readonly counters = new Map<string, Counter>();

  constructor(private readonly now: () => Date) {}

  incr(key: string, timeWindow: number): { current: number; ttl: number } {
    const nowMs = this.now().getTime();
    let counter = this.counters.get(key);
    if (!counter || nowMs - counter.startMs >= timeWindow) {
      counter = { count: 0, startMs: nowMs };
    }
    counter.count += 1;
    // Re-insert so the Map's order is least recently used first.
    this.counters.delete(key);
    this.counters.set(key, counter);
    if (this.counters.size > MAX_KEYS) {
      const oldest = this.counters.keys().next().value;
      if (oldest !== undefined) this.counters.delete(oldest);
    }
    return { current: counter.count, ttl: counter.startMs + timeWindow - nowMs };
  }
}

/** The library's store interface over WindowCounters (its LocalStore uses Date.now). */
function clockStore(now: () => Date): FastifyRateLimitStoreCtor {
  class ClockStore implements FastifyRateLimitStore {
    private readonly counters = new WindowCounters(now);

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow = 60_000,
    ): void {
      callback(null, this.counters.incr(key, timeWindow));
    }

    child(): FastifyRateLimitStore {
      return new ClockStore();
    }
  }
  return ClockStore;
}

/** The phone number of a validated send-otp body, or '' (the route's schema guarantees it). */
function bodyPhone(request: FastifyRequest): string {
  const body = request.body as { phoneNumber?: unknown } | undefined;
  return typeof body?.phoneNumber === 'string' ? body.phoneNumber : '';
}

/** A fixed-window counter: counts one hit for `key`, answers the count and ms left. */
interface LimitCounter {
  incr(key: string, timeWindow: number): Promise<{ current: number; ttl: number }>;
}

function memoryCounter(now: () => Date): LimitCounter {
  const counters = new WindowCounters(now);
  return { incr: async (key, timeWindow) => counters.incr(key, timeWindow) };
}

/**
 * The same counter in Redis, one round trip: SET NX PX starts the window (count 0, expiring
 * with it), INCR counts, PTTL tells what is left, in one MULTI.
 * @throws AppError 'service_unavailable' (503, Retry-After) when Redis does not answer.
 */
function redisCounter(redis: Redis, prefix: string): LimitCounter {
  return {
    async incr(key, timeWindow) {
      const name = `${prefix}${key}`;
      let replies: [Error | null, unknown][] | null;
      try {
        replies = await redis
          .multi()
          .set(name, 0, 'PX', timeWindow, 'NX')
          .incr(name)
          .pttl(name)
          .exec();
      } catch {
        replies = null;
      }
      const current = replies?.[1]?.[1];
      const ttl = replies?.[2]?.[1];
      if (typeof current !== 'number' || typeof ttl !== 'number') {
        throw new AppError(
          'service_unavailable',
          unavailableDetail(),
          UNAVAILABLE_RETRY_AFTER_SECONDS,
        );
      }
      return { current, ttl: ttl < 0 ? timeWindow : ttl };
    },
  };
}

/**
 * The preHandler of POST /api/auth/send-otp: RATE_LIMITS.sendOtpPerIp and sendOtpPerPhone, both
 * counted (the library runs one limit per request, so these two have their own counters), in
 * Redis when REDIS_URL is set.
 * Demo phones are not counted (no code is sent to them; their OTP is published, SPEC 5).
 * Over either limit: AppError 'rate_limited' (429) with Retry-After. Redis unreachable: AppError
 * 'service_unavailable' (503). Nothing when RATE_LIMITS=off.
 */
export function sendOtpLimits(app: FastifyInstance): (request: FastifyRequest) => Promise<void> {
  const { rateLimits: enabled, now } = app.config;
  const redis = app.hasDecorator('rateLimitRedis') ? app.rateLimitRedis : null;
  const perIp = redis ? redisCounter(redis, `${REDIS_KEY_PREFIX}otp-ip:`) : memoryCounter(now);
  const perPhone = redis
    ? redisCounter(redis, `${REDIS_KEY_PREFIX}otp-phone:`)
    : memoryCounter(now);
  return async (request) => {
    const phone = bodyPhone(request);
    if (!enabled || isDemoPhone(phone)) return;
    const [ip, byPhone] = await Promise.all([
      perIp.incr(request.ip, RATE_LIMITS.sendOtpPerIp.timeWindow),
      perPhone.incr(phone, RATE_LIMITS.sendOtpPerPhone.timeWindow),
    ]);
    const hits = [
      { ...ip, max: RATE_LIMITS.sendOtpPerIp.max },
      { ...byPhone, max: RATE_LIMITS.sendOtpPerPhone.max },
    ];
    const over = hits.filter((hit) => hit.current > hit.max);
    if (over.length === 0) return;
    const seconds = Math.max(1, Math.ceil(Math.max(...over.map((hit) => hit.ttl)) / 1000));
    throw new AppError('rate_limited', rateLimitedDetail(seconds), seconds);
  };
}

/**
 * Opens the shared counter store: ioredis with short timeouts, so a request never waits long
 * on an unreachable Redis (connect 2 s, each command 1 s, one retry). Its connection errors are
 * logged at most every 10 s; it reconnects by itself.
 */
export function connectRateLimitStore(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let lastLogged = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastLogged < 10_000) return;
    lastLogged = Date.now();
    log.warn({ err: error }, 'rate-limit store (Redis) unreachable');
  });
  return redis;
}

/**
 * Registers the limiter (routes opt in); nothing when `enabled` is false. Before the routes.
 * With `redisUrl` the counters are kept in Redis (module docstring); the connection is closed
 * with the app.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { enabled: boolean; now: () => Date; redisUrl?: string | undefined },
): Promise<void> {
  const redis =
    options.enabled && options.redisUrl ? connectRateLimitStore(options.redisUrl, app.log) : null;
  app.decorate('rateLimitRedis', redis);
  if (!options.enabled) return;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? { redis, nameSpace: REDIS_KEY_PREFIX, skipOnError: true }
      : { store: clockStore(options.now) }),
    // The wallet's in-process calls to this server's own issuers (lib/oid4vci/issuer-http.ts).
    allowList: (request) => request.raw.socket?.remoteAddress === IN_PROCESS_REMOTE_ADDRESS,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', rateLimitedDetail(Math.max(1, Math.ceil(context.ttl / 1000)))),
  });
}
