/**
 * The verdicts the API answers (DECISIONS 4, docs/api-contract.md "Credentials, signing and
 * verification"), one zod schema each, used by the server's response serialization and by the web
 * app's parsing, so the two cannot drift.
 *
 * - credentialVerdictSchema: `verifyCredential()`'s verdict, the answer of the W3C VC API
 *   POST /credentials/verify (200 when verified; otherwise inside a 400 or 422 problem);
 * - presentationVerdictSchema: `verifyPresentation()`'s verdict, POST /presentations/verify;
 * - storedCredentialVerdictSchema: GET /api/verify/{id}, the verdict with the credential's
 *   public summary: for a bare credential id the holder's name and masked identifiers only; for
 *   a share link (api/shares.ts) the fields its holder chose, masked, with their values in
 *   `disclosed` (the page's reveal toggle) and the link's `share` state. Never the signed
 *   document.
 *
 * `status` is one of VERIFICATION_STATUSES, most severe first; `errors` are human-readable
 * reasons (empty when verified).
 */
import { z } from 'zod';
import { CREDENTIAL_CHECKS, VERIFICATION_STATUSES } from '../proofs/verify-credential';

/** The three checks of a credential verdict (see VerificationChecks). */
export const credentialChecksSchema = z.object({
  signature: z.boolean(),
  trusted_issuer: z.boolean(),
  validity: z.boolean(),
  /** The issuer's status list says valid; absent when the credential has no status entry. */
  status: z.boolean().optional(),
});

/**
 * The W3C VC API `options.checks` name of the status check (VC API "Verify Credential"):
 * checked by default when the credential has a status entry (credentialStatus).
 */
export const CREDENTIAL_STATUS_CHECK = 'credentialStatus';

/** What the issuer's status list said (see CredentialStatusResult), in a verdict. */
export const credentialStatusResultSchema = z.object({
  value: z.enum(['valid', 'suspended', 'revoked', 'unknown']),
  checked_at: z.string(),
  reason: z.string().optional(),
});

/**
 * The texts of a status that fails a verification (problem titles of `credential_revoked`,
 * `credential_suspended`, `status_unknown`), the first line of the verdict's error.
 */
export const STATUS_FAILURE_TEXT = {
  revoked: 'Credential revoked',
  suspended: 'Credential suspended',
  unknown: 'Status unknown',
} as const;

/** Whether the issuer is on the verifier's trusted list (see IssuerTrust). */
export const issuerTrustSchema = z.object({
  issuer: z.string(),
  trusted: z.boolean(),
  /** The trusted issuer's name ('UIDAI', 'Pehchaan consent registry'), when the server knows it. */
  name: z.string().optional(),
});

/**
 * `warnings` (checks not required that failed, what could not be checked offline) and `trust`
 * are in every verdict this server answers; optional so a verdict of an older server parses.
 */
export const credentialVerdictSchema = z.object({
  verified: z.boolean(),
  status: z.enum(VERIFICATION_STATUSES),
  checks: credentialChecksSchema,
  errors: z.array(z.string()),
  warnings: z.array(z.string()).optional(),
  trust: issuerTrustSchema.optional(),
  /** The status read from the issuer's status list, when the credential has a status entry. */
  credential_status: credentialStatusResultSchema.optional(),
});

export const presentationVerdictSchema = z.object({
  verified: z.boolean(),
  status: z.enum(VERIFICATION_STATUSES),
  checks: z.object({ holder_proof: z.boolean(), credentials: z.boolean() }),
  errors: z.array(z.string()),
  credentialResults: z.array(credentialVerdictSchema),
});

/** The public summary of a stored credential in a verify-link answer. */
export const verifiedCredentialSummarySchema = z.object({
  id: z.string(),
  type: z.array(z.string()),
  /** Issuer name, e.g. 'Income Tax Department'. */
  issuer: z.string(),
  /** Issuer DID. */
  issuer_id: z.string(),
  issuance_date: z.string(),
  /** '' = Never. */
  expiration_date: z.string(),
  document_type: z.string(),
  credential_subject_masked: z.record(z.string(), z.unknown()),
});

/** The state of the share link a verify answer came through. */
export const verifiedShareSchema = z.object({
  id: z.string(),
  expires_at: z.string(),
  /** Views so far, this one included. */
  views: z.number().int(),
  /** null = no limit. */
  max_views: z.number().int().nullable(),
});

export const storedCredentialVerdictSchema = credentialVerdictSchema.extend({
  credential_id: z.string(),
  credential: verifiedCredentialSummarySchema,
  /** Share links only: the chosen fields' values, unmasked (the page's reveal toggle). */
  disclosed: z.record(z.string(), z.unknown()).optional(),
  /** Share links only: the link's expiry and views. */
  share: verifiedShareSchema.optional(),
});

/**
 * The checks a W3C VC API caller may ask for in `options.checks` (core's CREDENTIAL_CHECKS);
 * 'proof' is the default.
 */
export const credentialCheckSchema = z.enum([...CREDENTIAL_CHECKS, CREDENTIAL_STATUS_CHECK]);
export type VcApiCheck = z.infer<typeof credentialCheckSchema>;

export type CredentialVerdictAnswer = z.infer<typeof credentialVerdictSchema>;
export type PresentationVerdictAnswer = z.infer<typeof presentationVerdictSchema>;
export type VerifiedCredentialSummary = z.infer<typeof verifiedCredentialSummarySchema>;
export type StoredCredentialVerdict = z.infer<typeof storedCredentialVerdictSchema>;
