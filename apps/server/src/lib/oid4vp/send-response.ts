/**
 * Sends the holder's answer to the verifier (OpenID4VP 1.0 section 8.2 "Response Mode
 * direct_post", 8.1 vp_token for DCQL, 8.5 error response): an `application/x-www-form-urlencoded`
 * POST to `response_uri` through the SSRF-safe fetcher (same rules as request_uri), via
 * @openid4vc/openid4vp's submitOpenid4vpAuthorizationResponse with safeFetch as its `fetch`.
 */
import { submitOpenid4vpAuthorizationResponse } from '../openid4vc';
import { isLoopbackAddress } from './address-policy';
import { isOid4vpError, Oid4vpError } from './errors';
import type { AuthorizationRequest } from './resolve-request';
import { createSafeFetch, type SafeFetchOptions, safeFetch } from './safe-fetch';

/**
 * The holder's answer: presentations keyed by DCQL credential query id (each an array of
 * presentation strings, e.g. SD-JWT VC + KB-JWT), or a refusal (`access_denied`).
 */
export type PresentationAnswer =
  | { vpToken: Record<string, string[]> }
  | { error: 'access_denied'; errorDescription?: string };

/**
 * How the answer travels: the SSRF-safe fetcher's options, or `fetch`, a transport standing in
 * for the network (the product answering its own verifier in-process,
 * consent/decide-consent-request.ts): it receives exactly the POST the network would carry.
 */
export interface SendResponseOptions extends SafeFetchOptions {
  fetch?: typeof fetch;
}

/** What the verifier answered: where to send the holder's browser next, if anywhere. */
export interface VerifierAnswer {
  /** OpenID4VP 1.0 8.2: an https (or allowed loopback http) URL the holder continues at. */
  redirectUri?: string;
}

/** The DCQL ids answered must be requested ones, each with at least one presentation. */
function checkVpToken(request: AuthorizationRequest, vpToken: Record<string, string[]>): void {
  const queries = new Map(request.dcqlQuery.credentials.map((query) => [query.id, query]));
  const entries = Object.entries(vpToken);
  const wrong =
    entries.length === 0 ||
    entries.some(([id, presentations]) => {
      const query = queries.get(id);
      return (
        query === undefined ||
        !Array.isArray(presentations) ||
        presentations.length === 0 ||
        (presentations.length > 1 && query.multiple !== true) ||
        presentations.some(
          (presentation) => typeof presentation !== 'string' || presentation === '',
        )
      );
    });
  if (wrong) {
    throw new Oid4vpError(
      'invalid_presentation_answer',
      'The answer does not match what the verifier asked for.',
    );
  }
}

function safeRedirect(value: unknown, allowLoopback: boolean): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (url.protocol === 'https:') return value;
    if (
      url.protocol === 'http:' &&
      allowLoopback &&
      (host === 'localhost' || isLoopbackAddress(host))
    ) {
      return value;
    }
  } catch {
    // not a URL: no redirect
  }
  return undefined;
}

/**
 * Posts the answer to `request.responseUri` and reads the verifier's reply.
 * Form fields: `vp_token` (JSON object) and `state`, or `error=access_denied`,
 * `error_description` and `state` (state only when the request had one).
 * @returns `{ redirectUri }` when the verifier's JSON reply names a safe `redirect_uri`, else `{}`.
 * @throws {Oid4vpError} invalid_presentation_answer (vp_token keys not the request's DCQL ids,
 *   an empty array, several presentations for a query without `multiple`), verifier_refused
 *   (the verifier answered an error status), or the fetcher's codes (address_refused,
 *   verifier_unreachable, verifier_timeout, response_too_large, redirect_refused).
 */
export async function sendAuthorizationResponse(
  request: AuthorizationRequest,
  answer: PresentationAnswer,
  options: SendResponseOptions,
): Promise<VerifierAnswer> {
  const state = request.state === undefined ? {} : { state: request.state };
  let response: Response;
  try {
    if ('vpToken' in answer) {
      checkVpToken(request, answer.vpToken);
      ({ response } = await submitOpenid4vpAuthorizationResponse({
        authorizationRequestPayload: { response_uri: request.responseUri },
        authorizationResponsePayload: { vp_token: answer.vpToken, ...state },
        callbacks: { fetch: options.fetch ?? createSafeFetch(options) },
      }));
    } else {
      // The library's response types model only success, so the error form is posted directly.
      const form = new URLSearchParams({ error: answer.error });
      if (answer.errorDescription) form.set('error_description', answer.errorDescription);
      if (request.state !== undefined) form.set('state', request.state);
      const init = {
        method: 'POST' as const,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      };
      response = options.fetch
        ? await options.fetch(request.responseUri, init)
        : await safeFetch(request.responseUri, init, options);
    }
  } catch (error) {
    // The library wraps fetch failures in its FetchError; the fetcher's own error is the cause.
    if (isOid4vpError(error)) throw error;
    if (error instanceof Error && isOid4vpError(error.cause)) throw error.cause;
    throw new Oid4vpError(
      'verifier_unreachable',
      'The verifier could not be reached. Check your connection or try again later.',
      { cause: error },
    );
  }
  if (!response.ok) {
    throw new Oid4vpError(
      'verifier_refused',
      'The verifier did not accept the answer. Ask the verifier for a new request if you want to try again.',
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    return {};
  }
  const redirectUri =
    typeof body === 'object' && body !== null
      ? safeRedirect((body as { redirect_uri?: unknown }).redirect_uri, options.allowLoopback)
      : undefined;
  return redirectUri === undefined ? {} : { redirectUri };
}
