/**
 * Biometric unlock of a locked app (issue 19; docs/security.md "Session timeout and biometric
 * unlock"): POST /api/auth/unlock/options with the locked session's own token, this device's
 * platform authenticator through @simplewebauthn/browser (fingerprint, face, device PIN), then
 * POST /api/auth/unlock, which makes the session live again. A 401 here is the lock screen's to
 * explain, never the interceptor's (authRedirect false).
 */
import { unlockAnswerSchema, webauthnOptionsAnswerSchema } from '@pehchaan/core';
import { api } from '@/lib/api-client';

/**
 * @throws {ApiError} 401 'unauthenticated' (the session cannot be unlocked: signed out, past
 *   12 hours, Biometric unlock turned off) or 'passkey_not_verified'; the browser's
 *   WebAuthnError when the holder cancels.
 */
export async function unlockWithPasskey(): Promise<void> {
  const { options } = await api.post('/api/auth/unlock/options', undefined, {
    schema: webauthnOptionsAnswerSchema,
    authRedirect: false,
  });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const passkey = await startAuthentication({ optionsJSON: options as never });
  await api.post(
    '/api/auth/unlock',
    { passkey },
    { schema: unlockAnswerSchema, authRedirect: false },
  );
}
