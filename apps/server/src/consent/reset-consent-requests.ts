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
 * If that fails (e.g. a seeded verifier's purpose changed by hand), the reset still stands and
 * the requests stay plain SPEC 3 requests.
 *
 * A withdrawn or expired seeded consent starts over too (issue 17): no validity, uses or
 * withdrawal; its withdrawal notice row goes (one per consent; a notice not yet delivered is
 * dropped with it: the demo reset ends that consent's story).
 *
 * Input: { ...deps, userId }. Output: the holder's consent requests after the reset (newest first).
 * Each request moves through the consent ledger (consent/ledger.ts): `reset` when the holder has
 * it, `receive` when not.
 *
 * Errors: database errors only (userId is the signed-in holder, so it exists).
 */
import type { ConsentRequest } from '@pehchaan/core';
import { and, eq, inArray } from 'drizzle-orm';
import { consentRequests, withdrawalNotices } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { transition } from './ledger';
import { closeSeededLinks, linkSeededConsentRequests } from './link-seeded-consent-requests';
import { listConsentRequests } from './list-consent-requests';
import { consentSeedRows } from './seed-consent-requests';

export interface ResetConsentRequestsOptions extends ServiceDeps {
  userId: string;
}

export async function resetConsentRequests(
  options: ResetConsentRequestsOptions,
): Promise<ConsentRequest[]> {
  const { db, userId } = options;
  const rows = consentSeedRows(options.now(), userId);
  const ids = rows.map((row) => row.id);
  await db.transaction(async (tx) => {
    await tx
      .delete(withdrawalNotices)
      .where(
        and(eq(withdrawalNotices.userId, userId), inArray(withdrawalNotices.consentRequestId, ids)),
      );
    const present = new Set(
      (
        await tx
          .select({ id: consentRequests.id })
          .from(consentRequests)
          .where(and(eq(consentRequests.userId, userId), inArray(consentRequests.id, ids)))
      ).map((row) => row.id),
    );
    for (const request of rows) {
      // Ids embed the holder's id: only this holder's own rows are ever reset.
      await transition(
        present.has(request.id)
          ? { ...options, db: tx, move: 'reset', consentRequestId: request.id, request }
          : { ...options, db: tx, move: 'receive', request },
      );
    }
  });
  try {
    await linkSeededConsentRequests(options);
  } catch {
    // The reset stands without the links; no old link is left pointing at a pending request.
    await closeSeededLinks({ ...options, consentRequestIds: ids });
  }
  return listConsentRequests({ ...options, userId });
}
