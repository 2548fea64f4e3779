/**
 * The share links' clock (docs/api-contract.md "Share links"): a link whose lifetime has passed
 * is recorded once in its holder's activity log, `share_expired` ('A share link to your PAN Card
 * expired'), when the expiry is first noticed: before the holder's activity log is read
 * (list-activity-logs.ts) and by the server's periodic job for every holder
 * (plugins/consent-jobs.ts, every 30 seconds). A withdrawn link is not recorded again (its
 * withdrawal was); one withdrawn with its consent (lib/consent-lifecycle.ts, run first) neither.
 *
 * Once, one link per transaction: the holder's chain lock is taken first (the order every
 * activity writer takes it in), then a conditional UPDATE sets `expiry_logged_at` only while
 * it is null, so of two runs at once (two processes, the job and a read) only one writes.
 *
 * Input: { db, now, userId? (default: every holder), limit? (default 200) }.
 * Output: how many expiries were recorded. Errors: database only.
 */
import { and, eq, isNull, lte, type SQL } from 'drizzle-orm';
import { credentials, shares } from '../db/schema';
import { lockActivityChain } from '../lib/activity-chain';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';

export interface LogExpiredSharesOptions extends Pick<ServiceDeps, 'db' | 'now'> {
  userId?: string;
  limit?: number;
}

export async function logExpiredShares(options: LogExpiredSharesOptions): Promise<number> {
  const { db } = options;
  const now = options.now();
  const holder: SQL[] = options.userId ? [eq(shares.userId, options.userId)] : [];
  const unlogged = (id?: string) =>
    and(
      ...(id ? [eq(shares.id, id)] : []),
      lte(shares.expiresAt, now),
      isNull(shares.withdrawnAt),
      isNull(shares.expiryLoggedAt),
    );
  const due = await db
    .select({ id: shares.id, userId: shares.userId, documentType: credentials.documentType })
    .from(shares)
    .innerJoin(credentials, eq(credentials.id, shares.credentialId))
    .where(and(unlogged(), ...holder))
    .limit(options.limit ?? 200);
  let logged = 0;
  for (const share of due) {
    const done = await db.transaction(async (tx) => {
      await lockActivityChain(tx, share.userId);
      const [row] = await tx
        .update(shares)
        .set({ expiryLoggedAt: now })
        .where(unlogged(share.id))
        .returning({ id: shares.id });
      if (!row) return false;
      await recordActivity({
        db: tx,
        now: options.now,
        userId: share.userId,
        type: 'share_expired',
        message: { code: 'share_expired', params: { document_type: share.documentType } },
      });
      return true;
    });
    if (done) logged += 1;
  }
  return logged;
}
