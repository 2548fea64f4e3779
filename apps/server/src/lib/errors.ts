/**
 * Errors carry codes (STYLE principles 6 and 15): services throw an AppError with a code and the
 * holder-facing detail; the one error handler (src/app.ts) answers it as an RFC 9457 problem
 * (`application/problem+json`: type, title, status, detail, code; docs/api-contract.md
 * "Errors"). Nothing decides behaviour by matching message text.
 */
import {
  PROBLEM_CONTENT_TYPE,
  type Problem,
  type ProblemCode,
  type ProblemFieldError,
  problemType,
} from '@pehchaan/core';
import type { FastifyReply } from 'fastify';

/** Every code the API answers, with its HTTP status (core's PROBLEM_CODES, in that order). */
export const ERROR_STATUS = {
  /** A request that fails its schema (body, params, query or headers); `errors` lists fields. */
  invalid_request: 400,
  /** Input that passed the schema but breaks a rule (e.g. an unknown document type). */
  invalid_input: 400,
  /** The body is not valid JSON. */
  malformed_json: 400,
  /** An empty body where JSON was required (the framework's check; body-parser.ts lets an
   * empty application/json body count as none, so this is a safety net). */
  empty_body: 400,
  /** Text holding NUL or an unpaired UTF-16 surrogate (plugins/body-parser.ts). */
  invalid_text: 400,
  /** A JSON number beyond a double's range (1e400). */
  number_out_of_range: 400,
  /** JSON nested deeper than MAX_JSON_DEPTH. */
  body_too_deep: 400,
  /** The body's size differs from its Content-Length. */
  content_length_mismatch: 400,
  /** The URL has a bad percent-encoding. */
  malformed_url: 400,
  /** Idempotency-Key not 1-255 printable ASCII characters. */
  invalid_idempotency_key: 400,
  /** A presentation asked to disclose a claim the credential does not have (SD-JWT VC). */
  unknown_claim: 400,
  /** OpenID4VP response: a presentation failed a check (GET /verifier/requests/{id} lists them). */
  presentation_invalid: 400,
  /**
   * OpenID4VP response: a presentation's KB-JWT `iat` is more than 5 minutes before or 1 minute
   * after the verifier's clock (lib/verify-sd-jwt-presentation.ts KB_JWT_IAT_WINDOW).
   */
  kb_jwt_iat_out_of_window: 400,
  /**
   * OpenID4VP response: a presentation's issuer key cannot be found without fetching: an https
   * `iss` with no key of that `kid` on the trust list, an `x5c` chain, a DID that is not did:key
   * or did:jwk (lib/verify-sd-jwt-presentation.ts).
   */
  issuer_key_not_found: 400,
  /** OpenID4VP response: the issuer signed with an algorithm other than ES256 or EdDSA. */
  signature_algorithm_not_accepted: 400,
  /** OpenID4VP: the verifier request was not answered in time. */
  verifier_request_expired: 400,
  /**
   * No longer answered: an answered verifier request answers request_already_answered (409).
   * Kept while consent/answer-consent-request.ts still tests for it.
   */
  verifier_request_answered: 400,
  /** POST .../presentation-requests: the link is not an OpenID4VP request link (docs/oid4vp.md). */
  invalid_presentation_link: 400,
  /** W3C VC API: a credential that breaks a Data Model rule or whose proof cannot be read. */
  invalid_credential: 400,
  /** W3C VC API: a presentation (or a credential in it) that cannot be read. */
  invalid_presentation: 400,
  /** W3C VC API issuer: a credential the Data Model or JSON-LD safe mode refuses to sign. */
  credential_not_issuable: 400,
  /** OpenID4VCI: the credential offer link or the offer it names cannot be read (OpenID4VCI 1.0 4.1). */
  invalid_credential_offer: 400,
  /**
   * OpenID4VCI: the transaction code the holder typed is missing or wrong (the issuer answered
   * invalid_grant to an offer that asks for one); the offer stays, the holder may type again.
   */
  tx_code_invalid: 400,
  /**
   * OpenID4VCI authorization code flow: the callback's `state` is no pending authorization of
   * this holder (unknown, already used, another holder's). Nothing is stored.
   */
  authorization_state_invalid: 400,
  /** The callback carries the issuer's `error` (the holder refused, access_denied, or another). */
  authorization_denied: 400,
  /** The issuer's token endpoint refused the authorization code (invalid_grant: used, expired, PKCE). */
  authorization_code_invalid: 400,
  /** No, unknown, expired or revoked session token. */
  unauthenticated: 401,
  /** Demo pair with the wrong OTP (SPEC 5). */
  wrong_demo_otp: 401,
  /** Non-demo login while the OTP service is disabled (SPEC 8). */
  login_unavailable: 401,
  /** Wrong, expired, used-up or unknown OTP challenge. */
  otp_invalid: 401,
  /** A wrong account password or passkey at sign-in (after a correct OTP). */
  second_factor_invalid: 401,
  /** A sign-in's login_token that is unknown, expired or used up: start again with an OTP. */
  login_expired: 401,
  /** A passkey answer that does not verify (unlock), or a session that cannot be unlocked. */
  passkey_not_verified: 401,
  /** The token's user is not the user addressed. */
  forbidden: 403,
  /** Non-demo OTP send while the OTP service is disabled (SPEC 5). */
  otp_disabled: 403,
  /**
   * The OTP was right and the holder owes a second factor: the problem carries `login_token`,
   * `factors` and `expires_at` (core's secondFactorRequiredSchema).
   */
  second_factor_required: 403,
  /** Settings › Privacy › Data sharing is off: no new share and no consent approval. */
  data_sharing_off: 403,
  /** The current account password given to change or remove it is wrong. */
  password_incorrect: 403,
  /**
   * A holder posted an activity entry of a type (or message) only the server writes: a holder's
   * own entries are test entries (SPEC 2 Add Test Log), nothing else.
   */
  activity_type_reserved: 403,
  /**
   * A new set of recovery codes would replace codes the holder still has, and the session was not
   * signed in within core's RECENT_SIGN_IN_MS: sign in again first.
   */
  recent_sign_in_required: 403,
  /** No route (and no page) at this URL. */
  not_found: 404,
  user_not_found: 404,
  credential_not_found: 404,
  consent_request_not_found: 404,
  /** No live session of this holder has that id (session management, docs/security.md). */
  session_not_found: 404,
  /** No document type of that key: GET /vct/{type} (SD-JWT VC Type Metadata). */
  credential_type_not_found: 404,
  /** No verifier request with this id (for a verifier: none of its own). */
  verifier_request_not_found: 404,
  /** No share of this holder has that id (share links, api-contract "Share links"). */
  share_not_found: 404,
  /** No passkey of this holder has that id. */
  passkey_not_found: 404,
  /** No backup of this holder has that id. */
  backup_not_found: 404,
  /** No consent receipt with this id (the holder's, or the public receipt link); issue 17. */
  consent_receipt_not_found: 404,
  /** No grievance or erasure request with this id (of this holder, or to this verifier). */
  rights_request_not_found: 404,
  /** No OpenID4VCI credential offer with this id (GET /oid4vci/offers/{id}). */
  offer_not_found: 404,
  /** SPEC 4: approved and rejected consent requests are final. */
  consent_already_decided: 409,
  /** SPEC 5: one credential per document type per holder. */
  duplicate_document: 409,
  /** Another holder already chose this profile username (usernames are unique). */
  username_taken: 409,
  /** The first request with this Idempotency-Key is still running; retry later. */
  idempotency_in_flight: 409,
  /** The holder already received an OpenID4VP request with this client_id and nonce. */
  presentation_request_replayed: 409,
  /** An OpenID4VP approval decided offline (decided_at minutes ago): it needs a live session. */
  presentation_needs_live_session: 409,
  /** Two-factor authentication or biometric unlock turned on while the holder has no passkey. */
  passkey_required: 409,
  /** Automatic backup turned on while no backup key (passphrase) is set. */
  backup_key_required: 409,
  /**
   * OpenID4VP: the verifier request was answered by a holder already (one request, one
   * holder): fetching its request object or posting a response to it, and a second holder's
   * wallet that receives or approves its used link.
   */
  request_already_answered: 409,
  /** Withdraw of a consent that is pending or rejected: only an approved consent is withdrawn. */
  consent_not_approved: 409,
  /** Withdraw of a consent already withdrawn (issue 17). */
  consent_already_withdrawn: 409,
  /** Withdraw of a consent past its validity: it already ended. */
  consent_expired: 409,
  /**
   * SPEC 5: a received credential of one of the SPEC's ten types the holder already has ('You
   * already have a {document type}. Only one document of each type is allowed.').
   */
  credential_exists: 409,
  /** OpenID4VCI: the issuer no longer honours the offer (its pre-authorized code used or ended). */
  offer_used: 409,
  /** A feature of the product's own documents that a received credential does not have (yet). */
  received_credential_unsupported: 409,
  /**
   * Status lists (docs/status-lists.md): the credential is revoked (final) or suspended by its
   * issuer: a verifier's refusal, the wallet's refusal to share it, the issuer's refusal to change
   * a revoked credential's status.
   */
  credential_revoked: 409,
  credential_suspended: 409,
  /** The OpenID4VP request is past its expiry (its `exp`, or 10 minutes after it arrived). */
  presentation_request_expired: 410,
  /** The share link's lifetime has passed ('Credential expired', SPEC 8). */
  share_expired: 410,
  /** The holder withdrew the share link. */
  share_withdrawn: 410,
  /** The share link had its last allowed view. */
  share_used_up: 410,
  /** The holder turned the credential's bare link /verify/{id} off (DECISIONS 9.6). */
  link_disabled: 410,
  /** The credential offer is past its expiry, was already used, or died after wrong codes. */
  offer_expired: 410,
  /** The body is larger than BODY_LIMIT_BYTES. */
  body_too_large: 413,
  /** A path segment is longer than the router allows. */
  path_segment_too_long: 414,
  /** A body that is not application/json. */
  unsupported_media_type: 415,
  /** This Idempotency-Key was used for another request (method, path or body). */
  /** A profile change to an identity field that the holder's issued credentials vouch for. */
  credential_backed_field: 422,
  idempotency_key_reused: 422,
  /** The verifier has no registered purpose with this code. */
  purpose_not_registered: 422,
  /** A DCQL query asks for a document type or claim the purpose does not cover (DPDP Act s.6(1)). */
  claims_outside_purpose: 422,
  /** The OpenID4VP request breaks a rule (unsigned, bad signature, unsupported, unsafe URL...). */
  presentation_request_refused: 422,
  /** An approval left out a claim the verifier requires (it cannot be unticked). */
  claim_required: 422,
  /** A grievance or erasure request to an organisation that is not a registered verifier. */
  data_fiduciary_not_registered: 422,
  /** W3C VC API issuer: a credential of a type no issuer may issue (ConsentReceipt). */
  type_not_issuable: 422,
  /** W3C VC API: a well-formed credential failing a requested check (proof, validity, trust). */
  credential_not_verified: 422,
  /** W3C VC API: a presentation whose proof, challenge, domain or credentials do not verify. */
  presentation_not_verified: 422,
  /** A verifier path: the status list could not be fetched or verified: never "valid". */
  status_unknown: 422,
  /** A passkey registration that does not verify (or answers options that expired). */
  passkey_invalid: 422,
  /** A restore whose credentials do not verify or are not the holder's. */
  backup_invalid: 422,
  /** OpenID4VCI: an issuer address the wallet may not reach (private network, plain http, ...). */
  issuer_address_refused: 422,
  /** OpenID4VCI: the issued credential fails a check (signature, cnf, iss, vct, format). */
  credential_rejected: 422,
  /** OpenID4VCI: an issued credential over 64 KiB. */
  credential_too_large: 422,
  /**
   * OpenID4VCI 1.0 12.2.3: the issuer's signed metadata does not verify (bad signature, typ,
   * `sub` not the issuer, `iat` missing or ahead, expired) or its signer cannot be checked.
   */
  issuer_metadata_invalid: 422,
  /** The offline QR: the chosen fields need a QR code above version 25 (choose fewer). */
  offline_qr_too_large: 422,
  /** Too many requests, or too many failed logins in a row (the growing delay): Retry-After. */
  rate_limited: 429,
  /** 100 failed OTP logins in a row for one number; an operator must unlock it. */
  login_locked: 429,
  /** Any other 4xx the HTTP framework raises; the answer keeps the framework's status. */
  client_error: 400,
  /** Anything unexpected; the cause goes to the server log only. */
  internal_error: 500,
  /** The verifier's server could not be reached, timed out or answered something unusable. */
  verifier_unreachable: 502,
  /** The verifier's server answered the holder's response with an error. */
  verifier_refused: 502,
  /**
   * The verifier's request object could not be obtained from its request_uri: one code for every
   * reason (address refused, connection failed, timeout, error status, bad or too large a body),
   * the reason in the server log only.
   */
  request_unavailable: 502,
  /** OpenID4VCI: the issuer could not be reached, timed out, redirected or answered unusable data. */
  issuer_unreachable: 502,
  /** OpenID4VCI: the issuer answered an error (other than a wrong transaction code). */
  issuer_refused: 502,
  /**
   * The database cannot be reached or is not the writable node (a failover under way,
   * db/postgres-hosts.ts); Retry-After. Nothing was changed, or the change is uncertain: retry
   * with the same Idempotency-Key.
   */
  database_unavailable: 503,
  /**
   * A shared service other than the database is unreachable (the rate-limit store for OTP
   * sends), or, from the load balancer, no instance is up; Retry-After.
   */
  service_unavailable: 503,
} as const satisfies Record<ProblemCode, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The problem `title` of each code (RFC 9457 3.1.3: the same for every occurrence). */
export const ERROR_TITLES: Record<ErrorCode, string> = {
  invalid_request: 'Invalid request',
  invalid_input: 'Invalid input',
  malformed_json: 'Malformed JSON',
  empty_body: 'Empty request body',
  invalid_text: 'Invalid text',
  number_out_of_range: 'Number out of range',
  body_too_deep: 'Request body nested too deeply',
  content_length_mismatch: 'Content-Length mismatch',
  malformed_url: 'Malformed URL',
  invalid_idempotency_key: 'Invalid Idempotency-Key',
  unknown_claim: 'Unknown claim',
  presentation_invalid: 'Presentation invalid',
  kb_jwt_iat_out_of_window: 'Key binding outside the time window',
  issuer_key_not_found: 'Issuer key not found',
  signature_algorithm_not_accepted: 'Signature algorithm not accepted',
  verifier_request_expired: 'Verifier request expired',
  verifier_request_answered: 'Verifier request already answered',
  invalid_presentation_link: 'Invalid presentation request link',
  invalid_credential: 'Invalid credential',
  invalid_presentation: 'Invalid presentation',
  credential_not_issuable: 'Credential cannot be issued',
  invalid_credential_offer: 'Invalid credential offer',
  tx_code_invalid: 'Transaction code not accepted',
  authorization_state_invalid: 'Authorization not recognised',
  authorization_denied: 'Authorization refused at the issuer',
  authorization_code_invalid: 'Authorization code not accepted',
  unauthenticated: 'Not authenticated',
  wrong_demo_otp: 'Wrong demo OTP',
  login_unavailable: 'Login unavailable',
  otp_invalid: 'Invalid OTP',
  second_factor_invalid: 'Second factor not accepted',
  login_expired: 'Sign-in expired',
  passkey_not_verified: 'Passkey not verified',
  forbidden: 'Forbidden',
  otp_disabled: 'OTP service disabled',
  second_factor_required: 'Second factor required',
  data_sharing_off: 'Data sharing is off',
  password_incorrect: 'Password incorrect',
  activity_type_reserved: 'Activity type written by the server only',
  recent_sign_in_required: 'Recent sign-in required',
  not_found: 'Not found',
  user_not_found: 'User not found',
  credential_not_found: 'Credential not found',
  consent_request_not_found: 'Consent request not found',
  session_not_found: 'Session not found',
  credential_type_not_found: 'Credential type not found',
  verifier_request_not_found: 'Verifier request not found',
  share_not_found: 'Share link not found',
  passkey_not_found: 'Passkey not found',
  backup_not_found: 'Backup not found',
  consent_receipt_not_found: 'Consent receipt not found',
  rights_request_not_found: 'Request not found',
  offer_not_found: 'Credential offer not found',
  consent_already_decided: 'Consent request already decided',
  duplicate_document: 'Document already held',
  username_taken: 'Username taken',
  idempotency_in_flight: 'Request still in progress',
  presentation_request_replayed: 'Presentation request already received',
  presentation_needs_live_session: 'Presentation needs a live session',
  passkey_required: 'Passkey required',
  backup_key_required: 'Backup passphrase required',
  request_already_answered: 'Request already answered',
  consent_not_approved: 'Consent not approved',
  consent_already_withdrawn: 'Consent already withdrawn',
  consent_expired: 'Consent expired',
  credential_exists: 'Credential already held',
  offer_used: 'Credential offer no longer valid',
  received_credential_unsupported: 'Not available for a received credential',
  credential_revoked: 'Credential revoked',
  presentation_request_expired: 'Presentation request expired',
  share_expired: 'Share link expired',
  share_withdrawn: 'Share link withdrawn',
  share_used_up: 'Share link view limit reached',
  link_disabled: 'Link turned off',
  offer_expired: 'Credential offer expired',
  body_too_large: 'Request body too large',
  path_segment_too_long: 'Path segment too long',
  unsupported_media_type: 'Unsupported media type',
  idempotency_key_reused: 'Idempotency-Key reused',
  credential_backed_field: 'Field comes from issued credentials',
  purpose_not_registered: 'Purpose not registered',
  claims_outside_purpose: 'Claims outside the purpose',
  presentation_request_refused: 'Presentation request refused',
  claim_required: 'Claim required',
  data_fiduciary_not_registered: 'Organisation not registered',
  type_not_issuable: 'Type not issuable',
  credential_not_verified: 'Credential not verified',
  presentation_not_verified: 'Presentation not verified',
  credential_suspended: 'Credential suspended',
  status_unknown: 'Status unknown',
  passkey_invalid: 'Passkey not accepted',
  backup_invalid: 'Backup not accepted',
  issuer_address_refused: 'Issuer address not allowed',
  credential_rejected: 'Credential not accepted',
  credential_too_large: 'Credential too large',
  issuer_metadata_invalid: "Issuer's signed metadata not accepted",
  offline_qr_too_large: 'Too many fields for an offline QR code',
  rate_limited: 'Too many requests',
  login_locked: 'Login locked',
  client_error: 'Bad request',
  internal_error: 'Internal server error',
  verifier_unreachable: 'Verifier unreachable',
  verifier_refused: 'Verifier refused the answer',
  request_unavailable: "Verifier's request unavailable",
  issuer_unreachable: 'Issuer unreachable',
  issuer_refused: 'Issuer refused',
  database_unavailable: 'Database unavailable',
  service_unavailable: 'Service unavailable',
};

