/**
 * Only the consent registry's key makes a consent receipt (DECISIONS 7.13): a receipt signed by
 * the registry keeps its verdict; the same receipt signed by another trusted issuer's key is
 * "Not a trusted receipt" (an error when the trusted-issuer check decides, else a warning);
 * documents of other types are left alone; the issuer API's type test reads every spelling.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { didKeyVerificationMethod, ed25519PublicKeyToDidKey } from '../proofs/did-key';
import { createEddsaJcs2022Proof, type JsonObject } from '../proofs/eddsa-jcs-2022';
import { verifyCredential } from '../proofs/verify-credential';
import { buildConsentReceipt } from './receipt';
import {
  isConsentReceiptType,
  isTypedConsentReceipt,
  proofVerificationMethods,
  trustAsConsentReceipt,
} from './receipt-trust';

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const did = ed25519PublicKeyToDidKey(
    new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)),
  );
  return {
    did,
    verificationMethod: didKeyVerificationMethod(did),
    sign: (data: Uint8Array) => new Uint8Array(sign(null, data, privateKey)),
  };
}
const registry = keyPair();
const uidai = keyPair();

const receiptBy = (key: ReturnType<typeof keyPair>, name = 'Pehchaan consent registry') =>
  createEddsaJcs2022Proof(
    buildConsentReceipt({
      origin: 'http://localhost:5000',
      receiptId: `receipt-${'1'.repeat(32)}`,
      recordId: 'f'.repeat(32),
      issuer: { id: key.did, name },
      issuedAt: new Date('2025-06-01T10:00:00Z'),
      dataPrincipal: `urn:pehchaan:data-principal:${'d'.repeat(32)}`,
      dataFiduciary: { id: 'did:example:bank', name: 'State Bank of India', contact: null },
      purpose: { code: null, text: 'Open savings account' },
      items: [{ claim: 'pan_number', label: 'PAN', source: 'PAN Card' }],
      noticeLanguage: 'en',
      events: [{ state: 'given', at: new Date('2025-06-01T10:00:00Z') }],
      presentationSha256: null,
    }),
    { verificationMethod: key.verificationMethod, created: '2025-06-01T10:00:00Z', sign: key.sign },
  );

/** The server's verdict: both keys' DIDs are trusted issuers (the VC API's list). */
const verdictOf = (document: JsonObject, checks: ('proof' | 'trusted_issuer')[]) =>
  verifyCredential(document, {
    trustedIssuers: [registry.did, uidai.did],
    now: new Date('2025-06-02T00:00:00Z'),
    checks,
  });
const options = (required: boolean) => ({
  registryVerificationMethod: registry.verificationMethod,
  required,
});

describe('trustAsConsentReceipt', () => {
  it("keeps the verdict of a receipt the registry's key signed", async () => {
    const receipt = await receiptBy(registry);
    const verdict = await verdictOf(receipt, ['proof', 'trusted_issuer']);
    expect(verdict.verified).toBe(true);
    expect(trustAsConsentReceipt(verdict, receipt, options(true))).toEqual(verdict);
  });

  it("refuses a receipt another trusted issuer's key signed, whatever name it gives", async () => {
    const forged = await receiptBy(uidai);
    const verdict = await verdictOf(forged, ['proof', 'trusted_issuer']);
    expect(verdict.verified).toBe(true);
    const reason = `Not a trusted receipt: a consent receipt is signed only by the consent registry's key, and this one is signed by ${uidai.verificationMethod}`;
    expect(trustAsConsentReceipt(verdict, forged, options(true))).toMatchObject({
      verified: false,
      status: 'untrusted_issuer',
      checks: { signature: true, trusted_issuer: false },
      errors: [reason],
      trust: { issuer: uidai.did, trusted: false },
    });
    // The trusted-issuer check not asked for: verified on its proof, the reason a warning.
    const proofOnly = await verdictOf(forged, ['proof']);
    expect(trustAsConsentReceipt(proofOnly, forged, options(false))).toMatchObject({
      verified: true,
      status: 'verified',
      errors: [],
      warnings: [reason],
      trust: { trusted: false },
    });
  });

  it('keeps a more severe status, and refuses a receipt with no proof', async () => {
    const forged = await receiptBy(uidai);
    const changed = { ...forged, name: 'Consent receipu' };
    const broken = await verdictOf(changed, ['proof', 'trusted_issuer']);
    expect(trustAsConsentReceipt(broken, changed, options(true)).status).toBe('invalid_signature');
    const { proof: _, ...unsigned } = await receiptBy(registry);
    const none = await verdictOf(unsigned, ['proof', 'trusted_issuer']);
    expect(trustAsConsentReceipt(none, unsigned, options(true)).trust.trusted).toBe(false);
  });

  it('leaves documents of other types alone', async () => {
    const { proof: _, ...receipt } = await receiptBy(uidai);
    const credential = await createEddsaJcs2022Proof(
      { ...receipt, type: ['VerifiableCredential'] },
      {
        verificationMethod: uidai.verificationMethod,
        created: '2025-06-01T10:00:00Z',
        sign: uidai.sign,
      },
    );
    const verdict = await verdictOf(credential, ['proof', 'trusted_issuer']);
    expect(trustAsConsentReceipt(verdict, credential, options(true))).toEqual(verdict);
  });
});

describe('the ConsentReceipt type', () => {
  it('is read in every spelling, and only as a whole name', () => {
    for (const type of [
      'ConsentReceipt',
      'https://example.org/v#ConsentReceipt',
      'ex:ConsentReceipt',
    ]) {
      expect(isConsentReceiptType(type)).toBe(true);
    }
    for (const type of ['ConsentReceiptSummary', 'MyConsentReceipt', 42, undefined]) {
      expect(isConsentReceiptType(type)).toBe(false);
    }
    expect(isTypedConsentReceipt({ type: ['VerifiableCredential', 'ConsentReceipt'] })).toBe(true);
    expect(isTypedConsentReceipt({ type: 'ConsentReceipt' })).toBe(true);
    expect(isTypedConsentReceipt({ type: ['VerifiableCredential'] })).toBe(false);
    expect(isTypedConsentReceipt(null)).toBe(false);
  });

  it('proofVerificationMethods reads one proof or a set', () => {
    expect(proofVerificationMethods({ proof: { verificationMethod: 'a' } })).toEqual(['a']);
    expect(proofVerificationMethods({ proof: [{ verificationMethod: 'a' }, {}] })).toEqual([
      'a',
      '',
    ]);
    expect(proofVerificationMethods({})).toEqual([]);
  });
});
