/**
 * Housekeeping (docs/scaling.md): deletes rows that can no longer be used, so the
 * tables of the login path do not grow without end.
 *
 * Input: { db, now }. Output: how many rows of each table were deleted.
 * - sessions: revoked, idle past the longest Session timeout (2 hours) or past their 12-hour limit, for more than a day (the
 *   day keeps a just-ended session answerable as "expired" rather than "unknown" in logs; the
 *   activity log keeps the login and logout entries);
 * - otp_challenges: expired for more than a day (consumed or not);
 * - login_throttle: unused for 30 days, unless the number is locked (LOGIN_FAILURE_LIMIT
 *   reached: an operator unlocks it, docs/security.md);
 * - pending_logins (sign-ins waiting for a second factor) and webauthn_challenges: expired;
 * - retained_records (what the law kept of an erased account): past their erase_after (one
 *   year, DPDP Rules 2025 rule 6).
 * Errors: database errors only.
 */
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import {
  loginThrottle,
  otpChallenges,
  pendingLogins,
  retainedRecords,
  sessions,
  webauthnChallenges,
} from '../db/schema';
import { SESSION_IDLE_MAX_MS } from './create-session';
import { LOGIN_FAILURE_LIMIT } from './login-throttle';

const DAY_MS = 24 * 3_600_000;
/** How long an unlocked number's failed-login count is kept without use. */
export const LOGIN_THROTTLE_RETENTION_MS = 30 * DAY_MS;

export interface PurgeResult {
  sessions: number;
  otpChallenges: number;
  loginThrottle: number;
  pendingLogins: number;
  webauthnChallenges: number;
  retainedRecords: number;
}

export async function purgeExpired(options: { db: Db; now: () => Date }): Promise<PurgeResult> {
  const { db } = options;
  const now = options.now().getTime();
  const dayAgo = new Date(now - DAY_MS);
  const endedSessions = await db
    .delete(sessions)
    .where(
      or(
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, dayAgo)),
        lt(sessions.absoluteExpiresAt, dayAgo),
        lt(sessions.lastUsedAt, new Date(now - SESSION_IDLE_MAX_MS - DAY_MS)),
      ),
    )
    .returning({ id: sessions.id });
  const challenges = await db
    .delete(otpChallenges)
    .where(lt(otpChallenges.expiresAt, dayAgo))
    .returning({ id: otpChallenges.id });
  const counts = await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.updatedAt, new Date(now - LOGIN_THROTTLE_RETENTION_MS)),
        lt(loginThrottle.consecutiveFailures, LOGIN_FAILURE_LIMIT),
      ),
    )
    .returning({ key: loginThrottle.key });
  const at = new Date(now);
  const logins = await db
    .delete(pendingLogins)
    .where(lt(pendingLogins.expiresAt, at))
    .returning({ id: pendingLogins.id });
  const webauthn = await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, at))
    .returning({ id: webauthnChallenges.id });
  const kept = await db
    .delete(retainedRecords)
    .where(lt(retainedRecords.eraseAfter, at))
    .returning({ id: retainedRecords.id });
  return {
    sessions: endedSessions.length,
    otpChallenges: challenges.length,
    loginThrottle: counts.length,
    pendingLogins: logins.length,
    webauthnChallenges: webauthn.length,
    retainedRecords: kept.length,
  };
}
