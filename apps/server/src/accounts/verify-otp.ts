/**
 * POST /api/auth/verify-otp: logs a holder in (SPEC 5, DECISIONS 3, api-contract).
 *
 * Input: { ...deps, otpProvider, aadhaarNumber (12 digits), phoneNumber (10), otp (6) }.
 * Output: LoginResult { user_id, session_token, message, expires_at, user, deletion_cancelled? }
 * through accounts/sign-in-holder.ts: a `login` activity entry, the new-device notice, the
 * cancellation of a pending account deletion, the Basic Identity when missing. A holder who owes
 * a second factor (a passkey, the account password) gets AppError 'second_factor_required' (403)
 * with a login_token instead (see sign-in-holder.ts).
 * An account whose deletion fell due before the hourly erasure ran is erased first
 * (accounts/erase-account.ts); a demo account then starts again from its sample data.
 * - A demo pair (Aadhaar and phone of one demo account): the OTP must be 123456, else
 *   AppError 'wrong_demo_otp' (401, 'Wrong OTP for demo user. Use: 123456'); message
 *   'Demo login successful', user.type 'demo'. Works whatever OTP_PROVIDER is.
 * - Anything else with OTP_PROVIDER=disabled: AppError 'login_unavailable' (401,
 *   MESSAGES.demoOnlyLogin).
 * - OTP_PROVIDER=console: first the attempt is counted against the phone number
 *   (accounts/login-throttle.ts: growing delay, AppError 'rate_limited' 429 with Retry-After;
 *   locked after 100 in a row, 'login_locked'). Then the phone's newest open challenge must be
 *   unexpired and match (constant-time HMAC comparison); each check uses up one of the code's 5
 *   tries before comparing, so parallel guesses cannot exceed 5; a match consumes the challenge.
 *   The holder must have both this Aadhaar (HMAC lookup) and this phone. Every failure answers
 *   the same AppError 'otp_invalid' (401, INVALID_OTP_DETAIL), whether or not the number or the
 *   Aadhaar is registered. A success clears the number's failure count.
 */
