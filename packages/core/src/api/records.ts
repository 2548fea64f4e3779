/**
 * The records the screens and the API exchange (SPEC 3), one zod schema each; TypeScript types
 * are inferred from them. Field names are snake_case as SPEC 7's answers use them, except
 * `userId`, which SPEC 3 spells so.
 */
import { z } from 'zod';
import { CREDENTIAL_STATUS_VALUES } from '../proofs/verification-statuses';
import { activityMessageCodeSchema, activityMessageParamsSchema } from './activity-message-codes';
import { consentReceiptRecordSchema } from './consent-receipts';
import { receivedCredentialSchema } from './credential-offers';

/** SPEC 3 activity types. */
export const ACTIVITY_TYPES = [
  'login',
  'logout',
  'credential_generated',
  'credential_deleted',
  'credential_shared',
  'credential_copied',
  'credential_downloaded',
  'basic_identity_created',
  'consent_approved',
  'consent_rejected',
  'profile_updated',
  'test_manual',
  /** A stranger opened one of the holder's share links (api/shares.ts). */
  'credential_viewed',
  /** Settings › Security, Login notifications: a sign-in on a device not seen before. */
  'new_device_login',
  /** Settings › Security, Suspicious activity alerts: e.g. a wrong second factor after the OTP. */
  'security_alert',
  /** The account password was set, changed or removed (Settings › Security). */
  'password_changed',
  /** A passkey was added or removed (two-factor authentication, biometric unlock). */
  'passkey_added',
  'passkey_removed',
  /** Delete Account (DPDP Act s.12): erasure scheduled; a sign-in within the grace period cancels. */
  'account_deletion_requested',
  'account_deletion_cancelled',
  /** Automatic backup: an encrypted backup was made, or one was restored. */
  'backup_created',
  'backup_restored',
  /** The holder withdrew an approved consent (DPDP Act s.6(4); issue 17). */
  'consent_withdrawn',
  /** An approved consent reached the end of its validity (issue 17). */
  'consent_expired',
  /** An approved consent ends within CONSENT_EXPIRY_REMINDER_DAYS (the holder is reminded). */
  'consent_expiring',
  /** The signed withdrawal notice reached the verifier's notification URL. */
  'withdrawal_delivered',
  /** The withdrawal notice could not be delivered after every retry. */
  'withdrawal_undelivered',
  /**
   * Share links (api/shares.ts): a link the holder made is recorded as SPEC 3's
   * `credential_shared` (message `share_created`) and a view as `credential_viewed`; its later
   * states have types of their own: the holder withdrew it, its lifetime ended, or it had its
   * last allowed view.
   */
  'share_withdrawn',
  'share_expired',
  'share_used_up',
  /**
   * Grievances (DPDP Act s.13) and erasure requests (s.12(3)) the holder sent an organisation
   * (api/rights-requests), and the organisation marking them resolved.
   */
  'grievance_sent',
  'grievance_resolved',
  'erasure_requested',
  'erasure_resolved',
  /**
   * The holder revealed the full value of one of their credential's identity numbers
   * (GET /user/{userId}/credentials/{id}/fields/{field}; DECISIONS 9.6: the list answers it masked).
   */
  'credential_field_revealed',
  /**
   * Recovery codes of two-factor authentication (api/security.ts): a new set of ten was made
   * (the old set stops working), or one was used at sign-in in place of the passkey.
   */
  'recovery_codes_generated',
  'recovery_code_used',
  /**
   * OpenID4VCI (api/credential-offers.ts): an issuer's credential offer reached the wallet, and a
   * credential was received from an issuer and stored (the holder accepted the offer).
   */
  'credential_offer_received',
  'credential_received',
  /**
   * The wallet saw a credential's status at its issuer change (SPEC 8 status lists): revoked,
   * suspended, or valid again (wallet/check-credential-status.ts says which changes count).
   */
  'credential_status_changed',
  /**
   * The holder made an offline QR code of one credential (api/offline-presentation.ts): shown on
   * screen (message offline_qr_shown) or for a printed copy (offline_qr_printed).
   */
  'credential_presented_offline',
] as const;
export const activityTypeSchema = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof activityTypeSchema>;

