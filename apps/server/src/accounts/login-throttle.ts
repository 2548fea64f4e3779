/**
 * Failed OTP logins per login number, with a growing delay and a hard limit (login defences,
 * docs/security.md; NIST SP 800-63B 5.2.2: at most 100 consecutive failed attempts on one account;
 * OWASP ASVS V6).
 *
 * Each real-OTP login attempt for a phone number is counted BEFORE its code is checked
 * (`reserveLoginAttempt`), in a transaction holding the number's row lock, and only when the
 * number's delay has passed, so a burst of parallel guesses cannot slip past the count. A successful login clears
 * the count (`clearLoginFailures`). With n attempts counted since the last success, the next one
 * waits `loginDelayMs(n)`: nothing for the first 5 (one mistyped code is normal), then 1 s, 2 s,
 * 4 s ... doubling to at most 1 hour. At 100 the number is locked: every attempt answers 429
 * 'login_locked' until an operator deletes its `login_throttle` row (docs/security.md).
 *
 * The key is the vault's HMAC of the phone number, and numbers that belong to nobody are counted
 * exactly like registered ones, so the answers (status, detail, Retry-After) never tell whether
 * a number is registered. The demo accounts are not counted: their OTP is published (SPEC 5).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { loginThrottle } from '../db/schema';
import { AppError, rateLimitedDetail } from '../lib/errors';
import type { Vault } from '../lib/vault';

/** NIST SP 800-63B 5.2.2: consecutive failed attempts allowed on one account. */
export const LOGIN_FAILURE_LIMIT = 100;
/** Attempts in a row that wait for nothing. */
export const LOGIN_FREE_ATTEMPTS = 5;
/** The longest delay between two attempts, in milliseconds. */
export const LOGIN_MAX_DELAY_MS = 60 * 60_000;

export const LOGIN_LOCKED_DETAIL =
  'Too many failed login attempts for this mobile number. Contact support to unlock it.';

/**
 * The wait, in milliseconds, before the attempt after `attempts` counted attempts:
 * 0 up to LOGIN_FREE_ATTEMPTS, then 1 s doubling per attempt, capped at LOGIN_MAX_DELAY_MS.
 */
export function loginDelayMs(attempts: number): number {
  if (attempts <= LOGIN_FREE_ATTEMPTS) return 0;
  const exponent = Math.min(attempts - LOGIN_FREE_ATTEMPTS - 1, 30);
  return Math.min(1000 * 2 ** exponent, LOGIN_MAX_DELAY_MS);
}

/** The row key of a phone number: HMAC, so the table holds no phone numbers. */
export function loginThrottleKey(vault: Vault, phone: string): string {
  return vault.lookupHmac(`login-phone:${phone}`);
}

export interface LoginThrottleOptions {
  db: Db;
  now: () => Date;
  vault: Vault;
  /** The 10-digit login number. */
  phone: string;
}

/**
 * Counts one login attempt for `phone`, or refuses it.
 * @throws AppError 'rate_limited' (429, Retry-After = seconds left) while the number's delay
 *   runs; AppError 'login_locked' (429) once LOGIN_FAILURE_LIMIT attempts are counted.
 */
export async function reserveLoginAttempt(options: LoginThrottleOptions): Promise<void> {
  const now = options.now();
  const key = loginThrottleKey(options.vault, options.phone);
  const refusal = await options.db.transaction(async (tx) => {
    await tx
      .insert(loginThrottle)
      .values({ key, consecutiveFailures: 0, nextAttemptAt: now, updatedAt: now })
      .onConflictDoNothing();
    // The row lock makes parallel attempts on one number take their turn.
    const [row] = await tx
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, key))
      .for('update');
    if (!row || row.consecutiveFailures >= LOGIN_FAILURE_LIMIT) {
      return new AppError('login_locked', LOGIN_LOCKED_DETAIL);
    }
    if (row.nextAttemptAt > now) {
      const seconds = Math.max(1, Math.ceil((row.nextAttemptAt.getTime() - now.getTime()) / 1000));
      return new AppError('rate_limited', rateLimitedDetail(seconds), seconds);
    }
    const attempts = row.consecutiveFailures + 1;
    await tx
      .update(loginThrottle)
      .set({
        consecutiveFailures: attempts,
        nextAttemptAt: new Date(now.getTime() + loginDelayMs(attempts)),
        updatedAt: now,
      })
      .where(eq(loginThrottle.key, key));
    return null;
  });
  if (refusal) throw refusal;
}

/** Forgets the counted attempts of `phone` after a successful login. */
export async function clearLoginFailures(options: LoginThrottleOptions): Promise<void> {
  await options.db
    .delete(loginThrottle)
    .where(eq(loginThrottle.key, loginThrottleKey(options.vault, options.phone)));
}
