/**
 * The registered verifiers seeded at first start: the three data fiduciaries of SPEC 3's seeded
 * consent requests (consent-seeds.ts), each with the purpose of its request and, per document
 * type, the claims that purpose may ask for: the request's fields (SPEC 3 labels) as SD-JWT VC
 * claim names (the credentialSubject names of documents/catalogue.ts), plus the Basic Identity
 * claims among them (the fallback of the seeded requests, SeededRequestSeed). DPDP Act s.6(1): a
 * request is limited to these.
 */
import type { DocumentTypeKey } from '../documents/catalogue';

/** A text in English and Hindi, like a purpose's text (the verifier registers both). */
export interface ReasonText {
  en: string;
  hi: string;
}

export interface VerifierPurposeSeed {
  /** Stable code, a-z 0-9 _. */
  code: string;
  /** The purpose in English: the consent request's `purpose`. */
  textEn: string;
  textHi: string;
  /** Document type -> claim names the purpose may ask for. */
  claims: Partial<Record<DocumentTypeKey, string[]>>;
  /**
   * Why the purpose needs each claim, by claim name (every name of `claims`): what the holder
   * reads beside the field on the consent card (DPDP Act s.5(1): the notice itemises the
   * personal data and the purpose it is processed for).
   */
  claimReasons: Readonly<Record<string, ReasonText>>;
  /** How long the verifier keeps what it receives, in days. */
  retentionDays: number;
  /** The SPEC 3 seeded consent request this purpose backs as a real OpenID4VP request. */
  seededRequest?: SeededRequestSeed;
}

/** One claim a seeded request asks for: its name and whether the holder may leave it out. */
export interface SeededClaim {
  /** The credentialSubject claim name, e.g. 'phone'. */
  name: string;
  /**
   * False: optional, the holder may untick it (DCQL `claim_sets`, OpenID4VP 1.0 section 6.4.2;
   * link-seeded-consent-requests.ts seededDcqlQuery). Each credential keeps at least one required
   * claim (a claim set cannot be empty); a credential the purpose can do without is optional as
   * a whole through `credentialSets` instead.
   */
  required: boolean;
}

/**
 * The OpenID4VP request (DCQL, OpenID4VP 1.0 section 6) behind one of SPEC 3's seeded consent
 * requests (consent-seeds.ts), made from its verifier at seed and at Reset Requests: the
 * request's fields as claims of the document types holding them, each required or optional.
 * Every credential is optional through `credentialSets`, with Basic Identity (which every
 * holder has, SPEC 4) as the fallback of the identity fields, so Approve always has something
 * to present.
 */
