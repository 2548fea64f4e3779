/**
 * GET /user/{userId}/consent-requests (SPEC 7): the holder's consent requests, every status,
 * newest request first. A holder only ever sees their own (SPEC 6; the route checks the token).
 * A request that came as an OpenID4VP authorization request (issue 16) carries its
 * `presentation`, with `held` computed from the holder's credentials at the time of reading.
 * Each carries its validity and uses; a withdrawn one, the verifier's erasure and the delivery
 * of its withdrawal notice (issue 17). Consents past their validity are expired first
 * (expire-consents.ts), so the list never shows an approved consent that has ended.
 *
 * Input: { db, now, userId }. Output: ConsentRequest[] (possibly empty). Errors: database only.
 */
import {
  type ConsentPresentation,
  type ConsentRequest,
  consentPresentationSchema,
} from '@pehchaan/core';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import {
  consentRequests,
  credentials,
  presentationRequests,
  verifierRequests,
  withdrawalNotices,
} from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { withHeld } from '../lib/presentation-records';
import { toConsentRequest } from '../lib/records';
import { expireConsents } from './expire-consents';

export interface ListConsentRequestsOptions
  extends Pick<ServiceDeps, 'vault' | 'now' | 'publicOrigin' | 'consentRegistry' | 'roles'> {
  db: Db;
  userId: string;
}

export async function listConsentRequests(
  options: ListConsentRequestsOptions,
): Promise<ConsentRequest[]> {
  const { db, userId } = options;
  await expireConsents(options);
  const rows = await db
    .select({
      request: consentRequests,
      presentation: presentationRequests.presentation,
      notice: withdrawalNotices,
      verifierErasedAt: verifierRequests.erasedAt,
    })
    .from(consentRequests)
    .leftJoin(presentationRequests, eq(presentationRequests.consentRequestId, consentRequests.id))
    .leftJoin(withdrawalNotices, eq(withdrawalNotices.consentRequestId, consentRequests.id))
    .leftJoin(verifierRequests, eq(verifierRequests.id, presentationRequests.verifierRequestId))
    .where(eq(consentRequests.userId, userId))
    .orderBy(desc(consentRequests.requestedAt), desc(consentRequests.id));
  let heldTypes: Set<string> | undefined;
  if (rows.some((row) => row.presentation !== null)) {
    const held = await db
      .select({ documentType: credentials.documentType })
      .from(credentials)
      .where(eq(credentials.userId, userId));
    heldTypes = new Set(held.map((row) => row.documentType));
  }
  return rows.map((row) => {
    const ending = { notice: row.notice, verifierErasedAt: row.verifierErasedAt };
    if (row.presentation === null || heldTypes === undefined) {
      return toConsentRequest(row.request, undefined, ending);
    }
    const presentation: ConsentPresentation = consentPresentationSchema.parse(row.presentation);
    return toConsentRequest(row.request, withHeld(presentation, heldTypes), ending);
  });
}
