/**
 * GET /user/{userId}/consent-receipts (issue 17, docs/api-contract.md "Consent receipts"): the
 * holder's consent receipts, newest first, each with its signed document, so the holder keeps
 * and downloads them. This holder's only.
 *
 * Input: { db, publicOrigin, userId }. Output: core's ConsentReceiptRecord[].
 */
import type { ConsentReceiptRecord } from '@pehchaan/core';
import { desc, eq } from 'drizzle-orm';
import { consentReceipts } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { consentReceiptRecordOf } from '../lib/records';

export async function listConsentReceipts(
  options: Pick<ServiceDeps, 'db' | 'publicOrigin'> & { userId: string },
): Promise<ConsentReceiptRecord[]> {
  const rows = await options.db
    .select()
    .from(consentReceipts)
    .where(eq(consentReceipts.userId, options.userId))
    .orderBy(desc(consentReceipts.issuedAt), desc(consentReceipts.id));
  return rows.map((row) => consentReceiptRecordOf(row, options.publicOrigin));
}
