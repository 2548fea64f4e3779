/**
 * Row -> API record mappers: each database row becomes the record shape of core's schemas
 * (SPEC 3, docs/api-contract.md): snake_case fields, ISO 8601 strings, null for unset instants.
 */
import {
  type ActivityLog,
  activityMessageCodeSchema,
  activityTypeSchema,
  activityWriterSchema,
  type ConsentPresentation,
  type ConsentReceiptEvent,
  type ConsentReceiptRecord,
  type ConsentRequest,
  type CredentialRecord,
  type CredentialStatusRecord,
  consentReceiptUrl,
  consentStatusSchema,
  consentValidityDays,
  credentialRecordFromDocument,
  credentialStatusValueSchema,
  GENDERS,
  getDocumentType,
  identityFromCredentials,
  maskField,
  type Profile,
  type SampleUser,
  type SessionUser,
  type ShareRecord,
  sampleUserSchema,
  shareStatusOf,
  type VerifiableCredential,
  verifiableCredentialSchema,
  type WithdrawalNotice,
  withSentClaims,
} from '@pehchaan/core';
import type {
  ActivityLogRow,
  ConsentReceiptRow,
  ConsentRequestRow,
  CredentialRow,
  ShareRow,
  UserRow,
  WithdrawalNoticeRow,
} from '../db/schema';
import type { Vault } from './vault';

/** AAD of a user's Aadhaar ciphertext: binds it to the user row. */
export const aadhaarAad = (userId: string) => `aadhaar:${userId}`;
/** AAD of a credential's document ciphertext: binds it to the credential row. */
export const credentialAad = (credentialId: string) => `credential:${credentialId}`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A credential row's status as the wallet last saw it (contract of CredentialRecord.status):
 * { value, checked_at } from the row's status_value and status_checked_at; a stored value outside
 * core's CREDENTIAL_STATUS_VALUES reads as 'unknown'.
 */
export function credentialStatusOfRow(row: {
  statusValue: string;
  statusCheckedAt: Date | null;
}): CredentialStatusRecord {
  return {
    value: credentialStatusValueSchema.catch('unknown').parse(row.statusValue),
    checked_at: iso(row.statusCheckedAt),
  };
}

/**
 * The stored (signed) VC document of a credential row, decrypted, exactly as issued: what
 * verification and Download JSON use.
 * @throws when the ciphertext does not decrypt under the vault's key or is not JSON.
 */
export function readCredentialDocument(row: CredentialRow, vault: Vault): unknown {
  return JSON.parse(vault.decrypt(row.documentCiphertext, credentialAad(row.id)));
}

/**
 * The screen record of a credential row: decrypts the stored VC document and derives the record
 * from it (DECISIONS 4: the record is a view of the document, never a second truth).
 * @throws when the ciphertext does not decrypt under the vault's key or the document is invalid.
 */
export function toCredentialRecord(row: CredentialRow, vault: Vault): CredentialRecord {
  return toCredentialRecordFromDocument(
    row,
    verifiableCredentialSchema.parse(readCredentialDocument(row, vault)),
  );
}

/**
 * The screen record of a row whose document is already decrypted and parsed, with whether its
 * bare link answers (`public_link`). The subject as issued: a caller that answers it to the
 * holder's list masks it (wallet/list-credentials.ts).
 */
export function toCredentialRecordFromDocument(
  row: CredentialRow,
  document: VerifiableCredential,
): CredentialRecord {
  return {
    ...credentialRecordFromDocument(document, {
      id: row.id,
      userId: row.userId,
      permanent: row.permanent,
      lastViewed: row.lastViewed,
      position: row.position,
      status: credentialStatusOfRow(row),
    }),
    public_link: row.publicLink,
  };
}

/** What a withdrawn consent's record shows beyond its row (issue 17). */
export interface ConsentEnding {
  /** Its withdrawal notice's outbox row; null/absent when the verifier has no notification URL. */
  notice?: Pick<
    WithdrawalNoticeRow,
    'status' | 'attempts' | 'lastAttemptAt' | 'nextAttemptAt' | 'deliveredAt'
  > | null;
  /** When the product-hosted verifier erased its claims; null/absent when it held none. */
  verifierErasedAt?: Date | null;
}