/**
 * Who wrote an activity entry: `server` for what the server saw happen and recorded itself (a
 * sign-in, a consent decision, a share link made, viewed or withdrawn, an organisation's
 * answer), `holder` for what the holder's own app asserted (SPEC 2's Add Test Log, and a
 * credential copied or downloaded on the device, which the server cannot witness).
 */
export const ACTIVITY_WRITERS = ['holder', 'server'] as const;
export const activityWriterSchema = z.enum(ACTIVITY_WRITERS);
export type ActivityWriter = z.infer<typeof activityWriterSchema>;

/** A Data Integrity proof as the screens read it (SPEC 3: the verifier reads proof.signature). */
export const proofRecordSchema = z.object({
  type: z.string(),
  cryptosuite: z.string().optional(),
  created: z.string(),
  verificationMethod: z.string(),
  proofPurpose: z.string(),
  proofValue: z.string(),
  signature: z.string().optional(),
  /** eddsa-jcs-2022 proofs repeat the document's @context (W3C EdDSA Cryptosuites 3.3.1). */
  '@context': z.array(z.string()).optional(),
});

/**
 * A credential's status at its issuer (SPEC 8 "status entry"): read from the issuer's IETF Token
 * Status List (SD-JWT VC `status.status_list`) and W3C Bitstring Status List (`credentialStatus`),
 * the worst of both forms winning (revoked > suspended > unknown > valid). `unknown`: not checked
 * yet, or the list could not be read or did not verify (never taken as valid).
 */
export { CREDENTIAL_STATUS_VALUES };
export const credentialStatusValueSchema = z.enum(CREDENTIAL_STATUS_VALUES);
export type CredentialStatusValue = z.infer<typeof credentialStatusValueSchema>;

/**
 * The status the wallet last saw for a credential and when it checked (ISO 8601; null = never
 * checked, then `value` is 'unknown'). A credential with no status entry is 'valid' once checked:
 * nothing can revoke it.
 */
export const credentialStatusRecordSchema = z.object({
  value: credentialStatusValueSchema,
  checked_at: z.string().nullable(),
});
export type CredentialStatusRecord = z.infer<typeof credentialStatusRecordSchema>;

/** The status of a credential the wallet has not checked yet. */
export const UNCHECKED_CREDENTIAL_STATUS: CredentialStatusRecord = {
  value: 'unknown',
  checked_at: null,
};

/** Whether a credential with this status may be shared or presented (not revoked or suspended). */
export function isStatusShareable(status: CredentialStatusRecord | undefined): boolean {
  return status?.value !== 'revoked' && status?.value !== 'suspended';
}

/** SPEC 3 Credential, the screen record (a view of the signed W3C document). */
export const credentialRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: z.array(z.string()).min(1),
  issuer: z.string(),
  issuance_date: z.string(),
  /** '' means Never. */
  expiration_date: z.string(),
  credential_subject: z
    .object({ id: z.string(), name: z.string(), document_type: z.string() })
    .catchall(z.unknown()),
  proof: proofRecordSchema.nullable(),
  permanent: z.boolean().optional(),
  last_viewed: z.string().nullable().optional(),
  /** Display order chosen by the holder (PUT /user/{userId}/credentials/order). */
  position: z.number().int().optional(),
  /**
   * Whether the bare link /verify/{id} answers (SPEC 2 opens it to anyone with the id; the
   * holder may turn it off, PUT /user/{userId}/credentials/{id}/public-link). Absent: on.
   */
  public_link: z.boolean().optional(),
  /**
   * Present when the credential was received from an issuer over OpenID4VCI
   * (api/credential-offers.ts): its format, issuer, trust, name and claim labels. Absent for
   * the SPEC's sample documents.
   */
  received: receivedCredentialSchema.optional(),
  /**
   * The credential's status at its issuer, as last checked by the wallet
   * (docs/status-lists.md "The wallet"; POST /user/{userId}/credentials/{id}/status-check).
   * Always answered by the server; a copy stored on the device before statuses existed reads as
   * not checked.
   */
  status: credentialStatusRecordSchema.default(UNCHECKED_CREDENTIAL_STATUS),
});
export type CredentialRecord = z.infer<typeof credentialRecordSchema>;

