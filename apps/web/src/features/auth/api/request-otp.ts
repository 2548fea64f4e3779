/**
 * Step 1 of the login (SPEC 2, 5, 8): asks for an OTP for an Aadhaar number and mobile number.
 */
import {
  DEMO_OTP,
  findDemoAccount,
  formatAadhaarInput,
  MESSAGES,
  PRIMARY_DEMO_ACCOUNT,
  sendOtpResponseSchema,
} from '@pehchaan/core';
import { ApiError, api, isApiUnavailable } from '@/lib/api-client';
import { delay } from '@/lib/delay';
import { AuthError } from './auth-error';

/** SPEC 9: simulated delay of the demo OTP send. */
export const DEMO_OTP_DELAY_MS = 500;

export interface RequestOtpInput {
  /** Digits, spaces allowed. */
  aadhaarNumber: string;
  /** 10 digits. */
  phoneNumber: string;
}

export type RequestOtpResult =
  /** A demo pair: no call is made; the demo OTP is DEMO_OTP. */
  | { kind: 'demo'; otp: string }
  /** The API sent an OTP; `message` is its text. */
  | { kind: 'sent'; message: string };

/**
 * A demo pair answers after DEMO_OTP_DELAY_MS with no call. Any other pair calls
 * POST /api/auth/send-otp.
 * @throws {AuthError} BACKEND_UNAVAILABLE when the API is unreachable or disabled, with the
 *   SPEC 8 message naming the primary demo account.
 * @throws {ApiError} HTTP_ERROR with the server's detail for any other failure (e.g. 403 'Please
 *   use demo credentials. Real OTP service is currently disabled.').
 */
export async function requestOtp(input: RequestOtpInput): Promise<RequestOtpResult> {
  if (findDemoAccount(input.aadhaarNumber, input.phoneNumber)) {
    await delay(DEMO_OTP_DELAY_MS);
    return { kind: 'demo', otp: DEMO_OTP };
  }
  try {
    const answer = await api.post(
      '/api/auth/send-otp',
      { phoneNumber: input.phoneNumber, aadhaarNumber: input.aadhaarNumber.replace(/\s/g, '') },
      { schema: sendOtpResponseSchema, authRedirect: false },
    );
    if (!answer.success) {
      throw new ApiError('HTTP_ERROR', answer.message, { status: 200, detail: answer.message });
    }
    return { kind: 'sent', message: answer.message };
  } catch (error) {
    if (isApiUnavailable(error)) {
      throw new AuthError(
        'BACKEND_UNAVAILABLE',
        MESSAGES.backendUnavailable(
          formatAadhaarInput(PRIMARY_DEMO_ACCOUNT.aadhaarNumber),
          PRIMARY_DEMO_ACCOUNT.phoneNumber,
        ),
        { cause: error },
      );
    }
    throw error;
  }
}
