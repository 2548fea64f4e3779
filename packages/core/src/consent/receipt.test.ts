/**
 * Consent receipts (issue 17): the DPV-27560 document, signed with eddsa-jcs-2022 and, because
 * its context is complete JSON-LD, also signable and verifiable with eddsa-rdfc-2022 (safe mode)
 * using the bundled context bound to the deployment's origin; and read back for the screens.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  consentReceiptContext,
  consentReceiptContexts,
  consentReceiptContextUrl,
} from '../proofs/consent-receipt-context';
import { didKeyVerificationMethod, ed25519PublicKeyToDidKey } from '../proofs/did-key';
import { createEddsaJcs2022Proof, type JsonObject } from '../proofs/eddsa-jcs-2022';
import { createEddsaRdfc2022Proof } from '../proofs/eddsa-rdfc-2022';
import { canonizeRdfc } from '../proofs/json-ld-loader';
import { verifyCredential } from '../proofs/verify-credential';
import {
  buildConsentReceipt,
  type ConsentReceiptInput,
  isConsentReceiptId,
  readConsentReceipt,
  sha256HexOfSri,
  sriOfSha256Hex,
} from './receipt';

const ORIGIN = 'http://localhost:5000';
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const registryDid = ed25519PublicKeyToDidKey(
  new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)),
);
const signer = (data: Uint8Array) => new Uint8Array(sign(null, data, privateKey));
const HEX = 'a'.repeat(64);

const input: ConsentReceiptInput = {
  origin: ORIGIN,
  receiptId: `receipt-${'0'.repeat(31)}1`,
  recordId: 'f'.repeat(32),
  issuer: { id: registryDid, name: 'Pehchaan consent registry' },
  issuedAt: new Date('2025-06-01T10:00:05.250Z'),
  dataPrincipal: `urn:pehchaan:data-principal:${'b'.repeat(32)}`,
  dataFiduciary: {
    id: 'did:key:z6MkExample',
    name: 'State Bank of India',
    contact: 'g@sbi.example',
  },
  purpose: { code: 'open_savings_account', text: 'Open savings account' },
  items: [
    { claim: 'name', label: 'Name', source: 'Aadhaar Card' },
    { claim: 'pan_number', label: 'PAN', source: 'PAN Card' },
  ],
  noticeLanguage: 'hi',
  events: [
    { state: 'requested', at: new Date('2025-06-01T08:00:00Z') },
    { state: 'given', at: new Date('2025-06-01T10:00:05Z'), by: 'urn:x' },
  ],
  presentationSha256: HEX,
};

const NOW = new Date('2025-06-02T00:00:00Z');
const jcsSigned = () =>
  createEddsaJcs2022Proof(buildConsentReceipt(input), {
    verificationMethod: didKeyVerificationMethod(registryDid),
    created: '2025-06-01T10:00:05Z',
    sign: signer,
  });

describe('consent receipts', () => {
  it('is a VC 2.0 ConsentReceipt whose subject is a DPV ConsentRecord', () => {
    const receipt = buildConsentReceipt(input);
    expect(receipt['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      `${ORIGIN}/contexts/consent-receipt/v1`,
    ]);
    expect(receipt.type).toEqual(['VerifiableCredential', 'ConsentReceipt']);
    expect(receipt.id).toBe(`${ORIGIN}/verify/${input.receiptId}`);
    expect(receipt.validFrom).toBe('2025-06-01T10:00:05Z');
    const subject = receipt.credentialSubject as JsonObject;
    expect(subject.type).toBe('ConsentRecord');
    expect(subject.hasDataSubject).toEqual({ id: input.dataPrincipal, type: 'DataSubject' });
    // Claim names and labels only: the document holds no claim value.
    expect(JSON.stringify(receipt)).not.toMatch(/Rajesh|ABCDE/);
    expect(receipt.disclosedPresentation).toEqual({
      mediaType: 'application/json',
      digestSRI: sriOfSha256Hex(HEX),
    });
  });

  it('verifies with eddsa-jcs-2022 and fails when one byte changes', async () => {
    const signed = await jcsSigned();
    const options = { trustedIssuers: [registryDid], now: NOW };
    expect((await verifyCredential(signed, options)).status).toBe('verified');
    const changed = JSON.parse(
      JSON.stringify(signed).replace('Open savings account', 'Open savings accounu'),
    );
    const verdict = await verifyCredential(changed, options);
    expect(verdict.status).toBe('invalid_signature');
  });

  it('is complete JSON-LD: canonicalizes in safe mode with the bundled context', async () => {
    const nquads = await canonizeRdfc(buildConsentReceipt(input), {
      contexts: consentReceiptContexts(ORIGIN),
    });
    expect(nquads).toContain('<https://w3id.org/dpv#hasDataController>');
    expect(nquads).toContain('<https://w3id.org/dpv#ConsentGiven>');
    expect(nquads).toContain('<https://w3id.org/dpv#ExplicitlyExpressedConsent>');
    expect(nquads).toContain(`<${consentReceiptContextUrl(ORIGIN)}#disclosedPresentation>`);
  });

  it('signs and verifies with eddsa-rdfc-2022 given the context, never fetching it', async () => {
    const contexts = consentReceiptContexts(ORIGIN);
    const signed = await createEddsaRdfc2022Proof(buildConsentReceipt(input), {
      verificationMethod: didKeyVerificationMethod(registryDid),
      created: '2025-06-01T10:00:05Z',
      sign: signer,
      contexts,
    });
    const options = { trustedIssuers: [registryDid], now: NOW };
    expect((await verifyCredential(signed, { ...options, contexts })).status).toBe('verified');
    // Without the context the verifier cannot canonicalize: malformed, naming the URL.
    const unknown = await verifyCredential(signed, options);
    expect(unknown.status).toBe('malformed');
    expect(unknown.errors.join(' ')).toContain(consentReceiptContextUrl(ORIGIN));
  });

  it('the context maps its terms to DPV and Dublin Core IRIs', () => {
    const context = consentReceiptContext(ORIGIN)['@context'] as Record<string, unknown>;
    expect(context.dpv).toBe('https://w3id.org/dpv#');
    expect(context.hasPurpose).toEqual({
      '@id': 'https://w3id.org/dpv#hasPurpose',
      '@type': '@id',
    });
    expect(context.identifier).toBe('dct:identifier');
  });

  it('reads a receipt back for the screens; anything else is null', async () => {
    const view = readConsentReceipt(await jcsSigned());
    expect(view).toMatchObject({
      receiptId: input.receiptId,
      issuer: { id: registryDid, name: 'Pehchaan consent registry' },
      dataFiduciary: { name: 'State Bank of India', contact: 'g@sbi.example' },
      purpose: { code: 'open_savings_account', text: 'Open savings account' },
      noticeLanguage: 'hi',
      state: 'given',
      withdrawAt: `${ORIGIN}/consent/who-has-my-data`,
      presentationSha256: HEX,
    });
    expect(view?.items.map((item) => item.label)).toEqual(['Name', 'PAN']);
    expect(view?.events.map((event) => event.state)).toEqual(['requested', 'given']);
    expect(readConsentReceipt({ type: ['VerifiableCredential'] })).toBeNull();
    expect(readConsentReceipt('receipt')).toBeNull();
  });

  it('receipt ids and SRI digests', () => {
    expect(isConsentReceiptId(input.receiptId)).toBe(true);
    expect(isConsentReceiptId('share-00000000000000000000000000000001')).toBe(false);
    expect(sha256HexOfSri(sriOfSha256Hex(HEX))).toBe(HEX);
    expect(sha256HexOfSri('sha384-abc')).toBeNull();
  });
});
