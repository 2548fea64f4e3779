/**
 * Uses up one recovery code at the sign-in's second step, where it stands in for the passkey
 * (accounts/verify-second-factor.ts; docs/security.md "Recovery codes").
 *
 * The typed code is read as core's normalizeRecoveryCode reads it (dashes, spaces, case and the
 * look-alikes O, I, L do not matter) and found by its keyed hash (make-recovery-codes.ts
 * `recoveryCodeHash`) among the holder's unused codes; one conditional UPDATE marks it used, so
 * two sign-ins racing with the same code cannot both have it. A used code is logged
 * (`recovery_code_used`, with the codes left) and told like the other security notices, by
 * e-mail and SMS with Security alerts on (notify-security-event.ts).
 *
 * Input: { ...ServiceDeps, user, code (as typed) }.
 * Output: the unused codes left after this one, or null when `code` is not one of the holder's
 * unused codes (not a code at all, unknown, or used before): the caller counts a wrong factor.
 * Errors: database errors only.
 */
import { normalizeRecoveryCode } from '@pehchaan/core';
import { and, eq, isNull } from 'drizzle-orm';
import { recoveryCodes, type UserRow } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { getSettings } from '../lib/holder-settings';
import { getRecoveryCodes } from './get-recovery-codes';
import { recoveryCodeHash } from './make-recovery-codes';
import { notifySecurityEvent } from './notify-security-event';

export async function consumeRecoveryCode(
  options: ServiceDeps & { user: UserRow; code: string },
): Promise<number | null> {
  const { user } = options;
  const code = normalizeRecoveryCode(options.code);
  if (!code) return null;
  const { settings } = await getSettings({ db: options.db, userId: user.id });
  return options.db.transaction(async (tx) => {
    const used = await tx
      .update(recoveryCodes)
      .set({ usedAt: options.now() })
      .where(
        and(
          eq(recoveryCodes.userId, user.id),
          eq(recoveryCodes.codeHash, recoveryCodeHash(options.vault, user.id, code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    if (used.length === 0) return null;
    const { remaining } = await getRecoveryCodes({ db: tx, userId: user.id });
    await notifySecurityEvent({
      ...options,
      db: tx,
      user,
      settings,
      type: 'recovery_code_used',
      message: { code: 'recovery_code_used', params: { count: remaining } },
    });
    return remaining;
  });
}
