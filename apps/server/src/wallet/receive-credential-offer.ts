/**
 * POST /user/{userId}/credential-offers (OpenID4VCI 1.0 section 4.1; core
 * api/credential-offers.ts; DECISIONS 9.1): the holder scanned or pasted an issuer's credential
 * offer. Reads the link (the offer by value, or fetched from `credential_offer_uri`), fetches the
 * Credential Issuer Metadata (12.2.2) and its authorization server's metadata (RFC 8414), checks
 * that the wallet can receive what is offered, stores the offer for this holder for
 * OFFER_LIFETIME_MS, or until the issuer says the offer ends when that is sooner (its `expires_at`
 * extension, lib/oid4vci/offer.ts offerEndOf: the view's `expires_by` is then 'issuer'), the
 * holder's expired offers dropped on the way; writes a
 * `credential_offer_received` activity entry and answers what the holder sees before accepting
 * (issuer name and trust, credentials with names and claims in the holder's language, the
 * transaction code prompt, grant, expires_at). Every fetch goes through the SSRF-safe client
 * (lib/oid4vci/issuer-http.ts).
 *
 * Input: { ...deps, userId, link, fetchOptions? (tests) }. Output: CredentialOfferView.
 * Errors (AppError): invalid_credential_offer (400: not an offer link, a malformed offer, a
 * configuration the metadata lacks, a format or key type the wallet does not have, an offer of
 * the authorization code grant whose authorization server cannot run it with the wallet: no
 * authorization endpoint, no S256 PKCE, pushed requests required without their endpoint);
 * offer_expired (410: the issuer answers 410 Gone at `credential_offer_uri`, as the product's
 * issuers do for an offer expired, already used or ended by wrong codes, or its `expires_at` has
 * passed); issuer_address_refused
 * (422); issuer_unreachable (502: unreachable, the offer not found, no or mismatching metadata).
 * Nothing is stored on error.
 */
import { type CredentialOfferView, RECEIVED_FORMATS } from '@pehchaan/core';
import { and, eq, lt } from 'drizzle-orm';
import { credentialOffers } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { getSettings } from '../lib/holder-settings';
import { newId } from '../lib/ids';
import { authorizationCodeProblem } from '../lib/oid4vci/authorization-code';
import {
  callIssuer,
  type IssuerHttpOptions,
  issuerHttpOf,
  issuerTransportError,
} from '../lib/oid4vci/issuer-http';
import {
  AUTHORIZATION_CODE_GRANT,
  type CredentialConfiguration,
  fetchAuthorizationServerMetadata,
  fetchIssuerMetadata,
  offerEndOf,
  PRE_AUTHORIZED_GRANT,
  parseOfferLink,
  readCredentialOffer,
} from '../lib/oid4vci/offer';
import {
  buildOfferView,
  credentialOfferAad,
  issuerOf,
  offerKeptUntil,
  type StoredOfferState,
} from '../lib/oid4vci/offer-view';
import type { SafeFetchOptions } from '../lib/oid4vp/safe-fetch';
import { loadTrustList } from '../lib/trust-list';

export interface ReceiveCredentialOfferOptions extends ServiceDeps {
  userId: string;
  /** The offer link or QR text as received. */
  link: string;
  /** Tests only: resolver, CA or limits for the issuer requests. */
  fetchOptions?: Omit<SafeFetchOptions, 'allowLoopback'>;
}

/** The JWS algs the wallet can prove possession with (lib/holder-keys.ts). */
const PROOF_ALGS = ['EdDSA', 'Ed25519', 'ES256'];

/** The proof alg the wallet uses for a configuration: EdDSA unless it asks for ES256 only. */
export function proofAlgFor(configuration: CredentialConfiguration): 'EdDSA' | 'ES256' | undefined {
  const algs = configuration.proof_types_supported?.jwt?.proof_signing_alg_values_supported;
  if (!algs || algs.includes('EdDSA') || algs.includes('Ed25519')) return 'EdDSA';
  return algs.includes('ES256') ? 'ES256' : undefined;
}

/** The holder's words when the issuer says the offer is gone (410): ask for a new one. */
export const OFFER_GONE_DETAIL =
  'The issuer says this offer has expired or was already used. Ask the issuer for a new one.';

/**
 * GETs the Credential Offer at `credential_offer_uri` (OpenID4VCI 1.0 section 4.1.3) and answers
 * its JSON body as sent (readCredentialOffer checks its shape).
 * @throws AppError offer_expired (the issuer answers 410 Gone), offer_not_found (404: the issuer
 *   no longer has it), issuer_unreachable (any other status but 200; unreachable),
 *   issuer_address_refused.
 */
