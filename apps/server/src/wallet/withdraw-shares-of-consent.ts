/**
 * Ending a consent ends its share links (DECISIONS 7; DPDP Act s.6(4)): every open link made
 * under the consent is withdrawn at the consent's end, so from then on it answers 410
 * share_withdrawn. Called by the consent ledger's withdraw and expire moves, in their
 * transaction, through the wallet's port (lib/roles.ts withdrawSharesOfConsent).
 *
 * Input: (db or the caller's transaction, { consentRequestId, at }). Output: how many links were
 * withdrawn. Errors: database only.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { shares } from '../db/schema';

export async function withdrawSharesOfConsent(
  db: DbOrTx,
  options: { consentRequestId: string; at: Date },
): Promise<number> {
  const withdrawn = await db
    .update(shares)
    .set({ withdrawnAt: options.at })
    .where(and(eq(shares.consentRequestId, options.consentRequestId), isNull(shares.withdrawnAt)))
    .returning({ id: shares.id });
  return withdrawn.length;
}
