/**
 * Consent receipts (issue 17; ISO/IEC TS 27560:2023 "Consent record information structure",
 * expressed with the W3C Data Privacy Vocabulary as the DPV-27560 guide maps it): every decision
 * on a consent request (approved, rejected, later withdrawn or expired) yields a receipt, an
 * authoritative copy of the consent record, issued as a W3C Verifiable Credential (VCDM 2.0) by
 * the wallet's consent registry and signed with eddsa-jcs-2022, so anyone can check it.
 *
 * The receipt (`buildConsentReceipt`, before its proof):
 * - `id` its public URL `{origin}/verify/{receiptId}` (128 random bits: the link is the only
 *   access control, as share links), `identifier` the 27560 receipt id, `conformsTo` the
 *   DPV-27560 profile, `validFrom` when it was issued;
 * - `credentialSubject`, a dpv:ConsentRecord: its record id; the data principal
 *   (dpv:hasDataSubject) by a pseudonymous id per holder and data fiduciary, never an Aadhaar
 *   number or user id; the data fiduciary (dpv:hasDataController: its id, name and grievance
 *   contact, DPDP Act s.8(10)); the notice language; jurisdiction India and the DPDP Act 2023;
 *   one dpv:Process with the purpose, the data items (claim names and labels and the credential
 *   they come from, never values), the legal basis (explicitly expressed consent, DPDP s.6(1)),
 *   the recipient and how to withdraw (dpv:WithdrawConsent at the holder's consent screen,
 *   DPDP s.6(4)); and the consent events so far (dpv:hasConsentStatus, each with its time);
 * - `disclosedPresentation`: the SHA-256 (as an SRI digest) of the exact vp_token the holder's
 *   wallet sent, when a presentation was disclosed.
 *
 * `readConsentReceipt` reads a receipt back into what the screens show, for any document
 * (a pasted file included): it never throws and answers null for anything else.
 */
import { z } from 'zod';
import { consentReceiptContextUrl } from '../proofs/consent-receipt-context';
import type { JsonObject } from '../proofs/eddsa-jcs-2022';
import { VC_V2_CONTEXT } from '../proofs/vc-rules';
import {
  type ConsentState,
  DPV_CONSENT_STATUS,
  sha256HexOfSri,
  sriOfSha256Hex,
} from './receipt-terms';

/** The decisions and later states a receipt records (issue 17). */
export const CONSENT_RECEIPT_EVENTS = ['approved', 'rejected', 'withdrawn', 'expired'] as const;
export type ConsentReceiptEvent = (typeof CONSENT_RECEIPT_EVENTS)[number];

/** The state an event puts the consent in. */
export const STATE_OF_EVENT: Record<ConsentReceiptEvent, ConsentState> = {
  approved: 'given',
  rejected: 'refused',
  withdrawn: 'withdrawn',
  expired: 'expired',
};

export { CONSENT_RECEIPT_ID_PREFIX, isConsentReceiptId } from './receipt-id';
// A receipt's id, its states and digests have modules of their own, without zod (see
// receipt-id.ts, receipt-terms.ts).
export {
  CONSENT_STATES,
  type ConsentState,
  DPV_CONSENT_STATUS,
  sha256HexOfSri,
  sriOfSha256Hex,
} from './receipt-terms';

/** The issuer name of every receipt: the wallet's consent registry. */
export const CONSENT_REGISTRY_NAME = 'Pehchaan consent registry';

/** The DPV profile of ISO/IEC TS 27560 a receipt conforms to (dct:conformsTo). */
export const DPV_27560_PROFILE = 'https://w3id.org/dpv/schema/dpv-27560';
/** India, in DPV's location extension (ISO 3166). */
export const JURISDICTION_INDIA = 'https://w3id.org/dpv/loc#IN';
/** The law consent is given under. */
export const DPDP_ACT_NAME = 'Digital Personal Data Protection Act, 2023';
/** DPDP Act s.6(1): consent signifies agreement by a clear affirmative action. */
export const CONSENT_LEGAL_BASIS = 'ExplicitlyExpressedConsent';

/** The page where a holder withdraws a consent (as easily as it was given, DPDP s.6(4)). */
export const WITHDRAW_CONSENT_PATH = '/consent/who-has-my-data';

/** A consent receipt's public URL at `origin`: the page that verifies it. */
export function consentReceiptUrl(origin: string, receiptId: string): string {
  return `${origin.replace(/\/+$/, '')}/verify/${receiptId}`;
}

