/**
 * The holder's passkeys (issue 19: Two-factor authentication and Biometric unlock; docs/api-
 * contract.md "Security settings"): GET /user/{userId}/passkeys, registration (POST .../options,
 * the browser's authenticator through @simplewebauthn/browser, POST .../passkeys) and DELETE.
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
import { api } from '@/lib/api-client';
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

/** Removes a passkey (the last one turns two-factor and biometric unlock off). @throws {ApiError} */
export function deletePasskey(userId: string, passkeyId: string) {
  return api.delete(`${base(userId)}/${encodeURIComponent(passkeyId)}`);
}
