/**
 * A fixed-window counter kept in memory, for the OTP send throttle (DECISIONS 3: "send
 * rate-limited per phone and per IP"). Per process: enough for one server; several servers
 * behind a balancer would need a shared store.
 */
export interface RateLimiter {
  /**
   * Counts one attempt for `key` and answers whether it is allowed.
   * @returns true when the attempt is within the limit.
   */
  hit(key: string): boolean;
}

export interface RateLimiterOptions {
  /** Attempts allowed per window. */
  limit: number;
  /** Window length in milliseconds. */
  windowMs: number;
  now: () => Date;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const windows = new Map<string, { startMs: number; count: number }>();
  return {
    hit(key) {
      const nowMs = options.now().getTime();
      // Drop finished windows now and then so the map cannot grow without bound.
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (nowMs - w.startMs >= options.windowMs) windows.delete(k);
      }
      const window = windows.get(key);
      if (!window || nowMs - window.startMs >= options.windowMs) {
        windows.set(key, { startMs: nowMs, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= options.limit;
    },
  };
}