/**
 * A consent request's status. SPEC 4's decision moves pending to approved or rejected, and that
 * decision is final; an approved consent may later end (DECISIONS 7): `withdrawn` by the holder
 * (DPDP Act s.6(4)) or `expired` at the end of its validity. Rejected never changes again.
 */
export const CONSENT_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'withdrawn',
  'expired',
] as const;
export const consentStatusSchema = z.enum(CONSENT_STATUSES);
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

/**
 * One claim an OpenID4VP request asks for (DCQL claims query, OpenID4VP 1.0 section 6.3): its
 * claims path, the top-level claim name the holder ticks (`name`, e.g. 'date_of_birth'), its
 * label in English and Hindi (core's CLAIM_LABELS), whether the verifier requires it, and why
 * the verifier needs it in English and Hindi: the reason its registered purpose states for the
 * claim (DPDP Act s.5(1)); null when none was given (an unregistered verifier, or a purpose
 * that states none for it); absent in requests stored before reasons existed.
 */
export const presentationClaimSchema = z.object({
  path: z.array(z.union([z.string(), z.number(), z.null()])),
  name: z.string(),
  label: z.string(),
  label_hi: z.string(),
  required: z.boolean(),
  reason: z.string().nullable().optional(),
  reason_hi: z.string().nullable().optional(),
});
export type PresentationClaim = z.infer<typeof presentationClaimSchema>;

/**
 * One credential an OpenID4VP request asks for (DCQL credential query, section 6.1): the query
 * id (the key of its vp_token entry), the product's document type (null when the verifier asks
 * for a type this wallet does not issue), its name in English and Hindi (the vct itself when
 * unknown), whether this holder holds one (computed when read), whether it is required
 * (credential_sets, 6.2), and the claims asked for.
 */
export const presentationCredentialSchema = z.object({
  query_id: z.string(),
  document_type: z.string().nullable(),
  document_name: z.string(),
  document_name_hi: z.string(),
  held: z.boolean(),
  required: z.boolean(),
  claims: z.array(presentationClaimSchema),
  /**
   * Set when a credential the holder received from an issuer over OpenID4VCI answers this query
   * (OpenID4VP 1.0 section 6.4: its `vct` among the query's `meta.vct_values`, its format
   * `dc+sd-jwt` or `vc+sd-jwt`, the claims asked present): that credential's id and the
   * top-level claim names it can disclose. `document_name`, `document_name_hi` and each claim's
   * `label`, `label_hi` are then the credential's own display, kept at receipt (in the holder's
   * language then). Absent: the product's own document of `document_type` answers, if held.
   */
  received: z.object({ credential_id: z.string(), claims: z.array(z.string()) }).optional(),
  /**
   * Set when the held credential that answers this query was revoked or suspended by its issuer
   * (the wallet's last status check, SPEC 8): it cannot be presented, and the consent screen
   * shows it as unavailable with that reason. Computed when read, like `held`.
   */
  unavailable: z.enum(['revoked', 'suspended']).optional(),
});
export type PresentationCredential = z.infer<typeof presentationCredentialSchema>;

/**
 * A DCQL credential set of the request (OpenID4VP 1.0 section 6.2): options of credential query
 * ids, any one of which satisfies the set, the verifier's preference first; an optional set
 * (`required: false`) may go unanswered.
 */
export const presentationCredentialSetSchema = z.object({
  options: z.array(z.array(z.string())),
  required: z.boolean(),
});
export type PresentationCredentialSet = z.infer<typeof presentationCredentialSetSchema>;

/**
 * One credential as it was sent to the verifier (read from the approval's consent receipt,
 * which records the claims disclosed per credential): the credential query it answered (null
 * when it cannot be matched to one), its document type (null when unknown), its English name,
 * and the claims disclosed by name and English label. Never values.
 */
export const sentCredentialSchema = z.object({
  query_id: z.string().nullable(),
  document_type: z.string().nullable(),
  document_name: z.string(),
  claims: z.array(z.object({ name: z.string(), label: z.string() })),
});
export type SentCredential = z.infer<typeof sentCredentialSchema>;