/** The holder-facing state of a withdrawal notice's delivery. */
function noticeRecord(notice: NonNullable<ConsentEnding['notice']>): WithdrawalNotice {
  const status =
    notice.status === 'delivered' || notice.status === 'failed' ? notice.status : 'pending';
  return {
    status,
    attempts: notice.attempts,
    last_attempt_at: iso(notice.lastAttemptAt),
    next_attempt_at: status === 'pending' ? iso(notice.nextAttemptAt) : null,
    delivered_at: iso(notice.deliveredAt),
  };
}

/**
 * SPEC 3 consent request record, with its OpenID4VP `presentation` when it came as a
 * verifier's authorization request (issue 16), and its validity, uses and, once withdrawn, the
 * verifier's erasure and the notice's delivery (issue 17). Once decided, the presentation says
 * what was sent (`presentation.sent`, core's withSentClaims): read from `receipt`, a consent
 * receipt document of the approval (or of its withdrawal or expiry, which repeat its items);
 * nothing for a rejected request.
 * @throws for a status outside core's CONSENT_STATUSES.
 */
export function toConsentRequest(
  row: ConsentRequestRow,
  presentation?: ConsentPresentation,
  ending: ConsentEnding = {},
  receipt?: unknown,
): ConsentRequest {
  return withSentClaims(consentRecordOf(row, presentation, ending), receipt);
}

function consentRecordOf(
  row: ConsentRequestRow,
  presentation: ConsentPresentation | undefined,
  ending: ConsentEnding,
): ConsentRequest {
  const withdrawn = row.status === 'withdrawn';
  return {
    id: row.id,
    userId: row.userId,
    requester: row.requester,
    purpose: row.purpose,
    requested_at: row.requestedAt.toISOString(),
    status: consentStatusSchema.parse(row.status),
    fields: [...row.fields],
    status_updated_at: iso(row.statusUpdatedAt),
    status_updated_by: row.statusUpdatedBy,
    last_viewed: iso(row.lastViewed),
    ...(presentation ? { presentation } : {}),
    validity_days: consentValidityDays(row, presentation),
    valid_until: iso(row.validUntil),
    withdrawn_at: iso(row.withdrawnAt),
    withdrawn_by: row.withdrawnBy,
    uses: row.uses,
    last_used_at: iso(row.lastUsedAt),
    ...(withdrawn
      ? {
          verifier_erased_at: iso(ending.verifierErasedAt ?? null),
          withdrawal_notice: ending.notice ? noticeRecord(ending.notice) : null,
        }
      : {}),
  };
}

/** SPEC 3 activity log record. @throws for a type outside core's ACTIVITY_TYPES. */
export function toActivityLog(row: ActivityLogRow): ActivityLog {
  return {
    id: row.id,
    userId: row.userId,
    type: activityTypeSchema.parse(row.type),
    description: row.description,
    ...messageOf(row),
    timestamp: row.timestamp.toISOString(),
    last_viewed: iso(row.lastViewed),
    written_by: activityWriterSchema.parse(row.writtenBy),
    ...(row.seq !== null && row.hash !== null
      ? { seq: row.seq, prev_hash: row.prevHash, hash: row.hash }
      : {}),
  };
}

/** The entry's message code and parameters when it has a code this version knows. */
function messageOf(row: ActivityLogRow): Pick<ActivityLog, 'message_code' | 'message_params'> {
  const code = activityMessageCodeSchema.safeParse(row.messageCode);
  if (!code.success) return {};
  return { message_code: code.data, message_params: row.messageParams ?? {} };
}

/**
 * The full holder record (SPEC 3 User, camelCase) with the Aadhaar number decrypted, as core's
 * buildCredentialSubject needs it. Keep it in memory only; never log or return it whole.
 */
export function toSampleUser(row: UserRow, vault: Vault): SampleUser {
  return sampleUserSchema.parse({
    id: row.id,
    name: row.name,
    aadhaarId: vault.decrypt(row.aadhaarCiphertext, aadhaarAad(row.id)),
    phone: row.phone,
    email: row.email,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    address: row.address,
    ckycNumber: row.ckycNumber,
    panNumber: row.panNumber,
    voterId: row.voterId,
    drivingLicense: row.drivingLicense,
    passportNumber: row.passportNumber,
    placeOfBirth: row.placeOfBirth,
    fatherName: row.fatherName,
    motherName: row.motherName,
    birthRegistrationNumber: row.birthRegistrationNumber,
    tenthRollNumber: row.tenthRollNumber,
    twelfthRollNumber: row.twelfthRollNumber,
    constituency: row.constituency,
    isVerified: row.isVerified,
    profilePhoto: row.profilePhoto,
  });
}

