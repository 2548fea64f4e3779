import { describe, expect, it } from 'vitest';
import { claimNameSchema, maskCredentialSubject, publicLinkBodySchema } from './credential-privacy';

describe('credential privacy (DECISIONS 9.6)', () => {
  it('masks every identity number of a subject as the screens do, and nothing else', () => {
    const subject = {
      id: 'did:key:z6MkHolder',
      name: 'Rajesh Kumar',
      document_type: 'Aadhaar Card',
      aadhaar_number: '234567890125',
      phone: '9876543210',
      date_of_birth: '1990-01-15',
    };
    const masked = maskCredentialSubject(subject);
    expect(masked).toEqual({
      ...subject,
      aadhaar_number: 'XXXX XXXX 0125',
      phone: '98XXXXXX10',
    });
    expect(maskCredentialSubject(masked)).toEqual(masked);
  });

  it('claim names are snake_case path segments; the public-link body is { enabled } only', () => {
    expect(claimNameSchema.safeParse('aadhaar_number').success).toBe(true);
    expect(claimNameSchema.safeParse('../document').success).toBe(false);
    expect(claimNameSchema.safeParse('').success).toBe(false);
    expect(publicLinkBodySchema.safeParse({ enabled: false }).success).toBe(true);
    expect(publicLinkBodySchema.safeParse({ enabled: 'no' }).success).toBe(false);
    expect(publicLinkBodySchema.safeParse({ enabled: true, extra: 1 }).success).toBe(false);
  });
});