/**
 * What a consent request made by an OpenID4VP 1.0 authorization request carries beyond SPEC 3
 * (issue 16, docs/oid4vp.md): the verifier (its name, whether it is a registered verifier
 * whose signature was checked, and its whole client_id), the purpose, how many days the
 * verifier keeps the data (null: not stated), its grievance contact when registered, when the
 * request expires (ISO 8601; past it the request cannot be approved) and the credentials asked.
 */
export const consentPresentationSchema = z.object({
  verifier: z.object({ name: z.string(), verified: z.boolean(), client_id: z.string() }),
  purpose: z.string(),
  retention_days: z.number().int().positive().nullable(),
  grievance_contact: z.string().nullable(),
  expires_at: z.string(),
  credentials: z.array(presentationCredentialSchema),
  /**
   * The request's DCQL credential_sets (section 6.2), as the wallet answers them
   * (chosenCredentialIds); absent when the request has none (every credential is asked for).
   */
  credential_sets: z.array(presentationCredentialSetSchema).optional(),
  /**
   * Once decided: exactly what was sent, from the approval's consent receipt (approved,
   * withdrawn, expired), or [] for a rejected request (nothing was sent). Absent while pending,
   * and when the approval recorded nothing to read.
   */
  sent: z.array(sentCredentialSchema).optional(),
  /**
   * One of SPEC 3's seeded requests made real (the product's own registered verifier, answered
   * in-process; docs/oid4vp.md "Seeded requests"): shown on the same card as any request, and
   * decided through SPEC 4's decision path (kept on the device and synced later when offline).
   */
  seeded: z.boolean().optional(),
});
export type ConsentPresentation = z.infer<typeof consentPresentationSchema>;

/** SPEC 3 Consent request: a data fiduciary (requester) asks the holder for fields. */
export const consentRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  requester: z.string(),
  purpose: z.string(),
  requested_at: z.string(),
  status: consentStatusSchema,
  fields: z.array(z.string()),
  status_updated_at: z.string().nullable(),
  status_updated_by: z.string().nullable(),
  last_viewed: z.string().nullable(),
  /**
   * Browser-only marker: true for a decision made while the API was unreachable and not yet
   * accepted by the server (made offline, waiting in the outbox). The server never sends it.
   */
  pending_sync: z.boolean().optional(),
  /** Only for a request that came as an OpenID4VP authorization request (issue 16). */
  presentation: consentPresentationSchema.optional(),
  /**
   * How many days an approval of this request stays valid (issue 17): the verifier's registered
   * retention for the purpose, else DEFAULT_CONSENT_VALIDITY_DAYS. Absent in old local copies.
   */
  validity_days: z.number().int().positive().optional(),
  /** ISO 8601: when the approved consent ends (approval + validity_days); null until approved. */
  valid_until: z.string().nullable().optional(),
  /** ISO 8601: when the holder withdrew it; null unless withdrawn. */
  withdrawn_at: z.string().nullable().optional(),
  /** Who withdrew it (the holder's user id); null unless withdrawn. */
  withdrawn_by: z.string().nullable().optional(),
  /** How many times the consent was used: a presentation verified, a share link opened under it. */
  uses: z.number().int().nonnegative().optional(),
  /** ISO 8601 of the last use; null when never used. */
  last_used_at: z.string().nullable().optional(),
  /**
   * Withdrawn only: when the verifier's copy held by this product was erased (the claims it
   * verified for this consent); null when none was held here.
   */
  verifier_erased_at: z.string().nullable().optional(),
  /**
   * Withdrawn only: the signed withdrawal notice to the verifier's notification URL and how its
   * delivery goes (retried with backoff); null when the verifier registered no notification URL.
   */
  withdrawal_notice: z
    .object({
      status: z.enum(['pending', 'delivered', 'failed']),
      attempts: z.number().int().nonnegative(),
      last_attempt_at: z.string().nullable(),
      next_attempt_at: z.string().nullable(),
      delivered_at: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type ConsentRequest = z.infer<typeof consentRequestSchema>;
export type WithdrawalNotice = NonNullable<ConsentRequest['withdrawal_notice']>;

/** SPEC 3 Activity log entry. */
export const activityLogSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: activityTypeSchema,
  description: z.string(),
  /**
   * What `description` says as a code and parameters (activity-messages.ts), for showing it in
   * the holder's language; absent or null for an entry without one (show `description`).
   */
  message_code: activityMessageCodeSchema.nullable().optional(),
  message_params: activityMessageParamsSchema.nullable().optional(),
  timestamp: z.string(),
  last_viewed: z.string().nullable(),
  /**
   * Who wrote the entry (ACTIVITY_WRITERS); every entry the API answers has it. Absent on an
   * entry kept only in this browser (written by the holder's app, not yet on the server).
   */
  written_by: activityWriterSchema.optional(),
  /** Browser-only marker: true for an entry kept locally while the API was unreachable. */
  pending_sync: z.boolean().optional(),
  /** The entry's place in the holder's hash chain (1, 2, ...); server entries only. */
  seq: z.number().int().positive().optional(),
  /** SHA-256 (hex) of the holder's previous entry (activityEntryHash); null for the first. */
  prev_hash: z.string().nullable().optional(),
  /** SHA-256 (hex) of this entry (activityEntryHash), what the next entry's prev_hash holds. */
  hash: z.string().optional(),
});
export type ActivityLog = z.infer<typeof activityLogSchema>;

