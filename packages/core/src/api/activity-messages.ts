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
 * day as YYYY-MM-DD.
 */
import { DOCUMENT_TYPE_LABELS } from '../documents/labels';
import type { ActivityMessageCode, ActivityMessageParams } from './activity-message-codes';
import {
  LOGGED_PROFILE_FIELDS,
  type LoggedProfileField,
  profileUpdatedDescription,
} from './profile';

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
 * 'display_name,bio' -> the profile fields it names ('fields' parameter of profile_updated), in
 * screen order; also the identity fields older entries name ('name,dob', from before they came
 * from the credentials only).
 */
export function profileFieldsParam(value: unknown): LoggedProfileField[] {
  const names = String(value ?? '').split(',');
  return LOGGED_PROFILE_FIELDS.filter((field) => names.includes(field));
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
  }
}
