/**
 * POST /user/{userId}/consent-requests/reset (backs the Reset Requests button of SPEC 2
 * Consent Management): restores the three seeded requests (core's seedConsentRequests: a bank,
 * a telecom operator, an insurer) to pending for this holder only, creating them when missing,
 * with fresh request times (2, 5 and 26 hours before now) and no decision or seen-state.
 * Other holders' requests and this holder's other requests are left as they are. No activity
 * entry is written: it is a demo control, not a consent decision.
 *
 * Input: { db, now, userId }. Output: the holder's consent requests after the reset (newest first).
 * Errors: database errors only (userId is the signed-in holder, so it exists).
 */
import type { ConsentRequest } from '@pehchaan/core';
import { sql } from 'drizzle-orm';
import { consentRequests } from '../db/schema';
import { consentSeedRows } from '../db/seed';
import type { ServiceDeps } from '../lib/deps';
import { listConsentRequests } from './list-consent-requests';

export interface ResetConsentRequestsOptions extends Pick<ServiceDeps, 'db' | 'now'> {
  userId: string;
}

export async function resetConsentRequests(
  options: ResetConsentRequestsOptions,
): Promise<ConsentRequest[]> {
  const { db, userId } = options;
  await db
    .insert(consentRequests)
    .values(consentSeedRows(options.now(), userId))
    .onConflictDoUpdate({
      target: consentRequests.id,
      // Only this holder's own row is ever reset (ids embed the user id; the guard is explicit).
      setWhere: sql`${consentRequests.userId} = ${userId}`,
      set: {
        requester: sql`excluded.requester`,
        purpose: sql`excluded.purpose`,
        fields: sql`excluded.fields`,
        requestedAt: sql`excluded.requested_at`,
        status: 'pending',
        statusUpdatedAt: null,
        statusUpdatedBy: null,
        lastViewed: null,
      },
    });
  return listConsentRequests({ db, userId });
}
