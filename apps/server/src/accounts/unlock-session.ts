/**
 * Biometric unlock (Settings › Security; issue 19): a locked app is unlocked with this device's
 * platform passkey instead of signing in again. "Locked": the holder was idle for their Session
 * timeout, so the server ended the session by idling (docs/security.md "Session timeout and
 * biometric unlock"); the app shows its lock screen and keeps the token.
 *
 * - `createUnlockOptions({ ...deps, rp, token })`: POST /api/auth/unlock/options, WebAuthn request
 *   options allowing the holder's platform passkeys, user verification required; the challenge
 *   is kept for this session (webauthn_challenges, 5 minutes, single use).
 * - `unlockSession({ ...deps, rp, token, passkey })`: POST /api/auth/unlock. A verified answer
 *   makes the session live again from now (its idle window restarts; its 12-hour limit does
 *   not move). Output: { expiresAt }.
 *
 * Only a session that ended by idling can be unlocked: not one signed out or revoked, not one
 * past its 12 hours, and only while the holder has Biometric unlock on and a platform passkey.
 * Errors: AppError 'unauthenticated' (401, the usual 'Invalid or expired session' text) for a
 * session that cannot be unlocked, 'passkey_not_verified' (401) for an answer that does not
 * verify (the holder may try again, or sign in again).
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { WebauthnConfig } from '../config';
import type { Db } from '../db/create-db';
import { passkeys, type SessionRow, sessions, webauthnChallenges } from '../db/schema';
import { AppError } from '../lib/errors';
import { getSettings } from '../lib/holder-settings';
import { hashSessionToken, newId } from '../lib/ids';
import {
  authenticationOptions,
  CHALLENGE_LIFETIME_MS,
  verifyAuthentication,
} from '../lib/webauthn';
import { INVALID_SESSION_DETAIL } from './authenticate-session';
import { sessionExpiry } from './create-session';

export const UNLOCK_FAILED_DETAIL =
  'Could not unlock with this device. Please try again or sign in.';

export interface UnlockOptions {
  db: Db;
  now: () => Date;
  rp: WebauthnConfig;
  /** The locked session's bearer token. */
  token: string;
}

/** The session of `token` if it can be unlocked, with the holder's platform passkeys. */
async function lockedSession(options: UnlockOptions) {
  const now = options.now();
  const [session] = await options.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(options.token)),
        gt(sessions.absoluteExpiresAt, now),
      ),
    );
  if (!session || session.revokedAt) throw new AppError('unauthenticated', INVALID_SESSION_DETAIL);
  const { settings } = await getSettings({ db: options.db, userId: session.userId });
  const held = settings.biometricEnabled
    ? await options.db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.userId, session.userId), eq(passkeys.attachment, 'platform')))
    : [];
  if (held.length === 0) throw new AppError('unauthenticated', INVALID_SESSION_DETAIL);
  return { session, held };
}

export async function createUnlockOptions(
  options: UnlockOptions,
): Promise<{ options: Record<string, unknown>; expiresAt: Date }> {
  const { session, held } = await lockedSession(options);
  const made = await authenticationOptions({ rp: options.rp, passkeys: held, use: 'unlock' });
  const expiresAt = new Date(options.now().getTime() + CHALLENGE_LIFETIME_MS);
  await options.db.transaction(async (tx) => {
    await tx
      .delete(webauthnChallenges)
      .where(
        and(eq(webauthnChallenges.sessionId, session.id), eq(webauthnChallenges.purpose, 'unlock')),
      );
    await tx.insert(webauthnChallenges).values({
      id: newId('chal'),
      userId: session.userId,
      purpose: 'unlock',
      sessionId: session.id,
      challenge: made.challenge,
      expiresAt,
    });
  });
  return { options: made as unknown as Record<string, unknown>, expiresAt };
}

export async function unlockSession(
  options: UnlockOptions & { passkey: AuthenticationResponseJSON },
): Promise<{ expiresAt: Date }> {
  const { session, held } = await lockedSession(options);
  const now = options.now();
  const [challenge] = await options.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.sessionId, session.id),
        eq(webauthnChallenges.purpose, 'unlock'),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning();
  const passkey = held.find((row) => row.id === options.passkey.id);
  const verified =
    challenge && passkey
      ? await verifyAuthentication({
          rp: options.rp,
          response: options.passkey,
          challenge: challenge.challenge,
          passkey,
          use: 'unlock',
        })
      : null;
  if (!verified || !passkey) throw new AppError('passkey_not_verified', UNLOCK_FAILED_DETAIL);
  await options.db
    .update(passkeys)
    .set({ counter: verified.newCounter, lastUsedAt: now })
    .where(eq(passkeys.id, passkey.id));
  // Conditional on still not being revoked: a sign-out meanwhile wins.
  const [revived] = await options.db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)))
    .returning();
  if (!revived) throw new AppError('unauthenticated', INVALID_SESSION_DETAIL);
  return { expiresAt: expiryOf(revived) };
}

const expiryOf = (row: SessionRow) =>
  sessionExpiry(row.lastUsedAt, row.absoluteExpiresAt, row.idleMinutes);
