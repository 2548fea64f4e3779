/**
 * An issuer's credential offer (OpenID4VCI 1.0 section 4.1; DECISIONS 9: credentials reach the
 * wallet from any issuer) as the holder's app handles it, over the wallet API of
 * @pehchaan/core's api/credential-offers.ts:
 * - `receiveCredentialOffer`: POST /user/{userId}/credential-offers `{ offer }` (the
 *   `openid-credential-offer://` link, an https link with its query, or the bare query) -> 201
 *   the offer as the holder reviews it (issuer and trust, credentials and claims, tx_code);
 * - `getCredentialOfferQueryOptions`: GET .../credential-offers/{id}, the same view, cached;
 * - `acceptCredentialOffer`: POST .../{id}/accept `{ tx_code? }` -> 201 `{ credentials }` (the
 *   stored records) or `{ redirect_to }` (authorization code grant: the browser goes there);
 * - `declineCredentialOffer`: POST .../{id}/decline -> 204.
 * - `completeCredentialOfferAuthorization`: POST .../credential-offers/authorization
 *   `{ state, code }` or `{ state, error, error_description? }` (what the issuer sent the browser
 *   back to /oid4vci/callback with, authorization code grant) -> 201 `{ credentials }`.
 * Needs the API (no offline path: the server fetches the issuer's metadata and runs the exchange).
 *
 * Errors are ApiErrors carrying the server's problem code (STYLE 15): `tx_code_invalid` (400, the
 * holder may type the code again), `offer_expired` (410), `offer_not_found` (404),
 * `credential_exists` (409, SPEC 5's 'You already have a {document type}...' in `detail`); any
 * other problem has a plain-language `detail` to show as is.
 *
 * Also: the query of an offer a signed-out visitor opened at /receive is kept in sessionStorage
 * while they sign in (rememberOfferQuery, pendingOfferQuery, forgetOfferQuery), as /present does;
 * so is the issuer's answer at /oid4vci/callback (rememberCallbackQuery, pendingCallbackQuery,
 * forgetCallbackQuery).
 */
import {
  type AcceptCredentialOfferBody,
  type CompleteCredentialOfferAuthorizationBody,
  type CredentialOfferView,
  type CredentialRecord,
  credentialOfferViewSchema,
  credentialRecordSchema,
} from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The offer problem codes the screens branch on (docs/api-contract.md "Errors"). */
export const OFFER_PROBLEMS = {
  txCodeInvalid: 'tx_code_invalid',
  expired: 'offer_expired',
  notFound: 'offer_not_found',
  exists: 'credential_exists',
  /** The return from the issuer is not recognised (used, or another account's). */
  stateInvalid: 'authorization_state_invalid',
  /** The sign-in at the issuer was cancelled or refused. */
  denied: 'authorization_denied',
  /** The issuer did not accept its own code back (used or expired). */
  codeInvalid: 'authorization_code_invalid',
} as const;

/** 201 answer of the accept call: the stored credentials, or where the browser must go. */
export const acceptCredentialOfferAnswerSchema = z.union([
  z.object({ credentials: z.array(credentialRecordSchema) }),
  // Only a web address: the browser is sent there (never a javascript: or data: URL).
  z.object({ redirect_to: z.url({ protocol: /^https?$/ }) }),
]);
export type AcceptCredentialOfferAnswer = z.infer<typeof acceptCredentialOfferAnswerSchema>;

const offersPath = (userId: string) => `/user/${encodeURIComponent(userId)}/credential-offers`;
const offerPath = (userId: string, offerId: string) =>
  `${offersPath(userId)}/${encodeURIComponent(offerId)}`;

/**
 * @param offer the offer link or QR text as received.
 * @returns the offer as the holder reviews it.
 * @throws {ApiError} see the module docs.
 */
export function receiveCredentialOffer(options: {
  userId: string;
  offer: string;
}): Promise<CredentialOfferView> {
  return api.post(
    offersPath(options.userId),
    { offer: options.offer },
    { schema: credentialOfferViewSchema },
  );
}

/** One stored offer's view in the query cache (key ['credential-offers', userId, offerId]). */
export function getCredentialOfferQueryOptions(userId: string, offerId: string) {
  return queryOptions({
    queryKey: queryKeys.credentialOffer(userId, offerId),
    queryFn: () => api.get(offerPath(userId, offerId), { schema: credentialOfferViewSchema }),
    // The view does not change while the holder reads it; a new GET would only race the accept.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** @throws {ApiError} see the module docs. */
export function acceptCredentialOffer(options: {
  userId: string;
  offerId: string;
  body: AcceptCredentialOfferBody;
}): Promise<AcceptCredentialOfferAnswer> {
  return api.post(`${offerPath(options.userId, options.offerId)}/accept`, options.body, {
    schema: acceptCredentialOfferAnswerSchema,
  });
}

/** @throws {ApiError} see the module docs. */
export async function declineCredentialOffer(options: {
  userId: string;
  offerId: string;
}): Promise<void> {
  await api.post(`${offerPath(options.userId, options.offerId)}/decline`);
}

/** The credentials a completed authorization stored. */
const completedAnswerSchema = z.object({ credentials: z.array(credentialRecordSchema) });

/**
 * Hands the issuer's answer at /oid4vci/callback to the server, which exchanges the code and
 * stores the credentials.
 * @returns the stored credentials (as the list shows them).
 * @throws {ApiError} see the module docs.
 */
export async function completeCredentialOfferAuthorization(options: {
  userId: string;
  body: CompleteCredentialOfferAuthorizationBody;
}): Promise<CredentialRecord[]> {
  const answer = await api.post(`${offersPath(options.userId)}/authorization`, options.body, {
    schema: completedAnswerSchema,
  });
  return answer.credentials;
}

const PENDING_CALLBACK_KEY = 'pehchaan.pendingOfferCallback';

/** Keeps /oid4vci/callback's query (without '?') for after sign-in; false when refused. */
export function rememberCallbackQuery(query: string): boolean {
  try {
    sessionStorage.setItem(PENDING_CALLBACK_KEY, query);
    return true;
  } catch {
    return false;
  }
}

/** The kept callback query, or null. */
export function pendingCallbackQuery(): string | null {
  try {
    return sessionStorage.getItem(PENDING_CALLBACK_KEY);
  } catch {
    return null;
  }
}

/** Forgets the kept callback query (once /oid4vci/callback has it). */
export function forgetCallbackQuery(): void {
  try {
    sessionStorage.removeItem(PENDING_CALLBACK_KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}

const PENDING_KEY = 'pehchaan.pendingCredentialOffer';

/** Keeps `/receive`'s query (without '?') for after sign-in; false when storage refused it. */
export function rememberOfferQuery(query: string): boolean {
  try {
    sessionStorage.setItem(PENDING_KEY, query);
    return true;
  } catch {
    return false;
  }
}

/** The kept query, or null. Read-only: /receive forgets it once it sends it. */
export function pendingOfferQuery(): string | null {
  try {
    return sessionStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}

/** Forgets the kept query (once /receive has it). */
export function forgetOfferQuery(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}
