/**
 * Biometric unlock with a passkey this device already holds (Settings › Security; docs/
 * security.md "Session timeout and biometric unlock"). A device that holds one of the holder's
 * passkeys (most often the two-factor one, made with this phone's fingerprint) cannot register a
 * second one for the same account: the registration options exclude the holder's passkeys and the
 * authenticator refuses. So Biometric unlock first asks the device to use an existing passkey:
 *
 * - `createAdoptUnlockOptions({ db, now, rp, userId, sessionId })`: POST
 *   /user/{userId}/passkeys/unlock/options, WebAuthn request options allowing every passkey of
 *   the holder, user verification required (as unlock-session.ts asks); the challenge is kept for
 *   this session (webauthn_challenges, purpose 'unlock-adopt', 5 minutes, single use; a new call
 *   replaces it). Output: { options, expiresAt }.
 * - `adoptUnlockPasskey({ ..., response })`: POST /user/{userId}/passkeys/unlock. A verified,
 *   user-verified answer from this device's own authenticator (not one reported
 *   'cross-platform': a security key or a phone nearby is not this device) marks that passkey as
 *   a platform passkey, which is what unlock-session.ts and Biometric unlock's setting accept. No
 *   passkey is added. Output: the PasskeyRecord.
 *
 * When the device holds none of them the browser answers NotAllowedError and the app registers a
 * new platform passkey instead (create-passkey-options.ts, register-passkey.ts).
 * Errors: AppError 'passkey_invalid' (422, the detail ADOPT_FAILED_DETAIL) when there are no live
 * options for this session, the passkey is not the holder's, or the answer does not verify (no
 * user verification, another origin, another authenticator); the challenge is used up either way.
 */
import type { PasskeyRecord } from '@pehchaan/core';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt } from 'drizzle-orm';
import type { WebauthnConfig } from '../config';
import type { Db } from '../db/create-db';
import { passkeys, webauthnChallenges } from '../db/schema';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import {
  authenticationOptions,
  CHALLENGE_LIFETIME_MS,
  verifyAuthentication,
} from '../lib/webauthn';
import { toPasskeyRecord } from './register-passkey';

export const ADOPT_FAILED_DETAIL =
  "This device's passkey could not be used for Biometric unlock. Please try again.";

/** webauthn_challenges.purpose of these options. */
const PURPOSE = 'unlock-adopt';

export interface AdoptUnlockOptions {
  db: Db;
  now: () => Date;
  rp: WebauthnConfig;
  userId: string;
  /** The signed-in session asking (the challenge is kept for it alone). */
  sessionId: string;
}

export async function createAdoptUnlockOptions(
  options: AdoptUnlockOptions,
): Promise<{ options: Record<string, unknown>; expiresAt: Date }> {
  const held = await options.db.select().from(passkeys).where(eq(passkeys.userId, options.userId));
  const made = await authenticationOptions({ rp: options.rp, passkeys: held, use: 'unlock' });
  const expiresAt = new Date(options.now().getTime() + CHALLENGE_LIFETIME_MS);
  await options.db.transaction(async (tx) => {
    await tx
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.sessionId, options.sessionId),
          eq(webauthnChallenges.purpose, PURPOSE),
        ),
      );
    await tx.insert(webauthnChallenges).values({
      id: newId('chal'),
      userId: options.userId,
      purpose: PURPOSE,
      sessionId: options.sessionId,
      challenge: made.challenge,
      expiresAt,
    });
  });
  return { options: made as unknown as Record<string, unknown>, expiresAt };
}

export async function adoptUnlockPasskey(
  options: AdoptUnlockOptions & { response: AuthenticationResponseJSON },
): Promise<PasskeyRecord> {
  const now = options.now();
  const [challenge] = await options.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.sessionId, options.sessionId),
        eq(webauthnChallenges.userId, options.userId),
        eq(webauthnChallenges.purpose, PURPOSE),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning();
  const [passkey] = await options.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, options.response.id), eq(passkeys.userId, options.userId)));
  const elsewhere = options.response.authenticatorAttachment === 'cross-platform';
  const verified =
    challenge && passkey && !elsewhere
      ? await verifyAuthentication({
          rp: options.rp,
          response: options.response,
          challenge: challenge.challenge,
          passkey,
          use: 'unlock',
        })
      : null;
  if (!verified || !passkey) throw new AppError('passkey_invalid', ADOPT_FAILED_DETAIL);
  const [row] = await options.db
    .update(passkeys)
    .set({ attachment: 'platform', counter: verified.newCounter, lastUsedAt: now })
    .where(eq(passkeys.id, passkey.id))
    .returning();
  if (!row) throw new AppError('passkey_invalid', ADOPT_FAILED_DETAIL);
  return toPasskeyRecord(row);
}
