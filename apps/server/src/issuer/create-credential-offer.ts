/**
 * POST /issuer/offers (docs/api-contract.md "OpenID4VCI issuer"; OpenID4VCI 1.0 section 4.1): an
 * issuer organisation, authenticated by its API key, offers one credential to a holder by the
 * pre-authorized code grant.
 *
 * Input: { ...deps, issuer (the key's), documentType (a catalogue key 'pan' or SPEC 3's name
 * 'PAN Card', core's resolveDocumentType), claims (the credentialSubject: `name` and every
 * subject field of the type, nothing else), formats (default both: 'dc+sd-jwt', 'ldp_vc'),
 * txCode (ask the holder for a 6-digit transaction code), deferredSeconds (deferred issuance:
 * the credential endpoint answers a transaction_id, the credential is ready that many seconds
 * later, 0..MAX_DEFERRED_SECONDS) }.
 * Output: { offer_uri (GET it for the Credential Offer), openid_credential_offer
 * ('openid-credential-offer://?credential_offer_uri=...', for a QR code or link), tx_code (the
 * code, answered this once for the issuer to send by SMS; absent unless asked), expires_at (ISO
 * 8601, OFFER_TTL_SECONDS from now), credential_id (the credential's id as issued,
 * 'urn:uuid:...', the same for both of its forms: the ldp_vc's `id` and the id POST
 * /issuer/credentials/{id}/status takes) }.
 * The credential's status entry is drawn here (allocate-credential-status.ts), so both forms
 * carry the same one (docs/status-lists.md).
 * Stored: the offer row (issuer role's `oid4vci_offers`): the claims and the pre-authorized code
 * encrypted, the code's and the transaction code's keyed hashes. Offers never redeemed are
 * deleted UNREDEEMED_OFFER_RETENTION_MS after they expired (swept here): their claims are
 * personal data no one will receive.
 *
 * Errors: AppError 'invalid_input' (400) for a document type the catalogue does not have;
 * 'forbidden' (403) for a type another issuer issues; 'credential_not_issuable' (400) with
 * `reasons` for claims that do not fit the type.
 */