/** Retry-After of the 503 answers (s): about one database failover (docs/scaling.md). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The `detail` of the 503 answers (the wait is also in Retry-After). */
export function unavailableDetail(seconds = UNAVAILABLE_RETRY_AFTER_SECONDS): string {
  return `The service is briefly unavailable. Please try again in ${seconds} seconds.`;
}

/** At most this many field errors are listed in one problem. */
export const MAX_FIELD_ERRORS = 20;

/**
 * The RFC 9457 body for `code` with the occurrence's `detail`. `status` defaults to the code's
 * (only 'client_error' passes the framework's own); `errors` only for 'invalid_request';
 * `extensions` are further extension members (RFC 9457 3.2), e.g. a verify endpoint's verdict.
 */
export function problemOf(
  code: ErrorCode,
  detail: string,
  options: {
    status?: number;
    errors?: ProblemFieldError[];
    extensions?: Readonly<Record<string, unknown>>;
  } = {},
): Problem {
  return {
    // Extension members first: the standard members always win (RFC 9457 3.2).
    ...options.extensions,
    type: problemType(code),
    title: ERROR_TITLES[code],
    status: options.status ?? ERROR_STATUS[code],
    detail,
    code,
    ...(options.errors ? { errors: options.errors } : {}),
  };
}

/**
 * A failure the holder may see: `detail` is the exact answer text. `retryAfterSeconds`, when
 * set, becomes the answer's Retry-After header (RFC 9110 10.2.3), in whole seconds.
 * `extensions` are extension members of the problem (the VC API verify endpoints put their
 * verdict there); the route must declare them in its response schema, which serializes them.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly retryAfterSeconds?: number,
    readonly extensions?: Readonly<Record<string, unknown>>,
  ) {
    super(detail);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }

  /** The problem body of this error. */
  toProblem(): Problem {
    return problemOf(this.code, this.detail, { extensions: this.extensions });
  }
}

