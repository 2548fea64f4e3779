/**
 * The statuses of a verdict on a credential or consent receipt (core's verifyCredential and the
 * server's status check: api/verification.ts credentialVerdictSchema, DECISIONS 4) and of a
 * credential's entry in its issuer's status list (W3C Bitstring Status List, IETF Token Status
 * List; api/records.ts). A module of its own, without zod or the proof suites, imported by the
 * subpath `@pehchaan/core/verification-statuses`, so the web app's /verify island can check a
 * verdict's shape before the app (and its schemas) is loaded (docs/adr/0010).
 */

/** Verdict statuses, most severe first (the first that applies is the status). */
export const VERIFICATION_STATUSES = [
  'malformed',
  'invalid_signature',
  // The issuer's status list says so (set by the server's status check, never by
  // verifyCredential, which fetches nothing): revoked, suspended, or the list could not be read.
  'revoked',
  'suspended',
  'status_unknown',
  'untrusted_issuer',
  'expired',
  'verified',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A credential's status as its issuer's status list gives it ('unknown': the list unreadable). */
export const CREDENTIAL_STATUS_VALUES = ['valid', 'suspended', 'revoked', 'unknown'] as const;
