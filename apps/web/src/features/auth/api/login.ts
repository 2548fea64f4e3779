/**
 * Step 2 of the login (SPEC 2, 4, 5, 8; DECISIONS 3): exchanges the OTP for a session.
 */
import {
  DEMO_OTP,
  digitsOnly,
  findDemoAccount,
  type LoginResponse,
  loginResponseSchema,
  MESSAGES,
  maskAadhaar,
  type SecondFactorRequired,
  secondFactorRequiredSchema,
} from '@pehchaan/core';
import { api, hasProblemCode, isApiUnavailable } from '@/lib/api-client';
import type { UserData } from '@/lib/auth';
import { delay } from '@/lib/delay';
import { deviceId } from '@/lib/device';
import { AuthError } from './auth-error';

/** SPEC 9: simulated delay of the local demo login. */
export const DEMO_LOGIN_DELAY_MS = 500;

/** SPEC 3: a demo user's name. */
export const DEMO_USER_NAME = 'Demo User';

export interface LoginInput {
  aadhaarNumber: string;
  phoneNumber: string;
  otp: string;
}

export interface LoginResult {
  user: UserData;
  /** 'api': the server issued the session; 'local': the offline demo fallback made it. */
  source: 'api' | 'local';
  /** The answer's message, e.g. 'Demo login successful'. */
  message: string;
  /** This sign-in cancelled the holder's pending account deletion (DPDP Act s.12 grace period). */
  deletionCancelled?: boolean;
  /** A recovery code stood in for the passkey: how many unused codes are left. */
  recoveryCodesLeft?: number;
}

/**
 * The OTP was right and the holder owes a second factor (issue 19: a passkey, the account
 * password): the server's `second_factor_required` problem, for the form's next step.
 */
export interface SecondFactorStep extends SecondFactorRequired {
  kind: 'second_factor';
}

/** The session of a login answer, as the app stores it. */
export function sessionOf(answer: LoginResponse): LoginResult {
  const demo = answer.user.type === 'demo';
  return {
    source: 'api',
    message: answer.message,
    deletionCancelled: answer.deletion_cancelled === true,
    ...(answer.recovery_codes_left !== undefined
      ? { recoveryCodesLeft: answer.recovery_codes_left }
      : {}),
    user: {
      id: answer.user_id,
      aadhaarId: answer.user.aadhaarId,
      phone: answer.user.phone,
      sessionToken: answer.session_token,
      name: demo ? DEMO_USER_NAME : answer.user.name,
      type: answer.user.type,
    },
  };
}

/**
 * The second factor a refusal asks for, when it is the problem `second_factor_required`
 * (branching on its code, STYLE 15), else null.
 */
export function secondFactorStepOf(error: unknown): SecondFactorStep | null {
  if (!hasProblemCode(error, 'second_factor_required')) return null;
  const members = secondFactorRequiredSchema.safeParse(error.problem);
  return members.success ? { kind: 'second_factor', ...members.data } : null;
}

/** A session token of 256 random bits, hex-encoded (local fallback only). */
export function randomSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The offline fallback: only the three demo triples sign in (SPEC 5), after
 * DEMO_LOGIN_DELAY_MS, with a session made on the device.
 * @throws {AuthError} WRONG_DEMO_OTP for a demo pair with another OTP; DEMO_ONLY_LOGIN for any
 *   other pair.
 */
export async function loginLocally(input: LoginInput): Promise<LoginResult> {
  await delay(DEMO_LOGIN_DELAY_MS);
  const account = findDemoAccount(input.aadhaarNumber, input.phoneNumber);
  if (!account) throw new AuthError('DEMO_ONLY_LOGIN', MESSAGES.demoOnlyLogin);
  if (digitsOnly(input.otp) !== DEMO_OTP) {
    throw new AuthError('WRONG_DEMO_OTP', MESSAGES.wrongDemoOtp(DEMO_OTP));
  }
  return {
    source: 'local',
    message: 'Demo login successful',
    user: {
      id: account.userId,
      aadhaarId: maskAadhaar(account.aadhaarNumber),
      phone: account.phoneNumber,
      sessionToken: randomSessionToken(),
      name: DEMO_USER_NAME,
      type: 'demo',
    },
  };
}

/**
 * Calls POST /api/auth/verify-otp with this browser's device id (Login notifications); only
 * when the API is unreachable or disabled does it fall back to `loginLocally`.
 * @returns the session, or the SecondFactorStep when the holder owes a passkey or password.
 * @throws {ApiError} HTTP_ERROR with the server's detail (401 'Wrong OTP for demo user. Use:
 *   123456', ...).
 * @throws {AuthError} from the local fallback.
 */
export async function loginWithOtp(input: LoginInput): Promise<LoginResult | SecondFactorStep> {
  try {
    const answer = await api.post(
      '/api/auth/verify-otp',
      {
        aadhaarNumber: digitsOnly(input.aadhaarNumber),
        phoneNumber: digitsOnly(input.phoneNumber),
        otp: digitsOnly(input.otp),
        deviceId: deviceId(),
      },
      { schema: loginResponseSchema, authRedirect: false },
    );
    return sessionOf(answer);
  } catch (error) {
    if (isApiUnavailable(error)) return loginLocally(input);
    const step = secondFactorStepOf(error);
    if (step) return step;
    throw error;
  }
}
