/**
 * The document-type catalogue of SPEC 3: the ten credential types, their issuers, their subject
 * fields, and the expiry rules of SPEC 9 (generated credentials 5 years, Basic Identity 10).
 */
import { MARKSHEET_SAMPLES, SAMPLE_LICENSE_TYPE } from '../sample-data/marksheets';
import type { SampleUser } from '../sample-data/users';

/** The issuers of SPEC 3, one per document type. */
export const ISSUERS = [
  'UIDAI',
  'Income Tax Department',
  'Election Commission of India',
  'Regional Transport Office',
  'Passport Seva',
  'CBSE',
  'Municipal Corporation',
  'CERSAI',
  'Digital Identity System',
] as const;
export type IssuerName = (typeof ISSUERS)[number];

/**
 * An issuer's path segment as an OpenID4VCI Credential Issuer: its name in lower case, words
 * joined by '-' ('UIDAI' -> 'uidai', 'Income Tax Department' -> 'income-tax-department').
 */
export function issuerSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The Credential Issuer Identifier of one of the product's issuers (OpenID4VCI 1.0 section
 * 12.2.1: an https URL, here `{origin}/oid4vci/issuers/{slug}`); its metadata is at
 * `{origin}/.well-known/openid-credential-issuer/oid4vci/issuers/{slug}` (section 12.2.2).
 */
export function credentialIssuerIdentifier(origin: string, name: string): string {
  return `${origin.replace(/\/$/, '')}/oid4vci/issuers/${issuerSlug(name)}`;
}

export const DOCUMENT_TYPE_KEYS = [
  'basic_identity',
  'aadhaar',
  'pan',
  'voter_id',
  'driving_license',
  'passport',
  'marksheet_10th',
  'marksheet_12th',
  'birth_certificate',
  'ckyc',
] as const;
export type DocumentTypeKey = (typeof DOCUMENT_TYPE_KEYS)[number];

export interface DocumentType {
  /** API key, used as `document_type` in POST /identity/generate-credential. */
  key: DocumentTypeKey;
  /** Display name, the credential_subject.document_type (SPEC 3 table). */
  name: string;
  /** The specific W3C VC type after 'VerifiableCredential'. */
  credentialType: string;
  issuer: IssuerName;
  /** SPEC 3 subject fields, besides id, name and document_type. */
  subjectFields: readonly string[];
  /** Years from issuance to expiry (SPEC 9). */
  validityYears: number;
  /** Basic Identity: created automatically, never deleted or dragged. */
  permanent: boolean;
  /** Offered in the Add Credentials dropdown (the nine of SPEC 2). */
  issuable: boolean;
}

export const DOCUMENT_TYPES: readonly DocumentType[] = [
  {
    key: 'basic_identity',
    name: 'Basic Identity',
    credentialType: 'BasicIdentityCredential',
    issuer: 'Digital Identity System',
    subjectFields: ['date_of_birth', 'nationality'],
    validityYears: 10,
    permanent: true,
    issuable: false,
  },
  {
    key: 'aadhaar',
    name: 'Aadhaar Card',
    credentialType: 'AadhaarCredential',
    issuer: 'UIDAI',
    subjectFields: ['aadhaar_number', 'phone', 'date_of_birth', 'address', 'gender', 'nationality'],
    validityYears: 5,
    permanent: false,
    issuable: true,
  },
  {
    key: 'pan',
    name: 'PAN Card',
    credentialType: 'PanCardCredential',
    issuer: 'Income Tax Department',
    subjectFields: ['pan_number', 'date_of_birth', 'father_name'],
    validityYears: 5,
    permanent: false,
    issuable: true,
  },
  {
    key: 'voter_id',
    name: 'Voter ID Card',
    credentialType: 'VoterIdCredential',
    issuer: 'Election Commission of India',
    subjectFields: ['voter_id', 'date_of_birth', 'address', 'constituency'],
    validityYears: 5,
    permanent: false,
    issuable: true,
  },
  {
    key: 'driving_license',
    name: 'Driving License',
    credentialType: 'DrivingLicenseCredential',
    issuer: 'Regional Transport Office',
    subjectFields: ['driving_license', 'date_of_birth', 'address', 'license_type', 'valid_from'],
    validityYears: 5,
    permanent: false,
    issuable: true,
  },
  {
    key: 'passport',
    name: 'Passport',
    credentialType: 'PassportCredential',
    issuer: 'Passport Seva',
    subjectFields: ['passport_number', 'date_of_birth', 'nationality', 'place_of_birth'],
    validityYears: 5,
    permanent: false,
    issuable: true,
  },
  {
    key: 'marksheet_10th',
    name: '10th Class Marksheet',
    credentialType: 'Class10MarksheetCredential',
    issuer: 'CBSE',
    subjectFields: ['roll_number', 'board', 'year', 'percentage', 'subjects'],
    validityYears: 5,
    permanent: false,
    issuable: true,
  },
  {
    key: 'marksheet_12th',
    name: '12th Class Marksheet',
    credentialType: 'Class12MarksheetCredential',
    issuer: 'CBSE',
    subjectFields: ['roll_number', 'board', 'year', 'percentage', 'subjects', 'stream'],
    validityYears: 5,
    permanent: false,
    issuable: true,
  },
  {
    key: 'birth_certificate',
    name: 'Birth Certificate',
    credentialType: 'BirthCertificateCredential',
    issuer: 'Municipal Corporation',
    subjectFields: [
      'date_of_birth',
      'place_of_birth',
      'father_name',
      'mother_name',
      'registration_number',
    ],
    validityYears: 5,
    permanent: false,
    issuable: true,
  },
  {
    key: 'ckyc',
    name: 'CKYC Number',
    credentialType: 'CkycCredential',
    issuer: 'CERSAI',
    subjectFields: ['ckyc_number', 'date_of_birth', 'address'],
    validityYears: 5,
    permanent: false,
    issuable: true,
  },
];

