/**
 * The wallet's half of the OpenID4VCI 1.0 authorization code flow (sections 3.4, 5 and 6; RFC 6749
 * 4.1; PKCE, RFC 7636 with S256; pushed authorization requests, RFC 9126), the parts that do not
 * touch the database:
 * - The wallet is a public OAuth client. Its `client_id` is its own origin, PUBLIC_ORIGIN (e.g.
 *   `https://wallet.example`), and its one `redirect_uri` is `{PUBLIC_ORIGIN}/oid4vci/callback`,
 *   the web page the holder's browser comes back to (docs/oid4vci.md "Authorization code").
 * - `authorizationCodeProblem`: whether an authorization server can run the flow with the wallet
 *   (an authorization endpoint; S256 among its code_challenge_methods_supported when it lists
 *   them; a pushed authorization request endpoint when it requires pushed requests).
 * - `newPkce`, `pkceChallenge`: a fresh code_verifier (43 base64url characters of 32 random
 *   bytes) and its S256 code_challenge (RFC 7636 4.1, 4.2).
 * - `newAuthorizationState`, `offerIdOfState`: the `state` is `{offerId}.{43 random base64url
 *   characters}`: the offer id finds the holder's offer row (only the holder's); the random part,
 *   kept encrypted in the offer's stored state, must match it exactly.
 * - `authorizationRequestParams`: response_type=code, client_id, redirect_uri, code_challenge
 *   (S256), state, the offer's `issuer_state`, and what is asked for: `authorization_details` of
 *   type `openid_credential` per configuration (5.1.1; `locations` = the Credential Issuer when
 *   its metadata names authorization servers), or the configurations' `scope`s (5.1.2) when the
 *   authorization server lists its authorization_details types without `openid_credential`.
 * - `authorizationRedirect`: where the browser goes: the authorization endpoint with those
 *   parameters in its query, or, when the authorization server has a pushed authorization
 *   request endpoint, the parameters POSTed there first and only client_id and the `request_uri`
 *   it answers in the query.
 * - `requestAuthorizationCodeToken`: the Token Request (grant_type authorization_code, code,
 *   redirect_uri, client_id, code_verifier; section 6.1) and its answer: the access token, an
 *   older issuer's c_nonce, and the `credential_identifiers` per configuration from the answer's
 *   `authorization_details` (6.2), which the Credential Request must then name (8.2).
 * Every request goes through the SSRF-safe client (issuer-http.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors';
import { callIssuer, type IssuerHttpOptions } from './issuer-http';
import type {
  AuthorizationServerMetadata,
  CredentialConfiguration,
  CredentialOffer,
  IssuerMetadata,
} from './offer';

/** The path of the wallet's redirect_uri on PUBLIC_ORIGIN (a web page: apps/web). */
export const CALLBACK_PATH = '/oid4vci/callback';

/** The wallet's OAuth client_id: its origin (PUBLIC_ORIGIN without a path or trailing slash). */
export function walletClientId(publicOrigin: string): string {
  return new URL(publicOrigin).origin;
}

/** The wallet's redirect_uri: `{PUBLIC_ORIGIN}/oid4vci/callback`. */
export function walletRedirectUri(publicOrigin: string): string {
  return `${new URL(publicOrigin).origin}${CALLBACK_PATH}`;
}

/**
 * What the wallet keeps, encrypted with the offer's stored state, between sending the holder to
 * the issuer and their return: the `state` it sent, the PKCE code_verifier, and the client_id and
 * redirect_uri the token request must repeat. One use: the callback removes it first.
 */
export interface PendingAuthorization {
  state: string;
  codeVerifier: string;
  clientId: string;
  redirectUri: string;
  /** ISO 8601, when the holder was sent to the issuer. */
  startedAt: string;
}

/**
 * Why `server` cannot run the authorization code flow with the wallet, in the holder's words, or
 * undefined when it can.
 */
export function authorizationCodeProblem(server: AuthorizationServerMetadata): string | undefined {
  if (!server.authorization_endpoint) {
    return "This offer asks you to sign in at the issuer, but the issuer's sign-in address is missing. Ask the issuer for an offer with a code.";
  }
  const methods = server.code_challenge_methods_supported;
  if (methods && !methods.includes('S256')) {
    return "The issuer's sign-in does not support the protection Pehchaan uses (PKCE S256). Ask the issuer for an offer with a code.";
  }
  if (
    server.require_pushed_authorization_requests &&
    !server.pushed_authorization_request_endpoint
  ) {
    return "The issuer's sign-in is not described correctly (pushed requests required without their address). Ask the issuer for an offer with a code.";
  }
  return undefined;
}

/** The S256 code_challenge of a code_verifier (RFC 7636 4.2). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A fresh code_verifier (RFC 7636 4.1: 43 characters of [A-Za-z0-9-_]) and its S256 challenge. */
export function newPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

/** A fresh `state` for offer `offerId` (see the module docs). */
export function newAuthorizationState(offerId: string): string {
  return `${offerId}.${randomBytes(32).toString('base64url')}`;
}

/** The offer id a `state` names, or undefined when it is not one the wallet made. */
export function offerIdOfState(state: string): string | undefined {
  const match = /^([A-Za-z0-9_-]{1,128})\.[A-Za-z0-9_-]{43}$/.exec(state);
  return match?.[1];
}

