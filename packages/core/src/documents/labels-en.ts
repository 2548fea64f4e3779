/**
 * The English display names of the document types and of their credentialSubject claims
 * (DECISIONS D6.6, D7.2): the `en` of documents/labels.ts, which takes them from here, in a module
 * of their own without the other languages, the language registry or zod. Imported by the subpath
 * `@pehchaan/core/document-labels-en`, so the web app's /verify islands, which run only for a
 * visitor who reads English (docs/adr/0010), load English names alone (docs/performance.md, the
 * public pages' 30 KB budget).
 */
import type { DocumentTypeKey } from './catalogue';

/** Name and one-line description of each document type, in English. */
export const DOCUMENT_TYPE_LABELS_EN: Readonly<
  Record<DocumentTypeKey, { name: string; description: string }>
> = {
  basic_identity: {
    name: 'Basic Identity',
    description: "The holder's basic identity: name, date of birth and nationality",
  },
  aadhaar: {
    name: 'Aadhaar Card',
    description: 'Aadhaar identity issued by UIDAI',
  },
  pan: {
    name: 'PAN Card',
    description: 'Permanent Account Number issued by the Income Tax Department',
  },
  voter_id: {
    name: 'Voter ID Card',
    description: 'Voter identity card issued by the Election Commission of India',
  },
  driving_license: {
    name: 'Driving License',
    description: 'Driving licence issued by the Regional Transport Office',
  },
  passport: {
    name: 'Passport',
    description: 'Indian passport issued by Passport Seva',
  },
  marksheet_10th: {
    name: '10th Class Marksheet',
    description: 'Class 10 examination results issued by CBSE',
  },
  marksheet_12th: {
    name: '12th Class Marksheet',
    description: 'Class 12 examination results issued by CBSE',
  },
  birth_certificate: {
    name: 'Birth Certificate',
    description: 'Birth registration issued by the Municipal Corporation',
  },
  ckyc: {
    name: 'CKYC Number',
    description: 'Central KYC record number issued by CERSAI',
  },
};

/** The label of each catalogue claim, in English (labels.ts CLAIM_LABELS has the same keys). */
export const CLAIM_LABELS_EN: Readonly<Record<string, string>> = {
  name: 'Name',
  document_type: 'Document type',
  aadhaar_number: 'Aadhaar number',
  phone: 'Phone',
  date_of_birth: 'Date of Birth',
  address: 'Address',
  gender: 'Gender',
  nationality: 'Nationality',
  pan_number: 'PAN Number',
  father_name: "Father's name",
  mother_name: "Mother's name",
  voter_id: 'Voter ID',
  constituency: 'Constituency',
  driving_license: 'Driving License',
  license_type: 'Licence type',
  valid_from: 'Valid from',
  passport_number: 'Passport number',
  place_of_birth: 'Place of birth',
  roll_number: 'Roll number',
  board: 'Board',
  year: 'Year',
  percentage: 'Percentage',
  subjects: 'Subjects',
  stream: 'Stream',
  registration_number: 'Registration number',
  ckyc_number: 'CKYC Number',
};