/**
 * The subject claim holding each document's own number (the Aadhaar number, the PAN ...): what a
 * collapsed credential card shows, masked (issue 19). Basic Identity has none.
 */
export const DOCUMENT_NUMBER_CLAIMS: Readonly<Record<DocumentTypeKey, string | null>> = {
  basic_identity: null,
  aadhaar: 'aadhaar_number',
  pan: 'pan_number',
  voter_id: 'voter_id',
  driving_license: 'driving_license',
  passport: 'passport_number',
  marksheet_10th: 'roll_number',
  marksheet_12th: 'roll_number',
  birth_certificate: 'registration_number',
  ckyc: 'ckyc_number',
};

/** The nine types of the Add Credentials dropdown (SPEC 2; Basic Identity is automatic). */
export const ISSUABLE_DOCUMENT_TYPES: readonly DocumentType[] = DOCUMENT_TYPES.filter(
  (d) => d.issuable,
);

/** True when `key` names a catalogue entry. */
export function isDocumentTypeKey(key: unknown): key is DocumentTypeKey {
  return typeof key === 'string' && (DOCUMENT_TYPE_KEYS as readonly string[]).includes(key);
}

/** The catalogue entry for `key`, or undefined for an unknown key. */
export function getDocumentType(key: string): DocumentType | undefined {
  return DOCUMENT_TYPES.find((d) => d.key === key);
}

/** The catalogue entry whose display name or VC type is `name`, or undefined. */
export function findDocumentTypeByName(name: string): DocumentType | undefined {
  return DOCUMENT_TYPES.find((d) => d.name === name || d.credentialType === name);
}

/**
 * SPEC 9 expiry: `issuedAt` plus the type's validity in whole calendar years (UTC).
 * @throws {RangeError} for an unknown key.
 */
export function credentialExpiry(key: DocumentTypeKey, issuedAt: Date): Date {
  const type = getDocumentType(key);
  if (!type) throw new RangeError(`Unknown document type: ${key}`);
  const expiry = new Date(issuedAt.getTime());
  expiry.setUTCFullYear(expiry.getUTCFullYear() + type.validityYears);
  return expiry;
}

/**
 * Picks a random issuable type the holder does not hold yet (SPEC 9: "A random document type is
 * used when none is chosen"); undefined when they hold all nine.
 * @param random a function returning [0, 1), Math.random by default.
 */
export function pickRandomDocumentType(
  held: readonly string[],
  random: () => number = Math.random,
): DocumentType | undefined {
  const open = ISSUABLE_DOCUMENT_TYPES.filter((d) => !held.includes(d.key));
  return open[Math.floor(random() * open.length)];
}

/**
 * The credentialSubject claims of SPEC 3 for `key`, taken from the holder's user record and the
 * SPEC 9 sample figures: `name`, `document_type` and the type's subject fields (no `id`; the
 * issuer adds the holder's DID).
 * @throws {RangeError} for an unknown key.
 */
export function buildCredentialSubject(
  key: DocumentTypeKey,
  user: SampleUser,
  issuedAt: Date = new Date(),
): Record<string, unknown> {
  const type = getDocumentType(key);
  if (!type) throw new RangeError(`Unknown document type: ${key}`);
  const claims: Record<string, unknown> = {
    aadhaar_number: user.aadhaarId,
    phone: user.phone,
    date_of_birth: user.dateOfBirth,
    address: user.address,
    gender: user.gender,
    nationality: 'Indian',
    pan_number: user.panNumber,
    father_name: user.fatherName,
    mother_name: user.motherName,
    voter_id: user.voterId,
    constituency: user.constituency,
    driving_license: user.drivingLicense,
    license_type: SAMPLE_LICENSE_TYPE,
    valid_from: issuedAt.toISOString().slice(0, 10),
    passport_number: user.passportNumber,
    place_of_birth: user.placeOfBirth,
    registration_number: user.birthRegistrationNumber,
    ckyc_number: user.ckycNumber,
  };
  if (key === 'marksheet_10th' || key === 'marksheet_12th') {
    const sample = MARKSHEET_SAMPLES[key];
    Object.assign(claims, sample, {
      subjects: [...sample.subjects],
      roll_number: key === 'marksheet_10th' ? user.tenthRollNumber : user.twelfthRollNumber,
    });
  }
  const subject: Record<string, unknown> = { name: user.name, document_type: type.name };
  for (const field of type.subjectFields) subject[field] = claims[field];
  return subject;
}

/**
 * The catalogue entry a caller's `document_type` names: a key ('pan') or SPEC 3's name ('PAN
 * Card'), either case-insensitive, surrounding spaces and repeated inner spaces ignored.
 * Undefined when it names none.
 */
export function resolveDocumentType(value: string): DocumentType | undefined {
  const wanted = value.trim().replace(/\s+/g, ' ').toLowerCase();
  return DOCUMENT_TYPES.find((d) => d.key === wanted || d.name.toLowerCase() === wanted);
}
