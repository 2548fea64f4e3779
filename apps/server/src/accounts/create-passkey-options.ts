/**
 * POST /user/{userId}/passkeys/options: WebAuthn registration options for a new passkey of the
 * signed-in holder (issue 19: Two-factor authentication adds a passkey; Biometric unlock adds this
 * device's platform passkey). The challenge is kept for this session only (webauthn_challenges,
 * 5 minutes, single use); a new call replaces the session's earlier one.
 *
 * Input: { db, now, rp, userId, sessionId, attachment ('any' | 'platform') }.
 * Output: { options (PublicKeyCredentialCreationOptionsJSON), expiresAt }.
 * Errors: AppError 'user_not_found'.
 */
import type { PasskeyAttachment } from '@pehchaan/core';
import { and, eq, like } from 'drizzle-orm';
import type { WebauthnConfig } from '../config';
import type { Db } from '../db/create-db';
import { passkeys, webauthnChallenges } from '../db/schema';
import { selectUser } from '../lib/holder-reads';
import { newId } from '../lib/ids';
import { CHALLENGE_LIFETIME_MS, registrationOptions } from '../lib/webauthn';

/** webauthn_challenges.purpose of a registration: 'register:any' or 'register:platform'. */
export const registerPurpose = (attachment: PasskeyAttachment) => `register:${attachment}`;

export async function createPasskeyOptions(options: {
  db: Db;
  now: () => Date;
  rp: WebauthnConfig;
  userId: string;
  sessionId: string;
  attachment: PasskeyAttachment;
}): Promise<{ options: Record<string, unknown>; expiresAt: Date }> {
  const { db, userId } = options;
  const user = await selectUser(db, userId);
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, userId));
  const made = await registrationOptions({
    rp: options.rp,
    holder: { id: user.id, name: user.name },
    attachment: options.attachment,
    existing,
  });
  const expiresAt = new Date(options.now().getTime() + CHALLENGE_LIFETIME_MS);
  await db.transaction(async (tx) => {
    await tx
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.sessionId, options.sessionId),
          like(webauthnChallenges.purpose, 'register:%'),
        ),
      );
    await tx.insert(webauthnChallenges).values({
      id: newId('chal'),
      userId,
      purpose: registerPurpose(options.attachment),
      sessionId: options.sessionId,
      challenge: made.challenge,
      expiresAt,
    });
  });
  return { options: made as unknown as Record<string, unknown>, expiresAt };
}
