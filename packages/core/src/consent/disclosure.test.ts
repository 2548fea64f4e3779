/**
 * What an approval sends (the credential choice under DCQL credential_sets, OpenID4VP 1.0
 * section 6.4, and the claims disclosed), and what a decided request sent, read back from its
 * consent receipt.
 */
import { describe, expect, it } from 'vitest';
import type {
  ConsentPresentation,
  ConsentRequest,
  PresentationClaim,
  PresentationCredential,
} from '../api/records';
import {
  chosenCredentialIds,
  plannedDisclosure,
  sentOfReceipt,
  withHeld,
  withSentClaims,
} from './disclosure';
import { buildConsentReceipt, type ConsentReceiptInput } from './receipt';

const claim = (name: string, required = true): PresentationClaim => ({
  path: [name],
  name,
  label: name,
  label_hi: name,
  required,
});

const credential = (
  query_id: string,
  claims: PresentationClaim[],
  options: { held?: boolean; required?: boolean; type?: string | null } = {},
): PresentationCredential => ({
  query_id,
  document_type: options.type === undefined ? query_id : options.type,
  document_name: `${query_id} card`,
  document_name_hi: `${query_id} कार्ड`,
  held: options.held ?? true,
  required: options.required ?? false,
  claims,
});

/** The seeded bank request's shape: Aadhaar or the Basic Identity fallback, PAN optional. */
function bank(held: { aadhaar: boolean; pan: boolean }, seeded = true): ConsentPresentation {
  return {
    verifier: { name: 'State Bank of India', verified: true, client_id: 'x' },
    purpose: 'Open savings account',
    retention_days: 1825,
    grievance_contact: null,
    expires_at: '2030-01-01T00:00:00.000Z',
    credentials: [
      credential(
        'aadhaar',
        [
          claim('name'),
          claim('aadhaar_number'),
          claim('phone', false),
          claim('address'),
          claim('date_of_birth'),
        ],
        { held: held.aadhaar },
      ),
      credential('pan', [claim('pan_number')], { held: held.pan }),
      credential('basic_identity', [claim('name'), claim('date_of_birth')]),
    ],
    credential_sets: [
      { options: [['aadhaar'], ['basic_identity']], required: true },
      { options: [['pan']], required: false },
    ],
    seeded,
  };
}

const names = (planned: ReturnType<typeof plannedDisclosure>) =>
  planned.map((c) => [c.query_id, c.claims.map((x) => x.name)]);

describe('chosenCredentialIds', () => {
  it('answers each set with its first option the holder holds', () => {
    const p = bank({ aadhaar: true, pan: true });
    expect([...chosenCredentialIds(p.credential_sets, p.credentials)]).toEqual(['aadhaar', 'pan']);
  });

  it('falls back to a later option, and leaves out a set none of whose options is held', () => {
    const p = bank({ aadhaar: false, pan: false });
    expect([...chosenCredentialIds(p.credential_sets, p.credentials)]).toEqual(['basic_identity']);
  });

  it('needs every credential of a multi-credential option', () => {
    const credentials = [
      credential('a', []),
      credential('b', [], { held: false }),
      credential('c', []),
    ];
    const sets = [{ options: [['a', 'b'], ['c']] }];
    expect([...chosenCredentialIds(sets, credentials)]).toEqual(['c']);
  });

  it('without credential_sets, chooses every credential held', () => {
    const p = bank({ aadhaar: true, pan: false });
    expect([...chosenCredentialIds(undefined, p.credentials)]).toEqual([
      'aadhaar',
      'basic_identity',
    ]);
  });
});