async function fetchOfferByReference(uri: string, http: IssuerHttpOptions): Promise<unknown> {
  const answer = await callIssuer(uri, { method: 'GET' }, http);
  if (answer.status === 410) throw new AppError('offer_expired', OFFER_GONE_DETAIL);
  if (answer.status === 404) {
    throw new AppError('offer_not_found', 'The issuer no longer has this offer (not found).');
  }
  if (answer.status !== 200) throw issuerTransportError(undefined);
  return answer.body;
}

function invalid(detail: string): AppError {
  return new AppError('invalid_credential_offer', detail);
}

export async function receiveCredentialOffer(
  options: ReceiveCredentialOfferOptions,
): Promise<CredentialOfferView> {
  const { db, userId } = options;
  const http: IssuerHttpOptions = issuerHttpOf(options, options.fetchOptions);
  const reference = parseOfferLink(options.link);
  let raw: unknown;
  if ('uri' in reference) {
    raw = await fetchOfferByReference(reference.uri, http);
  } else {
    raw = reference.offer;
  }
  const offer = readCredentialOffer(raw);
  const issuerEnd = offerEndOf(raw);
  if (issuerEnd && issuerEnd.getTime() <= options.now().getTime()) {
    throw new AppError('offer_expired', OFFER_GONE_DETAIL);
  }
  const preAuthorized = offer.grants?.[PRE_AUTHORIZED_GRANT];
  // Without a pre-authorized code the offer is received by the authorization code grant (4.1.1:
  // also when it names no grant at all); its authorization server must be able to run it.
  const authorizationCode = preAuthorized ? undefined : offer.grants?.[AUTHORIZATION_CODE_GRANT];
  // Signed metadata (OpenID4VCI 12.2.3) may be signed by a key of the issuer's trust list entry.
  const metadata = await fetchIssuerMetadata(offer.credential_issuer, http, {
    trustList: await loadTrustList(options),
    now: options.now,
  });
  for (const id of offer.credential_configuration_ids) {
    const configuration = metadata.credential_configurations_supported[id];
    if (!configuration)
      throw invalid(`The issuer does not describe the offered credential "${id}".`);
    if (!(RECEIVED_FORMATS as readonly string[]).includes(configuration.format)) {
      throw invalid(`Pehchaan cannot receive credentials in the format "${configuration.format}".`);
    }
    if (!proofAlgFor(configuration)) {
      throw invalid(
        `The issuer asks for a key type Pehchaan does not have (it supports ${PROOF_ALGS.join(', ')}).`,
      );
    }
  }
  const named = (preAuthorized ?? authorizationCode)?.authorization_server;
  if (named && metadata.authorization_servers && !metadata.authorization_servers.includes(named)) {
    throw invalid('The offer names an authorization server its issuer does not list.');
  }
  const asIssuer = named ?? metadata.authorization_servers?.[0] ?? offer.credential_issuer;
  const authorizationServer = await fetchAuthorizationServerMetadata(asIssuer, http);
  if (!preAuthorized) {
    const problem = authorizationCodeProblem(authorizationServer);
    if (problem) throw invalid(problem);
  }

  const state: StoredOfferState = {
    offer,
    metadata,
    authorizationServer,
    ...('uri' in reference ? { offerUri: reference.uri } : {}),
    ...(issuerEnd ? { issuerExpiresAt: issuerEnd.toISOString() } : {}),
  };
  const { settings } = await getSettings({ db, userId });
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  const trustList = await loadTrustList(options);
  const now = options.now();
  const id = newId('offer');
  return db.transaction(async (tx) => {
    await tx
      .delete(credentialOffers)
      .where(and(eq(credentialOffers.userId, userId), lt(credentialOffers.expiresAt, now)));
    const [row] = await tx
      .insert(credentialOffers)
      .values({
        id,
        userId,
        credentialIssuer: offer.credential_issuer,
        stateCiphertext: options.vault.encrypt(JSON.stringify(state), credentialOfferAad(id)),
        createdAt: now,
        expiresAt: offerKeptUntil(now, issuerEnd),
      })
      .returning();
    if (!row) throw new Error('The credential offer was not stored');
    await recordActivity({
      db: tx,
      now: options.now,
      userId,
      type: 'credential_offer_received',
      message: {
        code: 'credential_offer_received',
        params: { issuer: issuerOf(state, 'en', trustList).name.slice(0, 200) },
      },
    });
    return buildOfferView(row, state, settings.language, trustList);
  });
}
