/**
 * GET /user/{userId}/shares (docs/api-contract.md "Share links"): the holder's share links, newest
 * first, each with its status at the app clock's now; only this holder's rows are read.
 *
 * Input: { ...deps, userId }. Output: { shares: ShareRecord[], count, user_id }.
 * Errors: database errors only.
 */
import type { ShareList } from '@pehchaan/core';
import { desc, eq } from 'drizzle-orm';
import { credentials, shares } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { toShareRecord } from '../lib/records';

export interface ListSharesOptions extends ServiceDeps {
  userId: string;
}

export async function listShares(options: ListSharesOptions): Promise<ShareList> {
  const rows = await options.db
    .select({ share: shares, documentType: credentials.documentType })
    .from(shares)
    .innerJoin(credentials, eq(credentials.id, shares.credentialId))
    .where(eq(shares.userId, options.userId))
    .orderBy(desc(shares.createdAt), desc(shares.id));
  const now = options.now();
  const list = rows.map((r) => toShareRecord(r.share, r.documentType, options.publicOrigin, now));
  return { shares: list, count: list.length, user_id: options.userId };
}
