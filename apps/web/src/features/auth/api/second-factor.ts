/**
 * The sign-in's second step (issue 19): a holder with Two-factor authentication confirms with a
 * passkey, or with one of the recovery codes when the passkey is lost (docs/security.md
 * "Recovery codes"), one with an account password types it (POST
 * /api/auth/second-factor/passkey-options and POST /api/auth/second-factor; docs/api-contract.md
 * "Security settings"). Online only: the
 * offline demo sign-in has no second factor, as the server alone knows the holder's factors.
 */
import { loginResponseSchema, webauthnOptionsAnswerSchema } from '@pehchaan/core';
import { api } from '@/lib/api-client';
import { type LoginResult, type SecondFactorStep, secondFactorStepOf, sessionOf } from './login';

/**
 * Confirms with a passkey: asks the server for options, lets the browser's authenticator answer
 * (@simplewebauthn/browser, loaded only now), and sends the answer.
 * @returns the session, or the next step when another factor is still owed.
 * @throws {ApiError} 401 'second_factor_invalid' / 'login_expired'; the browser's WebAuthnError
 *   when the holder cancels or the device has no matching passkey.
 */
export async function confirmWithPasskey(
  loginToken: string,
): Promise<LoginResult | SecondFactorStep> {
  const { options } = await api.post(
    '/api/auth/second-factor/passkey-options',
    { login_token: loginToken },
    { schema: webauthnOptionsAnswerSchema, authRedirect: false },
  );
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const passkey = await startAuthentication({ optionsJSON: options as never });
  return finish({ login_token: loginToken, passkey });
}

/**
 * Confirms with the account password.
 * @returns the session, or the next step when another factor is still owed.
 * @throws {ApiError} 401 'second_factor_invalid' (wrong password) / 'login_expired'.
 */
export function confirmWithPassword(
  loginToken: string,
  password: string,
): Promise<LoginResult | SecondFactorStep> {
  return finish({ login_token: loginToken, password });
}

/**
 * Confirms with a recovery code in place of the passkey (used up when right).
 * @returns the session (with `recoveryCodesLeft`), or the next step when the account password is
 *   still owed.
 * @throws {ApiError} 401 'second_factor_invalid' (not a code, unknown or already used) /
 *   'login_expired'.
 */
export function confirmWithRecoveryCode(
  loginToken: string,
  code: string,
): Promise<LoginResult | SecondFactorStep> {
  return finish({ login_token: loginToken, recovery_code: code });
}

async function finish(body: object): Promise<LoginResult | SecondFactorStep> {
  try {
    const answer = await api.post('/api/auth/second-factor', body, {
      schema: loginResponseSchema,
      authRedirect: false,
    });
    return sessionOf(answer);
  } catch (error) {
    const step = secondFactorStepOf(error);
    if (step) return step;
    throw error;
  }
}
