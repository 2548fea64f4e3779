/**
 * The codes and parameter schema of activity log messages (activity-messages.ts says what each
 * means). A module of its own, with no imports but zod, so that records.ts can use it.
 */
import { z } from 'zod';

export const ACTIVITY_MESSAGE_CODES = [
  'login_demo',
  'login_otp',
  'logout',
  'session_revoked',
  'other_sessions_revoked',
  'credential_generated',
  'basic_identity_created',
  'credential_deleted',
  'credential_shared',
  'credential_copied',
  'credential_downloaded',
  'share_viewed',
  'consent_approved',
  'consent_rejected',
  'profile_updated',
  'test_manual',
  // The settings that act (issue 19, docs/requirements.md D8).
  'login_demo_second_factor',
  'login_otp_second_factor',
  'sessions_revoked_for_deletion',
  'new_device_login',
  'wrong_password_after_otp',
  'passkey_failed_after_otp',
  'password_set',
  'password_changed',
  'password_removed',
  'passkey_added',
  'passkey_removed',
  'account_deletion_requested',
  'account_deletion_cancelled',
  'backup_created',
  'backup_restored',
  // Issue 17: the consent's later states and the verifier's notice (params: requester, purpose;
  // consent_expiring also date, the consent's last day as YYYY-MM-DD).
  'consent_withdrawn',
  'consent_expired',
  'consent_expiring',
  'withdrawal_delivered',
  'withdrawal_undelivered',
  // Share links and the holder's rights requests (activity-messages.ts says the parameters).
  'share_created',
  'share_withdrawn',
  'share_expired',
  'share_used_up',
  'grievance_sent',
  'grievance_resolved',
  'erasure_requested',
  'erasure_resolved',
  // DECISIONS 9.6: the holder revealed an identity number (params document_type, claim); a
  // stranger opened a credential's bare link /verify/{credentialId} (params document_type).
  'credential_field_revealed',
  'credential_link_viewed',
  // Recovery codes (api/security.ts; params: count, the codes made or still unused).
  'recovery_codes_generated',
  'recovery_code_used',
  'recovery_code_failed_after_otp',
  // OpenID4VCI (api/credential-offers.ts; params: issuer, the issuer's display name; a received
  // credential also document_type, its display name or catalogue key).
  'credential_offer_received',
  'credential_received',
  // SPEC 8 status lists: a credential's status at its issuer changed (params: document_type, a
  // catalogue key or a received credential's display name; status, the new CredentialStatusValue).
  'credential_status_changed',
  // The offline QR (api/offline-presentation.ts; params: document_type, claims as in share_created).
  'offline_qr_shown',
  'offline_qr_printed',
] as const;
/** A message code; an unknown one is refused with a short message (the list grows). */
export const activityMessageCodeSchema = z.enum(ACTIVITY_MESSAGE_CODES, {
  error: 'Unknown activity message code',
});
export type ActivityMessageCode = z.infer<typeof activityMessageCodeSchema>;

/** Parameters of a message: short strings and counts only. */
export const activityMessageParamsSchema = z.record(
  z.string().regex(/^[a-z_]{1,32}$/),
  z.union([
    z.string().max(500),
    z.number().int({ error: 'Expected a whole number' }).min(0).max(1_000_000_000),
  ]),
);
export type ActivityMessageParams = z.infer<typeof activityMessageParamsSchema>;
