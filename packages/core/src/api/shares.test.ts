import { describe, expect, it } from 'vitest';
import {
  bareLinkSubject,
  buildQrPayload,
  DEFAULT_SHARE_LIFETIME,
  dayOf,
  defaultShareFields,
  isShareId,
  pickSubjectFields,
  shareCreateBodySchema,
  shareDisclosure,
  shareStatusOf,
  summarizeShares,
} from './shares';

const subject = {
  id: 'did:key:z6MkHolder',
  name: 'Rajesh Kumar',
  document_type: 'Aadhaar Card',
  aadhaar_number: '234567890125',
  phone: '9876543210',
  date_of_birth: '1990-01-15',
  address: '12 MG Road, Delhi',
  gender: 'Male',
};

describe('share links', () => {
  it('ticks every field but the sensitive numbers by default, for 7 days', () => {
    expect(defaultShareFields(subject)).toEqual(['name', 'date_of_birth', 'address', 'gender']);
    expect(DEFAULT_SHARE_LIFETIME).toBe('7d');
  });

  it('a bare link discloses the name and masked identifiers only', () => {
    expect(bareLinkSubject(subject)).toEqual({
      name: 'Rajesh Kumar',
      document_type: 'Aadhaar Card',
      aadhaar_number: 'XXXX XXXX 0125',
      phone: '98XXXXXX10',
    });
  });

  it('a share discloses the chosen fields only', () => {
    expect(pickSubjectFields(subject, ['name', 'date_of_birth', 'missing'])).toEqual({
      document_type: 'Aadhaar Card',
      name: 'Rajesh Kumar',
      date_of_birth: '1990-01-15',
    });
  });

  it('a bare link of an already masked subject (the holder list) is the same; its dates are days', () => {
    expect(bareLinkSubject(bareLinkSubject(subject))).toEqual(bareLinkSubject(subject));
    expect(dayOf('2025-06-01T10:23:45.123Z')).toBe('2025-06-01');
    expect(dayOf('')).toBe('');
    expect(dayOf('2025-06-01')).toBe('2025-06-01');
  });

  it('a share shows identity numbers masked unless named in full_values (DECISIONS 9.6)', () => {
    const fields = ['name', 'aadhaar_number', 'phone', 'date_of_birth'];
    expect(shareDisclosure(subject, fields, [])).toEqual({
      masked: {
        document_type: 'Aadhaar Card',
        name: 'Rajesh Kumar',
        aadhaar_number: 'XXXX XXXX 0125',
        phone: '98XXXXXX10',
        date_of_birth: '1990-01-15',
      },
      disclosed: {
        name: 'Rajesh Kumar',
        aadhaar_number: 'XXXX XXXX 0125',
        phone: '98XXXXXX10',
        date_of_birth: '1990-01-15',
      },
    });
    const full = shareDisclosure(subject, fields, ['aadhaar_number']);
    expect(full.disclosed.aadhaar_number).toBe('234567890125');
    expect(full.disclosed.phone).toBe('98XXXXXX10');
    expect(full.masked.aadhaar_number).toBe('XXXX XXXX 0125');
  });

  it('full_values names only chosen identity numbers, once each', () => {
    const body = {
      credential_id: 'cred-1',
      fields: ['name', 'aadhaar_number', 'phone'],
      lifetime: '7d',
    };
    expect(shareCreateBodySchema.safeParse({ ...body, full_values: ['phone'] }).success).toBe(true);
    expect(shareCreateBodySchema.safeParse({ ...body, full_values: [] }).success).toBe(true);
    const notChosen = shareCreateBodySchema.safeParse({ ...body, full_values: ['pan_number'] });
    expect(notChosen.success).toBe(false);
    expect(notChosen.error?.issues[0]?.path).toEqual(['full_values', 0]);
    expect(shareCreateBodySchema.safeParse({ ...body, full_values: ['name'] }).success).toBe(false);
    expect(
      shareCreateBodySchema.safeParse({ ...body, full_values: ['phone', 'phone'] }).success,
    ).toBe(false);
  });

  it('status: withdrawn, then expired, then used up, else active', () => {
    const live = {
      expires_at: '2025-06-08T10:00:00.000Z',
      withdrawn_at: null,
      max_views: 2,
      views: 1,
    };
    const now = Date.parse('2025-06-01T10:00:00.000Z');
    expect(shareStatusOf(live, now)).toBe('active');
    expect(shareStatusOf({ ...live, views: 2 }, now)).toBe('used_up');
    expect(shareStatusOf(live, Date.parse(live.expires_at))).toBe('expired');
    expect(shareStatusOf({ ...live, withdrawn_at: live.expires_at }, now)).toBe('withdrawn');
    expect(shareStatusOf({ ...live, max_views: null, views: 500 }, now)).toBe('active');
  });

  it('the create body takes a known lifetime, at least one field, no repeats, a limit of 1 to 1000', () => {
    const body = { credential_id: 'cred-1', fields: ['name'], lifetime: '1h' };
    expect(shareCreateBodySchema.safeParse(body).success).toBe(true);
    expect(shareCreateBodySchema.safeParse({ ...body, lifetime: '2h' }).success).toBe(false);
    expect(shareCreateBodySchema.safeParse({ ...body, fields: [] }).success).toBe(false);
    expect(shareCreateBodySchema.safeParse({ ...body, fields: ['a', 'a'] }).success).toBe(false);
    expect(shareCreateBodySchema.safeParse({ ...body, max_views: 0 }).success).toBe(false);
    expect(shareCreateBodySchema.safeParse({ ...body, max_views: 1001 }).success).toBe(false);
    expect(shareCreateBodySchema.safeParse({ ...body, extra: 1 }).success).toBe(false);
  });

  it('sums active links and all views; tells share ids from credential ids', () => {
    const share = (status: 'active' | 'expired', views: number) => ({
      id: 's',
      credential_id: 'c',
      document_type: 'PAN Card',
      url: 'u',
      fields: ['name'],
      created_at: '',
      expires_at: '',
      max_views: null,
      views,
      withdrawn_at: null,
      status,
    });
    expect(summarizeShares([share('active', 2), share('active', 0), share('expired', 3)])).toEqual({
      active: 2,
      views: 5,
    });
    expect(isShareId('share-0123')).toBe(true);
    expect(isShareId('cred-0123')).toBe(false);
  });

  it('the QR payload masks every identifier, whatever it is given', () => {
    const payload = buildQrPayload({
      credentialId: 'share-1',
      documentType: 'Aadhaar Card',
      issuer: 'UIDAI',
      issuanceDate: '2025-01-01T00:00:00Z',
      expirationDate: '',
      subject: pickSubjectFields(subject, ['name', 'aadhaar_number', 'phone', 'gender']),
      verificationUrl: 'https://pehchaan.example/verify/share-1',
      now: new Date('2025-06-01T10:00:00.000Z'),
    });
    expect(payload.subject).toEqual({
      name: 'Rajesh Kumar',
      aadhaar_number: 'XXXX XXXX 0125',
      phone: '98XXXXXX10',
    });
    expect(payload).toMatchObject({ type: 'digital_credential', version: '1.0' });
    expect(JSON.stringify(payload).length).toBeLessThan(400);
  });

  it('the QR payload of a share shows in full only the numbers its holder chose', () => {
    const payload = buildQrPayload({
      credentialId: 'share-1',
      documentType: 'Aadhaar Card',
      issuer: 'UIDAI',
      issuanceDate: '2025-01-01T00:00:00Z',
      expirationDate: '',
      subject: pickSubjectFields(subject, ['name', 'aadhaar_number', 'phone']),
      verificationUrl: 'https://pehchaan.example/verify/share-1',
      now: new Date('2025-06-01T10:00:00.000Z'),
      fullValues: ['aadhaar_number'],
    });
    expect(payload.subject).toEqual({
      name: 'Rajesh Kumar',
      aadhaar_number: '234567890125',
      phone: '98XXXXXX10',
    });
  });
});
