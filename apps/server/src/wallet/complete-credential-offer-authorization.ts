/**
 * POST /user/{userId}/credential-offers/authorization (OpenID4VCI 1.0 sections 3.4, 5.2 and 6;
 * RFC 6749 4.1.2, 4.1.3; RFC 7636 4.5; core api/credential-offers.ts
 * completeCredentialOfferAuthorizationBodySchema; docs/oid4vci.md "Authorization code"): the
 * holder's browser came back from the issuer to `/oid4vci/callback` and the web app hands over
 * what it brought, `{ state, code }` or `{ state, error, error_description? }`.
 * 1. The `state` names one of this holder's offers (lib/oid4vci/authorization-code.ts
 *    offerIdOfState; another holder's offer is not found) whose pending authorization has exactly
 *    this state; the offer has not expired.
 * 2. The pending authorization is used up first (a compare-and-set on the stored state): a
 *    replayed or raced callback finds none. The offer itself stays; the holder may accept it
 *    again and be sent to the issuer once more.
 * 3. The answer's `iss` (RFC 9207), when given or when the authorization server says it always
 *    gives it, must be that server's issuer identifier (a mix-up defence).
 * 4. An `error` ends here (access_denied: the holder or the issuer refused).
 * 5. Otherwise the Token Request with the code, the PKCE code_verifier, the redirect_uri and
 *    client_id sent before; then exactly the pre-authorized path's nonce, proof, credential,
 *    checks, storing and notification steps (accept-credential-offer.ts
 *    receiveOfferedCredentials), the Credential Request naming the Token Response's
 *    credential_identifier when it gave one.
 *
 * Input: { ...deps, userId, state, code | error (+ errorDescription), fetchOptions? (tests) }.
 * Output: the stored credentials as screen records (as acceptCredentialOffer).
 * Errors (AppError): authorization_state_invalid (400; also an `iss` of another server),
 * offer_expired (410),
 * authorization_denied (400: any error the callback carries, RFC 6749 4.1.2.1: it arrives from
 * the holder's browser, not from a call of ours, so never a 5xx), issuer_refused (502: the token
 * endpoint's refusal), authorization_code_invalid (400: the token endpoint's
 * invalid_grant), and every error of acceptCredentialOffer after the token. Nothing is stored on
 * error.
 */
import type { CredentialRecord } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { credentialOffers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import {
  offerIdOfState,
  requestAuthorizationCodeToken,
  sameState,
} from '../lib/oid4vci/authorization-code';
import { credentialOfferAad, type StoredOfferState } from '../lib/oid4vci/offer-view';
import type { SafeFetchOptions } from '../lib/oid4vp/safe-fetch';
import { receiveOfferedCredentials } from './accept-credential-offer';
import { loadCredentialOffer } from './get-credential-offer';

export interface CompleteCredentialOfferAuthorizationOptions extends ServiceDeps {
  userId: string;
  /** The `state` the issuer sent back. */
  state: string;
  /** The authorization code, or... */
  code?: string | undefined;
  /** ...the error (RFC 6749 4.1.2.1) and its description. */
  error?: string | undefined;
  errorDescription?: string | undefined;
  /** The authorization server's `iss` in its answer (RFC 9207), when it sent one. */
  iss?: string | undefined;
  /** Tests only: resolver, CA or limits for the issuer requests. */
  fetchOptions?: Omit<SafeFetchOptions, 'allowLoopback'>;
}

function stateInvalid(): AppError {
  return new AppError(
    'authorization_state_invalid',
    'Pehchaan does not recognise this return from the issuer: it was already used, or it was started in another account. Open the offer and accept it again.',
  );
}

export async function completeCredentialOfferAuthorization(
  options: CompleteCredentialOfferAuthorizationOptions,
): Promise<CredentialRecord[]> {
  const { db, vault, userId } = options;
  const offerId = offerIdOfState(options.state);
  if (!offerId) throw stateInvalid();
  const loaded = await loadCredentialOffer({ ...options, offerId, allowExpired: true }).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.code === 'offer_not_found') throw stateInvalid();
      throw error;
    },
  );
  const pending = loaded.state.authorization;
  if (!pending || !sameState(pending.state, options.state)) throw stateInvalid();
  if (loaded.row.expiresAt.getTime() <= options.now().getTime()) {
    throw new AppError(
      'offer_expired',
      'This credential offer has expired. Ask the issuer for a new one.',
    );
  }

  // One use: the pending authorization is removed before anything else happens.
  const { authorization: _used, ...rest } = loaded.state;
  const state: StoredOfferState = rest;
  const stateCiphertext = vault.encrypt(JSON.stringify(state), credentialOfferAad(offerId));
  const [row] = await db
    .update(credentialOffers)
    .set({ stateCiphertext })
    .where(
      and(
        eq(credentialOffers.id, offerId),
        eq(credentialOffers.userId, userId),
        eq(credentialOffers.stateCiphertext, loaded.row.stateCiphertext),
      ),
    )
    .returning();
  if (!row) throw stateInvalid();
  // RFC 9207: an answer that names another authorization server (a mix-up), or none when this one
  // says it always names itself, is not the sign-in the holder was sent to.
  const server = state.authorizationServer;
  if (
    (options.iss !== undefined && options.iss !== server.issuer) ||
    (options.iss === undefined && server.authorization_response_iss_parameter_supported === true)
  ) {
    throw new AppError(
      'authorization_state_invalid',
      'This return did not come from the issuer you were sent to sign in with, so Pehchaan did not use it. Open the offer and accept it again.',
    );
  }

  if (options.error !== undefined || options.code === undefined) {
    if (options.error === 'access_denied' || options.error === undefined) {
      throw new AppError(
        'authorization_denied',
        'The sign-in at the issuer was cancelled or refused, so nothing was added. You can accept the offer again.',
      );
    }
    throw new AppError(
      'authorization_denied',
      `The issuer could not sign you in (${options.error.slice(0, 60)}). Try again later or ask the issuer for a new offer.`,
    );
  }
  const code = options.code;
  return receiveOfferedCredentials(options, { row, state }, (http) =>
    requestAuthorizationCodeToken({
      tokenEndpoint: state.authorizationServer.token_endpoint,
      code,
      codeVerifier: pending.codeVerifier,
      redirectUri: pending.redirectUri,
      clientId: pending.clientId,
      http,
    }),
  );
}
