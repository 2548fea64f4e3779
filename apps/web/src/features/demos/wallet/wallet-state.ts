/**
 * The rules of the digital wallet demo (SPEC 3 "Wallet document", "Wallet consent request",
 * "Wallet profile", "Document item"; SPEC 4 "Wallet demo"; SPEC 9 data score bands and sample
 * validity). Pure functions over plain data: the page keeps the state in React, nothing is sent
 * or stored anywhere (SPEC 7: the demos make no network calls).
 *
 * Consent transitions (SPEC 4 leaves the buttons' behaviour open; settled here):
 * - Approve: pending -> approved, stamped `approvedDate` = now and `expiresOn` = now + 6 months
 *   (SPEC 9: approved consents run about 6 months).
 * - Reject: pending -> declined, stamped `declinedDate` = now, no reason (the holder gave none).
 * - Revoke: approved -> declined, stamped `declinedDate` = now with reason 'revoked'. The demo has
 *   only the three statuses of SPEC 4 (pending, approved, declined) and three tabs, so a revoked
 *   consent is a declined one whose reason says it was revoked; the Declined tab shows it as
 *   'Revoked on {date}'. Its approval stamps are dropped: access ends with the revocation.
 * Any other move (approving a declined item, revoking a pending one, an unknown id) changes
 * nothing and returns the same array.
 */

export const CONSENT_STATUSES = ['pending', 'approved', 'declined'] as const;
export type WalletConsentStatus = (typeof CONSENT_STATUSES)[number];

/** SPEC 9: approved consents run about 6 months to expiry. */
export const APPROVAL_VALIDITY_MONTHS = 6;
/** SPEC 9: pending requests have about 1 month of validity. */
export const REQUEST_VALIDITY_MONTHS = 1;

/** Why a request was declined; 'revoked' marks an approval the holder withdrew. */
export type DeclineReason = 'revoked' | 'purposeUnclear' | 'tooManyFields';

/** Sample organisations, purposes and fields: translation keys of the `walletDemo` namespace. */
export type RequesterKey = 'bank' | 'telecom' | 'insurer' | 'lender' | 'employer' | 'marketer';
export type PurposeKey =
  | 'savingsAccount'
  | 'simKyc'
  | 'policyVerification'
  | 'loanApplication'
  | 'employmentVerification'
  | 'marketing';
export type FieldKey =
  | 'name'
  | 'aadhaar'
  | 'phone'
  | 'address'
  | 'dateOfBirth'
  | 'pan'
  | 'ckyc'
  | 'income';

interface WalletConsentBase {
  id: string;
  /** The requesting organisation (`requesters.{key}`). */
  requester: RequesterKey;
  /** `purposes.{key}`. */
  purpose: PurposeKey;
  /** `fields.{key}` of each requested field. */
  fieldsRequested: readonly FieldKey[];
  /** ISO 8601 instants. */
  requestDate: string;
  validUntil: string;
}

export interface PendingWalletConsent extends WalletConsentBase {
  status: 'pending';
}
export interface ApprovedWalletConsent extends WalletConsentBase {
  status: 'approved';
  approvedDate: string;
  expiresOn: string;
}
export interface DeclinedWalletConsent extends WalletConsentBase {
  status: 'declined';
  declinedDate: string;
  reason?: DeclineReason;
}
export type WalletConsent = PendingWalletConsent | ApprovedWalletConsent | DeclinedWalletConsent;

/**
 * `date` plus `months` calendar months, in local time; a day that the target month lacks becomes
 * its last day (31 Aug + 6 months = 28 or 29 Feb).
 */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getDate();
  result.setDate(1);
  result.setMonth(result.getMonth() + months);
  const lastDay = new Date(result.getFullYear(), result.getMonth() + 1, 0).getDate();
  result.setDate(Math.min(day, lastDay));
  return result;
}

function baseOf(consent: WalletConsent): WalletConsentBase {
  const { id, requester, purpose, fieldsRequested, requestDate, validUntil } = consent;
  return { id, requester, purpose, fieldsRequested, requestDate, validUntil };
}

