/**
 * The registered verifiers seeded at first start: the three data fiduciaries of SPEC 3's seeded
 * consent requests (consent-seeds.ts), each with the purpose of its request and, per document
 * type, the claims that purpose may ask for: the request's fields (SPEC 3 labels) as SD-JWT VC
 * claim names (the credentialSubject names of documents/catalogue.ts), plus the Basic Identity
 * claims among them (the fallback of the seeded requests, SeededRequestSeed). DPDP Act s.6(1): a
 * request is limited to these.
 */
import type { DocumentTypeKey } from '../documents/catalogue';

export interface VerifierPurposeSeed {
  /** Stable code, a-z 0-9 _. */
  code: string;
  /** The purpose in English: the consent request's `purpose`. */
  textEn: string;
  textHi: string;
  /** Document type -> claim names the purpose may ask for. */
  claims: Partial<Record<DocumentTypeKey, string[]>>;
  /** How long the verifier keeps what it receives, in days. */
  retentionDays: number;
  /** The SPEC 3 seeded consent request this purpose backs as a real OpenID4VP request. */
  seededRequest?: SeededRequestSeed;
}

/**
 * The OpenID4VP request (DCQL, OpenID4VP 1.0 section 6) behind one of SPEC 3's seeded consent
 * requests (consent-seeds.ts), made from its verifier at seed and at Reset Requests: the
 * request's fields as claims of the document types holding them. Every credential is optional
 * through `credentialSets`, with Basic Identity (which every holder has, SPEC 4) as the
 * fallback of the identity fields, so Approve always has something to present.
 */
export interface SeededRequestSeed {
  /** The consent seed's id suffix: 'bank' backs `consent-{userId}-bank`. */
  consentSeed: 'bank' | 'telecom' | 'insurer';
  /** DCQL credential query id (= the document type) -> the claim names asked for. */
  credentials: Partial<Record<DocumentTypeKey, string[]>>;
  /** DCQL credential_sets: each option a list of credential query ids; required default true. */
  credentialSets: { options: DocumentTypeKey[][]; required?: boolean }[];
}

export interface VerifierSeed {
  /** Stable id, so reseeding never duplicates an organisation. */
  id: string;
  /** Exactly the consent request's `requester`. */
  name: string;
  grievanceContact: string;
  purposes: VerifierPurposeSeed[];
}

/** Five years: the KYC record keeping of the PML Rules (rule 3) that banks and insurers follow. */
const FIVE_YEARS_DAYS = 1825;
/** Two years: the telecom KYC retention assumed for the demo operator. */
const TWO_YEARS_DAYS = 730;

export const VERIFIER_SEEDS: readonly VerifierSeed[] = [
  {
    id: 'verifier-sbi',
    name: 'State Bank of India',
    grievanceContact: 'grievance@sbi.example',
    purposes: [
      {
        code: 'open_savings_account',
        textEn: 'Open savings account',
        textHi: 'बचत खाता खोलना',
        // Name, Aadhaar, Phone, Address, Date of Birth, PAN.
        claims: {
          aadhaar: ['name', 'aadhaar_number', 'phone', 'address', 'date_of_birth'],
          pan: ['name', 'pan_number', 'date_of_birth'],
          basic_identity: ['name', 'date_of_birth'],
        },
        retentionDays: FIVE_YEARS_DAYS,
        seededRequest: {
          consentSeed: 'bank',
          credentials: {
            aadhaar: ['name', 'aadhaar_number', 'phone', 'address', 'date_of_birth'],
            pan: ['pan_number'],
            basic_identity: ['name', 'date_of_birth'],
          },
          credentialSets: [
            { options: [['aadhaar'], ['basic_identity']] },
            { options: [['pan']], required: false },
          ],
        },
      },
    ],
  },
  {
    id: 'verifier-airtel',
    name: 'Bharti Airtel',
    grievanceContact: 'grievance@airtel.example',
    purposes: [
      {
        code: 'sim_card_kyc',
        textEn: 'SIM card KYC verification',
        textHi: 'सिम कार्ड केवाईसी सत्यापन',
        // Name, Aadhaar, Phone, Address.
        claims: {
          aadhaar: ['name', 'aadhaar_number', 'phone', 'address'],
          basic_identity: ['name'],
        },
        retentionDays: TWO_YEARS_DAYS,
        seededRequest: {
          consentSeed: 'telecom',
          credentials: {
            aadhaar: ['name', 'aadhaar_number', 'phone', 'address'],
            basic_identity: ['name'],
          },
          credentialSets: [{ options: [['aadhaar'], ['basic_identity']] }],
        },
      },
    ],
  },
  {
    id: 'verifier-lic',
    name: 'LIC of India',
    grievanceContact: 'grievance@licindia.example',
    purposes: [
      {
        code: 'insurance_policy_verification',
        textEn: 'Insurance policy verification',
        textHi: 'बीमा पॉलिसी सत्यापन',
        // Name, Date of Birth, PAN, CKYC Number.
        claims: {
          pan: ['name', 'pan_number', 'date_of_birth'],
          ckyc: ['name', 'ckyc_number', 'date_of_birth'],
          basic_identity: ['name', 'date_of_birth'],
        },
        retentionDays: FIVE_YEARS_DAYS,
        seededRequest: {
          consentSeed: 'insurer',
          credentials: {
            pan: ['name', 'date_of_birth', 'pan_number'],
            ckyc: ['ckyc_number'],
            basic_identity: ['name', 'date_of_birth'],
          },
          credentialSets: [
            { options: [['pan'], ['basic_identity']] },
            { options: [['ckyc']], required: false },
          ],
        },
      },
    ],
  },
];
