/**
 * Pure rules of the Profile screen (SPEC 2 /profile, SPEC 3, 5, 9): the sample profile
 * shown when nothing loads, the stat figures, the recent activity, a Save kept on this device,
 * and which identity documents the holder holds as credentials. No storage, no network, no React.
 */
import {
  type ActivityLog,
  type ConsentRequest,
  type CredentialRecord,
  credentialDisplayStatus,
  type IdentityDocuments,
  maskAadhaar,
  maskField,
  normalizeProfileInput,
  type Profile,
  type ProfileInput,
  SAMPLE_USERS,
} from '@pehchaan/core';

/**
 * SPEC 1 / 8 style fallback: the sample holder `userId` (user-001 ... user-010) as a profile,
 * identity numbers masked; null for any other id.
 */
export function sampleProfile(userId: string): Profile | null {
  const user = SAMPLE_USERS.find((u) => u.id === userId);
  if (!user) return null;
  const mask = (field: string, value: string) => String(maskField(field, value));
  return {
    user_id: user.id,
    display_name: null,
    email: user.email,
    username: null,
    bio: null,
    name: user.name,
    phone: user.phone,
    dob: user.dateOfBirth,
    gender: user.gender,
    address: user.address,
    // Sample data: no credential is known to vouch for any of it.
    identity_sources: { name: null, phone: null, dob: null, gender: null, address: null },
    is_verified: false,
    member_since: new Date(0).toISOString(),
    updated_at: null,
    identity_documents: {
      aadhaar_number: maskAadhaar(user.aadhaarId),
      pan_number: mask('pan_number', user.panNumber),
      voter_id: mask('voter_id', user.voterId),
      driving_license: mask('driving_license', user.drivingLicense),
      passport_number: mask('passport_number', user.passportNumber),
      ckyc_number: mask('ckyc_number', user.ckycNumber),
    },
  };
}

/**
 * The profile after a Save made on this device: the normalised contact fields, marked not yet
 * synced (the identity fields are the credentials' and stay).
 */
export function applyLocalUpdate(profile: Profile, input: ProfileInput, now: Date): Profile {
  const next = normalizeProfileInput(input);
  return {
    ...profile,
    display_name: next.display_name || null,
    email: next.email,
    username: next.username || null,
    bio: next.bio || null,
    updated_at: now.toISOString(),
    pending_sync: true,
  };
}

export interface ProfileLists {
  credentials: readonly CredentialRecord[];
  consentRequests: readonly ConsentRequest[];
  activityLogs: readonly ActivityLog[];
}

export interface ProfileStats {
  /** Credentials that are not expired. */
  activeCredentials: number;
  pendingConsents: number;
  approvedConsents: number;
  /** Every activity entry. */
  activities: number;
}

export function computeProfileStats(lists: ProfileLists, now: number = Date.now()): ProfileStats {
  return {
    activeCredentials: lists.credentials.filter(
      (c) => credentialDisplayStatus(c, now) !== 'expired',
    ).length,
    pendingConsents: lists.consentRequests.filter((r) => r.status === 'pending').length,
    approvedConsents: lists.consentRequests.filter((r) => r.status === 'approved').length,
    activities: lists.activityLogs.length,
  };
}

/** The `limit` newest entries, newest first. */
export function recentActivity(logs: readonly ActivityLog[], limit = 5): ActivityLog[] {
  const time = (log: ActivityLog) => {
    const ms = Date.parse(log.timestamp);
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return [...logs].sort((a, b) => time(b) - time(a)).slice(0, limit);
}

/** The identity documents in the order the screen lists them, with their SPEC 3 document type. */
export const IDENTITY_DOCUMENTS = [
  ['aadhaar_number', 'Aadhaar Card'],
  ['pan_number', 'PAN Card'],
  ['voter_id', 'Voter ID Card'],
  ['driving_license', 'Driving License'],
  ['passport_number', 'Passport'],
  ['ckyc_number', 'CKYC Number'],
] as const satisfies readonly (readonly [keyof IdentityDocuments, string])[];

/** The document types (credential_subject.document_type) of the holder's credentials. */
export function heldDocumentTypes(credentials: readonly CredentialRecord[]): Set<string> {
  return new Set(credentials.map((c) => c.credential_subject.document_type));
}
