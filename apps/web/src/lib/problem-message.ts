/**
 * The holder's words for a server problem (STYLE 15: codes cross the wire, texts are for people):
 * the problem's `code` (core's PROBLEM_CODES, api/problem.ts; docs/api-contract.md "Errors")
 * becomes a message of the `messages` namespace in the UI language. The server's `detail` is
 * English and is never the text shown; a screen may offer it under "Technical details"
 * (components/ui/problem-details.tsx).
 *
 * Where SPEC names the text of a code it is the SPEC's exact key (SPEC 5, 8: `wrongDemoOtp`,
 * `demoOnlyLogin`, `demoOnlySend`, `userNotFound`, `credentialNotFound`, `duplicateDocument`,
 * `credentialExpired`, ...); the rest are `problems.<key>`, several codes sharing one message where
 * the holder can do nothing different about them (a malformed request, a missing thing).
 */
import { DEMO_OTP, PROBLEM_CODES, type ProblemCode } from '@pehchaan/core';
import { isApiError } from './api-client';
import { documentTypeName } from './document-labels';
import { i18n } from './i18n';

/** The `messages` key of each problem code (every one of PROBLEM_CODES). */
export const PROBLEM_MESSAGE_KEYS = {
  invalid_request: 'problems.badRequest',
  invalid_input: 'problems.invalidInput',
  malformed_json: 'problems.badRequest',
  empty_body: 'problems.badRequest',
  invalid_text: 'problems.invalidInput',
  number_out_of_range: 'problems.invalidInput',
  body_too_deep: 'problems.badRequest',
  content_length_mismatch: 'problems.badRequest',
  malformed_url: 'problems.badRequest',
  invalid_idempotency_key: 'problems.badRequest',
  unknown_claim: 'problems.presentationInvalid',
  presentation_invalid: 'problems.presentationInvalid',
  kb_jwt_iat_out_of_window: 'problems.presentationInvalid',
  issuer_key_not_found: 'problems.presentationInvalid',
  signature_algorithm_not_accepted: 'problems.presentationInvalid',
  verifier_request_expired: 'problems.requestExpired',
  verifier_request_answered: 'problems.requestAnswered',
  invalid_presentation_link: 'problems.invalidPresentationLink',
  invalid_credential: 'problems.credentialInvalid',
  invalid_presentation: 'problems.presentationInvalid',
  credential_not_issuable: 'problems.notIssuable',
  invalid_credential_offer: 'problems.invalidOffer',
  tx_code_invalid: 'problems.txCodeInvalid',
  authorization_state_invalid: 'problems.authorizationInvalid',
  authorization_denied: 'problems.authorizationDenied',
  authorization_code_invalid: 'problems.authorizationInvalid',
  unauthenticated: 'problems.signInAgain',
  wrong_demo_otp: 'wrongDemoOtp',
  login_unavailable: 'demoOnlyLogin',
  otp_invalid: 'problems.otpInvalid',
  second_factor_invalid: 'problems.secondFactorInvalid',
  login_expired: 'problems.loginExpired',
  passkey_not_verified: 'problems.passkeyFailed',
  forbidden: 'problems.forbidden',
  otp_disabled: 'demoOnlySend',
  second_factor_required: 'problems.secondFactorRequired',
  data_sharing_off: 'problems.dataSharingOff',
  password_incorrect: 'problems.passwordIncorrect',
  activity_type_reserved: 'problems.forbidden',
  recent_sign_in_required: 'problems.recentSignIn',
  not_found: 'problems.notFound',
  user_not_found: 'userNotFound',
  credential_not_found: 'credentialNotFound',
  consent_request_not_found: 'consentRequestNotFound',
  session_not_found: 'problems.notFound',
  credential_type_not_found: 'problems.notFound',
  verifier_request_not_found: 'problems.notFound',
  share_not_found: 'problems.notFound',
  passkey_not_found: 'problems.notFound',
  backup_not_found: 'problems.notFound',
  consent_receipt_not_found: 'problems.notFound',
  rights_request_not_found: 'problems.notFound',
  offer_not_found: 'problems.offerNotFound',
  consent_already_decided: 'problems.consentAlreadyDecided',
  duplicate_document: 'problems.duplicateDocument',
  username_taken: 'problems.usernameTaken',
  idempotency_in_flight: 'problems.inFlight',
  presentation_request_replayed: 'problems.requestAnswered',
  presentation_needs_live_session: 'problems.needsLiveSession',
  passkey_required: 'problems.passkeyRequired',
  backup_key_required: 'problems.backupKeyRequired',
  request_already_answered: 'problems.requestAnswered',
  consent_not_approved: 'problems.consentNotApproved',
  consent_already_withdrawn: 'problems.consentAlreadyWithdrawn',
  consent_expired: 'problems.consentExpired',
  credential_exists: 'problems.duplicateDocument',
  offer_used: 'problems.offerExpired',
  received_credential_unsupported: 'problems.unsupported',
  credential_revoked: 'problems.credentialRevoked',
  credential_suspended: 'problems.credentialSuspended',
  presentation_request_expired: 'problems.requestExpired',
  share_expired: 'credentialExpired',
  share_withdrawn: 'shareWithdrawn',
  share_used_up: 'shareUsedUp',
  link_disabled: 'linkDisabled',
  offer_expired: 'problems.offerExpired',
  body_too_large: 'problems.badRequest',
  path_segment_too_long: 'problems.badRequest',
  unsupported_media_type: 'problems.badRequest',
  idempotency_key_reused: 'problems.badRequest',
  credential_backed_field: 'problems.credentialBackedField',
  purpose_not_registered: 'problems.notRegistered',
  claims_outside_purpose: 'problems.claimsOutsidePurpose',
  presentation_request_refused: 'problems.presentationRefused',
  claim_required: 'problems.claimRequired',
  data_fiduciary_not_registered: 'problems.notRegistered',
  type_not_issuable: 'problems.notIssuable',
  credential_not_verified: 'problems.credentialInvalid',
  presentation_not_verified: 'problems.presentationInvalid',
  status_unknown: 'problems.statusUnknown',
  passkey_invalid: 'problems.passkeyFailed',
  backup_invalid: 'problems.backupInvalid',
  issuer_address_refused: 'problems.issuerAddressRefused',
  credential_rejected: 'problems.credentialRejected',
  credential_too_large: 'problems.credentialTooLarge',
  issuer_metadata_invalid: 'problems.issuerMetadataInvalid',
  offline_qr_too_large: 'problems.offlineQrTooLarge',
  rate_limited: 'problems.rateLimited',
  login_locked: 'problems.loginLocked',
  client_error: 'problems.badRequest',
  internal_error: 'problems.internalError',
  verifier_unreachable: 'problems.verifierUnavailable',
  verifier_refused: 'problems.verifierUnavailable',
  request_unavailable: 'problems.verifierUnavailable',
  issuer_unreachable: 'problems.issuerUnavailable',
  issuer_refused: 'problems.issuerUnavailable',
  database_unavailable: 'problems.serviceUnavailable',
  service_unavailable: 'problems.serviceUnavailable',
} as const satisfies Record<ProblemCode, string>;