/**
 * GET /user/{userId}/activity-logs/verify (issue 17): whether the holder's activity log is the
 * unbroken hash chain it was written as. `entries` is how many entries were checked;
 * `first_broken_id` the first (in chain order) whose stored hash, sequence or link to the
 * previous entry does not hold (an edited, inserted or deleted entry); null when intact.
 */
export const activityChainVerdictSchema = z.object({
  intact: z.boolean(),
  entries: z.number().int().nonnegative(),
  first_broken_id: z.string().nullable(),
});
export type ActivityChainVerdict = z.infer<typeof activityChainVerdictSchema>;

export const credentialListSchema = z.object({
  credentials: z.array(credentialRecordSchema),
  count: z.number().int(),
  user_id: z.string(),
});
export const consentRequestListSchema = z.object({
  consent_requests: z.array(consentRequestSchema),
  count: z.number().int(),
  user_id: z.string().optional(),
});
export const activityLogListSchema = z.object({
  activity_logs: z.array(activityLogSchema),
  count: z.number().int(),
  user_id: z.string().optional(),
});

/** The two holder decisions on a pending consent request (SPEC 4 Consent request status). */
export const CONSENT_DECISIONS = ['approve', 'reject'] as const;
export type ConsentDecision = (typeof CONSENT_DECISIONS)[number];

/**
 * Optional body of POST /user/{userId}/consent-requests/{id}/approve and .../reject:
 * `decided_at`, the instant the holder decided (ISO 8601 with a UTC offset, e.g. a decision made
 * offline and sent later by the outbox). The server keeps it as the decision time when it is not
 * after the server's now and not before the request was made; otherwise it uses its own time
 * (a device clock may be off; the decision itself stands). Any other key is refused.
 */
export const consentDecisionSchema = z.strictObject(
  {
    decided_at: z.iso
      .datetime({ offset: true, error: 'decided_at must be an ISO 8601 date and time' })
      .optional(),
    /**
     * Approve of an OpenID4VP request only: the claim names (presentation.credentials[].claims[]
     * .name) the holder left ticked. Required claims must be among them. Absent: every claim
     * shown. Ignored for a SPEC 3 request and for reject.
     */
    claims: z
      .array(z.string().min(1).max(100), { error: 'claims must be a list of claim names' })
      .max(100)
      .optional(),
    /**
     * The language the holder read the request in (BCP 47, e.g. 'hi'): the consent notice
     * language of the decision's receipt (ISO/IEC TS 27560). Absent: 'en'.
     */
    notice_language: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, {
        error: 'notice_language must be a language tag such as en or hi',
      })
      .max(35)
      .optional(),
  },
  // Never echoes the unknown key (it is the caller's input).
  { error: 'A decision takes no other field than decided_at, claims and notice_language' },
);
export type ConsentDecisionBody = z.infer<typeof consentDecisionSchema>;

/**
 * Answer of POST /user/{userId}/consent-requests/{id}/approve and .../reject (DECISIONS 6):
 * the decided request and the activity entry written for it.
 */