describe('plannedDisclosure', () => {
  it('of a seeded request: the chosen credentials, required claims and the optional ones ticked', () => {
    const p = bank({ aadhaar: true, pan: true });
    const ticked = ['name', 'aadhaar_number', 'address', 'date_of_birth', 'pan_number'];
    expect(names(plannedDisclosure(p, ticked))).toEqual([
      ['aadhaar', ['name', 'aadhaar_number', 'address', 'date_of_birth']],
      ['pan', ['pan_number']],
    ]);
    // Without ticks: every claim, Phone included.
    expect(names(plannedDisclosure(p))[0]).toEqual([
      'aadhaar',
      ['name', 'aadhaar_number', 'phone', 'address', 'date_of_birth'],
    ]);
    // Required claims go whether or not they are listed as ticked.
    expect(names(plannedDisclosure(p, []))).toEqual([
      ['aadhaar', ['name', 'aadhaar_number', 'address', 'date_of_birth']],
      ['pan', ['pan_number']],
    ]);
  });

  it('of a seeded request the holder answers with the fallback: only the Basic Identity', () => {
    const planned = plannedDisclosure(bank({ aadhaar: false, pan: false }), ['phone']);
    expect(names(planned)).toEqual([['basic_identity', ['name', 'date_of_birth']]]);
    expect(planned[0]).toMatchObject({
      document_type: 'basic_identity',
      document_name: 'basic_identity card',
      document_name_hi: 'basic_identity कार्ड',
    });
  });

  it('of a request from a link too: only the first option held of each credential set', () => {
    // Sending Aadhaar and its Basic Identity fallback both would disclose more than asked.
    const planned = plannedDisclosure(bank({ aadhaar: true, pan: false }, false), []);
    expect(names(planned)).toEqual([
      ['aadhaar', ['name', 'aadhaar_number', 'address', 'date_of_birth']],
    ]);
  });

  it('leaves out an optional credential with nothing ticked, and optional claims its type lacks', () => {
    const p: ConsentPresentation = {
      ...bank({ aadhaar: true, pan: true }, false),
      credentials: [
        credential('pan', [claim('pan_number', false), claim('phone', false)]),
        credential('aadhaar', [claim('name'), claim('voter_id', false)], { required: true }),
      ],
      credential_sets: undefined,
    };
    expect(names(plannedDisclosure(p, ['voter_id']))).toEqual([['aadhaar', ['name']]]);
    // PAN Cards carry no phone claim: only the PAN number is sent.
    expect(names(plannedDisclosure(p, ['pan_number', 'phone']))).toEqual([
      ['pan', ['pan_number']],
      ['aadhaar', ['name']],
    ]);
  });

  it('leaves out credentials not held or of an unknown type, and lists a claim once', () => {
    const p: ConsentPresentation = {
      ...bank({ aadhaar: true, pan: true }, false),
      credentials: [
        credential('x', [claim('name')], { type: null }),
        credential('pan', [claim('pan_number')], { held: false }),
        credential('aadhaar', [
          claim('address', false),
          { ...claim('address'), path: ['address', 'x'] },
        ]),
      ],
      credential_sets: undefined,
    };
    expect(names(plannedDisclosure(p, []))).toEqual([['aadhaar', ['address']]]);
  });

  it('presents a received credential of any type with the claims it carries', () => {
    const library: PresentationCredential = {
      ...credential(
        'card',
        [claim('member_no'), claim('given_name', false), claim('photo', false)],
        {
          type: null,
        },
      ),
      received: { credential_id: 'cred-1', claims: ['given_name', 'member_no'] },
    };
    const p: ConsentPresentation = {
      ...bank({ aadhaar: true, pan: true }, false),
      credentials: [library],
      credential_sets: undefined,
    };
    const [planned] = plannedDisclosure(p);
    expect(planned).toMatchObject({
      query_id: 'card',
      document_type: null,
      received_credential_id: 'cred-1',
      document_name: 'card card',
    });
    // The optional photo is one the credential does not carry: never planned.
    expect(planned?.claims.map((c) => c.name)).toEqual(['member_no', 'given_name']);
    expect(names(plannedDisclosure(p, []))).toEqual([['card', ['member_no']]]);
  });
});

describe('withHeld', () => {
  it('holds a received credential while the holder still has it, others by document type', () => {
    const p: ConsentPresentation = {
      ...bank({ aadhaar: false, pan: false }, false),
      credentials: [
        {
          ...credential('aadhaar', [claim('name')], { held: false }),
          received: { credential_id: 'cred-1', claims: ['name'] },
        },
        credential('pan', [claim('pan_number')], { held: false }),
      ],
    };
    const held = (types: string[], received: string[]) =>
      withHeld(p, new Set(types), new Set(received)).credentials.map((c) => c.held);
    expect(held(['pan'], ['cred-1'])).toEqual([true, true]);
    // The product's Aadhaar does not stand in for the received one the query was matched to.
    expect(held(['aadhaar'], [])).toEqual([false, false]);
    expect(withHeld(p, new Set(['pan'])).credentials.map((c) => c.held)).toEqual([false, true]);
  });

  it('marks a held credential its issuer revoked or suspended as unavailable, with the reason', () => {
    const p: ConsentPresentation = {
      ...bank({ aadhaar: false, pan: false }, false),
      credentials: [
        {
          ...credential('aadhaar', [claim('name')], { held: false }),
          received: { credential_id: 'cred-1', claims: ['name'] },
        },
        // Marked revoked when last read; valid again since.
        { ...credential('pan', [claim('pan_number')], { held: false }), unavailable: 'revoked' },
      ],
    };
    const marked = withHeld(
      p,
      new Set(['pan']),
      new Set(['cred-1']),
      new Map([['cred-1', 'suspended' as const]]),
    ).credentials;
    expect(marked.map((c) => [c.held, c.unavailable])).toEqual([
      [true, 'suspended'],
      // A stale mark is dropped: the PAN is valid again.
      [true, undefined],
    ]);
  });
});

