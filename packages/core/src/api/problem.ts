/**
 * Error answers of the API: RFC 9457 "Problem Details for HTTP APIs", media type
 * `application/problem+json` (docs/api-contract.md "Errors"). Codes cross the wire, texts are
 * for people (STYLE 15): the server sends a stable `code` beside the holder-facing `detail`, and
 * clients branch on `code` (and on the `errors` pointers), never on `detail` or headers.
 *
 * The shape:
 * - `type`: a URI reference naming the kind of problem, `/problems/<code>` (RFC 9457 3.1.1),
 *   resolved against the API's base URL; stable as long as the code is;
 * - `title`: a short summary of the kind, the same for every occurrence of a code (3.1.3);
 * - `status`: the HTTP status code, repeated (3.1.2);
 * - `detail`: the text a holder may be shown for this occurrence (3.1.4; SPEC 8's texts);
 * - `code`: extension member, one of PROBLEM_CODES;
 * - `verified` and `verification`: extension members of the W3C VC API verify endpoints'
 *   refusals (`invalid_credential`, `credential_not_verified`, `invalid_presentation`,
 *   `presentation_not_verified`): `verified: false` and the whole verdict;
 * - `login_token`, `factors` and `expires_at`: extension members of `second_factor_required`
 *   (a sign-in that owes a passkey or the account password after its OTP; core's
 *   secondFactorRequiredSchema);
 * - `reasons`: extension member of the W3C VC API issuer's refusal (`credential_not_issuable`):
 *   the Data Model or JSON-LD rules the credential breaks, one sentence each;
 * - `errors`: extension member of `invalid_request` answers, one entry per failed input field:
 *   `pointer` is a JSON Pointer (RFC 6901) into the request, its first segment the part
 *   (`/body`, `/params`, `/querystring`, `/headers`), e.g. `/body/phoneNumber`; `code` is the
 *   validation issue's code (zod's issue codes: `invalid_type`, `too_small`, `too_big`,
 *   `invalid_format`, `invalid_value`, `unrecognized_keys`, `custom`, ...).
 */
import { z } from 'zod';

/** The media type of every error answer (RFC 9457 section 6.1). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The `type` URI prefix: the type of code `c` is `/problems/c`. */
export const PROBLEM_TYPE_PREFIX = '/problems/';

/**
 * Every `code` the API answers. docs/api-contract.md lists each with its status and title;
 * the server's lib/errors.ts maps each to its status.
 */