export const consentDecisionAnswerSchema = z.object({
  message: z.string(),
  consent_request: consentRequestSchema,
  activity_log: activityLogSchema,
  /**
   * Approve of an OpenID4VP request: where the verifier asks the holder's browser to continue
   * (OpenID4VP 1.0 section 8.2), when it named a safe one. Followed only when the holder chooses.
   */
  redirect_uri: z.string().optional(),
  /** The decision's consent receipt (issue 17): its id, public URL and signed document. */
  consent_receipt: consentReceiptRecordSchema.optional(),
});
export type ConsentDecisionAnswer = z.infer<typeof consentDecisionAnswerSchema>;

/**
 * Optional body of POST /user/{userId}/consent-requests/{id}/withdraw (issue 17): `withdrawn_at`,
 * when the holder withdrew (ISO 8601 with offset; e.g. withdrawn offline and sent later by the
 * outbox). Kept when it is neither after the server's now nor before the approval; otherwise the
 * server's time is used (the withdrawal stands either way). Any other key is refused.
 */
export const consentWithdrawalSchema = z.strictObject(
  {
    withdrawn_at: z.iso
      .datetime({ offset: true, error: 'withdrawn_at must be an ISO 8601 date and time' })
      .optional(),
  },
  { error: 'A withdrawal takes no other field than withdrawn_at' },
);
export type ConsentWithdrawalBody = z.infer<typeof consentWithdrawalSchema>;

/** Answer of POST /user/{userId}/consent-requests/{id}/withdraw: the consent and its log entry. */
export const consentWithdrawalAnswerSchema = z.object({
  message: z.string(),
  consent_request: consentRequestSchema,
  activity_log: activityLogSchema,
  /** The withdrawal's consent receipt (issue 17), signed by the consent registry. */
  consent_receipt: consentReceiptRecordSchema,
});
export type ConsentWithdrawalAnswer = z.infer<typeof consentWithdrawalAnswerSchema>;

/** Answer of POST /user/{userId}/consent-requests/reset: the holder's list after the reset. */
export const consentResetAnswerSchema = consentRequestListSchema.extend({ message: z.string() });

/**
 * The one type a holder may post to their own log (POST /user/{userId}/activity-logs): SPEC 2's
 * Add Test Log. Every other type records an event the server saw (a sign-in, a decision, a
 * share link, a security notice...) or, for a credential copied or downloaded on the device,
 * is written by the server from its own record of the credential
 * (HOLDER_CREDENTIAL_ACTIVITY_TYPES): a holder can never assert those in their own words.
 */
export const HOLDER_ACTIVITY_TYPES = ['test_manual'] as const satisfies readonly ActivityType[];
export type HolderActivityType = (typeof HOLDER_ACTIVITY_TYPES)[number];

/** Every type but HOLDER_ACTIVITY_TYPES: only the server writes them. */
export const SERVER_ACTIVITY_TYPES = ACTIVITY_TYPES.filter(
  (type): type is Exclude<ActivityType, HolderActivityType> =>
    !(HOLDER_ACTIVITY_TYPES as readonly string[]).includes(type),
);

/** True for a type a holder may post (HOLDER_ACTIVITY_TYPES). */
export function isHolderActivityType(type: string): type is HolderActivityType {
  return (HOLDER_ACTIVITY_TYPES as readonly string[]).includes(type);
}

/**
 * Body of POST /user/{userId}/activity-logs (DECISIONS 6): SPEC 2's Add Test Log. `type` must be
 * one of ACTIVITY_TYPES (else 400 'Unknown activity type'); the server then refuses any type but
 * `test_manual`, and any message code but `test_manual`, with 403 `activity_type_reserved`
 * (checked by the server so the answer says which type was refused). The description is what
 * the Activity Logs screen shows (1 to 500 characters).
 */
export const newActivityLogSchema = z.object({
  // Any known type passes here (with a short message for an unknown one), so that the server can
  // answer a known but reserved type with its own code.
  type: z.enum(ACTIVITY_TYPES, { error: 'Unknown activity type' }),
  description: z.string().trim().min(1).max(500),
  message_code: activityMessageCodeSchema.optional(),
  message_params: activityMessageParamsSchema.optional(),
});
export type NewActivityLog = z.infer<typeof newActivityLogSchema>;

