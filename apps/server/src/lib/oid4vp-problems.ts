/**
 * Maps the wallet's Oid4vpError codes (lib/oid4vp/errors.ts) to API problem codes
 * (docs/api-contract.md "Errors"), keeping the error's plain-language message as the detail
 * (STYLE 15: no HTTP status or jargon reaches the holder).
 *
 * - the link itself is unreadable: invalid_presentation_link (400);
 * - the request object could not be obtained from request_uri, whatever the reason (address
 *   refused, connection failed, timeout, error status, unreadable or too large a body):
 *   request_unavailable (502), one code and one text, so the answer never tells an open port
 *   from a closed one; the real reason stays in the server log (the AppError's `cause`, logged
 *   by app.ts);
 * - the request is past its `exp`: presentation_request_expired (410);
 * - the verifier could not be reached or answered something unusable when the answer was
 *   posted to its response_uri: verifier_unreachable (502);
 * - the verifier refused the posted answer: verifier_refused (502);
 * - the verifier says another holder already answered the request (a used link):
 *   request_already_answered (409);
 * - every other rule the request breaks (signature, prefix, DCQL, unsafe response_uri...):
 *   presentation_request_refused (422);
 * - invalid_presentation_answer is a programming error: rethrown as is (500 internal_error).
 */
import { AppError, type ErrorCode } from './errors';
import { isOid4vpError, type Oid4vpErrorCode, REQUEST_UNAVAILABLE_MESSAGE } from './oid4vp';

const PROBLEM_OF: Partial<Record<Oid4vpErrorCode, ErrorCode>> = {
  invalid_request_link: 'invalid_presentation_link',
  request_unavailable: 'request_unavailable',
  // Only fetchRequestObject answers it, and resolveAuthorizationRequest turns it into
  // request_unavailable; mapped the same in case a caller fetches on its own.
  request_uri_failed: 'request_unavailable',
  request_expired: 'presentation_request_expired',
  verifier_unreachable: 'verifier_unreachable',
  verifier_timeout: 'verifier_unreachable',
  response_too_large: 'verifier_unreachable',
  redirect_refused: 'verifier_unreachable',
  verifier_refused: 'verifier_refused',
  request_already_answered: 'request_already_answered',
};

/**
 * The AppError for `error` when it is an Oid4vpError (see the table above), with `error` as its
 * `cause` (the server log's reason); any other error, and invalid_presentation_answer, is
 * returned unchanged for the caller to rethrow.
 */
export function problemOfOid4vpError(error: unknown): unknown {
  if (!isOid4vpError(error) || error.code === 'invalid_presentation_answer') return error;
  const code = PROBLEM_OF[error.code] ?? 'presentation_request_refused';
  const problem = new AppError(
    code,
    code === 'request_unavailable' ? REQUEST_UNAVAILABLE_MESSAGE : error.message,
  );
  problem.cause = error;
  return problem;
}
