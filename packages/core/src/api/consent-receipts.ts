/**
 * The shapes of consent receipts and of the data principal's rights requests (issue 17;
 * docs/api-contract.md "Consent receipts" and "Grievances and erasure requests"), one zod
 * schema per boundary (STYLE 4), used by the server's routes and the web app's parsing.
 *
 * - Receipts (ISO/IEC TS 27560 with DPV, consent/receipt.ts): the holder's list
 *   (GET /user/{userId}/consent-receipts), the public answer by id with its verdict
 *   (GET /api/consent-receipts/{receiptId}) and the verifier's copies (GET /verifier/requests/{id}).
 * - Rights requests: a grievance (DPDP Act s.13, redress by the data fiduciary) or an erasure
 *   request (s.12(3)) the holder sends an organisation about one consent, pre-filled with it and
 *   its receipt; the organisation sees it in the verifier portal and marks it resolved.
 */
import { z } from 'zod';
import { RECEIPT_CONSENT_STATES } from '../consent/consent-status';
import { CONSENT_RECEIPT_EVENTS } from '../consent/receipt';
import { credentialVerdictSchema } from './verification';

export const consentReceiptEventSchema = z.enum(CONSENT_RECEIPT_EVENTS);

/** A signed consent receipt: a W3C VC 2.0 document with its eddsa-jcs-2022 proof, as issued. */
export const signedConsentReceiptSchema = z
  .record(z.string(), z.unknown())
  .describe('The signed consent receipt (W3C VC 2.0, DataIntegrityProof eddsa-jcs-2022)');

/** One receipt as the holder (and the verifier) lists it. */
export const consentReceiptRecordSchema = z.object({
  /** 'receipt-' + 32 hex. */
  id: z.string(),
  /** The holder's consent request it records; null once that request was deleted. */
  consent_request_id: z.string().nullable(),
  event: consentReceiptEventSchema,
  /** The data fiduciary's name, e.g. 'State Bank of India'. */
  data_fiduciary: z.string(),
  /** The registered verifier organisation, when the data fiduciary is one. */
  verifier_id: z.string().nullable(),
  issued_at: z.string(),
  /** The public URL that verifies it: {PUBLIC_ORIGIN}/verify/{id}. */
  url: z.string(),
  /** SHA-256 (hex) of the vp_token disclosed, when a presentation was disclosed. */
  presentation_sha256: z.string().nullable(),
  receipt: signedConsentReceiptSchema,
});
export type ConsentReceiptRecord = z.infer<typeof consentReceiptRecordSchema>;

/**
 * A receipt as the verifier gets its copy (GET /verifier/requests/{id}): the receipt without the
 * holder's own record ids.
 */
export const verifierConsentReceiptSchema = consentReceiptRecordSchema.pick({
  id: true,
  event: true,
  issued_at: true,
  url: true,
  presentation_sha256: true,
  receipt: true,
});
export type VerifierConsentReceipt = z.infer<typeof verifierConsentReceiptSchema>;

export const consentReceiptListSchema = z.object({
  consent_receipts: z.array(consentReceiptRecordSchema),
  count: z.number().int(),
  user_id: z.string(),
});
export type ConsentReceiptList = z.infer<typeof consentReceiptListSchema>;

/**
 * The present state of the consent a receipt records (consent/consent-status.ts): a receipt
 * states the consent as it stood when issued; this says what it is now, from the latest receipt
 * of the same consent (DECISIONS 7.8, 7.13).
 */
export const receiptConsentStatusSchema = z.object({
  value: z
    .enum(RECEIPT_CONSENT_STATES)
    .describe('The consent now: given, refused, withdrawn or expired'),
  since: z.string().describe('When the consent entered that state (ISO 8601)'),
  later_receipt_id: z
    .string()
    .nullable()
    .describe('The latest later receipt of the same consent; null when this is the latest'),
});
export type ReceiptConsentStatus = z.infer<typeof receiptConsentStatusSchema>;

/**
 * GET /api/consent-receipts/{receiptId} (public; the id is the capability): the receipt and the
 * server's verdict on it (signature, made with the consent registry's key), and the present state
 * of the consent it records (`consent_status`), and which registered verifier organisation its
 * data fiduciary is (`registered_verifier_id`, recorded when the receipt was issued).
 */
export const publicConsentReceiptSchema = credentialVerdictSchema.extend({
  receipt_id: z.string(),
  receipt: signedConsentReceiptSchema,
  consent_status: receiptConsentStatusSchema,
  registered_verifier_id: z
    .string()
    .nullable()
    .default(null)
    .describe(
      'The registered verifier organisation the receipt’s data fiduciary is (its id, the key of organisation-names.ts), null when it is none; the page names it in the reader’s language beside the signed name',
    ),
});
export type PublicConsentReceipt = z.infer<typeof publicConsentReceiptSchema>;

