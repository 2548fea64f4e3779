/**
 * Per-IP rate limits (docs/security.md), with @fastify/rate-limit: a route opts in with
 * `config: { rateLimit: RATE_LIMITS.<name> }`. Over the limit the answer is 429
 * problem 'rate_limited' with a Retry-After header (seconds until the window ends), through the one error
 * handler (AppError 'rate_limited').
 *
 * - The counters are kept in memory per process and windows are fixed (the library's model); a
 *   deployment with several instances would need a shared store (the library supports Redis).
 * - The key is the client IP as Fastify sees it (trustProxy is off: the socket's address).
 * - The clock is the app's (config.now), so tests move time with TestClock.
 * - RATE_LIMITS=off (config) registers nothing: for benchmarks only; the default is on.
 *
 * The OTP send throttle (DECISIONS 3: per phone and per IP) runs after body validation, so it
 * can key on the phone number: `sendOtpLimits(app)` gives the route its preHandler, on the same
 * counters and answer.
 * Failed logins per number are counted in the database, not here (services/login-throttle.ts).
 */
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import { isDemoPhone } from '@pehchaan/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

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
} as const satisfies Record<string, RateLimitOptions>;

/** The 429 answer's detail; the wait is also in the Retry-After header. */
export function rateLimitedDetail(seconds: number): string {
  return `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
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

/**
 * The preHandler of POST /api/auth/send-otp: RATE_LIMITS.sendOtpPerIp and sendOtpPerPhone, both
 * counted (the library runs one limit per request, so these two have their own counters).
 * Demo phones are not counted (no code is sent to them; their OTP is published, SPEC 5).
 * Over either limit: AppError 'rate_limited' (429) with Retry-After. Nothing when RATE_LIMITS=off.
 */
export function sendOtpLimits(app: FastifyInstance): (request: FastifyRequest) => Promise<void> {
  const { rateLimits: enabled, now } = app.config;
  const perIp = new WindowCounters(now);
  const perPhone = new WindowCounters(now);
  return async (request) => {
    const phone = bodyPhone(request);
    if (!enabled || isDemoPhone(phone)) return;
    const hits = [
      {
        ...perIp.incr(request.ip, RATE_LIMITS.sendOtpPerIp.timeWindow),
        max: RATE_LIMITS.sendOtpPerIp.max,
      },
      {
        ...perPhone.incr(phone, RATE_LIMITS.sendOtpPerPhone.timeWindow),
        max: RATE_LIMITS.sendOtpPerPhone.max,
      },
    ];
    const over = hits.filter((hit) => hit.current > hit.max);
    if (over.length === 0) return;
    const seconds = Math.max(1, Math.ceil(Math.max(...over.map((hit) => hit.ttl)) / 1000));
    throw new AppError('rate_limited', rateLimitedDetail(seconds), seconds);
  };
}

/** Registers the limiter (routes opt in); nothing when `enabled` is false. Before the routes. */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { enabled: boolean; now: () => Date },
): Promise<void> {
  if (!options.enabled) return;
  await app.register(rateLimit, {
    global: false,
    store: clockStore(options.now),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', rateLimitedDetail(Math.max(1, Math.ceil(context.ttl / 1000)))),
  });
}
