import { describe, expect, it } from 'vitest';
import type { CredentialRecord } from '../api/records';
import { type IdentityValues, identityFromCredentials } from './identity';

const NOW = Date.parse('2025-06-01T10:00:00.000Z');

const REGISTERED: IdentityValues = {
  name: 'Raju S',
  phone: '9876543210',
  dob: '1990-01-01',
  gender: 'Male',
  address: 'Old address',
};

function credential(
  id: string,
  documentType: string,
  issuer: string,
  claims: Record<string, unknown>,
  options: { expires?: string; proof?: boolean } = {},
): CredentialRecord {
  return {
    id,
    userId: 'user-001',
    type: ['VerifiableCredential', 'X'],
    issuer,
    issuance_date: '2024-01-01T00:00:00.000Z',
    expiration_date: options.expires ?? '2029-01-01T00:00:00.000Z',
    credential_subject: { id: 'did:x', document_type: documentType, ...claims },
    proof:
      options.proof === false
        ? null
        : {
            type: 'DataIntegrityProof',
            created: '2024-01-01T00:00:00.000Z',
            verificationMethod: 'did:key:z#z',
            proofPurpose: 'assertionMethod',
            proofValue: 'z1',
          },
  } as CredentialRecord;
}

const BASIC = credential('cred-basic', 'Basic Identity', 'Digital Identity System', {
  name: 'Rajesh Kumar Sharma',
  date_of_birth: '1988-03-15',
  nationality: 'Indian',
});
const AADHAAR = credential('cred-aadhaar', 'Aadhaar Card', 'UIDAI', {
  name: 'Rajesh Kumar Sharma',
  aadhaar_number: '234567890125',
  phone: '9876543210',
  date_of_birth: '1988-03-15',
  address: '12 MG Road, Bengaluru',
  gender: 'Male',
  nationality: 'Indian',
});

describe('identityFromCredentials', () => {
  it('shows each identity field from the Aadhaar credential, named as its source', () => {
    const identity = identityFromCredentials([BASIC, AADHAAR], REGISTERED, NOW);
    expect(identity.values).toEqual({
      name: 'Rajesh Kumar Sharma',
      phone: '9876543210',
      dob: '1988-03-15',
      gender: 'Male',
      address: '12 MG Road, Bengaluru',
    });
    expect(identity.sources.name).toEqual({
      credential_id: 'cred-aadhaar',
      document_type: 'Aadhaar Card',
      issuer: 'UIDAI',
    });
    expect(identity.verified).toBe(true);
  });

  it('with the Basic Identity alone, vouches for name and birth date only; the rest is not verified', () => {
    const identity = identityFromCredentials([BASIC], REGISTERED, NOW);
    expect(identity.values.name).toBe('Rajesh Kumar Sharma');
    expect(identity.values.dob).toBe('1988-03-15');
    expect(identity.sources.dob?.issuer).toBe('Digital Identity System');
    expect(identity.values.address).toBe('Old address');
    expect(identity.sources.address).toBeNull();
    expect(identity.sources.gender).toBeNull();
    expect(identity.verified).toBe(false);
  });

  it('takes no word from an expired credential or one still awaiting its issuer', () => {
    const expired = { ...AADHAAR, expiration_date: '2025-01-01T00:00:00.000Z' };
    const awaiting = { ...AADHAAR, id: 'local', proof: null };
    for (const aadhaar of [expired, awaiting]) {
      const identity = identityFromCredentials([aadhaar], REGISTERED, NOW);
      expect(identity.values).toEqual(REGISTERED);
      expect(identity.verified).toBe(false);
    }
  });

  it('keeps the registration record with no credentials', () => {
    const identity = identityFromCredentials([], REGISTERED, NOW);
    expect(identity.values).toEqual(REGISTERED);
    expect(Object.values(identity.sources).every((source) => source === null)).toBe(true);
  });
});
