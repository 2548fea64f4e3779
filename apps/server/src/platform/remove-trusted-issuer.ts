/**
 * Takes an issuer off the trust list (DECISIONS 9.3; `npm run issuer:trust -- remove`): from then
 * on its credentials fail the `trusted_issuer` check everywhere (within lib/trust-list.ts's
 * TRUST_LIST_TTL_MS in another running process). The row stays with `removed_at` set, so that the
 * start's seeding (seed-trust-list.ts) does not put one of the product's issuers back; `add` with
 * the same identifier puts it back on the list.
 *
 * Input: { db, now, identifier: exactly as listed }.
 * Output: { identifier, name: its English name }.
 * Errors: AppError 'not_found' (404) when no issuer with that identifier is on the list.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { trustedIssuers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { invalidateTrustList } from '../lib/trust-list';

export async function removeTrustedIssuer(
  options: Pick<ServiceDeps, 'now'> & { db: DbOrTx; identifier: string },
): Promise<{ identifier: string; name: string }> {
  const now = options.now();
  const [removed] = await options.db
    .update(trustedIssuers)
    .set({ removedAt: now, updatedAt: now })
    .where(and(eq(trustedIssuers.identifier, options.identifier), isNull(trustedIssuers.removedAt)))
    .returning({ identifier: trustedIssuers.identifier, names: trustedIssuers.names });
  if (!removed) {
    throw new AppError(
      'not_found',
      `${options.identifier} is not on the trust list (see: npm run issuer:trust -- list)`,
    );
  }
  invalidateTrustList();
  return { identifier: removed.identifier, name: removed.names.en ?? removed.identifier };
}
