/**
 * POST /user/{userId}/passkeys: stores the passkey the browser made from this session's
 * registration options (accounts/create-passkey-options.ts), once @simplewebauthn/server has
 * verified it (challenge, origin, RP ID; user verification when a platform passkey was asked
 * for). Writes a `passkey_added` entry (a security record).
 *
 * Input: { db, now, rp, userId, sessionId, response (RegistrationResponseJSON), name? }.
 * Output: PasskeyRecord. The default name is the device the session signed in from
 * ('Chrome on Android').
 * Errors: AppError 'passkey_invalid' (422) when there are no live options for this session or
 * the answer does not verify; the challenge is used up either way.
 */
import { deviceName, type PasskeyRecord } from '@pehchaan/core';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt, like } from 'drizzle-orm';
import type { WebauthnConfig } from '../config';
import type { Db } from '../db/create-db';
import { type PasskeyRow, passkeys, sessions, webauthnChallenges } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import { AppError } from '../lib/errors';
import { verifyRegistration } from '../lib/webauthn';
import { registerPurpose } from './create-passkey-options';

export const PASSKEY_INVALID_DETAIL = 'The passkey could not be added. Please try again.';

/** A passkey row as the holder sees it. */
export function toPasskeyRecord(row: PasskeyRow): PasskeyRecord {
  return {
    id: row.id,
    name: row.name,
    attachment:
      row.attachment === 'platform' || row.attachment === 'cross-platform' ? row.attachment : null,
    device_type: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function registerPasskey(options: {
  db: Db;
  now: () => Date;
  rp: WebauthnConfig;
  userId: string;
  sessionId: string;
  response: RegistrationResponseJSON;
  name?: string | undefined;
}): Promise<PasskeyRecord> {
  const { db, userId } = options;
  const now = options.now();
  const [challenge] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.sessionId, options.sessionId),
        eq(webauthnChallenges.userId, userId),
        like(webauthnChallenges.purpose, 'register:%'),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning();
  if (!challenge) throw new AppError('passkey_invalid', PASSKEY_INVALID_DETAIL);
  const platform = challenge.purpose === registerPurpose('platform');
  const verified = await verifyRegistration({
    rp: options.rp,
    response: options.response,
    challenge: challenge.challenge,
    requireUserVerification: platform,
  });
  if (!verified) throw new AppError('passkey_invalid', PASSKEY_INVALID_DETAIL);
  const attachment = options.response.authenticatorAttachment ?? (platform ? 'platform' : null);
  if (platform && attachment !== 'platform') {
    throw new AppError('passkey_invalid', PASSKEY_INVALID_DETAIL);
  }
  const [session] = await db
    .select({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.id, options.sessionId));
  const name = options.name ?? deviceName(session?.userAgent ?? null);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        id: verified.id,
        userId,
        name,
        publicKey: verified.publicKey,
        counter: verified.counter,
        transports: verified.transports,
        deviceType: verified.deviceType,
        backedUp: verified.backedUp,
        attachment,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // The same authenticator registered twice (the options exclude it; a replay would not).
    if (!row) throw new AppError('passkey_invalid', PASSKEY_INVALID_DETAIL);
    await recordActivity({
      db: tx,
      now: options.now,
      userId,
      type: 'passkey_added',
      message: { code: 'passkey_added', params: { name } },
    });
    return toPasskeyRecord(row);
  });
}