export interface SeededRequestSeed {
  /** The consent seed's id suffix: 'bank' backs `consent-{userId}-bank`. */
  consentSeed: 'bank' | 'telecom' | 'insurer';
  /** DCQL credential query id (= the document type) -> the claims asked for, in order. */
  credentials: Partial<Record<DocumentTypeKey, readonly SeededClaim[]>>;
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

const required = (name: string): SeededClaim => ({ name, required: true });
const optional = (name: string): SeededClaim => ({ name, required: false });

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
        claimReasons: {
          name: {
            en: 'The account is opened in your name, as on your identity document.',
            hi: 'खाता आपके नाम पर खोला जाता है, जैसा आपके पहचान दस्तावेज़ में है।',
          },
          aadhaar_number: {
            en: 'The KYC rules for a bank account (PML Rules, rule 9) need proof of your identity.',
            hi: 'बैंक खाते के केवाईसी नियमों (पीएमएल नियम, नियम 9) के लिए आपकी पहचान का प्रमाण चाहिए।',
          },
          address: {
            en: 'KYC records your address as proof of where you live.',
            hi: 'केवाईसी में आपका पता, आप कहाँ रहते हैं इसके प्रमाण के रूप में दर्ज होता है।',
          },
          date_of_birth: {
            en: 'KYC records your date of birth; it also decides between a minor’s and an adult’s account.',
            hi: 'केवाईसी में आपकी जन्म तिथि दर्ज होती है; इसी से नाबालिग या वयस्क का खाता तय होता है।',
          },
          phone: {
            en: 'For account alerts and OTPs. Not needed to open the account; you can give it at the branch.',
            hi: 'खाते की सूचनाओं और ओटीपी के लिए। खाता खोलने के लिए ज़रूरी नहीं; आप इसे शाखा में दे सकते हैं।',
          },
          pan_number: {
            en: 'The PML Rules need your PAN for a bank account; if you have no PAN, you fill in Form 60 instead.',
            hi: 'पीएमएल नियमों के अनुसार बैंक खाते के लिए आपका पैन चाहिए; पैन न हो तो आप इसके बदले फ़ॉर्म 60 भरते हैं।',
          },
        },
        retentionDays: FIVE_YEARS_DAYS,
        seededRequest: {
          consentSeed: 'bank',
          credentials: {
            // PML Rules rule 9 (RBI KYC Master Direction): identity, address and date of birth
            // are the KYC record. The phone number is not part of it: the bank uses it for
            // alerts, so the holder may leave it out (optional).
            aadhaar: [
              required('name'),
              required('aadhaar_number'),
              optional('phone'),
              required('address'),
              required('date_of_birth'),
            ],
            // PML Rules rule 9(4): "the PAN or Form 60". Form 60 is the declaration of a person
            // who has no PAN, so a holder who has one must give it: the PAN claim stays
            // required, and the PAN Card as a whole stays optional (credentialSets below), for
            // holders without one, who fill in Form 60 at the branch.
            pan: [required('pan_number')],
            basic_identity: [required('name'), required('date_of_birth')],
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
        claimReasons: {
          name: {
            en: 'The SIM is registered in your name (DoT subscriber verification).',
            hi: 'सिम आपके नाम पर पंजीकृत होता है (दूरसंचार विभाग का ग्राहक सत्यापन)।',
          },
          aadhaar_number: {
            en: 'DoT’s rules for a new connection need your identity verified by Aadhaar e-KYC.',
            hi: 'नए कनेक्शन के लिए दूरसंचार विभाग के नियमों में आधार ई-केवाईसी से आपकी पहचान का सत्यापन ज़रूरी है।',
          },
          address: {
            en: 'DoT’s subscriber verification records your address.',
            hi: 'दूरसंचार विभाग के ग्राहक सत्यापन में आपका पता दर्ज होता है।',
          },
          phone: {
            en: 'To reach you about the new connection. Not needed to issue the SIM.',
            hi: 'नए कनेक्शन के बारे में आपसे संपर्क करने के लिए। सिम जारी करने के लिए ज़रूरी नहीं।',
          },
        },
        retentionDays: TWO_YEARS_DAYS,
        seededRequest: {
          consentSeed: 'telecom',
          credentials: {
            // DoT's customer verification for a mobile connection (Aadhaar e-KYC): name,
            // identity and address. The holder's existing phone number only lets the operator
            // reach them; the SIM is issued without it, so it is optional.
            aadhaar: [
              required('name'),
              required('aadhaar_number'),
              optional('phone'),
              required('address'),
            ],
            basic_identity: [required('name')],
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
        claimReasons: {
          name: {
            en: 'To match you with the policyholder named on the policy.',
            hi: 'पॉलिसी में दर्ज पॉलिसीधारक से आपका मिलान करने के लिए।',
          },
          date_of_birth: {
            en: 'To match you with the policyholder’s date of birth on the policy.',
            hi: 'पॉलिसी में दर्ज पॉलिसीधारक की जन्म तिथि से आपका मिलान करने के लिए।',
          },
          pan_number: {
            en: 'Used for income-tax reporting of payouts. Not needed to verify the policy.',
            hi: 'भुगतानों की आयकर रिपोर्टिंग के लिए। पॉलिसी के सत्यापन के लिए ज़रूरी नहीं।',
          },
          ckyc_number: {
            en: 'To fetch your KYC record from the Central KYC Registry instead of asking for documents again.',
            hi: 'दस्तावेज़ दोबारा माँगने के बजाय केंद्रीय केवाईसी रजिस्ट्री से आपका केवाईसी रिकॉर्ड लेने के लिए।',
          },
        },
        retentionDays: FIVE_YEARS_DAYS,
        seededRequest: {
          consentSeed: 'insurer',
          credentials: {
            // Verifying a policy matches the holder with the policyholder: name and date of
            // birth. The PAN is not needed for that (insurers use it for income-tax reporting
            // of payouts), so it is optional; the PAN Card still answers name and date of birth.
            pan: [required('name'), required('date_of_birth'), optional('pan_number')],
            // The CKYC number lets the insurer fetch the KYC record from CERSAI's registry; a
            // holder without one can still be verified, so the credential is optional as a whole.
            ckyc: [required('ckyc_number')],
            basic_identity: [required('name'), required('date_of_birth')],
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