/** The message for a code this client does not know (a newer server's). */
export const GENERIC_PROBLEM_KEY = 'problems.generic';

const KNOWN = new Set<string>(PROBLEM_CODES);

function isKnownCode(code: string): code is ProblemCode {
  return KNOWN.has(code);
}

/** What a caller may add to a problem's message. */
export interface ProblemMessageOptions {
  /**
   * The text for an error that is no server problem, or a problem whose code this client does
   * not know; default: the generic problems message.
   */
  fallback?: string;
  /**
   * The document type's name in the UI language, when the caller knows it: `duplicate_document`
   * and `credential_exists` then say SPEC 5's exact sentence with it.
   */
  documentName?: string;
}

/**
 * The message to show for `error` in the current UI language:
 * - an ApiError 'HTTP_ERROR' whose problem code is one of PROBLEM_CODES: that code's message;
 * - anything else (a code this client does not know, a network error, a thrown bug):
 *   `options.fallback`, else the generic "Something went wrong" message.
 * Never the server's `detail` (see ProblemDetails for that). Throws nothing.
 */
export function problemMessage(error: unknown, options: ProblemMessageOptions = {}): string {
  const t = i18n.getFixedT(null, 'messages');
  const problem = isApiError(error, 'HTTP_ERROR') ? error.problem : undefined;
  const code = problem?.code;
  if (code === undefined || !isKnownCode(code)) return options.fallback ?? t(GENERIC_PROBLEM_KEY);
  // SPEC 5's sentence names the document: the caller's name for it, else the type the problem
  // carries (`document_type`, a catalogue key) named in the UI language.
  const carried = problem?.document_type;
  const documentName =
    options.documentName ??
    (carried && code === 'duplicate_document'
      ? documentTypeName(carried, i18n.language)
      : undefined);
  if (
    documentName !== undefined &&
    (code === 'duplicate_document' || code === 'credential_exists')
  ) {
    return t('duplicateDocument', { documentName });
  }
  return t(PROBLEM_MESSAGE_KEYS[code], { otp: DEMO_OTP });
}

/**
 * The server's own words about `error` for a "Technical details" disclosure: its problem code and
 * English `detail` ("credential_not_found: Credential not found"), or undefined when it sent none.
 */
export function problemTechnicalDetail(error: unknown): string | undefined {
  if (!isApiError(error, 'HTTP_ERROR')) return undefined;
  const code = error.problem?.code;
  const detail = error.detail;
  if (code && detail) return `${code}: ${detail}`;
  return code ?? detail;
}
