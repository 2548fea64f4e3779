/**
 * Fetches a request object from a verifier's `request_uri` (RFC 9101 section 5.2; OpenID4VP 1.0
 * section 5.10) through the SSRF-safe fetcher (safe-fetch.ts).
 *
 * - `get`: a plain GET.
 * - `post`: an `application/x-www-form-urlencoded` POST of `wallet_metadata` (JSON,
 *   wallet-metadata.ts) and a fresh `wallet_nonce`; the request object must then carry the same
 *   `wallet_nonce` (checked by resolveAuthorizationRequest, which gets it back from here).
 *
 * The answer must be 2xx with Content-Type `application/oauth-authz-req+jwt` and a compact JWT
 * body (signed, or unsigned with `alg: none`).
 *
 * `fetch`, when given, stands in for the network: the product's own verifier answering a
 * request_uri of this server in process (consent/receive-presentation-request.ts). It receives
 * exactly the request the network would carry, and its answer goes through the same checks.
 */
import { randomBytes } from 'node:crypto';
import { ALREADY_ANSWERED_MESSAGE, Oid4vpError, saysAlreadyAnswered } from './errors';
import { type SafeFetchOptions, safeFetch } from './safe-fetch';
import { WALLET_METADATA } from './wallet-metadata';

/** The media type of a request object (RFC 9101 section 10.2). */
export const REQUEST_OBJECT_CONTENT_TYPE = 'application/oauth-authz-req+jwt';

/** A compact JWS or unsigned JWT: three base64url parts (the third empty for `alg: none`). */
const COMPACT_JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export interface FetchRequestObjectOptions extends SafeFetchOptions {
  /** OpenID4VP 1.0 5.10: how to ask. Default 'get'. */
  method?: 'get' | 'post';
  /** The wallet_nonce to send with 'post' (default: 16 random bytes, base64url). */
  walletNonce?: string;
  /** A transport standing in for the network (see the module comment); default safeFetch. */
  fetch?: typeof fetch;
}

/** The fetched request object. */
export interface FetchedRequestObject {
  /** The compact JWT as the verifier sent it. */
  requestObject: string;
  /** The wallet_nonce sent ('post' only); the request object must repeat it. */
  walletNonce?: string;
}

/**
 * GETs or POSTs `requestUri` and answers the request object.
 * @throws {Oid4vpError} the fetcher's codes (address_refused, verifier_unreachable,
 *   verifier_timeout, response_too_large, redirect_refused); request_already_answered when the
 *   verifier answers 409 with that problem code (another holder answered this link);
 *   request_uri_failed for any other non-2xx answer; invalid_request_object for another
 *   Content-Type or a body that is not a compact JWT; whatever `fetch` throws.
 */
export async function fetchRequestObject(
  requestUri: string,
  options: FetchRequestObjectOptions,
): Promise<FetchedRequestObject> {
  const method = options.method ?? 'get';
  const headers: Record<string, string> = { accept: REQUEST_OBJECT_CONTENT_TYPE };
  let body: string | undefined;
  let walletNonce: string | undefined;
  if (method === 'post') {
    walletNonce = options.walletNonce ?? randomBytes(16).toString('base64url');
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams({
      wallet_metadata: JSON.stringify(WALLET_METADATA),
      wallet_nonce: walletNonce,
    }).toString();
  }
  const init = { method: method === 'post' ? ('POST' as const) : ('GET' as const), headers, body };
  const response = options.fetch
    ? await options.fetch(requestUri, init)
    : await safeFetch(requestUri, init, options);
  if (!response.ok) {
    if (saysAlreadyAnswered(response.status, await response.text())) {
      throw new Oid4vpError('request_already_answered', ALREADY_ANSWERED_MESSAGE);
    }
    throw new Oid4vpError(
      'request_uri_failed',
      'The verifier did not hand over its request. The link may have expired; ask the verifier for a new one.',
    );
  }
  const contentType = (response.headers.get('content-type') ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  const text = (await response.text()).trim();
  if (contentType !== REQUEST_OBJECT_CONTENT_TYPE || !COMPACT_JWT.test(text)) {
    throw new Oid4vpError(
      'invalid_request_object',
      'The verifier sent a request Pehchaan cannot read.',
    );
  }
  return walletNonce === undefined ? { requestObject: text } : { requestObject: text, walletNonce };
}
