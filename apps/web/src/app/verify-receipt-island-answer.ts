/**
 * The /verify/{receiptId} island's check of a consent receipt (verify-island.ts): GET
 * /api/consent-receipts/{id} (public; the id is the capability), read as the app's receipt page
 * reads it (features/verifier/api/verify-receipt.ts `getConsentReceiptById`), and the receipt
 * read as core's `readConsentReceipt` reads it, both without zod (docs/performance.md, ADR 0010):
 *
 * - 200: the answer, checked by hand against core's publicConsentReceiptSchema (the verdict,
 *   `receipt_id`, the receipt an object, `consent_status`): another shape is 'failed', as the
 *   schema's parse failing is in the app;
 * - the problem consent_receipt_not_found: 'not_found'; anything else 'failed' (SPEC 4 'failed
 *   on error', Try again).
 *
 * The app re-reads a handed-over receipt with core's reader itself (receipt-details.tsx).
 */
import {
  type ConsentReceiptView,
  type ConsentState,
  DPV_CONSENT_STATUS,
  RECEIPT_CONSENT_STATES,
  sha256HexOfSri,
} from '@pehchaan/core';
import type { DocumentOutcome } from '@/features/verifier/api/verify-receipt';
import {
  getInIsland,
  isCredentialVerdict,
  isObject,
  isString,
  optional,
} from './verify-island-answer';

/** True when `body` has the shape of core's publicConsentReceiptSchema. */
export function isPublicReceiptAnswer(body: unknown): body is Record<string, unknown> {
  if (!isCredentialVerdict(body)) return false;
  const status = body.consent_status;
  return (
    isString(body.receipt_id) &&
    isObject(body.receipt) &&
    isObject(status) &&
    (RECEIPT_CONSENT_STATES as readonly unknown[]).includes(status.value) &&
    isString(status.since) &&
    (status.later_receipt_id === null || isString(status.later_receipt_id)) &&
    (body.registered_verifier_id === undefined ||
      body.registered_verifier_id === null ||
      isString(body.registered_verifier_id))
  );
}

/** The outcome of checking the receipt `receiptId`, as the app's receipt page has it. Never rejects. */
export async function checkReceiptInIsland(receiptId: string): Promise<DocumentOutcome> {
  const answer = await getInIsland(`/api/consent-receipts/${encodeURIComponent(receiptId)}`);
  if (!answer.ok) {
    return answer.code === 'consent_receipt_not_found' ? { kind: 'not_found' } : { kind: 'failed' };
  }
  if (!isPublicReceiptAnswer(answer.body)) return { kind: 'failed' };
  const {
    receipt,
    receipt_id: _id,
    consent_status: consentStatus,
    registered_verifier_id: registeredVerifierId,
    ...verdict
  } = answer.body;
  return {
    kind: 'verdict',
    verdict: verdict as Extract<DocumentOutcome, { kind: 'verdict' }>['verdict'],
    document: receipt as Record<string, unknown>,
    consentStatus: consentStatus as Extract<DocumentOutcome, { kind: 'verdict' }>['consentStatus'],
    registeredVerifierId: (registeredVerifierId as string | null | undefined) ?? null,
  };
}

type Json = Record<string, unknown>;
/** core's `text`: a string of at most 2,000 characters. */
const isText = (value: unknown): value is string => isString(value) && value.length <= 2000;
/** core's `one(schema)`: one item or a non-empty list of them, read as a list; null otherwise. */
function oneOrMore(value: unknown, check: (item: unknown) => boolean): Json[] | null {
  const list = Array.isArray(value) ? value : [value];
  return list.length > 0 && list.every(check) ? (list as Json[]) : null;
}

const STATE_OF_DPV = new Map(
  Object.entries(DPV_CONSENT_STATUS).map(([state, dpv]) => [dpv, state as ConsentState]),
);

/**
 * `document` read as a consent receipt, as core's readConsentReceipt reads it (the same loose
 * reading of the same members; other members ignored); null when it is not one. Never throws.
 */
export function readReceiptInIsland(document: unknown): ConsentReceiptView | null {
  if (!isObject(document)) return null;
  const { id, type, issuer, validFrom, identifier, credentialSubject: subject } = document;
  if (
    !isString(id) ||
    !Array.isArray(type) ||
    !type.every(isString) ||
    !type.includes('ConsentReceipt') ||
    !(
      isString(issuer) ||
      (isObject(issuer) && isString(issuer.id) && optional(issuer.name, isString))
    ) ||
    !isString(validFrom) ||
    !optional(identifier, isString) ||
    !isObject(subject)
  ) {
    return null;
  }
  const { hasDataSubject: principal, hasDataController: fiduciary, hasNotice: notice } = subject;
  const process = subject.hasProcess;
  if (
    !optional(subject.identifier, isString) ||
    !isObject(principal) ||
    !isString(principal.id) ||
    !isObject(fiduciary) ||
    !isString(fiduciary.id) ||
    !isText(fiduciary.hasName) ||
    !optional(fiduciary.hasContact, isText) ||
    !optional(notice, (v) => isObject(v) && isString(v.language)) ||
    !isObject(process)
  ) {
    return null;
  }
  const { hasPurpose: purpose, hasConsentControl: control } = process;
  const items = oneOrMore(
    process.hasPersonalData,
    (v) =>
      isObject(v) &&
      isText(v.identifier) &&
      optional(v.title, isText) &&
      optional(v.source, isText),
  );
  const statuses = oneOrMore(
    subject.hasConsentStatus,
    (v) => isObject(v) && isString(v.type) && isString(v.isIndicatedAtTime),
  );
  const presentation = document.disclosedPresentation;
  if (
    !isObject(purpose) ||
    !optional(purpose.identifier, isString) ||
    !isText(purpose.description) ||
    !items ||
    !optional(process.hasLegalBasis, isString) ||
    !optional(control, (v) => isObject(v) && isString(v.isExercisedAt)) ||
    !statuses ||
    !optional(presentation, (v) => isObject(v) && isString(v.digestSRI))
  ) {
    return null;
  }
  const events = statuses.map((event) => ({
    state: STATE_OF_DPV.get(event.type as string) ?? null,
    at: event.isIndicatedAtTime as string,
  }));
  const lastSegment = id.split('/').at(-1) ?? id;
  const digest = isObject(presentation) ? (presentation.digestSRI as string) : undefined;
  return {
    receiptId: (identifier as string | undefined) ?? lastSegment,
    url: id,
    issuer: isString(issuer)
      ? { id: issuer, name: null }
      : { id: (issuer as Json).id as string, name: ((issuer as Json).name as string) ?? null },
    issuedAt: validFrom,
    recordId: (subject.identifier as string | undefined) ?? null,
    dataPrincipal: principal.id,
    dataFiduciary: {
      id: fiduciary.id,
      name: fiduciary.hasName,
      contact: (fiduciary.hasContact as string | undefined) ?? null,
    },
    purpose: {
      code: (purpose.identifier as string | undefined) ?? null,
      text: purpose.description,
    },
    items: items.map((item) => ({
      claim: item.identifier as string,
      label: (item.title as string | undefined) ?? (item.identifier as string),
      source: (item.source as string | undefined) ?? null,
    })),
    legalBasis: (process.hasLegalBasis as string | undefined) ?? null,
    noticeLanguage: isObject(notice) ? (notice.language as string) : null,
    events,
    state: events.at(-1)?.state ?? null,
    withdrawAt: isObject(control) ? (control.isExercisedAt as string) : null,
    presentationSha256: digest ? sha256HexOfSri(digest) : null,
  };
}
