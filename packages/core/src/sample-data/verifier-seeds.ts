/**
 * The registered verifiers seeded at first start: the three data fiduciaries of SPEC 3's seeded
 * consent requests (consent-seeds.ts), each with the purpose of its request and, per document
 * type, the claims that purpose may ask for: the request's fields (SPEC 3 labels) as SD-JWT VC
 * claim names (the credentialSubject names of documents/catalogue.ts). DPDP Act s.6(1): a
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
        },
        retentionDays: FIVE_YEARS_DAYS,
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
        claims: { aadhaar: ['name', 'aadhaar_number', 'phone', 'address'] },
        retentionDays: TWO_YEARS_DAYS,
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
        },
        retentionDays: FIVE_YEARS_DAYS,
      },
    ],
  },
];