/**
 * What the holder's app did with a credential on the device, which the server cannot see:
 * POST /user/{userId}/credentials/{credentialId}/activity records it, the server writing the
 * entry's text from its own record of the credential (`written_by: "holder"`).
 */
export const HOLDER_CREDENTIAL_ACTIVITY_TYPES = [
  'credential_copied',
  'credential_downloaded',
] as const satisfies readonly ActivityType[];
export type HolderCredentialActivityType = (typeof HOLDER_CREDENTIAL_ACTIVITY_TYPES)[number];

/** Body of POST /user/{userId}/credentials/{credentialId}/activity. */
export const credentialActivityBodySchema = z.strictObject(
  {
    type: z.enum(HOLDER_CREDENTIAL_ACTIVITY_TYPES, {
      error: 'type must be credential_copied or credential_downloaded',
    }),
  },
  { error: 'A credential activity takes no other field than type' },
);
export type CredentialActivityBody = z.infer<typeof credentialActivityBodySchema>;

/**
 * Body of POST /user/{userId}/credentials/{credentialId}/status-check (may be absent): `if_due`
 * checks only when the check is due (the list's ttl passed; a card being opened), else the
 * credential is checked now.
 */
export const statusCheckBodySchema = z.strictObject(
  { if_due: z.boolean().optional() },
  { error: 'A status check takes no other field than if_due' },
);
export type StatusCheckBody = z.infer<typeof statusCheckBodySchema>;

/** Answer of POST /user/{userId}/credentials/{credentialId}/status-check. */
export const statusCheckAnswerSchema = z.object({
  credential_id: z.string(),
  status: credentialStatusRecordSchema,
});
export type StatusCheckAnswer = z.infer<typeof statusCheckAnswerSchema>;

/** Answer of POST /user/{userId}/activity-logs and .../credentials/{credentialId}/activity. */
export const activityLogAnswerSchema = z.object({
  message: z.string(),
  activity_log: activityLogSchema,
});

/** The three kinds of holder items that carry a seen-state (SPEC 4 Notification seen-state). */
export const SEEN_KINDS = ['credentials', 'consent_requests', 'activity_logs'] as const;
export const seenKindSchema = z.enum(SEEN_KINDS);
export type SeenKind = z.infer<typeof seenKindSchema>;

/**
 * Body of POST /user/{userId}/seen: stamps last_viewed = now on every item of the given kinds
 * (visiting /credentials, /consent or /logs sends one kind; Clear All sends all three).
 */
export const markSeenSchema = z.object({
  kinds: z
    .array(seenKindSchema)
    .min(1)
    .max(SEEN_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, 'kinds must not repeat'),
});
export type MarkSeen = z.infer<typeof markSeenSchema>;

/** Answer of POST /user/{userId}/seen: the kinds stamped and the instant written. */
export const markSeenAnswerSchema = z.object({
  kinds: z.array(seenKindSchema),
  last_viewed: z.string(),
});

/** GET /health (SPEC 7). */
export const healthSchema = z.object({
  status: z.string(),
  storage_backend: z.object({ type: z.string(), connected: z.boolean() }),
  mongodb_enabled: z.boolean(),
  version: z.string().optional(),
  timestamp: z.string().optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /storage/status (SPEC 7): stats.collections maps a table name to its row count. */
export const storageStatusSchema = z.object({
  type: z.string(),
  connected: z.boolean(),
  database: z.string(),
  stats: z.object({ collections: z.record(z.string(), z.number().int()) }),
});
export type StorageStatus = z.infer<typeof storageStatusSchema>;

/**
 * Body of POST /user/{userId}/presentation-requests (issue 16): a verifier's link as the holder
 * got it: an `openid4vp://` URL, a `/present?...` link on any host, or the bare query.
 */
export const presentationLinkSchema = z.strictObject(
  { link: z.string({ error: 'link is required' }).min(1, 'link is required').max(16384) },
  { error: 'A presentation request takes only link' },
);
export type PresentationLinkBody = z.infer<typeof presentationLinkSchema>;

/** Answer of POST /user/{userId}/presentation-requests: the new pending consent request. */
export const presentationRequestAnswerSchema = z.object({
  message: z.string(),
  consent_request: consentRequestSchema,
});
export type PresentationRequestAnswer = z.infer<typeof presentationRequestAnswerSchema>;
