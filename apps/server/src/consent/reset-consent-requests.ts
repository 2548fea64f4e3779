/**
 * POST /user/{userId}/consent-requests/reset (backs the Reset Requests button of SPEC 2
 * Consent Management): restores the three seeded requests (core's seedConsentRequests: a bank,
 * a telecom operator, an insurer) to pending for this holder only, creating them when missing,
 * with fresh request times (2, 5 and 26 hours before now) and no decision or seen-state.
 * Other holders' requests and this holder's other requests are left as they are. No activity
 * entry is written: it is a demo control, not a consent decision.
 *
 * Then each is made a real OpenID4VP request again (issue 16, linkSeededConsentRequests): the
 * old links' verifier requests still pending expire now, and the seeded verifiers make new ones.
 * If that fails (e.g. a PUBLIC_ORIGIN over plain http to a non-loopback host, which no wallet
 * may answer to), the reset still stands and the requests stay plain SPEC 3 requests.
 *
 * A withdrawn or expired seeded consent starts over too (issue 17): no validity, uses or
 * withdrawal; its withdrawal notice row goes (one per consent; a notice not yet delivered is
 * dropped with it: the demo reset ends that consent's story).
 *
 * Input: { ...deps, userId }. Output: the holder's consent requests after the reset (newest first).
 * Errors: database errors only (userId is the signed-in holder, so it exists).
 */
import type { ConsentRequest } from '@pehchaan/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { consentRequests, withdrawalNotices } from '../db/schema';
import { consentSeedRows } from '../db/seed';
import type { ServiceDeps } from '../lib/deps';
import { closeSeededLinks, linkSeededConsentRequests } from './link-seeded-consent-requests';
import { listConsentRequests } from './list-consent-requests';

export interface ResetConsentRequestsOptions extends ServiceDeps {
  userId: string;
}

export async function resetConsentRequests(
  options: ResetConsentRequestsOptions,
): Promise<ConsentRequest[]> {
  const { db, userId } = options;
  const rows = consentSeedRows(options.now(), userId);
  await db.delete(withdrawalNotices).where(
    and(
      eq(withdrawalNotices.userId, userId),
      inArray(
        withdrawalNotices.consentRequestId,
        rows.map((row) => row.id),
      ),
    ),
  );
  await db
    .insert(consentRequests)
    .values(rows)
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
        validUntil: null,
        expiryRemindedAt: null,
        withdrawnAt: null,
        withdrawnBy: null,
        uses: 0,
        lastUsedAt: null,
      },
    });
  try {
    await linkSeededConsentRequests(options);
  } catch {
    // The reset stands without the links; no old link is left pointing at a pending request.
    await closeSeededLinks({ ...options, consentRequestIds: rows.map((row) => row.id) });
  }
  return listConsentRequests({ ...options, userId });
}
