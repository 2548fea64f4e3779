/**
 * POST /user/{userId}/credential-offers/{id}/decline (core api/credential-offers.ts): the holder
 * does not want the offered credential; the offer is dropped (an expired one too). Nothing is
 * sent to the issuer: the pre-authorized code was never used, and ends at the issuer.
 *
 * Input: { db, vault, now, userId, offerId }. Output: nothing (the route answers 204).
 * Errors (AppError): offer_not_found (404).
 */
import { and, eq } from 'drizzle-orm';
import { credentialOffers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';

export interface DeclineCredentialOfferOptions extends Pick<ServiceDeps, 'db'> {
  userId: string;
  offerId: string;
}

export async function declineCredentialOffer(
  options: DeclineCredentialOfferOptions,
): Promise<void> {
  const deleted = await options.db
    .delete(credentialOffers)
    .where(
      and(eq(credentialOffers.id, options.offerId), eq(credentialOffers.userId, options.userId)),
    )
    .returning({ id: credentialOffers.id });
  if (deleted.length === 0) {
    throw new AppError('offer_not_found', 'This credential offer was not found.');
  }
}