/** A grievance (DPDP s.13) or an erasure request (s.12(3)). */
export const RIGHTS_REQUEST_KINDS = ['grievance', 'erasure'] as const;
export const rightsRequestKindSchema = z.enum(RIGHTS_REQUEST_KINDS);
export type RightsRequestKind = z.infer<typeof rightsRequestKindSchema>;

/** open: sent, the organisation has not answered; resolved: the organisation marked it done. */
export const RIGHTS_REQUEST_STATUSES = ['open', 'resolved'] as const;
export const rightsRequestStatusSchema = z.enum(RIGHTS_REQUEST_STATUSES);
export type RightsRequestStatus = z.infer<typeof rightsRequestStatusSchema>;

/** Longest message a holder may write (characters). */
export const MAX_RIGHTS_MESSAGE = 2000;
/** Longest note an organisation may add when resolving (characters). */
export const MAX_RESOLUTION_NOTE = 1000;

/** POST /user/{userId}/rights-requests: the consent it is about, its receipt and the message. */
export const newRightsRequestSchema = z.strictObject(
  {
    kind: rightsRequestKindSchema,
    consent_request_id: z.string().min(1).max(128),
    /** A receipt of that consent, to send with it; absent: its latest receipt. */
    receipt_id: z.string().min(1).max(128).optional(),
    message: z
      .string()
      .trim()
      .min(1, { error: 'Please write what you are asking for' })
      .max(MAX_RIGHTS_MESSAGE, { error: `A message has at most ${MAX_RIGHTS_MESSAGE} characters` }),
  },
  { error: 'A request takes only kind, consent_request_id, receipt_id and message' },
);
export type NewRightsRequest = z.infer<typeof newRightsRequestSchema>;

/**
 * What resolving an erasure request erased (DPDP Act s.12(3)): the claims the product held for
 * the consent's accepted presentation (their names) and when they were erased; or, plainly,
 * that nothing was held (no presentation of this consent was accepted here, or it was already
 * erased, e.g. on withdrawal).
 */
export const rightsRequestErasureSchema = z.union([
  z.object({
    erased_at: z.string(),
    /** The claim names erased, e.g. ['name', 'pan_number']. */
    claims: z.array(z.string()),
  }),
  z.object({ nothing_held: z.literal(true) }),
]);
export type RightsRequestErasure = z.infer<typeof rightsRequestErasureSchema>;

/** A rights request as its holder sees it. */
export const rightsRequestSchema = z.object({
  id: z.string(),
  kind: rightsRequestKindSchema,
  status: rightsRequestStatusSchema,
  /** The organisation's name. */
  data_fiduciary: z.string(),
  verifier_id: z.string(),
  consent_request_id: z.string().nullable(),
  receipt_id: z.string().nullable(),
  purpose: z.string(),
  message: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  /** What the organisation wrote when it marked the request done. */
  resolution_note: z.string().nullable(),
  /** A resolved erasure request: what was erased, or that nothing was held; else null. */
  erasure: rightsRequestErasureSchema.nullable(),
});
export type RightsRequest = z.infer<typeof rightsRequestSchema>;

export const rightsRequestListSchema = z.object({
  rights_requests: z.array(rightsRequestSchema),
  count: z.number().int(),
  user_id: z.string(),
});

export const rightsRequestAnswerSchema = z.object({
  message: z.string(),
  rights_request: rightsRequestSchema,
});

/**
 * A rights request as the organisation sees it (GET /verifier/rights-requests): the holder by
 * the pseudonymous data principal id of its receipts only, the receipt itself, and the
 * organisation's own verifier request the consent answered (when there is one).
 */
export const verifierRightsRequestSchema = z.object({
  id: z.string(),
  kind: rightsRequestKindSchema,
  status: rightsRequestStatusSchema,
  data_principal: z.string(),
  purpose: z.string(),
  message: z.string(),
  receipt_id: z.string().nullable(),
  receipt: signedConsentReceiptSchema.nullable(),
  /**
   * The organisation's own verifier request whose accepted presentation is this consent's
   * (matched by the vp_token digest of the receipt); null when none is (a refusal, another
   * holder's consent to a link already answered).
   */
  verifier_request_id: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolution_note: z.string().nullable(),
  /** A resolved erasure request: what was erased, or that nothing was held; else null. */
  erasure: rightsRequestErasureSchema.nullable(),
});
export type VerifierRightsRequest = z.infer<typeof verifierRightsRequestSchema>;

export const verifierRightsRequestListSchema = z.object({
  rights_requests: z.array(verifierRightsRequestSchema),
  count: z.number().int(),
});

/** POST /verifier/rights-requests/{id}/resolve: an optional note for the holder. */
export const resolveRightsRequestSchema = z.strictObject(
  {
    note: z
      .string()
      .trim()
      .max(MAX_RESOLUTION_NOTE, { error: `A note has at most ${MAX_RESOLUTION_NOTE} characters` })
      .optional(),
  },
  { error: 'Resolving takes only a note' },
);

export const verifierRightsRequestAnswerSchema = z.object({
  message: z.string(),
  rights_request: verifierRightsRequestSchema,
});
