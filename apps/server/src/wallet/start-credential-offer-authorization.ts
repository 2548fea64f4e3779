/**
 * POST /user/{userId}/credential-offers/{id}/accept on an offer of the authorization code grant
 * (OpenID4VCI 1.0 sections 3.4 and 5; RFC 7636; RFC 9126; core api/credential-offers.ts
 * credentialOfferRedirectSchema; docs/oid4vci.md "Authorization code"): instead of running the
 * exchange, the wallet sends the holder's browser to the issuer's authorization endpoint.
 * 1. The offer's configurations are checked as for the pre-authorized code (described, not
 *    ldp_vc only, SPEC 5), so the holder is not sent to sign in for a credential refused later.
 * 2. A fresh PKCE code_verifier and its S256 challenge, and a fresh `state` bound to this offer
 *    (lib/oid4vci/authorization-code.ts); the request carries client_id = PUBLIC_ORIGIN,
 *    redirect_uri = {PUBLIC_ORIGIN}/oid4vci/callback, the offer's issuer_state, and the offered
 *    configurations as authorization_details (or scope); when the authorization server takes
 *    pushed authorization requests they are pushed first.
 * 3. The verifier, state, client_id and redirect_uri are kept in the offer's stored state (vault
 *    encrypted, never in plaintext); a later accept replaces them (the earlier state is no
 *    longer recognised).
 *
 * Input: { ...deps, userId, offerId, fetchOptions? (tests) }.
 * Output: `{ redirect_to }`, or undefined when the offer carries a pre-authorized code (the
 * caller runs acceptCredentialOffer).
 * Errors (AppError): offer_not_found (404), offer_expired (410), invalid_credential_offer (400:
 * the authorization server cannot run the flow), credential_rejected (422), credential_exists
 * (409), issuer_refused (502: the pushed request refused), issuer_unreachable (502),
 * issuer_address_refused (422). On error the offer is left as it was.
 */
import type { CredentialOfferRedirect } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { credentialOffers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import {
  authorizationCodeProblem,
  authorizationRedirect,
  authorizationRequestParams,
  newAuthorizationState,
  newPkce,
  type PendingAuthorization,
  walletClientId,
  walletRedirectUri,
} from '../lib/oid4vci/authorization-code';
import { issuerHttpOf } from '../lib/oid4vci/issuer-http';
import { PRE_AUTHORIZED_GRANT } from '../lib/oid4vci/offer';
import { credentialOfferAad, type StoredOfferState } from '../lib/oid4vci/offer-view';
import type { SafeFetchOptions } from '../lib/oid4vp/safe-fetch';
import { receivableOfferConfigurations } from './accept-credential-offer';
import { loadCredentialOffer } from './get-credential-offer';

export interface StartCredentialOfferAuthorizationOptions extends ServiceDeps {
  userId: string;
  offerId: string;
  /** Tests only: resolver, CA or limits for the issuer requests. */
  fetchOptions?: Omit<SafeFetchOptions, 'allowLoopback'>;
}

export async function startCredentialOfferAuthorization(
  options: StartCredentialOfferAuthorizationOptions,
): Promise<CredentialOfferRedirect | undefined> {
  const { row, state } = await loadCredentialOffer(options);
  if (state.offer.grants?.[PRE_AUTHORIZED_GRANT]) return undefined;
  const server = state.authorizationServer;
  const problem = authorizationCodeProblem(server);
  if (problem) throw new AppError('invalid_credential_offer', problem);
  const configurations = await receivableOfferConfigurations(options, state);

  const pkce = newPkce();
  const pending: PendingAuthorization = {
    state: newAuthorizationState(row.id),
    codeVerifier: pkce.verifier,
    clientId: walletClientId(options.publicOrigin),
    redirectUri: walletRedirectUri(options.publicOrigin),
    startedAt: options.now().toISOString(),
  };
  const params = authorizationRequestParams({
    server,
    metadata: state.metadata,
    offer: state.offer,
    configurations,
    clientId: pending.clientId,
    redirectUri: pending.redirectUri,
    state: pending.state,
    codeChallenge: pkce.challenge,
  });
  const redirectTo = await authorizationRedirect({
    server,
    params,
    http: issuerHttpOf(options, options.fetchOptions),
  });

  const next: StoredOfferState = { ...state, authorization: pending };
  const updated = await options.db
    .update(credentialOffers)
    .set({
      stateCiphertext: options.vault.encrypt(JSON.stringify(next), credentialOfferAad(row.id)),
    })
    .where(and(eq(credentialOffers.id, row.id), eq(credentialOffers.userId, options.userId)))
    .returning({ id: credentialOffers.id });
  // Declined while the pushed request was under way.
  if (updated.length === 0) {
    throw new AppError('offer_not_found', 'This credential offer was not found.');
  }
  return { redirect_to: redirectTo };
}
