/**
 * The holder's passkeys (issue 19: Two-factor authentication and Biometric unlock; docs/api-
 * contract.md "Security settings"): GET /user/{userId}/passkeys, registration (POST .../options,
 * the browser's authenticator through @simplewebauthn/browser, POST .../passkeys), Biometric
 * unlock with a passkey this device already holds (POST .../unlock/options, .../unlock) and
 * DELETE.
 * Online only: a passkey is made with the server's challenge. Each call throws an ApiError when
 * the API fails, and registration the browser's WebAuthnError when the holder cancels.
 */
import {
  type PasskeyAttachment,
  type PasskeyRecord,
  passkeyListSchema,
  passkeyRecordSchema,
  webauthnOptionsAnswerSchema,
} from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api, hasProblemCode } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const base = (userId: string) => `/user/${encodeURIComponent(userId)}/passkeys`;

/** The holder's passkeys, newest first. @throws {ApiError} */
export async function listPasskeys(userId: string): Promise<PasskeyRecord[]> {
  return (await api.get(base(userId), { schema: passkeyListSchema })).passkeys;
}

export function getPasskeysQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.passkeys(userId),
    queryFn: () => listPasskeys(userId),
  });
}

/**
 * Makes a passkey: 'platform' asks this device's own authenticator (fingerprint, face, device
 * PIN: Biometric unlock), 'any' lets the holder choose (a security key, a phone, this device).
 * @returns the stored passkey.
 * @throws {ApiError} 422 'passkey_invalid'; the browser's WebAuthnError when cancelled.
 */
export async function registerPasskey(
  userId: string,
  attachment: PasskeyAttachment,
): Promise<PasskeyRecord> {
  const { options } = await api.post(
    `${base(userId)}/options`,
    { attachment },
    { schema: webauthnOptionsAnswerSchema },
  );
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as never });
  return api.post(base(userId), { response }, { schema: passkeyRecordSchema });
}

/**
 * Uses a passkey this device already holds for Biometric unlock (POST .../passkeys/unlock/options,
 * the browser's authenticator with user verification, POST .../passkeys/unlock): no passkey is
 * added.
 * @returns the passkey, now one that unlocks this device.
 * @throws the browser's WebAuthnError (named 'NotAllowedError' when the holder cancels or this
 *   device holds none of the holder's passkeys); {ApiError} 422 'passkey_invalid'.
 */
export async function adoptPasskeyForUnlock(userId: string): Promise<PasskeyRecord> {
  const { options } = await api.post(`${base(userId)}/unlock/options`, undefined, {
    schema: webauthnOptionsAnswerSchema,
  });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  return api.post(`${base(userId)}/unlock`, { response }, { schema: passkeyRecordSchema });
}

/**
 * True when trying this device's existing passkey failed in a way that means "not here" (or not
 * usable here), so a new platform passkey is the way: the browser's NotAllowedError (no matching
 * passkey on this device, or the prompt dismissed; browsers do not tell the two apart) or the
 * server's 'passkey_invalid' (an answer from another device, or without user verification).
 */
export function needsNewPlatformPasskey(error: unknown): boolean {
  if (hasProblemCode(error, 'passkey_invalid')) return true;
  return error instanceof Error && error.name === 'NotAllowedError';
}

/**
 * Sets up Biometric unlock on this device: with one of the holder's passkeys when this device
 * holds one (the two-factor passkey made with this phone's fingerprint: registering another
 * would be refused, as the authenticator holds an excluded one), else by registering this
 * device's platform passkey.
 * @param heldCount how many passkeys the holder has (none: registration at once).
 * @returns the passkey that now unlocks this device.
 * @throws as adoptPasskeyForUnlock and registerPasskey.
 */
export async function setUpUnlockPasskey(
  userId: string,
  heldCount: number,
): Promise<PasskeyRecord> {
  if (heldCount > 0) {
    try {
      return await adoptPasskeyForUnlock(userId);
    } catch (error) {
      if (!needsNewPlatformPasskey(error)) throw error;
    }
  }
  return registerPasskey(userId, 'platform');
}

/** Removes a passkey (the last one turns two-factor and biometric unlock off). @throws {ApiError} */
export function deletePasskey(userId: string, passkeyId: string) {
  return api.delete(`${base(userId)}/${encodeURIComponent(passkeyId)}`);
}
