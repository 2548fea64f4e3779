/**
 * POST /user/{userId}/shares/{shareId}/withdraw (docs/api-contract.md "Share links"; DPDP:
 * withdrawal of consent as easy as giving it): from then on the link answers 410
 * 'share_withdrawn'. The withdrawal writes a `share_withdrawn` entry to the holder's activity log
 * ('Withdrew a share link to your PAN Card') in the same transaction. Withdrawing a link again
 * changes nothing, writes nothing and answers it as it is.
 *
 * Input: { ...deps, userId, shareId }. Output: the ShareRecord (status 'withdrawn').
 * Errors: AppError 'share_not_found' (404) when the holder has no share with that id (another
 * holder's id answers the same, so ids cannot be probed).
 */
import type { ShareRecord } from '@pehchaan/core';
import { and, eq, isNull } from 'drizzle-orm';
import { credentials, shares } from '../db/schema';
import { lockActivityChain } from '../lib/activity-chain';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { toShareRecord } from '../lib/records';

export interface WithdrawShareOptions extends ServiceDeps {
  userId: string;
  shareId: string;
}

export const SHARE_NOT_FOUND_DETAIL = 'Share link not found';

export async function withdrawShare(options: WithdrawShareOptions): Promise<ShareRecord> {
  const now = options.now();
  const mine = and(eq(shares.id, options.shareId), eq(shares.userId, options.userId));
  return options.db.transaction(async (tx) => {
    // The holder's chain lock first, as log-expired-shares.ts takes it: no lock-order deadlock.
    await lockActivityChain(tx, options.userId);
    const withdrawn = await tx
      .update(shares)
      .set({ withdrawnAt: now })
      .where(and(mine, isNull(shares.withdrawnAt)))
      .returning({ id: shares.id });
    const [row] = await tx
      .select({ share: shares, documentType: credentials.documentType })
      .from(shares)
      .innerJoin(credentials, eq(credentials.id, shares.credentialId))
      .where(mine);
    if (!row) throw new AppError('share_not_found', SHARE_NOT_FOUND_DETAIL);
    if (withdrawn.length > 0) {
      await recordActivity({
        db: tx,
        now: options.now,
        userId: options.userId,
        type: 'share_withdrawn',
        message: { code: 'share_withdrawn', params: { document_type: row.documentType } },
      });
    }
    return toShareRecord(row.share, row.documentType, options.publicOrigin, now);
  });
}