/** One data item of a consent: a claim name, its label and the credential it comes from. */
export interface ConsentDataItem {
  /** The claim name (credentialSubject name, e.g. 'date_of_birth') or a SPEC 3 field label. */
  claim: string;
  /** What the holder reads ('Date of Birth'). */
  label: string;
  /** The credential's name ('PAN Card'); null when the request named no credential. */
  source: string | null;
}

/** One consent event: its state and when (and by whom) it was indicated. */
export interface ConsentEventEntry {
  state: ConsentState;
  at: Date;
  /** Who indicated it (the data principal's pseudonymous id); absent for an expiry. */
  by?: string;
}

/** What `buildConsentReceipt` makes a receipt of. */
export interface ConsentReceiptInput {
  /** The deployment's PUBLIC_ORIGIN ('http://localhost:5000'). */
  origin: string;
  receiptId: string;
  /** The consent record's id (32 hex), the same for every receipt of one consent. */
  recordId: string;
  /** The consent registry: its did:key and name. */
  issuer: { id: string; name: string };
  issuedAt: Date;
  /** The data principal's pseudonymous id (a URN). */
  dataPrincipal: string;
  /** The data fiduciary: an IRI (its did, else a URN), its name and grievance contact. */
  dataFiduciary: { id: string; name: string; contact: string | null };
  purpose: { code: string | null; text: string };
  items: readonly ConsentDataItem[];
  /** The language the consent notice was shown in (BCP 47, 'en'). */
  noticeLanguage: string;
  /** The consent's events so far, oldest first; the last is its state now. */
  events: readonly ConsentEventEntry[];
  /** SHA-256 (hex) of the vp_token disclosed; null when nothing was disclosed. */
  presentationSha256: string | null;
}

/** Whole-second UTC time (XML dateTimeStamp). */
const stamp = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/**
 * The unsigned receipt (a VCDM 2.0 credential without proof) of `input`; sign it with
 * eddsa-jcs-2022 (createEddsaJcs2022Proof). Pure: the same input gives the same document.
 */
export function buildConsentReceipt(input: ConsentReceiptInput): JsonObject {
  const { dataFiduciary: fiduciary } = input;
  const controller: JsonObject = {
    id: fiduciary.id,
    type: 'DataController',
    hasName: fiduciary.name,
    ...(fiduciary.contact ? { hasContact: fiduciary.contact } : {}),
  };
  return {
    '@context': [VC_V2_CONTEXT, consentReceiptContextUrl(input.origin)],
    id: consentReceiptUrl(input.origin, input.receiptId),
    type: ['VerifiableCredential', 'ConsentReceipt'],
    issuer: { id: input.issuer.id, name: input.issuer.name },
    validFrom: stamp(input.issuedAt),
    name: 'Consent receipt',
    identifier: input.receiptId,
    conformsTo: DPV_27560_PROFILE,
    credentialSubject: {
      id: `urn:pehchaan:consent-record:${input.recordId}`,
      type: 'ConsentRecord',
      identifier: input.recordId,
      conformsTo: DPV_27560_PROFILE,
      hasDataSubject: { id: input.dataPrincipal, type: 'DataSubject' },
      hasDataController: controller,
      hasNotice: { type: 'ConsentNotice', language: input.noticeLanguage },
      hasJurisdiction: JURISDICTION_INDIA,
      hasApplicableLaw: { type: 'Law', name: DPDP_ACT_NAME },
      hasProcess: {
        type: 'Process',
        hasPurpose: {
          type: 'Purpose',
          ...(input.purpose.code ? { identifier: input.purpose.code } : {}),
          description: input.purpose.text,
        },
        hasPersonalData: input.items.map((item) => ({
          type: 'PersonalData',
          identifier: item.claim,
          title: item.label,
          ...(item.source ? { source: item.source } : {}),
        })),
        hasLegalBasis: CONSENT_LEGAL_BASIS,
        hasRecipient: fiduciary.id,
        hasConsentControl: {
          type: 'WithdrawConsent',
          isExercisedAt: `${input.origin.replace(/\/+$/, '')}${WITHDRAW_CONSENT_PATH}`,
        },
      },
      hasConsentStatus: input.events.map((event) => ({
        type: DPV_CONSENT_STATUS[event.state],
        isIndicatedAtTime: stamp(event.at),
        ...(event.by ? { isIndicatedBy: event.by } : {}),
      })),
    },
    ...(input.presentationSha256
      ? {
          disclosedPresentation: {
            mediaType: 'application/json',
            digestSRI: sriOfSha256Hex(input.presentationSha256),
          },
        }
      : {}),
  };
}

