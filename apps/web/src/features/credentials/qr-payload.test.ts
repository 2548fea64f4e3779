import { describe, expect, it } from 'vitest';
import { credential } from '@/testing/fixtures';
import { buildQrPayload, verificationUrl } from './qr-payload';

describe('buildQrPayload (SPEC 3)', () => {
  it('holds the SPEC 3 fields, identifiers masked, no date of birth or address, and the verify link', () => {
    const record = credential('abc123', {
      issuer: 'UIDAI',
      credential_subject: {
        id: 'did:key:z6MkHolder',
        name: 'Rajesh Kumar',
        document_type: 'Aadhaar Card',
        aadhaar_number: '234567890125',
        phone: '9876543210',
        date_of_birth: '1990-01-15',
        address: 'Delhi',
        gender: 'Male',
      },
    });
    const payload = buildQrPayload(
      record,
      'https://pehchaan.example/',
      Date.parse('2025-05-01T00:00:00Z'),
    );
    expect(payload).toEqual({
      type: 'digital_credential',
      version: '1.0',
      credential_id: 'abc123',
      document_type: 'Aadhaar Card',
      issuer: 'UIDAI',
      issuance_date: record.issuance_date,
      expiration_date: record.expiration_date,
      subject: {
        name: 'Rajesh Kumar',
        aadhaar_number: 'XXXX XXXX 0125',
        phone: '98XXXXXX10',
      },
      verification_url: 'https://pehchaan.example/verify/abc123',
      timestamp: '2025-05-01T00:00:00.000Z',
    });
    // Absent fields and fields outside SPEC 3's list are not in the JSON.
    const json = JSON.parse(JSON.stringify(payload));
    expect(json.subject).not.toHaveProperty('pan_number');
    expect(json.subject).not.toHaveProperty('gender');
    expect(JSON.stringify(payload)).not.toMatch(/234567890125|9876543210|1990-01-15|Delhi/);
  });

  it('builds the verify link from the origin and an encoded id', () => {
    expect(verificationUrl('http://localhost:5000', 'a b')).toBe(
      'http://localhost:5000/verify/a%20b',
    );
  });
});
