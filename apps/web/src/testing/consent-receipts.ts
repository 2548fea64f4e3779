/**
 * Consent receipt fixtures for the web tests (issue 17): receipt records as the server lists
 * them, built with core's buildConsentReceipt (the server's verdicts are stubbed, so the proof is
 * a placeholder).
 */
import {
  buildConsentReceipt,
  type ConsentDataItem,
  type ConsentReceiptEvent,
  type ConsentReceiptRecord,
  type ConsentRequest,
  type ConsentState,
  type ReceiptConsentStatus,
  STATE_OF_EVENT,
} from '@pehchaan/core';
import { json } from './mock-fetch';

export const REGISTRY_DID = 'did:key:z6MkRegistryExample';
export const ORIGIN = 'http://localhost:5000';

/** A receipt record of `event` for a consent request to `organisation`. */
export function receiptRecord(options: {
  id: string;
  consentRequestId: string | null;
  event: ConsentReceiptEvent;
  organisation?: string;
  contact?: string | null;
  purpose?: string;
  items?: ConsentDataItem[];
  issuedAt: string;
  /** When consent was given, for a withdrawal or expiry receipt. */
  givenAt?: string;
  verifierId?: string | null;
  sha256?: string | null;
  /** The consent record's id (32 hex); default 'c' * 32. */
  recordId?: string;
}): ConsentReceiptRecord {
  const organisation = options.organisation ?? 'State Bank of India';
  const sha256 = options.sha256 === undefined ? 'ab'.repeat(32) : options.sha256;
  const events: { state: ConsentState; at: Date }[] = [
    { state: 'requested', at: new Date('2025-03-01T08:00:00Z') },
  ];
  if (options.givenAt) events.push({ state: 'given', at: new Date(options.givenAt) });
  events.push({ state: STATE_OF_EVENT[options.event], at: new Date(options.issuedAt) });
  const receipt = buildConsentReceipt({
    origin: ORIGIN,
    receiptId: options.id,
    recordId: options.recordId ?? 'c'.repeat(32),
    issuer: { id: REGISTRY_DID, name: 'Pehchaan consent registry' },
    issuedAt: new Date(options.issuedAt),
    dataPrincipal: `urn:pehchaan:data-principal:${'d'.repeat(32)}`,
    dataFiduciary: {
      id: `did:key:z6Mk${organisation.replace(/\W/g, '')}`,
      name: organisation,
      contact: options.contact === undefined ? 'grievance@sbi.example' : options.contact,
    },
    purpose: { code: null, text: options.purpose ?? 'Open savings account' },
    items: options.items ?? [
      { claim: 'name', label: 'Name', source: 'Aadhaar Card' },
      { claim: 'pan_number', label: 'PAN', source: 'PAN Card' },
    ],
    noticeLanguage: 'en',
    events,
    presentationSha256: options.event === 'rejected' ? null : sha256,
  });
  return {
    id: options.id,
    consent_request_id: options.consentRequestId,
    event: options.event,
    data_fiduciary: organisation,
    verifier_id: options.verifierId === undefined ? 'verifier-sbi' : options.verifierId,
    issued_at: options.issuedAt,
    url: `${ORIGIN}/verify/${options.id}`,
    presentation_sha256: options.event === 'rejected' ? null : sha256,
    receipt: {
      ...receipt,
      proof: { type: 'DataIntegrityProof', cryptosuite: 'eddsa-jcs-2022', proofValue: 'z1' },
    },
  };
}

/** The receipt pages' sample: the withdrawal of the demo holder's consent to the bank. */
export const WITHDRAWN_RECEIPT = receiptRecord({
  id: `receipt-${'7'.repeat(32)}`,
  consentRequestId: 'consent-user-001-bank',
  event: 'withdrawn',
  givenAt: '2025-03-02T09:00:00.000Z',
  issuedAt: '2025-03-05T09:00:00.000Z',
});

/** The server's verdict on a receipt its consent registry signed. */
export const VERIFIED_RECEIPT_VERDICT = {
  verified: true,
  status: 'verified',
  checks: { signature: true, trusted_issuer: true, validity: true },
  errors: [],
  warnings: [],
  trust: { issuer: REGISTRY_DID, trusted: true, name: 'Pehchaan consent registry' },
};

/**
 * The body of GET /api/consent-receipts/{id} for `record`: the verdict (verified by default),
 * the receipt, the consent now (by default the state the receipt records, since its issue,
 * with no later receipt) and the registered verifier the record names.
 */
export function publicReceiptAnswer(
  record: ConsentReceiptRecord,
  options: { verdict?: object; consentStatus?: ReceiptConsentStatus } = {},
) {
  return {
    ...(options.verdict ?? VERIFIED_RECEIPT_VERDICT),
    receipt_id: record.id,
    receipt: record.receipt,
    consent_status: options.consentStatus ?? {
      value: STATE_OF_EVENT[record.event],
      since: record.issued_at,
      later_receipt_id: null,
    },
    registered_verifier_id: record.verifier_id,
  };
}

/**
 * The server's answer to POST .../consent-requests/{id}/withdraw for the approved consent `r`:
 * the consent withdrawn (notice pending), its activity entry and the withdrawal receipt.
 */
export function withdrawalAnswer(r: ConsentRequest): Response {
  return json({
    message: 'Consent withdrawn',
    consent_request: {
      ...r,
      status: 'withdrawn',
      withdrawn_at: '2025-03-14T11:00:00.000Z',
      withdrawn_by: 'user-001',
      verifier_erased_at: '2025-03-14T11:00:00.000Z',
      withdrawal_notice: {
        status: 'pending',
        attempts: 0,
        last_attempt_at: null,
        next_attempt_at: '2025-03-14T11:00:00.000Z',
        delivered_at: null,
      },
    },
    activity_log: {
      id: 'log-w',
      userId: 'user-001',
      type: 'consent_withdrawn',
      description: `Withdrew consent from ${r.requester} for ${r.purpose}`,
      timestamp: '2025-03-14T11:00:00.000Z',
      last_viewed: null,
    },
    consent_receipt: receiptRecord({
      id: `receipt-${'7'.repeat(32)}`,
      consentRequestId: r.id,
      event: 'withdrawn',
      issuedAt: '2025-03-14T11:00:00.000Z',
    }),
  });
}