const one = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.array(schema).min(1)]).transform((v) => (Array.isArray(v) ? v : [v]));

const text = z.string().max(2000);

/** The parts of a receipt the screens read (a loose reading: other members are ignored). */
const receiptShape = z.object({
  id: z.string(),
  type: z.array(z.string()).refine((types) => types.includes('ConsentReceipt')),
  issuer: z.union([z.string(), z.object({ id: z.string(), name: z.string().optional() })]),
  validFrom: z.string(),
  identifier: z.string().optional(),
  credentialSubject: z.object({
    identifier: z.string().optional(),
    hasDataSubject: z.object({ id: z.string() }),
    hasDataController: z.object({
      id: z.string(),
      hasName: text,
      hasContact: text.optional(),
    }),
    hasNotice: z.object({ language: z.string() }).optional(),
    hasProcess: z.object({
      hasPurpose: z.object({ identifier: z.string().optional(), description: text }),
      hasPersonalData: one(
        z.object({ identifier: text, title: text.optional(), source: text.optional() }),
      ),
      hasLegalBasis: z.string().optional(),
      hasConsentControl: z.object({ isExercisedAt: z.string() }).optional(),
    }),
    hasConsentStatus: one(z.object({ type: z.string(), isIndicatedAtTime: z.string() })),
  }),
  disclosedPresentation: z.object({ digestSRI: z.string() }).optional(),
});

/** What a screen shows of a receipt (readConsentReceipt). */
export interface ConsentReceiptView {
  /** The receipt's id ('receipt-…'). */
  receiptId: string;
  /** Its public URL. */
  url: string;
  issuer: { id: string; name: string | null };
  issuedAt: string;
  recordId: string | null;
  /** The data principal's pseudonymous id. */
  dataPrincipal: string;
  dataFiduciary: { id: string; name: string; contact: string | null };
  purpose: { code: string | null; text: string };
  items: ConsentDataItem[];
  legalBasis: string | null;
  noticeLanguage: string | null;
  /** Events oldest first; `state` null for a status this product does not know. */
  events: { state: ConsentState | null; at: string }[];
  /** The state now (the last event's). */
  state: ConsentState | null;
  /** Where the holder withdraws this consent. */
  withdrawAt: string | null;
  /** SHA-256 (hex) of the presentation disclosed, when one was. */
  presentationSha256: string | null;
}

const STATE_OF_DPV = new Map(
  Object.entries(DPV_CONSENT_STATUS).map(([state, dpv]) => [dpv, state as ConsentState]),
);

/** `document` read as a consent receipt; null when it is not one. Never throws. */
export function readConsentReceipt(document: unknown): ConsentReceiptView | null {
  const parsed = receiptShape.safeParse(document);
  if (!parsed.success) return null;
  const receipt = parsed.data;
  const subject = receipt.credentialSubject;
  const process = subject.hasProcess;
  const events = subject.hasConsentStatus.map((event) => ({
    state: STATE_OF_DPV.get(event.type) ?? null,
    at: event.isIndicatedAtTime,
  }));
  const lastSegment = receipt.id.split('/').at(-1) ?? receipt.id;
  const issuer =
    typeof receipt.issuer === 'string'
      ? { id: receipt.issuer, name: null }
      : { id: receipt.issuer.id, name: receipt.issuer.name ?? null };
  const digest = receipt.disclosedPresentation?.digestSRI;
  return {
    receiptId: receipt.identifier ?? lastSegment,
    url: receipt.id,
    issuer,
    issuedAt: receipt.validFrom,
    recordId: subject.identifier ?? null,
    dataPrincipal: subject.hasDataSubject.id,
    dataFiduciary: {
      id: subject.hasDataController.id,
      name: subject.hasDataController.hasName,
      contact: subject.hasDataController.hasContact ?? null,
    },
    purpose: {
      code: process.hasPurpose.identifier ?? null,
      text: process.hasPurpose.description,
    },
    items: process.hasPersonalData.map((item) => ({
      claim: item.identifier,
      label: item.title ?? item.identifier,
      source: item.source ?? null,
    })),
    legalBasis: process.hasLegalBasis ?? null,
    noticeLanguage: subject.hasNotice?.language ?? null,
    events,
    state: events.at(-1)?.state ?? null,
    withdrawAt: process.hasConsentControl?.isExercisedAt ?? null,
    presentationSha256: digest ? sha256HexOfSri(digest) : null,
  };
}
