/**
 * What the consent's later states share (DECISIONS 7): the texts of a consent that is not in
 * force and the OpenID4VP side of a consent. Texts and reads, used by the consent ledger (consent/), by the
 * wallet (a share link made under a consent) and by the records (lib/records.ts).
 */
import { consentPresentationSchema } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { presentationRequests } from '../db/schema';

/** The details of the 409s of a consent that is not in force (withdraw, a share link under it). */
export const CONSENT_NOT_IN_FORCE = {
  notApproved: (status: string) =>
    `This consent request is ${status}, so there is no consent to withdraw.`,
  alreadyWithdrawn: 'You already withdrew this consent.',
  expired: 'This consent has already expired; there is nothing left to withdraw.',
} as const;

/** The OpenID4VP side of a consent request, when it has one. */
export async function presentationOfConsent(db: DbOrTx, consentRequestId: string) {
  const [row] = await db
    .select()
    .from(presentationRequests)
    .where(eq(presentationRequests.consentRequestId, consentRequestId));
  if (!row) return undefined;
  return { row, presentation: consentPresentationSchema.parse(row.presentation) };
}
