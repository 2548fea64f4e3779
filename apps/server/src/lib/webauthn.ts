/**
 * Passkeys (W3C Web Authentication Level 3) through @simplewebauthn/server: the options the
 * browser is handed and the checks of what it answers. No storage here; the services keep the
 * challenges and the passkeys (tables webauthn_challenges, pending_logins, passkeys).
 *
 * - Registration: attestation 'none' (the product trusts the holder's own device, it does not
 *   certify makers), a discoverable credential preferred, the holder's existing passkeys
 *   excluded. 'platform' asks for this device's own authenticator with user verification (a
 *   fingerprint, a face, the device PIN): biometric unlock.
 * - Authentication: the holder's passkeys allowed; user verification required for unlock,
 *   preferred for the second factor (a security key without a PIN is still a second factor:
 *   something the holder has, after the OTP to their phone).
 * - Every answer must come from one of the configured origins for the configured RP ID
 *   (WEBAUTHN_ORIGINS, WEBAUTHN_RP_ID); a signature counter that goes backwards is refused by
 *   the library (a cloned authenticator).
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { WebauthnConfig } from '../config';
import type { PasskeyRow } from '../db/schema';

/** The relying party's name the browser shows. */
export const RP_NAME = 'Pehchaan';
/** How long a challenge is accepted (ms): the browser's own timeout is one minute. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
const BROWSER_TIMEOUT_MS = 60_000;

export type PasskeyUse = 'second_factor' | 'unlock';

const descriptor = (row: Pick<PasskeyRow, 'id' | 'transports'>) => ({
  id: row.id,
  ...(row.transports ? { transports: row.transports } : {}),
});

/** Registration options for `holder`; `existing` are excluded (one passkey per authenticator). */
export function registrationOptions(options: {
  rp: WebauthnConfig;
  holder: { id: string; name: string };
  attachment: 'any' | 'platform';
  existing: readonly Pick<PasskeyRow, 'id' | 'transports'>[];
}): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const platform = options.attachment === 'platform';
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: options.rp.rpId,
    userName: options.holder.id,
    userID: new TextEncoder().encode(options.holder.id),
    userDisplayName: options.holder.name,
    timeout: BROWSER_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: options.existing.map(descriptor),
    authenticatorSelection: {
      residentKey: 'preferred',
      userVerification: platform ? 'required' : 'preferred',
      ...(platform ? { authenticatorAttachment: 'platform' as const } : {}),
    },
  });
}

/** What a verified registration gives to store. */
export interface VerifiedPasskey {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[] | null;
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
}

/**
 * Checks a registration answer against `challenge`. Returns the passkey, or null when it does
 * not verify (wrong challenge, origin or RP ID; no user verification when 'platform' asked for
 * it; a malformed attestation).
 */
export async function verifyRegistration(options: {
  rp: WebauthnConfig;
  response: RegistrationResponseJSON;
  challenge: string;
  requireUserVerification: boolean;
}): Promise<VerifiedPasskey | null> {
  try {
    const result = await verifyRegistrationResponse({
      response: options.response,
      expectedChallenge: options.challenge,
      expectedOrigin: options.rp.origins,
      expectedRPID: options.rp.rpId,
      requireUserVerification: options.requireUserVerification,
    });
    if (!result.verified) return null;
    const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? null,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    };
  } catch {
    return null;
  }
}

/** Authentication options allowing `passkeys`. */
export function authenticationOptions(options: {
  rp: WebauthnConfig;
  passkeys: readonly Pick<PasskeyRow, 'id' | 'transports'>[];
  use: PasskeyUse;
}): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: options.rp.rpId,
    timeout: BROWSER_TIMEOUT_MS,
    allowCredentials: options.passkeys.map(descriptor),
    userVerification: options.use === 'unlock' ? 'required' : 'preferred',
  });
}

/**
 * Checks an authentication answer against `challenge` and the stored `passkey`. Returns the new
 * signature counter, or null when it does not verify.
 */
export async function verifyAuthentication(options: {
  rp: WebauthnConfig;
  response: AuthenticationResponseJSON;
  challenge: string;
  passkey: PasskeyRow;
  use: PasskeyUse;
}): Promise<{ newCounter: number } | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response: options.response,
      expectedChallenge: options.challenge,
      expectedOrigin: options.rp.origins,
      expectedRPID: options.rp.rpId,
      credential: {
        id: options.passkey.id,
        publicKey: new Uint8Array(Buffer.from(options.passkey.publicKey, 'base64url')),
        counter: options.passkey.counter,
        ...(options.passkey.transports
          ? {
              transports: options.passkey.transports as NonNullable<
                RegistrationResponseJSON['response']['transports']
              >,
            }
          : {}),
      },
      requireUserVerification: options.use === 'unlock',
    });
    return result.verified ? { newCounter: result.authenticationInfo.newCounter } : null;
  } catch {
    return null;
  }
}