function replace(
  consents: readonly WalletConsent[],
  id: string,
  from: WalletConsentStatus,
  to: (consent: WalletConsent) => WalletConsent,
): readonly WalletConsent[] {
  const index = consents.findIndex((c) => c.id === id && c.status === from);
  const current = consents[index];
  if (!current) return consents;
  const next = [...consents];
  next[index] = to(current);
  return next;
}

/** Approve: pending -> approved with `approvedDate` now and `expiresOn` now + 6 months. */
export function approveConsent(
  consents: readonly WalletConsent[],
  id: string,
  now: Date,
): readonly WalletConsent[] {
  return replace(
    consents,
    id,
    'pending',
    (c): WalletConsent => ({
      ...baseOf(c),
      status: 'approved',
      approvedDate: now.toISOString(),
      expiresOn: addMonths(now, APPROVAL_VALIDITY_MONTHS).toISOString(),
    }),
  );
}

/** Reject: pending -> declined with `declinedDate` now and no reason. */
export function rejectConsent(
  consents: readonly WalletConsent[],
  id: string,
  now: Date,
): readonly WalletConsent[] {
  return replace(
    consents,
    id,
    'pending',
    (c): WalletConsent => ({
      ...baseOf(c),
      status: 'declined',
      declinedDate: now.toISOString(),
    }),
  );
}

/** Revoke: approved -> declined with `declinedDate` now and reason 'revoked'. */
export function revokeConsent(
  consents: readonly WalletConsent[],
  id: string,
  now: Date,
): readonly WalletConsent[] {
  return replace(
    consents,
    id,
    'approved',
    (c): WalletConsent => ({
      ...baseOf(c),
      status: 'declined',
      declinedDate: now.toISOString(),
      reason: 'revoked',
    }),
  );
}

/** The date that orders a tab: when the item entered its status. */
function statusDate(consent: WalletConsent): string {
  if (consent.status === 'approved') return consent.approvedDate;
  if (consent.status === 'declined') return consent.declinedDate;
  return consent.requestDate;
}

/** The items of one tab, newest first (a just-moved item leads its new tab). */
export function consentsWithStatus<S extends WalletConsentStatus>(
  consents: readonly WalletConsent[],
  status: S,
): Extract<WalletConsent, { status: S }>[] {
  return consents
    .filter((c): c is Extract<WalletConsent, { status: S }> => c.status === status)
    .sort((a, b) => Date.parse(statusDate(b)) - Date.parse(statusDate(a)));
}

/** How many items each tab holds. */
export function countByStatus(
  consents: readonly WalletConsent[],
): Record<WalletConsentStatus, number> {
  const counts = { pending: 0, approved: 0, declined: 0 };
  for (const consent of consents) counts[consent.status] += 1;
  return counts;
}

// --- Identity sources (SPEC 3 "Wallet document") and their sharing (SPEC 4) ---

export const WALLET_DOCUMENT_IDS = [
  'aadhaar',
  'pan',
  'passport',
  'drivingLicense',
  'healthId',
] as const;
export type WalletDocumentId = (typeof WALLET_DOCUMENT_IDS)[number];

export interface WalletDocument {
  id: WalletDocumentId;
  status: 'linked' | 'not_linked';
  /** Masked for display; null while not linked. */
  number: string | null;
  /** ISO 8601 instant of the last link or unlink; null if never linked. */
  lastUpdated: string | null;
}

/** Per-document sharing flag: true = sharing enabled, false = private. */
export type SharingMap = Partial<Record<WalletDocumentId, boolean>>;

/** The identity sources with their sharing flags, changed together by link and unlink. */
export interface WalletSources {
  documents: readonly WalletDocument[];
  sharing: SharingMap;
}

/**
 * Link: a not-linked source becomes linked with `number` (masked) and `lastUpdated` now; its
 * sharing starts private, so nothing is offered until the holder says so (consent first).
 * A linked or unknown id changes nothing.
 */
export function linkDocument(
  state: WalletSources,
  id: WalletDocumentId,
  number: string,
  now: Date,
): WalletSources {
  const current = state.documents.find((d) => d.id === id);
  if (!current || current.status === 'linked') return state;
  return {
    documents: state.documents.map(
      (d): WalletDocument =>
        d.id === id ? { ...d, status: 'linked', number, lastUpdated: now.toISOString() } : d,
    ),
    sharing: { ...state.sharing, [id]: false },
  };
}

