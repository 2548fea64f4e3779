/**
 * The wallet's OpenID4VP errors (STYLE principles 6 and 15): every failure of the transport layer
 * is an `Oid4vpError` with a stable `code` a route maps to a problem, and a `message` written for
 * the holder (plain language, no HTTP status, no stack). Callers branch on `code`, never on the
 * message. docs/oid4vp.md "The wallet: what requests it accepts" lists the codes.
 */

/** Every code an Oid4vpError carries, grouped by where it arises. */
export const OID4VP_ERROR_CODES = [
  // parseWalletLink (wallet-link.ts)
  'invalid_request_link',
  // the SSRF-safe fetcher (safe-fetch.ts), for request_uri and response_uri alike
  'address_refused',
  'verifier_unreachable',
  'verifier_timeout',
  'response_too_large',
  'redirect_refused',
  // fetchRequestObject (request-object.ts)
  'request_uri_failed',
  'invalid_request_object',
  // resolveAuthorizationRequest: any failure to obtain a request object from request_uri (every
  // code above, or a transport's own failure), told to the holder as one (the cause is kept)
  'request_unavailable',
  // resolveAuthorizationRequest (resolve-request.ts)
  'unsupported_client_id_prefix',
  'unsupported_did_method',
  'signature_required',
  'invalid_signature',
  'invalid_kid',
  'request_expired',
  'invalid_audience',
  'client_id_mismatch',
  'wallet_nonce_mismatch',
  'missing_nonce',
  'unsupported_response_type',
  'unsupported_response_mode',
  'invalid_response_uri',
  'invalid_dcql_query',
  'invalid_authorization_request',
  // sendAuthorizationResponse (send-response.ts)
  'invalid_presentation_answer',
  'verifier_refused',
  // fetchRequestObject and sendAuthorizationResponse: the verifier says another holder already
  // answered this request (a used link)
  'request_already_answered',
] as const;

export type Oid4vpErrorCode = (typeof OID4VP_ERROR_CODES)[number];

/**
 * A refused link, request or response. `message` is for the holder; `code` is for programs;
 * `cause` (optional) keeps the underlying error for the server log only.
 */
export class Oid4vpError extends Error {
  readonly code: Oid4vpErrorCode;

  constructor(code: Oid4vpErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'Oid4vpError';
    this.code = code;
  }
}

/** True when `error` is an Oid4vpError (optionally with `code`). */
export function isOid4vpError(error: unknown, code?: Oid4vpErrorCode): error is Oid4vpError {
  return error instanceof Oid4vpError && (code === undefined || error.code === code);
}

/** The problem code a verifier answers for a request another holder already answered. */
export const ALREADY_ANSWERED_CODE = 'request_already_answered';

/**
 * What the holder reads for every failure to obtain a request object (request_unavailable): one
 * text whatever happened, so the answer never tells an open port from a closed one.
 */
export const REQUEST_UNAVAILABLE_MESSAGE =
  "The verifier's request could not be fetched. Ask the verifier for a new link.";

/** What the holder reads when a link was already answered by someone else. */
export const ALREADY_ANSWERED_MESSAGE =
  'Someone has already answered this request, so it cannot be answered again. Ask the verifier for a new link.';

/**
 * True when a verifier's error answer says the request was already answered: HTTP 409 with an
 * RFC 9457 problem whose `code` is 'request_already_answered' (this product's verifier answers
 * so, docs/oid4vp.md). Any other answer is not read as that.
 */
export function saysAlreadyAnswered(status: number, body: string): boolean {
  if (status !== 409) return false;
  try {
    const problem: unknown = JSON.parse(body);
    return (
      typeof problem === 'object' &&
      problem !== null &&
      (problem as { code?: unknown }).code === ALREADY_ANSWERED_CODE
    );
  } catch {
    return false;
  }
}
