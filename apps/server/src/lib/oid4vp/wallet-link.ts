/**
 * Reads the link a verifier gives the holder (OpenID4VP 1.0 section 5 "Authorization Request",
 * RFC 9101 JAR for `request`/`request_uri`; DECISIONS 7: a web wallet cannot own the
 * `openid4vp://` scheme, so the product's `/present?…` page takes the same query).
 *
 * Accepted forms: `openid4vp://?<query>` (also `openid4vp://authorize?<query>`),
 * `http(s)://<any host>/present?<query>`, or the bare `<query>` (with or without a leading `?`).
 * The query is either BY VALUE (client_id, response_type, response_mode, response_uri or
 * redirect_uri, nonce, state, dcql_query, client_metadata; or a signed `request`) or BY REFERENCE
 * (client_id, request_uri, request_uri_method get|post). Only the link's shape is checked here;
 * resolveAuthorizationRequest (resolve-request.ts) applies the protocol rules.
 */
import { Oid4vpError } from './errors';

/** Longest link accepted, in characters (a by-value DCQL query fits easily). */
export const MAX_WALLET_LINK_LENGTH = 16 * 1024;

/** An authorization request passed by value: the parameters as the link carries them. */
export interface ByValueRequestParams {
  kind: 'by_value';
  client_id: string;
  response_type?: string;
  response_mode?: string;
  response_uri?: string;
  redirect_uri?: string;
  nonce?: string;
  state?: string;
  /** The DCQL query, parsed from its JSON text (validated later). */
  dcql_query?: unknown;
  /** The verifier's metadata, parsed from its JSON text (validated later). */
  client_metadata?: unknown;
  /** A request object passed by value (compact JWS or an unsigned `alg: none` JWT). */
  request?: string;
}

/** An authorization request passed by reference (RFC 9101 section 5.2, OpenID4VP 1.0 5.10). */
export interface ByReferenceRequestParams {
  kind: 'by_reference';
  client_id: string;
  request_uri: string;
  /** OpenID4VP 1.0 5.10: 'post' lets the wallet send its metadata and a wallet_nonce. */
  request_uri_method: 'get' | 'post';
}

export type WalletLinkParams = ByValueRequestParams | ByReferenceRequestParams;

const BY_VALUE_STRINGS = [
  'response_type',
  'response_mode',
  'response_uri',
  'redirect_uri',
  'nonce',
  'state',
  'request',
] as const;
const BY_VALUE_JSON = ['dcql_query', 'client_metadata'] as const;

function invalid(reason: string): Oid4vpError {
  return new Oid4vpError(
    'invalid_request_link',
    `This link is not a valid request to share credentials: ${reason}.`,
  );
}

/** The query part of the link, without the leading '?'. */
function extractQuery(input: string): string {
  const text = input.trim();
  if (text.toLowerCase().startsWith('openid4vp:')) {
    const at = text.indexOf('?');
    if (at === -1) throw invalid('it carries no request');
    return text.slice(at + 1);
  }
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw invalid('it is not a valid web address');
    }
    if (url.pathname !== '/present' && url.pathname !== '/present/') {
      throw invalid('it does not open the present page');
    }
    return url.search.slice(1);
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !text.includes('=')) {
    throw invalid('its kind of address is not supported');
  }
  return text.startsWith('?') ? text.slice(1) : text;
}

function parseJsonObject(name: string, value: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalid(`its ${name} is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid(`its ${name} is not a JSON object`);
  }
  return parsed;
}

/**
 * Parses a wallet link into the authorization request's parameters.
 * @param input an `openid4vp://` URL, an `https://<host>/present?…` link or a bare query string.
 * @returns by-value or by-reference parameters (unknown parameters are ignored, as OAuth 2.0
 *   requires).
 * @throws {Oid4vpError} invalid_request_link: too long, not one of the forms, a parameter given
 *   twice, no client_id, request_uri together with `request`, a bad
 *   request_uri_method, or dcql_query / client_metadata that is not a JSON object.
 */
export function parseWalletLink(input: string): WalletLinkParams {
  if (typeof input !== 'string' || input.trim() === '') throw invalid('it is empty');
  if (input.length > MAX_WALLET_LINK_LENGTH) throw invalid('it is too long');
  const query = extractQuery(input);
  let params: URLSearchParams;
  try {
    // URLSearchParams never throws on bad percent-encoding; decodeURIComponent does, so check.
    for (const part of query.split('&')) decodeURIComponent(part.replace(/\+/g, ' '));
    params = new URLSearchParams(query);
  } catch {
    throw invalid('it is not correctly encoded');
  }
  const seen = new Set<string>();
  for (const key of params.keys()) {
    // Not naming the key: a problem detail never echoes input (docs/security.md).
    if (seen.has(key)) throw invalid('it gives a parameter twice');
    seen.add(key);
  }
  const clientId = params.get('client_id');
  if (!clientId) throw invalid('it does not say which verifier is asking (no client_id)');

  const requestUri = params.get('request_uri');
  const method = params.get('request_uri_method');
  if (requestUri !== null) {
    if (params.has('request')) throw invalid('it gives both request and request_uri');
    // Other parameters beside request_uri are ignored: RFC 9101 6.3, only the request object's
    // parameters are the request (verifiers may repeat them in the link for older wallets).
    if (method !== null && method !== 'get' && method !== 'post') {
      throw invalid('its request_uri_method is neither get nor post');
    }
    return {
      kind: 'by_reference',
      client_id: clientId,
      request_uri: requestUri,
      request_uri_method: method ?? 'get',
    };
  }
  if (method !== null) throw invalid('it gives request_uri_method without request_uri');

  const result: ByValueRequestParams = { kind: 'by_value', client_id: clientId };
  for (const name of BY_VALUE_STRINGS) {
    const value = params.get(name);
    if (value !== null) result[name] = value;
  }
  for (const name of BY_VALUE_JSON) {
    const value = params.get(name);
    if (value !== null) result[name] = parseJsonObject(name, value);
  }
  return result;
}