export const PROBLEM_CODES = [
  // 400
  'invalid_request',
  'invalid_input',
  'malformed_json',
  'empty_body',
  'invalid_text',
  'number_out_of_range',
  'body_too_deep',
  'content_length_mismatch',
  'malformed_url',
  'invalid_idempotency_key',
  'unknown_claim',
  'presentation_invalid',
  // 400: an OpenID4VP presentation whose KB-JWT `iat` is outside the verifier's window
  'kb_jwt_iat_out_of_window',
  // 400: an OpenID4VP presentation whose issuer key is not found offline (no key on the trust
  // list for an https iss under that kid, an x5c chain) or whose issuer alg is not ES256/EdDSA
  'issuer_key_not_found',
  'signature_algorithm_not_accepted',
  'verifier_request_expired',
  // Nothing answers it any more (see request_already_answered); kept while a caller still
  // tests for it.
  'verifier_request_answered',
  'invalid_presentation_link',
  'invalid_credential',
  'invalid_presentation',
  'credential_not_issuable',
  // 400: OpenID4VCI, the wallet receiving (api/credential-offers.ts)
  'invalid_credential_offer',
  'tx_code_invalid',
  // 400: OpenID4VCI authorization code flow, the holder back at /oid4vci/callback: a `state` that
  // is no pending authorization of this holder (unknown, used, another holder's); the holder or
  // the issuer refused (`error` in the callback); the issuer's token endpoint refused the code
  'authorization_state_invalid',
  'authorization_denied',
  'authorization_code_invalid',
  // 401
  'unauthenticated',
  'wrong_demo_otp',
  'login_unavailable',
  'otp_invalid',
  'second_factor_invalid',
  'login_expired',
  'passkey_not_verified',
  // 403
  'forbidden',
  'otp_disabled',
  'second_factor_required',
  'data_sharing_off',
  'password_incorrect',
  'activity_type_reserved',
  'recent_sign_in_required',
  // 404
  'not_found',
  'user_not_found',
  'credential_not_found',
  'consent_request_not_found',
  'session_not_found',
  'credential_type_not_found',
  'verifier_request_not_found',
  'share_not_found',
  'passkey_not_found',
  'backup_not_found',
  'consent_receipt_not_found',
  'rights_request_not_found',
  // 404: no OpenID4VCI credential offer with this id (the issuer's offer URI, or the holder's stored offer)
  'offer_not_found',
  // 409
  'consent_already_decided',
  'duplicate_document',
  'username_taken',
  'idempotency_in_flight',
  'presentation_request_replayed',
  'presentation_needs_live_session',
  'passkey_required',
  'backup_key_required',
  // 409: a verifier request one holder already answered, reached by a second wallet
  'request_already_answered',
  // 409: withdrawing a consent that cannot be withdrawn (issue 17)
  'consent_not_approved',
  'consent_already_withdrawn',
  'consent_expired',
  // 409: OpenID4VCI, the wallet receiving: SPEC 5's one-per-type rule; an offer the issuer no
  // longer honours (its pre-authorized code used or ended)
  'credential_exists',
  'offer_used',
  // 409: a feature the product's own documents have and a received credential has not (yet)
  'received_credential_unsupported',
  // 409: status lists (docs/status-lists.md): the issuer revoked (final) or suspended the
  // credential: a verifier's refusal, the wallet's, the issuer's refusal to change a revocation
  'credential_revoked',
  'credential_suspended',
  // 410
  'presentation_request_expired',
  // 410: a share link that no longer discloses anything
  'share_expired',
  'share_withdrawn',
  'share_used_up',
  // 410: a credential's bare link its holder turned off (DECISIONS 9.6)
  'link_disabled',
  // 410: an OpenID4VCI credential offer past its expiry, already used or dead after wrong codes
  'offer_expired',
  // 413, 414, 415
  'body_too_large',
  'path_segment_too_long',
  'unsupported_media_type',
  // 422
  'idempotency_key_reused',
  'credential_backed_field',
  'purpose_not_registered',
  'claims_outside_purpose',
  'presentation_request_refused',
  'claim_required',
  'data_fiduciary_not_registered',
  'type_not_issuable',
  'credential_not_verified',
  'presentation_not_verified',
  // 422: the issuer's status list (W3C Bitstring, IETF Token Status List) could not be read or
  // verified (docs/status-lists.md)
  'status_unknown',
  'passkey_invalid',
  'backup_invalid',
  // 422: OpenID4VCI, the wallet receiving: an issuer address the wallet may not reach, a
  // credential that fails a check (signature, cnf, iss, vct, format), or one over 64 KiB
  'issuer_address_refused',
  'credential_rejected',
  'credential_too_large',
  // 422: OpenID4VCI 1.0 12.2.3, the issuer's signed metadata does not verify (signature, typ,
  // sub, iat, exp) or its signer cannot be checked
  'issuer_metadata_invalid',
  // 422: the offline QR (api/offline-presentation.ts): the chosen fields need a QR above version 25
  'offline_qr_too_large',
  // 429
  'rate_limited',
  'login_locked',
  // any other 4xx the HTTP framework raises, with its own status
  'client_error',
  // 500
  'internal_error',
  // 502: the verifier, not this server, failed
  'verifier_unreachable',
  'verifier_refused',
  // 502: a verifier's request object could not be obtained, whatever the reason (one answer)
  'request_unavailable',
  // 502: OpenID4VCI, the issuer, not this server, failed (unreachable, or an error answer)
  'issuer_unreachable',
  'issuer_refused',
  // 503: briefly unavailable (a database failover, a shared store down); Retry-After
  'database_unavailable',
  'service_unavailable',
] as const;

export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** One failed input field of an `invalid_request` problem. */
export const problemFieldErrorSchema = z.object({
  /** JSON Pointer into the request, starting with its part: '/body/phoneNumber'. */
  pointer: z.string(),
  /** The validation issue's code, e.g. 'too_small', 'invalid_type', 'custom'. */
  code: z.string(),
});
export type ProblemFieldError = z.infer<typeof problemFieldErrorSchema>;

/**
 * An RFC 9457 problem as this API sends it. `code` is a plain string here, so a client keeps
 * working when a newer server adds a code; compare it with ProblemCode values.
 */
export const problemSchema = z.object({
  type: z.string().describe('URI reference of the kind of problem: /problems/<code>'),
  title: z.string().describe('Short summary of the kind of problem, the same for every occurrence'),
  status: z.number().int().describe('The HTTP status code'),
  detail: z.string().describe('Text the holder may be shown for this occurrence'),
  code: z.string().describe('Stable machine-readable code (docs/api-contract.md "Errors")'),
  errors: z
    .array(problemFieldErrorSchema)
    .optional()
    .describe('invalid_request only: the failed input fields, as JSON Pointers and issue codes'),
  document_type: z
    .string()
    .optional()
    .describe(
      'duplicate_document only: the catalogue key of the document type already held (e.g. pan), ' +
        'so a client names it in its own language (SPEC 5)',
    ),
});
export type Problem = z.infer<typeof problemSchema>;

/** The `type` URI of `code`. */
export function problemType(code: string): string {
  return `${PROBLEM_TYPE_PREFIX}${code}`;
}

/** True when `contentType` (a Content-Type header value) is `application/problem+json`. */
export function isProblemContentType(contentType: string | null | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === PROBLEM_CONTENT_TYPE;
}
