/**
 * POST /user/{userId}/recovery-codes: a new set of recovery codes for two-factor authentication
 * (docs/security.md "Recovery codes"; core's RECOVERY_CODE_COUNT): the holder is shown them in
 * this answer only, and each signs in once in place of the passkey
 * (accounts/consume-recovery-code.ts). The earlier set, used or not, is deleted in the same
 * transaction, so its codes stop working.
 *
 * Who may make a set: any live session of the holder while the holder has no unused code (the
 * first set, offered when Two-factor authentication is turned on, or after the last one was
 * used); a session signed in within core's RECENT_SIGN_IN_MS when it would replace unused codes.
 * A fresh sign-in is the proof asked for, not the passkey: a holder who lost the passkey signs
 * in with a code and must then be able to make new ones; that sign-in took the OTP and the
 * second factor (or a code). An old or stolen session cannot silently swap the holder's codes
 * for codes it knows.
 *
 * Each set is logged (`recovery_codes_generated`) and, like the other security notices, told by
 * e-mail and SMS with Security alerts on (notify-security-event.ts).
 *
 * Input: { ...ServiceDeps, userId, sessionId (the caller's session) }.
 * Output: RecoveryCodesAnswer { codes (formatted, 'XXXX-XXXX'), remaining, created_at }.
 * Errors: AppError 'recent_sign_in_required' (403), 'user_not_found' (404).
 */
import { randomBytes } from 'node:crypto';
import {
  formatRecoveryCode,
  RECENT_SIGN_IN_MS,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  type RecoveryCodesAnswer,
} from '@pehchaan/core';
import { and, count, eq, isNull } from 'drizzle-orm';
import { recoveryCodes, sessions, users } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { getSettings } from '../lib/holder-settings';
import { newId } from '../lib/ids';
import type { Vault } from '../lib/vault';
import { notifySecurityEvent } from './notify-security-event';

export const RECENT_SIGN_IN_DETAIL =
  'Sign in again to make new recovery codes: they replace the codes you have now.';

/**
 * The stored form of `code` (normalized, core's normalizeRecoveryCode) for `userId`: HMAC-SHA256
 * under the vault's lookup key, hex.
 *
 * A keyed hash, not scrypt as for the account password (lib/password-hash.ts): a password is
 * chosen by a person and may be guessed from a list, so each guess must cost; a code is 40 bits
 * from a CSPRNG, so a stolen table without the master key gives nothing to guess against, and
 * online guesses are capped (5 wrong factors per sign-in, each after a right OTP). The keyed
 * hash is also deterministic, so one indexed, conditional UPDATE finds and uses up a code at
 * once; a salted scrypt per code would cost up to ten 128 MiB derivations per try, a load any
 * stranger with an OTP could make the server carry.
 */
export function recoveryCodeHash(vault: Vault, userId: string, code: string): string {
  return vault.lookupHmac(`recovery-code:${userId}:${code}`);
}

/** One new code: 8 characters of Crockford's base32 from 40 random bits. */
export function newRecoveryCode(): string {
  const bits = randomBytes(5).reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
  let code = '';
  for (let shift = 35n; shift >= 0n; shift -= 5n) {
    code += RECOVERY_CODE_ALPHABET[Number((bits >> shift) & 31n)];
  }
  return code;
}

export interface MakeRecoveryCodesOptions extends ServiceDeps {
  userId: string;
  sessionId: string;
}

export async function makeRecoveryCodes(
  options: MakeRecoveryCodesOptions,
): Promise<RecoveryCodesAnswer> {
  const { db, userId } = options;
  const now = options.now();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const { settings } = await getSettings({ db, userId });
  await db.transaction(async (tx) => {
    // One set at a time: parallel calls wait here, so the later one replaces the earlier's.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('user_not_found', 'User not found');
    const [unused] = await tx
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    if ((unused?.n ?? 0) > 0) {
      const [session] = await tx
        .select({ createdAt: sessions.createdAt })
        .from(sessions)
        .where(and(eq(sessions.id, options.sessionId), eq(sessions.userId, userId)));
      if (!session || now.getTime() - session.createdAt.getTime() > RECENT_SIGN_IN_MS) {
        throw new AppError('recent_sign_in_required', RECENT_SIGN_IN_DETAIL);
      }
    }
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(
      codes.map((code) => ({
        id: newId('rc'),
        userId,
        codeHash: recoveryCodeHash(options.vault, userId, code),
        createdAt: now,
      })),
    );
    await notifySecurityEvent({
      ...options,
      db: tx,
      user,
      settings,
      type: 'recovery_codes_generated',
      message: { code: 'recovery_codes_generated', params: { count: RECOVERY_CODE_COUNT } },
    });
  });
  return {
    codes: codes.map(formatRecoveryCode),
    remaining: RECOVERY_CODE_COUNT,
    created_at: now.toISOString(),
  };
}