/** One link of an error's cause chain as the server log records it (no stack). */
export interface LoggedCause {
  name: string;
  code?: string;
  message: string;
}

/**
 * The chain `cause`, `cause.cause`, ... (at most 5 links) as plain objects for a log line: why
 * an AppError was answered when its answer says less than the log may (request_unavailable).
 */
export function causeChainOf(cause: unknown): LoggedCause[] {
  const chain: LoggedCause[] = [];
  let current = cause;
  while (current !== undefined && current !== null && chain.length < 5) {
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      chain.push({
        name: current.name,
        ...(typeof code === 'string' ? { code } : {}),
        message: current.message,
      });
      current = current.cause;
    } else {
      chain.push({ name: typeof current, message: String(current) });
      break;
    }
  }
  return chain;
}

/** True for AppError instances (also across module copies). */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * Sends `problem` as `application/problem+json` with its status (and Retry-After, in whole
 * seconds, when given). The one way an error answer leaves the server.
 */
export function sendProblem(
  reply: FastifyReply,
  problem: Problem,
  retryAfterSeconds?: number,
): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return reply.code(problem.status).type(`${PROBLEM_CONTENT_TYPE}; charset=utf-8`).send(problem);
}

/** The 429 answer's detail; the wait is also in the Retry-After header. */
export function rateLimitedDetail(seconds: number): string {
  return `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}