import { timingSafeEqual } from 'node:crypto';
import { DEMO_OTP, findDemoAccount, type LoginResponse, MESSAGES } from '@pehchaan/core';
import { and, desc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { OtpProvider } from '../config';
import { otpChallenges, type UserRow, users } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import type { ReadCache } from '../lib/read-cache';
import type { SessionKind } from './create-session';
import { eraseAccount } from './erase-account';
import { clearLoginFailures, reserveLoginAttempt } from './login-throttle';
import { seedSampleUser } from './seed-sample-users';
import {
  deviceHashOf,
  type HolderSigningIn,
  readHolderSigningIn,
  signInHolder,
} from './sign-in-holder';

/** DECISIONS 3: a code allows at most 5 wrong tries. */
export const OTP_MAX_FAILED_ATTEMPTS = 5;

export const INVALID_OTP_DETAIL = 'Invalid or expired OTP. Please request a new one.';

export interface VerifyOtpOptions extends ServiceDeps {
  otpProvider: OtpProvider;
  aadhaarNumber: string;
  phoneNumber: string;
  otp: string;
  /** The client's User-Agent header, kept with the session (accounts/create-session.ts). */
  userAgent?: string | undefined;
  /** The browser's device id (core's deviceIdSchema), for Login notifications. */
  deviceId?: string | undefined;
  /** The read cache: the new session is kept there (see sign-in-holder.ts). */
  sessionCache?: ReadCache | undefined;
}

export type LoginResult = LoginResponse;

export async function verifyOtp(options: VerifyOtpOptions): Promise<LoginResult> {
  const demo = findDemoAccount(options.aadhaarNumber, options.phoneNumber);
  if (demo) {
    if (options.otp !== DEMO_OTP)
      throw new AppError('wrong_demo_otp', MESSAGES.wrongDemoOtp(DEMO_OTP));
    let read = await readHolderSigningIn(options.db, eq(users.id, demo.userId));
    if (read && isDue(read.user, options.now())) {
      await eraseAccount({ ...options, userId: read.user.id });
      read = undefined;
    }
    if (read) return startSession(options, read.user, 'demo', 'Demo login successful', read);
    // An erased demo account starts again from its sample data: the demo must keep working.
    const user = await seedSampleUser({ ...options, userId: demo.userId });
    if (!user) throw new AppError('user_not_found', MESSAGES.userNotFound);
    return startSession(options, user, 'demo', 'Demo login successful');
  }

  if (options.otpProvider === 'disabled') {
    throw new AppError('login_unavailable', MESSAGES.demoOnlyLogin);
  }

  await reserveLoginAttempt({ ...options, phone: options.phoneNumber });
  await consumeChallenge(options);
  const read = await readHolderSigningIn(
    options.db,
    and(
      eq(users.aadhaarHmac, options.vault.lookupHmac(options.aadhaarNumber)),
      eq(users.phone, options.phoneNumber),
    ) as SQL,
  );
  if (!read) throw new AppError('otp_invalid', INVALID_OTP_DETAIL);
  const { user } = read;
  await clearLoginFailures({ ...options, phone: options.phoneNumber });
  if (isDue(user, options.now())) {
    // Erased now: the holder is gone, as if the hourly erasure had run first.
    await eraseAccount({ ...options, userId: user.id });
    throw new AppError('otp_invalid', INVALID_OTP_DETAIL);
  }
  return startSession(options, user, 'user', 'Login successful', read);
}

/** True when the holder's account deletion fell due (DPDP Act s.12 grace period over). */
function isDue(user: UserRow, now: Date): boolean {
  return user.deletionDueAt !== null && user.deletionDueAt <= now;
}

function startSession(
  options: VerifyOtpOptions,
  user: UserRow,
  kind: SessionKind,
  message: string,
  read?: HolderSigningIn,
): Promise<LoginResult> {
  return signInHolder({
    ...options,
    attempt: {
      user,
      kind,
      message,
      activity: { code: kind === 'demo' ? 'login_demo' : 'login_otp' },
      userAgent: options.userAgent,
      deviceHash: deviceHashOf(options.vault, options.deviceId, options.userAgent),
      read,
    },
  });
}

/** Checks the OTP against the phone's newest open challenge and consumes it, or throws. */
async function consumeChallenge(options: VerifyOtpOptions): Promise<void> {
  const { db, vault } = options;
  const now = options.now();
  const [challenge] = await db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.phone, options.phoneNumber), isNull(otpChallenges.consumedAt)))
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  if (
    !challenge ||
    now >= challenge.expiresAt ||
    challenge.failedAttempts >= OTP_MAX_FAILED_ATTEMPTS
  ) {
    throw new AppError('otp_invalid', INVALID_OTP_DETAIL);
  }

  // Use up one of the code's tries before comparing, in one conditional statement: parallel
  // guesses each need their own try, so no more than 5 comparisons are ever made per code.
  const reserved = await db
    .update(otpChallenges)
    .set({ failedAttempts: sql`${otpChallenges.failedAttempts} + 1` })
    .where(
      and(
        eq(otpChallenges.id, challenge.id),
        isNull(otpChallenges.consumedAt),
        lt(otpChallenges.failedAttempts, OTP_MAX_FAILED_ATTEMPTS),
      ),
    )
    .returning({ id: otpChallenges.id });
  if (reserved.length === 0) throw new AppError('otp_invalid', INVALID_OTP_DETAIL);

  const expected = Buffer.from(challenge.codeHmac, 'hex');
  const actual = Buffer.from(vault.otpHmac(challenge.id, options.otp), 'hex');
  const aadhaarMatches =
    challenge.aadhaarHmac === null ||
    challenge.aadhaarHmac === vault.lookupHmac(options.aadhaarNumber);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual) || !aadhaarMatches) {
    throw new AppError('otp_invalid', INVALID_OTP_DETAIL);
  }

  // Conditional on still being open, so two concurrent logins cannot both use one code.
  const consumed = await db
    .update(otpChallenges)
    .set({ consumedAt: now })
    .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt)))
    .returning({ id: otpChallenges.id });
  if (consumed.length === 0) throw new AppError('otp_invalid', INVALID_OTP_DETAIL);
}
