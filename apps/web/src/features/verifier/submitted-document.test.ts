/** submitted-document.ts: what /verify was given, for the shapes other issuers use too. */
import { describe, expect, it } from 'vitest';
import { WITHDRAWN_RECEIPT } from '@/testing/consent-receipts';
import { kindOfDocument, readCredential } from './submitted-document';

describe('kindOfDocument', () => {
  it('reads a consent receipt as a receipt', () => {
    expect(kindOfDocument(WITHDRAWN_RECEIPT.receipt)).toBe('receipt');
  });

  it('reads a VCDM 1.1 credential (issuer a string, subjects a list) as a credential', () => {
    const document = {
      '@context': ['https://www.w3.org/2018/credentials/v1'],
      type: ['VerifiableCredential', 'AlumniCredential'],
      issuer: 'did:example:university',
      issuanceDate: '2020-01-01T00:00:00Z',
      credentialSubject: [{ id: 'did:example:alice', name: 'Alice' }],
    };
    expect(kindOfDocument(document)).toBe('credential');
    expect(readCredential(document)).toEqual({
      issuerName: null,
      issuerId: 'did:example:university',
      holderName: 'Alice',
      documentType: 'AlumniCredential',
      issued: '2020-01-01T00:00:00Z',
      expires: null,
      subject: { id: 'did:example:alice', name: 'Alice' },
    });
  });

  it.each([
    ['a plain object', { name: 'Rajesh Kumar' }],
    ['a presentation', { type: ['VerifiablePresentation'], verifiableCredential: [] }],
    ['a credential type without a subject', { type: ['VerifiableCredential'] }],
  ])('reads %s as unknown', (_, document) => {
    expect(kindOfDocument(document)).toBe('unknown');
  });
});
