/**
 * GET /oid4vci/offers/{id}: the Credential Offer at an offer's `credential_offer_uri`
 * (OpenID4VCI 1.0 sections 4.1.1 and 4.1.3), public: the id (128 random bits) is the capability.
 *
 * Output: { credential_issuer, credential_configuration_ids, grants: {
 * 'urn:ietf:params:oauth:grant-type:pre-authorized_code': { 'pre-authorized_code', tx_code?:
 * { length: 6, input_mode: 'numeric', description } } }, expires_at }. `expires_at` (ISO 8601,
 * when the offer ends unless redeemed or ended by wrong codes first) is an extension parameter
 * of the Credential Offer (section 4.1.1 lets an offer carry more; wallets ignore what they do
 * not know): the product's wallet shows it to the holder (lib/oid4vci/offer.ts offerEndOf).
 * Errors: AppError 'offer_not_found' (404) for an unknown id; 'offer_expired' (410) once the
 * offer is past its expiry, its code was redeemed, or it died after MAX_TX_CODE_FAILURES wrong
 * transaction codes.
 */
import { credentialIssuerIdentifier } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import { type Oid4vciOfferRow, oid4vciOffers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { offerCodeAad } from './create-credential-offer';
import { MAX_TX_CODE_FAILURES, PRE_AUTHORIZED_CODE_GRANT, TX_CODE_LENGTH } from './oid4vci';

export const OFFER_NOT_FOUND_DETAIL = 'There is no credential offer at this address.';
export const OFFER_EXPIRED_DETAIL =
  'This credential offer has expired or was already used. Ask the issuer for a new one.';
/** What the wallet shows above the code field (OpenID4VCI 1.0 `tx_code.description`). */
export const TX_CODE_DESCRIPTION = 'Enter the code we sent you by SMS or e-mail.';

/** Why an offer can no longer be redeemed, or 'live'. */
export function offerState(
  row: Pick<Oid4vciOfferRow, 'expiresAt' | 'redeemedAt' | 'txCodeFailures'>,
  now: Date,
): 'live' | 'expired' | 'redeemed' | 'dead' {
  if (row.redeemedAt) return 'redeemed';
  if (row.txCodeFailures >= MAX_TX_CODE_FAILURES) return 'dead';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'live';
}

/** A Credential Offer object (OpenID4VCI 1.0 section 4.1.1). */
export interface CredentialOffer {
  credential_issuer: string;
  credential_configuration_ids: string[];
  grants: Record<string, unknown>;
  /** Extension: when the offer ends (ISO 8601). */
  expires_at: string;
}

export async function getCredentialOffer(
  options: Pick<ServiceDeps, 'db' | 'vault' | 'now' | 'publicOrigin'> & { offerId: string },
): Promise<CredentialOffer> {
  const [row] = await options.db
    .select()
    .from(oid4vciOffers)
    .where(eq(oid4vciOffers.id, options.offerId));
  if (!row) throw new AppError('offer_not_found', OFFER_NOT_FOUND_DETAIL);
  if (offerState(row, options.now()) !== 'live') {
    throw new AppError('offer_expired', OFFER_EXPIRED_DETAIL);
  }
  const code = options.vault.decrypt(row.preAuthorizedCodeCiphertext, offerCodeAad(row.id));
  return {
    credential_issuer: credentialIssuerIdentifier(options.publicOrigin, row.issuer),
    credential_configuration_ids: row.configurationIds,
    grants: {
      [PRE_AUTHORIZED_CODE_GRANT]: {
        'pre-authorized_code': code,
        ...(row.txCodeHash
          ? {
              tx_code: {
                length: TX_CODE_LENGTH,
                input_mode: 'numeric',
                description: TX_CODE_DESCRIPTION,
              },
            }
          : {}),
      },
    },
    expires_at: row.expiresAt.toISOString(),
  };
}
