/**
 * Ends the product-hosted verifier's pending requests `ids` at `at` (their expires_at moves to
 * `at`, so an old link of a seeded request replaced by Reset Requests can no longer be
 * answered). Answered requests are left as they are. Reached through the verifier's port
 * (lib/roles.ts closeRequests).
 *
 * Input: (db or the caller's transaction, { ids, at }). Errors: database only.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { verifierRequests } from '../db/schema';

export async function closeVerifierRequests(
  db: DbOrTx,
  options: { ids: readonly string[]; at: Date },
): Promise<void> {
  if (options.ids.length === 0) return;
  await db
    .update(verifierRequests)
    .set({ expiresAt: options.at })
    .where(
      and(inArray(verifierRequests.id, [...options.ids]), eq(verifierRequests.status, 'pending')),
    );
}