/**
 * Unlink (the linked/unlinked toggle turned off): a linked source becomes not linked, loses its
 * number and its sharing flag. A not-linked or unknown id changes nothing.
 */
export function unlinkDocument(
  state: WalletSources,
  id: WalletDocumentId,
  now: Date,
): WalletSources {
  const current = state.documents.find((d) => d.id === id);
  if (current?.status !== 'linked') return state;
  const { [id]: _, ...sharing } = state.sharing;
  return {
    documents: state.documents.map(
      (d): WalletDocument =>
        d.id === id
          ? { ...d, status: 'not_linked', number: null, lastUpdated: now.toISOString() }
          : d,
    ),
    sharing,
  };
}

/**
 * SPEC 4: toggling a linked document flips its sharing between enabled and private. A document
 * that is not linked has nothing to share: the map comes back unchanged.
 */
export function toggleSharing(
  documents: readonly WalletDocument[],
  sharing: SharingMap,
  id: WalletDocumentId,
): SharingMap {
  const document = documents.find((d) => d.id === id);
  if (document?.status !== 'linked') return sharing;
  return { ...sharing, [id]: !sharing[id] };
}

/** 'enabled' or 'private', as the document list shows it. */
export function sharingState(sharing: SharingMap, id: WalletDocumentId): 'enabled' | 'private' {
  return sharing[id] ? 'enabled' : 'private';
}

// --- My Documents (SPEC 3 "Document item") ---

/** The six sample documents of SPEC 3, as translation keys (`documents.items.{key}`). */
export const SAMPLE_DOCUMENT_KEYS = [
  'aadhaarXml',
  'panPdf',
  'utilityBill',
  'bankStatement',
  'incomeCertificate',
  'addressProof',
] as const;
export type SampleDocumentKey = (typeof SAMPLE_DOCUMENT_KEYS)[number];

export interface DocumentItem {
  id: string;
  /** A sample's translation key, or the name of a file the visitor picked. */
  name: { key: SampleDocumentKey } | { file: string };
  status: 'uploaded' | 'not_uploaded';
  /** ISO 8601 instant of the upload; null when not uploaded. */
  date: string | null;
  /** Bytes; null when not uploaded. */
  size: number | null;
}

/**
 * Marks `id` uploaded now with `size` bytes (the picked file's size; the file itself is neither
 * read nor kept). An unknown id changes nothing.
 */
export function markUploaded(
  items: readonly DocumentItem[],
  id: string,
  size: number,
  now: Date,
): readonly DocumentItem[] {
  if (!items.some((item) => item.id === id)) return items;
  return items.map(
    (item): DocumentItem =>
      item.id === id ? { ...item, status: 'uploaded', date: now.toISOString(), size } : item,
  );
}

/** Upload New: a new uploaded item named after the picked file, first in the grid. */
export function addUploadedDocument(
  items: readonly DocumentItem[],
  file: { name: string; size: number },
  now: Date,
): readonly DocumentItem[] {
  const item: DocumentItem = {
    id: `upload-${now.getTime()}-${items.length}`,
    name: { file: file.name },
    status: 'uploaded',
    date: now.toISOString(),
    size: file.size,
  };
  return [item, ...items];
}

// --- Profile (SPEC 3 "Wallet profile") ---

export type VerificationStatus = 'Verified' | 'Pending' | (string & {});
export type BadgeTone = 'green' | 'yellow' | 'grey';

/** SPEC 2: the verification badge is green for Verified, yellow for Pending, grey otherwise. */
export function verificationTone(status: VerificationStatus): BadgeTone {
  if (status === 'Verified') return 'green';
  if (status === 'Pending') return 'yellow';
  return 'grey';
}

/** SPEC 9 data score bands: 80 and above high quality, 50 to 79 moderate, below 50 at risk. */
export function scoreBand(score: number): 'high' | 'moderate' | 'atRisk' {
  if (score >= 80) return 'high';
  if (score >= 50) return 'moderate';
  return 'atRisk';
}

/** SPEC 2: the Data Completeness bars, in percent. */
export const DATA_COMPLETENESS = [
  { key: 'identityVerification', percent: 95 },
  { key: 'documentUpload', percent: 75 },
  { key: 'addressVerification', percent: 90 },
] as const;
