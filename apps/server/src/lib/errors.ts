/**
 * Errors carry codes (STYLE principle 6): services throw an AppError with a code and the
 * holder-facing detail; the one error handler (src/app.ts) maps the code to the HTTP status and
 * answers `{ detail }` (DECISIONS 3). Nothing decides behaviour by matching message text.
 */

/** Every code a service may throw, with its HTTP status. */
export const ERROR_STATUS = {
  /** Input that passed the schema but breaks a rule (e.g. an unknown document type). */
  invalid_input: 400,
  /** No, unknown, expired or revoked session token. */
  unauthenticated: 401,
  /** Demo pair with the wrong OTP (SPEC 5). */
  wrong_demo_otp: 401,
  /** Non-demo login while the OTP service is disabled (SPEC 8). */
  login_unavailable: 401,
  /** Wrong, expired, used-up or unknown OTP challenge. */
  otp_invalid: 401,
  /** The token's user is not the user addressed. */
  forbidden: 403,
  /** Non-demo OTP send while the OTP service is disabled (SPEC 5). */
  otp_disabled: 403,
  user_not_found: 404,
  credential_not_found: 404,
  consent_request_not_found: 404,
  not_found: 404,
  /** Issue 8: no live session of this holder has that id. */
  session_not_found: 404,
  /** SPEC 4: approved and rejected consent requests are final. */
  consent_already_decided: 409,
  /** SPEC 5: one credential per document type per holder. */
  duplicate_document: 409,
  /** Issue 6: another holder already chose this profile username. */
  username_taken: 409,
  /** Too many requests, or too many failed logins in a row (the growing delay): Retry-After. */
  rate_limited: 429,
  /** Issue 8: 100 failed OTP logins in a row for one number; an operator must unlock it. */
  login_locked: 429,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * A failure the holder may see: `detail` is the exact answer text. `retryAfterSeconds`, when
 * set, becomes the answer's Retry-After header (RFC 9110 10.2.3), in whole seconds.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

/** True for AppError instances (also across module copies). */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
