import { describe, expect, it } from 'vitest';
import { isSensitiveField } from '../masking';
import { findSampleUser } from '../sample-data/users';
import {
  buildCredentialSubject,
  credentialExpiry,
  DOCUMENT_NUMBER_CLAIMS,
  DOCUMENT_TYPES,
  getDocumentType,
  ISSUABLE_DOCUMENT_TYPES,
  ISSUERS,
  pickRandomDocumentType,
  resolveDocumentType,
} from './catalogue';

const user = findSampleUser('user-001')!;

describe('document catalogue', () => {
  it('has the ten SPEC 3 types, nine issuable, each issuer used', () => {
    expect(DOCUMENT_TYPES).toHaveLength(10);
    expect(ISSUABLE_DOCUMENT_TYPES.map((d) => d.name)).toEqual([
      'Aadhaar Card',
      'PAN Card',
      'Voter ID Card',
      'Driving License',
      'Passport',
      '10th Class Marksheet',
      '12th Class Marksheet',
      'Birth Certificate',
      'CKYC Number',
    ]);
    expect(new Set(DOCUMENT_TYPES.map((d) => d.issuer))).toEqual(new Set(ISSUERS));
    expect(getDocumentType('basic_identity')?.permanent).toBe(true);
    expect(getDocumentType('nope')).toBeUndefined();
  });

  it('expires generated credentials after 5 years and Basic Identity after 10', () => {
    const issued = new Date('2025-03-20T12:00:00Z');
    expect(credentialExpiry('pan', issued).toISOString()).toBe('2030-03-20T12:00:00.000Z');
    expect(credentialExpiry('basic_identity', issued).toISOString()).toBe(
      '2035-03-20T12:00:00.000Z',
    );
  });

  it('builds exactly the SPEC 3 subject fields from the user record', () => {
    for (const type of DOCUMENT_TYPES) {
      const subject = buildCredentialSubject(type.key, user);
      expect(Object.keys(subject).sort()).toEqual(
        ['name', 'document_type', ...type.subjectFields].sort(),
      );
      for (const value of Object.values(subject)) expect(value).toBeDefined();
    }
    expect(buildCredentialSubject('pan', user)).toMatchObject({
      name: user.name,
      document_type: 'PAN Card',
      pan_number: user.panNumber,
    });
  });

  it('uses the SPEC 9 marksheet and licence figures', () => {
    expect(buildCredentialSubject('marksheet_10th', user)).toMatchObject({
      board: 'CBSE',
      year: 2018,
      percentage: 85.5,
    });
    expect(buildCredentialSubject('marksheet_12th', user)).toMatchObject({
      year: 2020,
      percentage: 78.2,
      stream: 'Science',
    });
    expect(buildCredentialSubject('driving_license', user)).toMatchObject({
      license_type: 'LMV-NT',
    });
  });

  it('picks a random type the holder does not hold', () => {
    const held = ISSUABLE_DOCUMENT_TYPES.slice(1).map((d) => d.key);
    expect(pickRandomDocumentType(held)?.key).toBe('aadhaar');
    expect(pickRandomDocumentType(ISSUABLE_DOCUMENT_TYPES.map((d) => d.key))).toBeUndefined();
    expect(pickRandomDocumentType([], () => 0.999)?.key).toBe('ckyc');
  });
});

describe("resolveDocumentType (the API's document_type)", () => {
  it("finds a type by SPEC 3's name or its key, case-insensitive, spaces normalised", () => {
    for (const value of ['PAN Card', 'pan card', '  PAN   Card ', 'pan', 'PAN']) {
      expect(resolveDocumentType(value)?.key, value).toBe('pan');
    }
    expect(resolveDocumentType('10th class marksheet')?.key).toBe('marksheet_10th');
    expect(resolveDocumentType('Voter ID Card')?.name).toBe('Voter ID Card');
  });

  it('finds nothing for other names', () => {
    for (const value of ['', 'PAN Cards', 'diploma', 'Permanent Account Number']) {
      expect(resolveDocumentType(value), value).toBeUndefined();
    }
  });
});

describe('document numbers (issue 19)', () => {
  it('names, for every type but Basic Identity, a subject claim of its own that masking hides', () => {
    for (const type of DOCUMENT_TYPES) {
      const claim = DOCUMENT_NUMBER_CLAIMS[type.key];
      if (type.key === 'basic_identity') {
        expect(claim).toBeNull();
        continue;
      }
      expect(type.subjectFields).toContain(claim);
      expect(isSensitiveField(claim ?? '')).toBe(true);
    }
  });
});
