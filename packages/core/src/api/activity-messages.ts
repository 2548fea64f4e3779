/**
 * What an activity log entry says, as a stable code with parameters (issue 19: the holder reads
 * the log in their language). The server stores SPEC 3's `description` as before, in English
 * (SPEC 4's 'Approved consent request from {requester} for {purpose}' and the others), and beside
 * it `message_code` and `message_params`; a screen shows the code's text in the holder's language
 * (apps/web locales `activity.messages`) and falls back to `description` for an entry without a
 * code (older entries, or events that have none).
 *
 * `describeActivity` writes the English description of a code, so the two never disagree.
 * Parameters are codes or names, never translated texts: `document_type` is a catalogue key
 * (documents/catalogue.ts), `fields` a comma-separated list of profile field names, `requester`
 * the data fiduciary's name, `purpose` the purpose as the request states it (English), `date` a
 * day as YYYY-MM-DD; for the settings that act, `device` the device's name ('Chrome on Linux'),
 * `name` a passkey's name, `factors` the second factors of a sign-in ('passkey,password', core's
 * USED_SECOND_FACTORS: 'recovery_code' where a recovery code stood in for the passkey), `count`
 * the recovery codes made or left; for share links, `claims` the disclosed claim names
 * ('name,date_of_birth', CLAIM_LABELS keys), `until` the instant a link ends (ISO 8601) and
 * `count` a view limit; a revealed identity number names its `claim` (a CLAIM_LABELS key).
 * Grievances and erasure requests name the organisation as `requester` and the consent's
 * `purpose`. A credential offer and a received credential name the issuer by its display name as
 * `issuer`; a received credential's `document_type` is a catalogue key or its display name.
 */
import { CLAIM_LABELS, DOCUMENT_TYPE_LABELS } from '../documents/labels';
import type { ActivityMessageCode, ActivityMessageParams } from './activity-message-codes';
import {
  LOGGED_PROFILE_FIELDS,
  type LoggedProfileField,
  profileUpdatedDescription,
} from './profile';
import { USED_SECOND_FACTORS, type UsedSecondFactor } from './security';

export interface ActivityMessage {
  code: ActivityMessageCode;
  params?: ActivityMessageParams;
}

/** The English name of a document type key, or the value itself when it is not a key. */
function documentName(value: unknown): string {
  const key = String(value ?? '');
  return DOCUMENT_TYPE_LABELS[key as keyof typeof DOCUMENT_TYPE_LABELS]?.name.en ?? key;
}

/**
 * The English text of a status change ('Aadhaar Card was revoked by its issuer'); also the
 * bell's wording of it.
 */
export function credentialStatusChangedText(document: string, status: unknown): string {
  switch (status) {
    case 'revoked':
      return `${document} was revoked by its issuer`;
    case 'suspended':
      return `${document} was suspended by its issuer`;
    case 'valid':
      return `${document} is valid again`;
    default:
      return `The status of ${document} could not be checked`;
  }
}

/** 'name,date_of_birth' -> the claim names it lists ('claims' parameter of share_created). */
export function claimsParam(value: unknown): string[] {
  return String(value ?? '')
    .split(',')
    .filter((claim) => claim !== '');
}

/** 'Name, Date of Birth': the English labels of the claims (the key itself when unknown). */
function claimNames(value: unknown): string {
  return claimsParam(value)
    .map((claim) => CLAIM_LABELS[claim]?.en ?? claim)
    .join(', ');
}

