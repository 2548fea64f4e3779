/**
 * Login failures the screens explain themselves (STYLE 6: decided by code, never by text).
 * The message is the SPEC's English text; screens show the translation of `code`.
 */
export type AuthErrorCode =
  /** SPEC 8: the API is unreachable while sending an OTP for a non-demo pair. */
  | 'BACKEND_UNAVAILABLE'
  /** SPEC 5: a demo pair with a wrong OTP (local fallback). */
  | 'WRONG_DEMO_OTP'
  /** SPEC 8: a non-demo pair while the API is unreachable (local fallback). */
  | 'DEMO_ONLY_LOGIN';

export class AuthError extends Error {
  override readonly name = 'AuthError';
  readonly code: AuthErrorCode;

  constructor(code: AuthErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** True for an AuthError (optionally of one code). */
export function isAuthError(error: unknown, code?: AuthErrorCode): error is AuthError {
  return error instanceof AuthError && (code === undefined || error.code === code);
}
