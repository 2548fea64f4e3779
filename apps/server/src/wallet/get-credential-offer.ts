/**
 * GET /user/{userId}/credential-offers/{id} (core api/credential-offers.ts): what the holder sees
 * of an offer they received and have not yet accepted or declined, in their language; and
 * `loadCredentialOffer`, the stored offer with its state, for accept and decline.
 *
 * Input: { ...deps, userId, offerId }. Output: CredentialOfferView.
 * Errors (AppError): offer_not_found (404: no such offer of this holder; another holder's id
 * answers the same), offer_expired (410: past its expires_at; ask the issuer for a new one).
 */
import type { CredentialOfferView } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { type CredentialOfferRow, credentialOffers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { getSettings } from '../lib/holder-settings';
import { buildOfferView, readOfferState, type StoredOfferState } from '../lib/oid4vci/offer-view';
import { loadTrustList } from '../lib/trust-list';
import type { Vault } from '../lib/vault';

export interface GetCredentialOfferOptions extends ServiceDeps {
  userId: string;
  offerId: string;
}

/**
 * The holder's stored offer and its decrypted state.
 * @param options.allowExpired answer an expired offer too (decline drops it either way).
 * @throws AppError offer_not_found, offer_expired (unless allowExpired).
 */
export async function loadCredentialOffer(options: {
  db: DbOrTx;
  vault: Vault;
  now: () => Date;
  userId: string;
  offerId: string;
  allowExpired?: boolean;
}): Promise<{ row: CredentialOfferRow; state: StoredOfferState }> {
  const [row] = await options.db
    .select()
    .from(credentialOffers)
    .where(
      and(eq(credentialOffers.id, options.offerId), eq(credentialOffers.userId, options.userId)),
    );
  if (!row) throw new AppError('offer_not_found', 'This credential offer was not found.');
  if (!options.allowExpired && row.expiresAt.getTime() <= options.now().getTime()) {
    throw new AppError(
      'offer_expired',
      'This credential offer has expired. Ask the issuer for a new one.',
    );
  }
  return { row, state: readOfferState(row, options.vault) };
}

export async function getCredentialOffer(
  options: GetCredentialOfferOptions,
): Promise<CredentialOfferView> {
  const { row, state } = await loadCredentialOffer(options);
  const { settings } = await getSettings({ db: options.db, userId: options.userId });
  return buildOfferView(row, state, settings.language, await loadTrustList(options));
}