/** An ISO 8601 instant as the English log writes it: '2025-06-08 10:00 UTC'. */
export function englishInstant(value: unknown): string {
  const at = new Date(String(value ?? ''));
  if (Number.isNaN(at.getTime())) return String(value ?? '');
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * 'display_name,bio' -> the profile fields it names ('fields' parameter of profile_updated), in
 * screen order; also the identity fields older entries name ('name,dob', from before they came
 * from the credentials only).
 */
export function profileFieldsParam(value: unknown): LoggedProfileField[] {
  const names = String(value ?? '').split(',');
  return LOGGED_PROFILE_FIELDS.filter((field) => names.includes(field));
}

/**
 * 'passkey,password' -> the second factors it names ('factors' parameter of the logins): the
 * factors a sign-in used, a recovery code where it stood in for the passkey.
 */
export function secondFactorsParam(value: unknown): UsedSecondFactor[] {
  const names = String(value ?? '').split(',');
  return USED_SECOND_FACTORS.filter((factor) => names.includes(factor));
}

/** How the English log names each second factor ('Logged in with OTP, a passkey'). */
const FACTOR_NAMES: Record<UsedSecondFactor, string> = {
  passkey: 'a passkey',
  recovery_code: 'a recovery code',
  password: 'the account password',
};

/** 'a passkey and the account password' for the `factors` parameter. */
function factorNames(value: unknown): string {
  return secondFactorsParam(value)
    .map((factor) => FACTOR_NAMES[factor])
    .join(' and ');
}

/**
 * The English description of a message (SPEC 3 `description`), exactly the texts the server
 * wrote before codes existed.
 */
export function describeActivity(message: ActivityMessage): string {
  const p = message.params ?? {};
  switch (message.code) {
    case 'login_demo':
      return 'Logged in with demo credentials';
    case 'login_otp':
      return 'Logged in with OTP';
    case 'logout':
      return 'Logged out';
    case 'session_revoked':
      return 'Signed out a session';
    case 'other_sessions_revoked':
      return p.count === 1 ? 'Signed out 1 other session' : `Signed out ${p.count} other sessions`;
    case 'credential_generated':
      return `Generated ${documentName(p.document_type)} credential`;
    case 'basic_identity_created':
      return 'Basic Identity credential created';
    case 'credential_deleted':
      return `Deleted ${documentName(p.document_type)} credential`;
    case 'credential_shared':
      return `Shared ${documentName(p.document_type)}`;
    case 'credential_copied':
      return `Copied ${documentName(p.document_type)} as JSON`;
    case 'credential_downloaded':
      return `Downloaded ${documentName(p.document_type)}`;
    case 'share_viewed':
      return `Your ${documentName(p.document_type)} link was viewed`;
    case 'consent_approved':
      return `Approved consent request from ${p.requester} for ${p.purpose}`;
    case 'consent_rejected':
      return `Rejected consent request from ${p.requester} for ${p.purpose}`;
    case 'profile_updated':
      return profileUpdatedDescription(profileFieldsParam(p.fields));
    case 'test_manual':
      return 'Test log entry added manually';
    case 'login_demo_second_factor':
      return `Logged in with demo credentials, ${factorNames(p.factors)}`;
    case 'login_otp_second_factor':
      return `Logged in with OTP, ${factorNames(p.factors)}`;
    case 'sessions_revoked_for_deletion':
      return 'Signed out everywhere: account deletion requested';
    case 'new_device_login':
      return `New sign-in on ${p.device}`;
    case 'wrong_password_after_otp':
      return 'Sign-in stopped: right OTP, wrong account password';
    case 'passkey_failed_after_otp':
      return 'Sign-in stopped: right OTP, passkey not verified';
    case 'password_set':
      return 'Account password set';
    case 'password_changed':
      return 'Account password changed';
    case 'password_removed':
      return 'Account password removed';
    case 'passkey_added':
      return `Passkey added: ${p.name}`;
    case 'passkey_removed':
      return `Passkey removed: ${p.name}`;
    case 'account_deletion_requested':
      return `Account deletion requested: erasure on ${p.date} unless you sign in before`;
    case 'account_deletion_cancelled':
      return 'Account deletion cancelled by signing in';
    case 'backup_created':
      return 'Encrypted backup made';
    case 'backup_restored':
      return `Restored from an encrypted backup: ${p.count} credential${p.count === 1 ? '' : 's'} and the settings`;
    case 'consent_withdrawn':
      return `Withdrew consent from ${p.requester} for ${p.purpose}`;
    case 'consent_expired':
      return `Consent to ${p.requester} for ${p.purpose} expired`;
    case 'consent_expiring':
      return `Consent to ${p.requester} for ${p.purpose} expires on ${p.date}`;
    case 'withdrawal_delivered':
      return `Withdrawal notice delivered to ${p.requester}`;
    case 'withdrawal_undelivered':
      return `Withdrawal notice could not be delivered to ${p.requester}`;
    case 'share_created':
      return `Made a share link to your ${documentName(p.document_type)} showing ${claimNames(p.claims)}, valid until ${englishInstant(p.until)}`;
    case 'share_withdrawn':
      return `Withdrew a share link to your ${documentName(p.document_type)}`;
    case 'share_expired':
      return `A share link to your ${documentName(p.document_type)} expired`;
    case 'share_used_up':
      return p.count === 1
        ? `A share link to your ${documentName(p.document_type)} had its only allowed view`
        : `A share link to your ${documentName(p.document_type)} had its last allowed view (${p.count} views)`;
    case 'grievance_sent':
      return `Sent a grievance to ${p.requester} about ${p.purpose}`;
    case 'grievance_resolved':
      return `${p.requester} resolved your grievance about ${p.purpose}`;
    case 'erasure_requested':
      return `Asked ${p.requester} to erase your data held for ${p.purpose}`;
    case 'erasure_resolved':
      return `${p.requester} resolved your erasure request about ${p.purpose}`;
    case 'credential_field_revealed':
      return `Revealed ${claimNames(p.claim)} on your ${documentName(p.document_type)}`;
    case 'credential_link_viewed':
      return `The public verify link of your ${documentName(p.document_type)} was viewed`;
    case 'recovery_codes_generated':
      return `Made ${p.count} new recovery codes; the earlier ones no longer work`;
    case 'recovery_code_used':
      return p.count === 1
        ? 'Signed in with a recovery code: 1 code left'
        : `Signed in with a recovery code: ${p.count} codes left`;
    case 'recovery_code_failed_after_otp':
      return 'Sign-in stopped: right OTP, recovery code not valid';
    case 'credential_offer_received':
      return `Received a credential offer from ${p.issuer}`;
    case 'credential_received':
      return `Received ${documentName(p.document_type)} credential from ${p.issuer}`;
    case 'credential_status_changed':
      return credentialStatusChangedText(documentName(p.document_type), p.status);
    case 'offline_qr_shown':
      return `Showed an offline QR code of your ${documentName(p.document_type)} with ${claimNames(p.claims)}`;
    case 'offline_qr_printed':
      return `Made a printable offline QR code of your ${documentName(p.document_type)} with ${claimNames(p.claims)}`;
  }
}