const HEX = 'c'.repeat(64);
const receiptInput: ConsentReceiptInput = {
  origin: 'http://localhost:5000',
  receiptId: `receipt-${'0'.repeat(31)}2`,
  recordId: 'f'.repeat(32),
  issuer: { id: 'did:key:z6MkRegistry', name: 'Pehchaan consent registry' },
  issuedAt: new Date('2025-06-01T10:00:05Z'),
  dataPrincipal: `urn:pehchaan:data-principal:${'b'.repeat(32)}`,
  dataFiduciary: { id: 'did:key:z6MkBank', name: 'State Bank of India', contact: null },
  purpose: { code: 'open_savings_account', text: 'Open savings account' },
  items: [
    { claim: 'name', label: 'Name', source: 'aadhaar card' },
    { claim: 'address', label: 'Address', source: 'aadhaar card' },
    { claim: 'pan_number', label: 'PAN', source: 'pan card' },
  ],
  noticeLanguage: 'en',
  events: [
    { state: 'requested', at: new Date('2025-06-01T08:00:00Z') },
    { state: 'given', at: new Date('2025-06-01T10:00:05Z'), by: 'urn:x' },
  ],
  presentationSha256: HEX,
};

describe('sentOfReceipt', () => {
  it('groups the disclosed items by credential, matched to the request’s credential queries', () => {
    const receipt = buildConsentReceipt(receiptInput);
    expect(sentOfReceipt(bank({ aadhaar: true, pan: true }), receipt)).toEqual([
      {
        query_id: 'aadhaar',
        document_type: 'aadhaar',
        document_name: 'aadhaar card',
        claims: [
          { name: 'name', label: 'Name' },
          { name: 'address', label: 'Address' },
        ],
      },
      {
        query_id: 'pan',
        document_type: 'pan',
        document_name: 'pan card',
        claims: [{ name: 'pan_number', label: 'PAN' }],
      },
    ]);
    // Without the request: the same, unmatched.
    expect(sentOfReceipt(undefined, receipt)?.map((c) => [c.query_id, c.document_name])).toEqual([
      [null, 'aadhaar card'],
      [null, 'pan card'],
    ]);
  });

  it('is empty when no presentation was disclosed, and null for anything but a receipt', () => {
    const receipt = buildConsentReceipt({ ...receiptInput, presentationSha256: null });
    expect(sentOfReceipt(undefined, receipt)).toEqual([]);
    expect(sentOfReceipt(undefined, { type: ['VerifiableCredential'] })).toBeNull();
    expect(sentOfReceipt(undefined, undefined)).toBeNull();
  });
});

describe('withSentClaims', () => {
  const request = (status: ConsentRequest['status']): ConsentRequest => ({
    id: 'consent-1',
    userId: 'user-001',
    requester: 'State Bank of India',
    purpose: 'Open savings account',
    requested_at: '2025-06-01T08:00:00.000Z',
    status,
    fields: ['Name'],
    status_updated_at: null,
    status_updated_by: null,
    last_viewed: null,
    presentation: bank({ aadhaar: true, pan: true }),
  });
  const receipt = buildConsentReceipt(receiptInput);

  it('sets what was sent on a given consent, nothing on a rejected one', () => {
    for (const status of ['approved', 'withdrawn', 'expired'] as const) {
      const sent = withSentClaims(request(status), receipt).presentation?.sent;
      expect(sent?.flatMap((c) => c.claims.map((x) => x.name))).toEqual([
        'name',
        'address',
        'pan_number',
      ]);
    }
    expect(withSentClaims(request('rejected'), undefined).presentation?.sent).toEqual([]);
  });

  it('leaves a pending request, one without a presentation and an unreadable receipt alone', () => {
    expect(withSentClaims(request('pending'), receipt)).toEqual(request('pending'));
    const plain = { ...request('approved'), presentation: undefined };
    expect(withSentClaims(plain, receipt)).toEqual(plain);
    expect(withSentClaims(request('approved'), null)).toEqual(request('approved'));
  });
});
