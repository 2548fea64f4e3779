/**
 * The holder's identity as their issued credentials state it (issue 19: identity that does not
 * contradict itself). Each identity field of the profile is read from the most authoritative
 * credential of the holder that carries it (an Aadhaar credential from UIDAI first), and names
 * that credential as its source; a field no usable credential carries keeps the registration
 * record's value and no source ("not verified").
 *
 * A credential vouches only when it is issued (it has a proof: not one made offline and still
 * awaiting its issuer) and not expired (SPEC 4 display status). Used by the server's profile
 * answer and by the web's offline profile, so both show the same.
 */
import {
  GENDERS,
  type Gender,
  IDENTITY_FIELDS,
  type IdentityField,
  type IdentitySource,
} from '../api/profile';
import type { CredentialRecord } from '../api/records';
import { type DocumentTypeKey, findDocumentTypeByName } from '../documents/catalogue';
import { credentialDisplayStatus } from './status';

/**
 * Per identity field: the subject claim that carries it and the document types that may vouch
 * for it, most authoritative first (the Aadhaar of UIDAI, then government-issued documents, the
 * wallet's Basic Identity last).
 */
export const IDENTITY_CLAIMS: Readonly<
  Record<IdentityField, { claim: string; documentTypes: readonly DocumentTypeKey[] }>
> = {
  name: {
    claim: 'name',
    documentTypes: [
      'aadhaar',
      'passport',
      'pan',
      'voter_id',
      'driving_license',
      'birth_certificate',
      'ckyc',
      'basic_identity',
    ],
  },
  phone: { claim: 'phone', documentTypes: ['aadhaar'] },
  dob: {
    claim: 'date_of_birth',
    documentTypes: [
      'aadhaar',
      'passport',
      'pan',
      'birth_certificate',
      'voter_id',
      'driving_license',
      'ckyc',
      'basic_identity',
    ],
  },
  gender: { claim: 'gender', documentTypes: ['aadhaar'] },
  address: { claim: 'address', documentTypes: ['aadhaar', 'voter_id', 'driving_license', 'ckyc'] },
};

/** The identity fields' values (the registration record's, where no credential vouches). */
export type IdentityValues = Record<IdentityField, string> & { gender: Gender };

export interface CredentialIdentity {
  values: IdentityValues;
  sources: Record<IdentityField, IdentitySource | null>;
  /** True when a credential vouches for every identity field. */
  verified: boolean;
}

function vouches(credential: CredentialRecord, now: number): boolean {
  return credential.proof !== null && credentialDisplayStatus(credential, now) !== 'expired';
}

/**
 * The identity fields as `credentials` state them.
 * @param credentials the holder's credential records (any order).
 * @param registered the holder's registration record: each field's value when no credential
 *   vouches for it.
 * @param now the instant expiry is judged at (epoch ms).
 */
export function identityFromCredentials(
  credentials: readonly CredentialRecord[],
  registered: IdentityValues,
  now: number,
): CredentialIdentity {
  const byType = new Map<DocumentTypeKey, CredentialRecord>();
  for (const credential of credentials) {
    const type = findDocumentTypeByName(credential.credential_subject.document_type);
    if (type && vouches(credential, now) && !byType.has(type.key)) byType.set(type.key, credential);
  }
  const values = { ...registered };
  const sources = {} as Record<IdentityField, IdentitySource | null>;
  for (const field of IDENTITY_FIELDS) {
    const { claim, documentTypes } = IDENTITY_CLAIMS[field];
    sources[field] = null;
    for (const key of documentTypes) {
      const credential = byType.get(key);
      const value = credential?.credential_subject[claim];
      if (!credential || typeof value !== 'string' || value.trim() === '') continue;
      if (field === 'gender') {
        const gender = GENDERS.find((g) => g === value);
        if (!gender) continue;
        values.gender = gender;
      } else {
        values[field] = value;
      }
      sources[field] = {
        credential_id: credential.id,
        document_type: credential.credential_subject.document_type,
        issuer: credential.issuer,
      };
      break;
    }
  }
  return {
    values,
    sources,
    verified: IDENTITY_FIELDS.every((field) => sources[field] !== null),
  };
}