/** True when `received` is exactly `expected` (in time independent of where they differ). */
export function sameState(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The parameters of the Authorization Request (see the module docs). */
export function authorizationRequestParams(options: {
  server: AuthorizationServerMetadata;
  metadata: IssuerMetadata;
  offer: CredentialOffer;
  configurations: { id: string; configuration: CredentialConfiguration }[];
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
}): Record<string, string> {
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    code_challenge: options.codeChallenge,
    code_challenge_method: 'S256',
    state: options.state,
  };
  const issuerState = options.offer.grants?.authorization_code?.issuer_state;
  if (issuerState !== undefined) params.issuer_state = issuerState;
  const types = options.server.authorization_details_types_supported;
  const scopes = options.configurations.map(({ configuration }) => configuration.scope);
  const byScope =
    types !== undefined &&
    !types.includes('openid_credential') &&
    scopes.every((scope) => scope !== undefined);
  if (byScope) {
    params.scope = [...new Set(scopes)].join(' ');
  } else {
    const locations = options.metadata.authorization_servers
      ? { locations: [options.offer.credential_issuer] }
      : {};
    params.authorization_details = JSON.stringify(
      options.configurations.map(({ id }) => ({
        type: 'openid_credential',
        credential_configuration_id: id,
        ...locations,
      })),
    );
  }
  return params;
}

function oauthError(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' ? error.slice(0, 60) : undefined;
}

/**
 * Where the holder's browser goes: the authorization endpoint with the request, or after a
 * pushed authorization request (RFC 9126 2) its `request_uri`.
 * @throws AppError issuer_refused (the pushed request refused, or no request_uri),
 *   issuer_unreachable, issuer_address_refused.
 */
export async function authorizationRedirect(options: {
  server: AuthorizationServerMetadata;
  params: Record<string, string>;
  http: IssuerHttpOptions;
}): Promise<string> {
  const { server, params } = options;
  const target = new URL(server.authorization_endpoint as string);
  const parEndpoint = server.pushed_authorization_request_endpoint;
  if (parEndpoint) {
    const answer = await callIssuer(parEndpoint, { body: { form: params } }, options.http);
    const body = answer.body as { request_uri?: unknown } | undefined;
    if ((answer.status !== 201 && answer.status !== 200) || typeof body?.request_uri !== 'string') {
      const error = oauthError(answer.body);
      throw new AppError(
        'issuer_refused',
        `The issuer refused to start signing you in${error ? ` (${error})` : ''}. Try again later or ask the issuer for a new offer.`,
      );
    }
    target.searchParams.set('client_id', params.client_id as string);
    target.searchParams.set('request_uri', body.request_uri);
    return target.toString();
  }
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}

/** The Token Response of the authorization code grant, as the wallet reads it. */
export interface AuthorizationCodeToken {
  accessToken: string;
  cNonce: string | undefined;
  /** configuration id -> the credential_identifiers the Credential Request names (6.2, 8.2). */
  credentialIdentifiers: Record<string, string[]>;
}

/** The credential_identifiers of a Token Response's authorization_details (6.2). */
function credentialIdentifiersOf(details: unknown): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  if (!Array.isArray(details)) return found;
  for (const detail of details as unknown[]) {
    const entry = detail as
      | { type?: unknown; credential_configuration_id?: unknown; credential_identifiers?: unknown }
      | undefined;
    if (entry?.type !== 'openid_credential') continue;
    const id = entry.credential_configuration_id;
    const identifiers = entry.credential_identifiers;
    if (typeof id !== 'string' || !Array.isArray(identifiers)) continue;
    const strings = identifiers.filter((value): value is string => typeof value === 'string');
    if (strings.length > 0) found[id] = strings.slice(0, 20);
  }
  return found;
}

/**
 * The Token Request of the authorization code grant.
 * @throws AppError authorization_code_invalid (invalid_grant: the code used, expired, or the PKCE
 *   verifier not matching), issuer_refused (any other error answer), issuer_unreachable (no
 *   access token), issuer_address_refused.
 */
export async function requestAuthorizationCodeToken(options: {
  tokenEndpoint: string;
  code: string;
  codeVerifier: string;
  redirectUri: string;
  clientId: string;
  http: IssuerHttpOptions;
}): Promise<AuthorizationCodeToken> {
  const form = {
    grant_type: 'authorization_code',
    code: options.code,
    redirect_uri: options.redirectUri,
    client_id: options.clientId,
    code_verifier: options.codeVerifier,
  };
  const answer = await callIssuer(options.tokenEndpoint, { body: { form } }, options.http);
  if (answer.status !== 200) {
    const error = oauthError(answer.body);
    if (error === 'invalid_grant') {
      throw new AppError(
        'authorization_code_invalid',
        'The issuer did not accept the sign-in it sent you back with (it may have been used or have expired). Accept the offer again to sign in once more.',
      );
    }
    throw new AppError(
      'issuer_refused',
      `The issuer refused to give Pehchaan access${error ? ` (${error})` : ''}. Try again later or ask the issuer for a new offer.`,
    );
  }
  const body = answer.body as
    | { access_token?: unknown; c_nonce?: unknown; authorization_details?: unknown }
    | undefined;
  if (typeof body?.access_token !== 'string' || body.access_token === '') {
    throw new AppError('issuer_unreachable', 'The issuer answered without an access token.');
  }
  return {
    accessToken: body.access_token,
    cNonce: typeof body.c_nonce === 'string' ? body.c_nonce : undefined,
    credentialIdentifiers: credentialIdentifiersOf(body.authorization_details),
  };
}