/** The masked Aadhaar form of core's maskAadhaar ("XXXX XXXX 0125"), from the stored last 4. */
export function maskedAadhaarFromLast4(last4: string): string {
  return `XXXX XXXX ${last4}`;
}

/**
 * The signed-in user of the login and session answers (api-contract): the Aadhaar masked; a
 * demo session is named 'Demo User' with type 'demo' (SPEC 3 "Signed-in user record").
 */
export function toSessionUser(row: UserRow, kind: 'demo' | 'user'): SessionUser {
  return {
    id: row.id,
    name: kind === 'demo' ? 'Demo User' : row.name,
    aadhaarId: maskedAadhaarFromLast4(row.aadhaarLast4),
    phone: row.phone,
    type: kind,
  };
}

/**
 * The profile record of GET/PUT /user/{userId}/profile (issue 19): the contact fields; the
 * identity fields as the holder's credentials state them, each with the credential vouching for
 * it (core's identityFromCredentials; the registration record where none does); and the identity
 * numbers masked for display (SPEC 5; the Aadhaar from its stored last 4 digits, never
 * decrypted for this).
 * @param credentials the holder's credential records.
 * @param now the instant credential expiry is judged at.
 * @throws for a stored gender outside Male/Female/Other (the seed and every write forbid it).
 */
export function toProfile(
  row: UserRow,
  credentials: readonly CredentialRecord[],
  now: Date,
): Profile {
  const gender = GENDERS.find((g) => g === row.gender);
  if (!gender) throw new Error(`Stored gender of ${row.id} is not one of ${GENDERS.join(', ')}`);
  const mask = (field: string, value: string) => String(maskField(field, value));
  const identity = identityFromCredentials(
    credentials,
    { name: row.name, phone: row.phone, dob: row.dateOfBirth, gender, address: row.address },
    now.getTime(),
  );
  return {
    user_id: row.id,
    display_name: row.displayName,
    email: row.email,
    username: row.username,
    bio: row.bio,
    ...identity.values,
    identity_sources: identity.sources,
    is_verified: identity.verified,
    member_since: row.createdAt.toISOString(),
    updated_at: iso(row.profileUpdatedAt),
    identity_documents: {
      aadhaar_number: maskedAadhaarFromLast4(row.aadhaarLast4),
      pan_number: mask('pan_number', row.panNumber),
      voter_id: mask('voter_id', row.voterId),
      driving_license: mask('driving_license', row.drivingLicense),
      passport_number: mask('passport_number', row.passportNumber),
      ckyc_number: mask('ckyc_number', row.ckycNumber),
    },
  };
}

/** The public link of a share: `${publicOrigin}/verify/${shareId}` (docs/api-contract.md). */
export function shareUrl(publicOrigin: string, shareId: string): string {
  return `${publicOrigin.replace(/\/+$/, '')}/verify/${encodeURIComponent(shareId)}`;
}

/**
 * A share row as its holder sees it, with its status at `now` (core's shareStatusOf).
 * @param documentType the credential's catalogue key ('pan'); shown by its display name.
 */
export function toShareRecord(
  row: ShareRow,
  documentType: string,
  publicOrigin: string,
  now: Date,
): ShareRecord {
  const record = {
    id: row.id,
    credential_id: row.credentialId,
    document_type: getDocumentType(documentType)?.name ?? documentType,
    url: shareUrl(publicOrigin, row.id),
    fields: row.fields,
    full_values: row.fullValues,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    max_views: row.maxViews,
    views: row.views,
    withdrawn_at: iso(row.withdrawnAt),
    consent_request_id: row.consentRequestId,
  };
  return { ...record, status: shareStatusOf(record, now.getTime()) };
}

/** The record of a stored receipt (also used by the lists). */
export function consentReceiptRecordOf(
  row: ConsentReceiptRow,
  publicOrigin: string,
): ConsentReceiptRecord {
  return {
    id: row.id,
    consent_request_id: row.consentRequestId,
    event: row.event as ConsentReceiptEvent,
    data_fiduciary: row.dataFiduciary,
    verifier_id: row.verifierId,
    issued_at: row.issuedAt.toISOString(),
    url: consentReceiptUrl(publicOrigin, row.id),
    presentation_sha256: row.presentationSha256,
    receipt: row.document,
  };
}
