/**
 * GET /user/{userId}/consent-requests (SPEC 7): the holder's consent requests, every status,
 * newest request first. A holder only ever sees their own (SPEC 6; the route checks the token).
 *
 * Input: { db, userId }. Output: ConsentRequest[] (possibly empty). Errors: database only.
 */
import type { ConsentRequest } from '@pehchaan/core';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { consentRequests } from '../db/schema';
import { toConsentRequest } from '../lib/records';

export interface ListConsentRequestsOptions {
  db: Db;
  userId: string;
}

export async function listConsentRequests(
  options: ListConsentRequestsOptions,
): Promise<ConsentRequest[]> {
  const rows = await options.db
    .select()
    .from(consentRequests)
    .where(eq(consentRequests.userId, options.userId))
    .orderBy(desc(consentRequests.requestedAt), desc(consentRequests.id));
  return rows.map(toConsentRequest);
}
