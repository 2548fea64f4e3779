/**
 * GET /user/{userId}/consent-requests (SPEC 7): the holder's consent requests, every status,
 * newest request first. A holder only ever sees their own (SPEC 6; the route checks the token).
 * A request that came as an OpenID4VP authorization request (issue 16) carries its
 * `presentation`, with `held` computed from the holder's credentials at the time of reading.
 *
 * Input: { db, userId }. Output: ConsentRequest[] (possibly empty). Errors: database only.
 */
import {
  type ConsentPresentation,
  type ConsentRequest,
  consentPresentationSchema,
} from '@pehchaan/core';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { consentRequests, credentials, presentationRequests } from '../db/schema';
import { withHeld } from '../lib/presentation-records';
import { toConsentRequest } from '../lib/records';

export interface ListConsentRequestsOptions {
  db: Db;
  userId: string;
}

export async function listConsentRequests(
  options: ListConsentRequestsOptions,
): Promise<ConsentRequest[]> {
  const { db, userId } = options;
  const rows = await db
    .select({ request: consentRequests, presentation: presentationRequests.presentation })
    .from(consentRequests)
    .leftJoin(presentationRequests, eq(presentationRequests.consentRequestId, consentRequests.id))
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
    if (row.presentation === null || heldTypes === undefined) return toConsentRequest(row.request);
    const presentation: ConsentPresentation = consentPresentationSchema.parse(row.presentation);
    return toConsentRequest(row.request, withHeld(presentation, heldTypes));
  });
}
