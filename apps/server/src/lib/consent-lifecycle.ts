/**
 * What the consent's later states share (DECISIONS 7): its validity and the texts of a consent
 * that is not in force. Pure helpers and reads, used by the consent ledger (consent/), by the
 * wallet (a share link made under a consent) and by the records (lib/records.ts).
 */
import {
  type ConsentPresentation,
  consentPresentationSchema,
  DEFAULT_CONSENT_VALIDITY_DAYS,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { type ConsentRequestRow, presentationRequests } from '../db/schema';

/** The details of the 409s of a consent that is not in force (withdraw, a share link under it). */
export const CONSENT_NOT_IN_FORCE = {
  notApproved: (status: string) =>
    `This consent request is ${status}, so there is no consent to withdraw.`,
  alreadyWithdrawn: 'You already withdrew this consent.',
  expired: 'This consent has already expired; there is nothing left to withdraw.',
} as const;

/**
 * Days an approval of `row` stays valid: the request's own validity, else the retention the
 * verifier registered for the purpose (OpenID4VP requests), else DEFAULT_CONSENT_VALIDITY_DAYS.
 */
export function consentValidityDays(
  row: Pick<ConsentRequestRow, 'validityDays'>,
  presentation?: Pick<ConsentPresentation, 'retention_days'> | null,
): number {
  return row.validityDays ?? presentation?.retention_days ?? DEFAULT_CONSENT_VALIDITY_DAYS;
}

/** The OpenID4VP side of a consent request, when it has one. */
export async function presentationOfConsent(db: DbOrTx, consentRequestId: string) {
  const [row] = await db
    .select()
    .from(presentationRequests)
    .where(eq(presentationRequests.consentRequestId, consentRequestId));
  if (!row) return undefined;
  return { row, presentation: consentPresentationSchema.parse(row.presentation) };
}
