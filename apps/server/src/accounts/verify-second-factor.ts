/**
 * The second step of a sign-in that owes a factor after its OTP (issue 19; see
 * accounts/sign-in-holder.ts): POST /api/auth/second-factor/passkey-options and POST
 * /api/auth/second-factor.
 *
 * `getSecondFactorOptions({ ...deps, rp, loginToken })`: WebAuthn request options allowing the
 * holder's passkeys; the challenge is kept with the pending sign-in (a new call replaces it).
 *
 * `verifySecondFactor({ ...deps, rp, loginToken, password? | passkey? | recoveryCode? })`:
 * checks one factor. A recovery code stands in for the passkey (docs/security.md "Recovery
 * codes"): a right one is used up (consume-recovery-code.ts: logged, and noticed by e-mail and
 * SMS) and the answer says how many are left (`recovery_codes_left`). Each check first uses up
 * one of the sign-in's SECOND_FACTOR_MAX_FAILURES tries (one conditional update, so parallel
 * guesses cannot exceed it); a right factor gives its try back.
 * - every owed factor done: the session (completeSignIn), the pending sign-in deleted;
 * - factors still owed: AppError 'second_factor_required' with the same login_token;
 * - a wrong factor (a wrong, unknown or used recovery code too): AppError
 *   'second_factor_invalid' (401) and, with Suspicious activity alerts on, a `security_alert`
 *   entry (and its e-mail and SMS, notify-security-event.ts): someone had the holder's OTP but
 *   not this factor.
 * Errors: AppError 'login_expired' (401) for an unknown, expired or used-up login_token (the
 * holder starts again with a new OTP); 'invalid_input' for a factor this sign-in does not owe.
 */
import {
  type ActivityMessageCode,
  type LoginResponse,
  SECOND_FACTOR_MAX_FAILURES,
  type SecondFactor,
} from '@pehchaan/core';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { WebauthnConfig } from '../config';
import { type PendingLoginRow, passkeys, pendingLogins, users } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { getSettings } from '../lib/holder-settings';
import { hashSessionToken } from '../lib/ids';
import { verifyPassword } from '../lib/password-hash';
import { authenticationOptions, verifyAuthentication } from '../lib/webauthn';
import { consumeRecoveryCode } from './consume-recovery-code';
import { getRecoveryCodes } from './get-recovery-codes';
import { notifySecurityEvent } from './notify-security-event';
import { completeSignIn, secondFactorRequired } from './sign-in-holder';

export const LOGIN_EXPIRED_DETAIL = 'This sign-in has expired. Please request a new OTP.';
export const WRONG_PASSWORD_DETAIL = 'Wrong password. Please try again.';
export const PASSKEY_FAILED_DETAIL = 'The passkey could not be verified. Please try again.';
export const RECOVERY_CODE_INVALID_DETAIL =
  'This recovery code is not valid or was already used. Please check it and try again.';

/** pending_logins.done's mark of a passkey factor a recovery code stood in for. */
const RECOVERY_CODE_DONE = 'recovery_code';

export interface SecondFactorOptions extends ServiceDeps {
  rp: WebauthnConfig;
  loginToken: string;
}

/** The live pending sign-in of `loginToken`. @throws AppError 'login_expired'. */
async function pendingLoginOf(options: SecondFactorOptions): Promise<PendingLoginRow> {
  const [row] = await options.db
    .select()
    .from(pendingLogins)
    .where(
      and(
        eq(pendingLogins.tokenHash, hashSessionToken(options.loginToken)),
        gt(pendingLogins.expiresAt, options.now()),
        lt(pendingLogins.failedAttempts, SECOND_FACTOR_MAX_FAILURES),
      ),
    );
  if (!row) throw new AppError('login_expired', LOGIN_EXPIRED_DETAIL);
  return row;
}

/** See the module docs. */
export async function getSecondFactorOptions(
  options: SecondFactorOptions,
): Promise<{ options: Record<string, unknown>; expiresAt: Date }> {
  const pending = await pendingLoginOf(options);
  if (!pending.factors.includes('passkey') || pending.done.includes('passkey')) {
    throw new AppError('invalid_input', 'This sign-in does not need a passkey');
  }
  const held = await options.db.select().from(passkeys).where(eq(passkeys.userId, pending.userId));
  const made = await authenticationOptions({
    rp: options.rp,
    passkeys: held,
    use: 'second_factor',
  });
  await options.db
    .update(pendingLogins)
    .set({ challenge: made.challenge })
    .where(eq(pendingLogins.id, pending.id));
  return { options: made as unknown as Record<string, unknown>, expiresAt: pending.expiresAt };
}

export interface VerifySecondFactorOptions extends SecondFactorOptions {
  password?: string | undefined;
  passkey?: AuthenticationResponseJSON | undefined;
  /** A recovery code as typed, in place of the passkey. */
  recoveryCode?: string | undefined;
}

