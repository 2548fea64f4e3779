/**
 * SPEC 3's seeded consent requests (a bank, a telecom operator, an insurer; core's
 * seedConsentRequests), received through the consent ledger like any request (consent/ledger.ts
 * transition, move `receive`), pending and requested relative to now. SPEC 3 seeds them for
 * user-001 only (SEEDED_HOLDER); Reset Requests restores them for the holder who asks
 * (reset-consent-requests.ts). Making them real OpenID4VP requests is a later step
 * (link-seeded-consent-requests.ts).
 */
import { seedConsentRequests as coreSeeds } from '@pehchaan/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { consentRequests } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { type ReceivedConsentRequest, transition } from './ledger';

/** The holder SPEC 3 seeds the consent requests for. */
export const SEEDED_HOLDER = 'user-001';

/** The seeded requests of `userId` as the ledger receives them, requested relative to `now`. */
export function consentSeedRows(now: Date, userId: string): ReceivedConsentRequest[] {
  return coreSeeds(now, userId).map((seed) => ({
    id: seed.id,
    requester: seed.requester,
    purpose: seed.purpose,
    fields: seed.fields,
    requestedAt: new Date(seed.requested_at),
  }));
}

/**
 * Receives the seeded requests `userId` does not have yet (none for a holder other than
 * SEEDED_HOLDER). Idempotent; runs in the caller's transaction when handed one.
 * @returns how many were received.
 */
export async function seedConsentRequests(
  options: Omit<ServiceDeps, 'db'> & { db: DbOrTx; userId: string },
): Promise<number> {
  const { db, userId } = options;
  if (userId !== SEEDED_HOLDER) return 0;
  const rows = consentSeedRows(options.now(), userId);
  const present = new Set(
    (
      await db
        .select({ id: consentRequests.id })
        .from(consentRequests)
        .where(
          and(
            eq(consentRequests.userId, userId),
            inArray(
              consentRequests.id,
              rows.map((row) => row.id),
            ),
          ),
        )
    ).map((row) => row.id),
  );
  let received = 0;
  for (const request of rows) {
    if (present.has(request.id)) continue;
    await transition({ ...options, db, userId, move: 'receive', request });
    received += 1;
  }
  return received;
}