import { randomBytes, randomInt } from 'node:crypto';
import {
  type DocumentType,
  type IssuerName,
  isValidAadhaar,
  isValidPan,
  resolveDocumentType,
} from '@pehchaan/core';
import { and, isNull, lt } from 'drizzle-orm';
import { oid4vciOffers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { allocateCredentialStatus } from './allocate-credential-status';
import {
  configurationIdOf,
  OFFER_FORMATS,
  OFFER_TTL_SECONDS,
  type OfferFormat,
  offerUriOf,
  TX_CODE_LENGTH,
} from './oid4vci';

export const UNKNOWN_DOCUMENT_TYPE_DETAIL =
  'There is no document type of that name. GET /vct lists every type.';
export const INVALID_CLAIMS_DETAIL = 'The claims do not fit the document type.';

/** How long an offer that was never redeemed is kept after its expiry (ms): one day. */
export const UNREDEEMED_OFFER_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Longest text claim (characters). */
export const MAX_CLAIM_LENGTH = 500;

/** AAD of an offer's claims ciphertext. */
export const offerClaimsAad = (offerId: string) => `oid4vci-offer:${offerId}`;
/** AAD of an offer's pre-authorized code ciphertext. */
export const offerCodeAad = (offerId: string) => `oid4vci-code:${offerId}`;
/** The keyed hash a transaction code is stored and checked as (bound to its offer). */
export const txCodeLookup = (offerId: string, code: string) => `oid4vci-tx:${offerId}:${code}`;
/** The keyed hash a pre-authorized code is looked up by. */
export const preAuthorizedCodeLookup = (code: string) => `oid4vci-code:${code}`;

export interface CreateCredentialOfferOptions
  extends Pick<ServiceDeps, 'db' | 'vault' | 'now' | 'publicOrigin'> {
  issuer: IssuerName;
  documentType: string;
  claims: Record<string, unknown>;
  formats?: readonly OfferFormat[] | undefined;
  txCode?: boolean | undefined;
  deferredSeconds?: number | undefined;
}

export interface CreatedCredentialOffer {
  offer_uri: string;
  openid_credential_offer: string;
  tx_code?: string;
  expires_at: string;
  credential_id: string;
}

/** One claim value: text, a finite number, a boolean, or a list of texts (a marksheet's subjects). */
function claimValueProblem(value: unknown): string | undefined {
  if (typeof value === 'string') {
    if (value.trim() === '') return 'is empty';
    return value.length > MAX_CLAIM_LENGTH
      ? `is longer than ${MAX_CLAIM_LENGTH} characters`
      : undefined;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'is not a number';
  if (typeof value === 'boolean') return undefined;
  if (Array.isArray(value)) {
    const ok = value.every((v) => typeof v === 'string' && v.length <= MAX_CLAIM_LENGTH);
    return ok && value.length <= 50 ? undefined : 'must be a list of at most 50 texts';
  }
  return 'must be a text, a number, a boolean or a list of texts';
}

/**
 * What is wrong with `claims` for `type` (SPEC 3's subject fields), one sentence each; empty
 * when they fit: `name` and each subject field present with a claim value, no other claim
 * (`id` is the holder's key, bound by the proof; `document_type` is the issuer's), an Aadhaar
 * number with its check digit, a PAN in its format, a date of birth as YYYY-MM-DD.
 */
export function claimProblems(type: DocumentType, claims: Record<string, unknown>): string[] {
  const reasons: string[] = [];
  const allowed = ['name', ...type.subjectFields];
  for (const field of allowed) {
    if (!Object.hasOwn(claims, field)) {
      reasons.push(`The claim ${field} is missing`);
      continue;
    }
    const problem = claimValueProblem(claims[field]);
    if (problem) reasons.push(`The claim ${field} ${problem}`);
  }
  for (const key of Object.keys(claims)) {
    if (!allowed.includes(key)) {
      reasons.push(`${type.name} has no claim of that name (it has ${allowed.join(', ')})`);
      break;
    }
  }
  const text = (field: string) => (typeof claims[field] === 'string' ? claims[field] : undefined);
  const aadhaar = text('aadhaar_number');
  if (aadhaar !== undefined && !isValidAadhaar(aadhaar)) {
    reasons.push('The claim aadhaar_number is not a valid Aadhaar number');
  }
  const pan = text('pan_number');
  if (pan !== undefined && !isValidPan(pan)) {
    reasons.push('The claim pan_number is not in the PAN format (ABCDE1234F)');
  }
  const dob = text('date_of_birth');
  if (dob !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(dob)) {
    reasons.push('The claim date_of_birth is not a date (YYYY-MM-DD)');
  }
  return reasons;
}

/**
 * The catalogue type `documentType` names, checked to be `issuer`'s.
 * @throws {AppError} 'invalid_input' (unknown type) or 'forbidden' (another issuer's type).
 */
export function offerableType(issuer: IssuerName, documentType: string): DocumentType {
  const type = resolveDocumentType(documentType);
  if (!type) throw new AppError('invalid_input', UNKNOWN_DOCUMENT_TYPE_DETAIL);
  if (type.issuer !== issuer) {
    throw new AppError(
      'forbidden',
      `This API key offers only the document types ${issuer} issues.`,
    );
  }
  return type;
}

export async function createCredentialOffer(
  options: CreateCredentialOfferOptions,
): Promise<CreatedCredentialOffer> {
  const type = offerableType(options.issuer, options.documentType);
  const reasons = claimProblems(type, options.claims);
  if (reasons.length > 0) {
    throw new AppError('credential_not_issuable', INVALID_CLAIMS_DETAIL, undefined, { reasons });
  }
  const formats = OFFER_FORMATS.filter((f) => (options.formats ?? OFFER_FORMATS).includes(f));
  const now = options.now();
  await options.db
    .delete(oid4vciOffers)
    .where(
      and(
        isNull(oid4vciOffers.redeemedAt),
        lt(oid4vciOffers.expiresAt, new Date(now.getTime() - UNREDEEMED_OFFER_RETENTION_MS)),
      ),
    );
  const expiresAt = new Date(now.getTime() + OFFER_TTL_SECONDS * 1000);
  const id = randomBytes(16).toString('base64url');
  const code = randomBytes(32).toString('base64url');
  const txCode = options.txCode
    ? String(randomInt(0, 10 ** TX_CODE_LENGTH)).padStart(TX_CODE_LENGTH, '0')
    : undefined;
  // Only the subject claims are kept: `name` and the type's fields, in the catalogue's order.
  const claims = Object.fromEntries(
    ['name', ...type.subjectFields].map((field) => [field, options.claims[field]]),
  );
  const status = await allocateCredentialStatus({ ...options, issuer: options.issuer });
  await options.db.insert(oid4vciOffers).values({
    id,
    credentialId: status.credentialId,
    issuer: options.issuer,
    documentType: type.key,
    configurationIds: formats.map((format) => configurationIdOf(type.key, format)),
    claimsCiphertext: options.vault.encrypt(JSON.stringify(claims), offerClaimsAad(id)),
    preAuthorizedCodeHash: options.vault.lookupHmac(preAuthorizedCodeLookup(code)),
    preAuthorizedCodeCiphertext: options.vault.encrypt(code, offerCodeAad(id)),
    txCodeHash: txCode === undefined ? null : options.vault.lookupHmac(txCodeLookup(id, txCode)),
    deferredSeconds: options.deferredSeconds ?? null,
    createdAt: now,
    expiresAt,
  });
  const offerUri = offerUriOf(options.publicOrigin, id);
  return {
    offer_uri: offerUri,
    openid_credential_offer: `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(offerUri)}`,
    ...(txCode === undefined ? {} : { tx_code: txCode }),
    expires_at: expiresAt.toISOString(),
    credential_id: status.credentialId,
  };
}