/** See the module docs. */
export async function verifySecondFactor(
  options: VerifySecondFactorOptions,
): Promise<LoginResponse> {
  const pending = await pendingLoginOf(options);
  const viaCode = options.recoveryCode !== undefined;
  const factor: SecondFactor = options.password !== undefined ? 'password' : 'passkey';
  if (!pending.factors.includes(factor) || pending.done.includes(factor)) {
    throw new AppError('invalid_input', `This sign-in does not need a ${factor} now`);
  }
  // One try used up before checking (given back below when the factor is right).
  const reserved = await options.db
    .update(pendingLogins)
    .set({ failedAttempts: sql`${pendingLogins.failedAttempts} + 1` })
    .where(
      and(
        eq(pendingLogins.id, pending.id),
        lt(pendingLogins.failedAttempts, SECOND_FACTOR_MAX_FAILURES),
      ),
    )
    .returning({ id: pendingLogins.id });
  if (reserved.length === 0) throw new AppError('login_expired', LOGIN_EXPIRED_DETAIL);

  const [user] = await options.db.select().from(users).where(eq(users.id, pending.userId));
  if (!user) throw new AppError('login_expired', LOGIN_EXPIRED_DETAIL);

  // The unused recovery codes left once a code was used up here; null: not used (or wrong).
  const codesLeft = viaCode
    ? await consumeRecoveryCode({ ...options, user, code: options.recoveryCode ?? '' })
    : null;
  const right =
    factor === 'password'
      ? user.passwordHash !== null &&
        (await verifyPassword(options.password ?? '', user.passwordHash))
      : viaCode
        ? codesLeft !== null
        : await checkPasskey(options, pending);
  if (!right) {
    const { settings } = await getSettings({ db: options.db, userId: user.id });
    if (settings.suspiciousActivityAlerts) {
      await notifySecurityEvent({
        ...options,
        user,
        settings,
        type: 'security_alert',
        message: { code: wrongFactorMessage(factor, viaCode) },
      });
    }
    throw new AppError(
      'second_factor_invalid',
      factor === 'password'
        ? WRONG_PASSWORD_DETAIL
        : viaCode
          ? RECOVERY_CODE_INVALID_DETAIL
          : PASSKEY_FAILED_DETAIL,
    );
  }

  const done = [...pending.done, factor, ...(viaCode ? [RECOVERY_CODE_DONE] : [])];
  const owed = pending.factors.filter((f) => !done.includes(f)) as SecondFactor[];
  if (owed.length > 0) {
    await options.db
      .update(pendingLogins)
      .set({ done, failedAttempts: sql`${pendingLogins.failedAttempts} - 1`, challenge: null })
      .where(eq(pendingLogins.id, pending.id));
    throw secondFactorRequired({
      login_token: options.loginToken,
      factors: owed,
      expires_at: pending.expiresAt.toISOString(),
      ...(codesLeft !== null ? { recovery_codes_left: codesLeft } : {}),
    });
  }
  const usedCode = done.includes(RECOVERY_CODE_DONE);
  // Deleted before the session is made: a login_token makes one session only.
  const claimed = await options.db
    .delete(pendingLogins)
    .where(eq(pendingLogins.id, pending.id))
    .returning({ id: pendingLogins.id });
  if (claimed.length === 0) throw new AppError('login_expired', LOGIN_EXPIRED_DETAIL);
  // What stood for each owed factor: a recovery code in the passkey's place when one was used.
  const used = pending.factors.map((f) => (f === 'passkey' && usedCode ? RECOVERY_CODE_DONE : f));
  const session = await completeSignIn({
    ...options,
    attempt: {
      user,
      kind: pending.kind === 'demo' ? 'demo' : 'user',
      message: pending.kind === 'demo' ? 'Demo login successful' : 'Login successful',
      activity: {
        code: pending.kind === 'demo' ? 'login_demo_second_factor' : 'login_otp_second_factor',
        params: { factors: used.join(',') },
      },
      userAgent: pending.userAgent ?? undefined,
      deviceHash: pending.deviceHash,
    },
  });
  if (!usedCode) return session;
  const left = codesLeft ?? (await getRecoveryCodes({ db: options.db, userId: user.id })).remaining;
  return { ...session, recovery_codes_left: left };
}

/** The security_alert message of a wrong factor after a right OTP. */
function wrongFactorMessage(factor: SecondFactor, viaCode: boolean): ActivityMessageCode {
  if (factor === 'password') return 'wrong_password_after_otp';
  return viaCode ? 'recovery_code_failed_after_otp' : 'passkey_failed_after_otp';
}

/** True when the passkey answer verifies against the sign-in's challenge (and is recorded). */
async function checkPasskey(
  options: VerifySecondFactorOptions,
  pending: PendingLoginRow,
): Promise<boolean> {
  if (!options.passkey || !pending.challenge) return false;
  const [passkey] = await options.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, options.passkey.id), eq(passkeys.userId, pending.userId)));
  if (!passkey) return false;
  const verified = await verifyAuthentication({
    rp: options.rp,
    response: options.passkey,
    challenge: pending.challenge,
    passkey,
    use: 'second_factor',
  });
  // The challenge is single use whatever the outcome.
  await options.db
    .update(pendingLogins)
    .set({ challenge: null })
    .where(eq(pendingLogins.id, pending.id));
  if (!verified) return false;
  await options.db
    .update(passkeys)
    .set({ counter: verified.newCounter, lastUsedAt: options.now() })
    .where(eq(passkeys.id, passkey.id));
  return true;
}
