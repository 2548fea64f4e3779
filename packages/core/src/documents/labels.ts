/**
 * Display names of the document types and of their credentialSubject claims in English and
 * Hindi (DECISIONS D6.6, D7.2): what the SD-JWT VC Type Metadata at `/vct/{type}` serves
 * (draft-ietf-oauth-sd-jwt-vc, "Type Metadata": `display` and `claims[].display`).
 *
 * The Hindi strings reuse the web app's existing translations where it has them
 * (apps/web/src/locales/hi: wallet-demo.json `sources.names`, profile.json `fields` and
 * `identity.labels`, activity.json `types.basic_identity_created`, info.json's list of the
 * documents); the server may not import web code, so they are copied here.
 */
import type { DocumentTypeKey } from './catalogue';

/** The languages the type metadata is served in (RFC 5646 tags). */
export const METADATA_LOCALES = ['en', 'hi'] as const;
export type MetadataLocale = (typeof METADATA_LOCALES)[number];

/** A text in every metadata language. */
export type LocalizedText = Readonly<Record<MetadataLocale, string>>;

/** Name and one-line description of each document type, per language. */
export const DOCUMENT_TYPE_LABELS: Readonly<
  Record<DocumentTypeKey, { name: LocalizedText; description: LocalizedText }>
> = {
  basic_identity: {
    name: { en: 'Basic Identity', hi: 'बेसिक आइडेंटिटी' },
    description: {
      en: "The holder's basic identity: name, date of birth and nationality",
      hi: 'धारक की बुनियादी पहचान: नाम, जन्म तिथि और राष्ट्रीयता',
    },
  },
  aadhaar: {
    name: { en: 'Aadhaar Card', hi: 'आधार कार्ड' },
    description: {
      en: 'Aadhaar identity issued by UIDAI',
      hi: 'यूआईडीएआई द्वारा जारी आधार पहचान',
    },
  },
  pan: {
    name: { en: 'PAN Card', hi: 'पैन कार्ड' },
    description: {
      en: 'Permanent Account Number issued by the Income Tax Department',
      hi: 'आयकर विभाग द्वारा जारी स्थायी खाता संख्या',
    },
  },
  voter_id: {
    name: { en: 'Voter ID Card', hi: 'मतदाता पहचान पत्र' },
    description: {
      en: 'Voter identity card issued by the Election Commission of India',
      hi: 'भारत निर्वाचन आयोग द्वारा जारी मतदाता पहचान पत्र',
    },
  },
  driving_license: {
    name: { en: 'Driving License', hi: 'ड्राइविंग लाइसेंस' },
    description: {
      en: 'Driving licence issued by the Regional Transport Office',
      hi: 'क्षेत्रीय परिवहन कार्यालय द्वारा जारी ड्राइविंग लाइसेंस',
    },
  },
  passport: {
    name: { en: 'Passport', hi: 'पासपोर्ट' },
    description: {
      en: 'Indian passport issued by Passport Seva',
      hi: 'पासपोर्ट सेवा द्वारा जारी भारतीय पासपोर्ट',
    },
  },
  marksheet_10th: {
    name: { en: '10th Class Marksheet', hi: '10वीं की अंकतालिका' },
    description: {
      en: 'Class 10 examination results issued by CBSE',
      hi: 'सीबीएसई द्वारा जारी कक्षा 10 परीक्षा परिणाम',
    },
  },
  marksheet_12th: {
    name: { en: '12th Class Marksheet', hi: '12वीं की अंकतालिका' },
    description: {
      en: 'Class 12 examination results issued by CBSE',
      hi: 'सीबीएसई द्वारा जारी कक्षा 12 परीक्षा परिणाम',
    },
  },
  birth_certificate: {
    name: { en: 'Birth Certificate', hi: 'जन्म प्रमाणपत्र' },
    description: {
      en: 'Birth registration issued by the Municipal Corporation',
      hi: 'नगर निगम द्वारा जारी जन्म पंजीकरण',
    },
  },
  ckyc: {
    name: { en: 'CKYC Number', hi: 'सीकेवाईसी नंबर' },
    description: {
      en: 'Central KYC record number issued by CERSAI',
      hi: 'सेर्साई द्वारा जारी केंद्रीय केवाईसी रिकॉर्ड नंबर',
    },
  },
};

/**
 * The label of every credentialSubject claim a document type carries (`name`, `document_type`
 * and each catalogue subject field), per language. labels.test.ts checks that every claim of
 * the catalogue has one.
 */
export const CLAIM_LABELS: Readonly<Record<string, LocalizedText>> = {
  name: { en: 'Name', hi: 'नाम' },
  document_type: { en: 'Document type', hi: 'दस्तावेज़ का प्रकार' },
  aadhaar_number: { en: 'Aadhaar number', hi: 'आधार नंबर' },
  phone: { en: 'Phone', hi: 'फ़ोन' },
  date_of_birth: { en: 'Date of Birth', hi: 'जन्म तिथि' },
  address: { en: 'Address', hi: 'पता' },
  gender: { en: 'Gender', hi: 'लिंग' },
  nationality: { en: 'Nationality', hi: 'राष्ट्रीयता' },
  pan_number: { en: 'PAN Number', hi: 'पैन नंबर' },
  father_name: { en: "Father's name", hi: 'पिता का नाम' },
  mother_name: { en: "Mother's name", hi: 'माता का नाम' },
  voter_id: { en: 'Voter ID', hi: 'वोटर आईडी' },
  constituency: { en: 'Constituency', hi: 'निर्वाचन क्षेत्र' },
  driving_license: { en: 'Driving License', hi: 'ड्राइविंग लाइसेंस' },
  license_type: { en: 'Licence type', hi: 'लाइसेंस का प्रकार' },
  valid_from: { en: 'Valid from', hi: 'से मान्य' },
  passport_number: { en: 'Passport number', hi: 'पासपोर्ट नंबर' },
  place_of_birth: { en: 'Place of birth', hi: 'जन्म स्थान' },
  roll_number: { en: 'Roll number', hi: 'अनुक्रमांक' },
  board: { en: 'Board', hi: 'बोर्ड' },
  year: { en: 'Year', hi: 'वर्ष' },
  percentage: { en: 'Percentage', hi: 'प्रतिशत' },
  subjects: { en: 'Subjects', hi: 'विषय' },
  stream: { en: 'Stream', hi: 'संकाय' },
  registration_number: { en: 'Registration number', hi: 'पंजीकरण संख्या' },
  ckyc_number: { en: 'CKYC Number', hi: 'सीकेवाईसी नंबर' },
};

/**
 * The label of claim `claim` in `locale`; the claim name itself when the catalogue has none
 * (cannot happen for a catalogue claim, see labels.test.ts).
 */
export function claimLabel(claim: string, locale: MetadataLocale): string {
  return CLAIM_LABELS[claim]?.[locale] ?? claim;
}
