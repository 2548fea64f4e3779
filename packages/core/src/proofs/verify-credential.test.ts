/** verifyCredential: one verdict per status, never a throw (STYLE principle 7). */
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildCredentialDocument } from '../credentials/document';
import { didKeyVerificationMethod, ed25519PublicKeyToDidKey } from './did-key';
import { createEddsaJcs2022Proof, type JsonObject } from './eddsa-jcs-2022';
import { createEddsaRdfc2022Proof } from './eddsa-rdfc-2022';
import { type ProofCrypto, webCryptoProofCrypto } from './proof-crypto';
import { validityChangesAt, verifyCredential } from './verify-credential';

function newIssuer() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32));
  const did = ed25519PublicKeyToDidKey(raw);
  return {
    did,
    sign: (data: Uint8Array) => new Uint8Array(sign(null, data, privateKey)),
  };
}

const issuer = newIssuer();
const stranger = newIssuer();
const ISSUED = new Date('2025-06-01T10:00:00Z');
const NOW = new Date('2026-01-01T00:00:00Z');

async function signed(
  by = issuer,
  issuerDid = by.did,
  document: JsonObject = buildCredentialDocument({
    credentialId: 'cred-00112233445566778899aabbccddeeff',
    documentType: 'pan',
    userId: 'user-001',
    issuerDid,
    claims: { name: 'Rajesh Kumar', pan_number: 'ABCDE1234F' },
    issuedAt: ISSUED,
  }),
): Promise<JsonObject> {
  return createEddsaJcs2022Proof(document, {
    verificationMethod: didKeyVerificationMethod(by.did),
    created: '2025-06-01T10:00:00Z',
    sign: by.sign,
  });
}

const options = { trustedIssuers: [issuer.did], now: NOW };

describe('verifyCredential', () => {
  it('verified: a signed credential of a trusted issuer within its validity', async () => {
    const verdict = await verifyCredential(await signed(), options);
    expect(verdict).toEqual({
      verified: true,
      status: 'verified',
      checks: { signature: true, trusted_issuer: true, validity: true },
      errors: [],
      warnings: [],
      trust: { issuer: issuer.did, trusted: true },
    });
  });

  it('trusted_issuer by the caller’s predicate: it sees the issuer id and the document', async () => {
    const document = await signed();
    const seen: [string, unknown][] = [];
    const panOnly = (issuerId: string, doc: Record<string, unknown>) => {
      seen.push([issuerId, doc.type]);
      return (
        issuerId === issuer.did && Array.isArray(doc.type) && doc.type.includes('PanCardCredential')
      );
    };
    const trusted = await verifyCredential(document, { trustedIssuers: panOnly, now: NOW });
    expect(trusted).toMatchObject({ verified: true, trust: { issuer: issuer.did, trusted: true } });
    expect(seen[0]).toEqual([issuer.did, document.type]);

    const refused = await verifyCredential(document, { trustedIssuers: () => false, now: NOW });
    expect(refused).toMatchObject({
      verified: false,
      status: 'untrusted_issuer',
      trust: { issuer: issuer.did, trusted: false },
    });
  });

  it('expired: after validUntil (5 years for PAN), and before validFrom', async () => {
    const document = await signed();
    const later = await verifyCredential(document, {
      ...options,
      now: new Date('2030-06-01T10:00:01Z'),
    });
    expect(later).toMatchObject({
      verified: false,
      status: 'expired',
      checks: { signature: true, trusted_issuer: true, validity: false },
    });
    expect(later.errors[0]).toMatch(/expired on 2030-06-01T10:00:00Z/);
    const earlier = await verifyCredential(document, { ...options, now: new Date('2025-01-01') });
    expect(earlier.status).toBe('expired');
    expect(earlier.errors[0]).toMatch(/not valid before/);
  });

  it('validityChangesAt: the verdict holds until the instant returned, and changes there', async () => {
    const document = await signed();
    const from = Date.parse('2025-06-01T10:00:00Z');
    const until = Date.parse('2030-06-01T10:00:00Z');
    const cases: [Date, number | undefined][] = [
      [new Date(from - 5000), from],
      [new Date(from), until + 1],
      [NOW, until + 1],
      [new Date(until), until + 1],
      [new Date(until + 1), undefined],
    ];
    for (const [now, expected] of cases) {
      const changesAt = validityChangesAt(document, now);
      expect(changesAt).toBe(expected);
      const verdict = await verifyCredential(document, { ...options, now });
      if (changesAt === undefined) continue;
      const justBefore = await verifyCredential(document, {
        ...options,
        now: new Date(changesAt - 1),
      });
      const at = await verifyCredential(document, { ...options, now: new Date(changesAt) });
      expect(justBefore.status).toBe(verdict.status);
      expect(at.status).not.toBe(verdict.status);
    }
    expect(validityChangesAt({ ...document, validUntil: undefined }, NOW)).toBeUndefined();
    expect(validityChangesAt('not a credential', NOW)).toBeUndefined();
  });

  it('invalid_signature: a changed subject byte', async () => {
    const document = await signed();
    const subject = document.credentialSubject as JsonObject;
    subject.pan_number = 'ABCDE1234G';
    const verdict = await verifyCredential(document, options);
    expect(verdict).toMatchObject({
      verified: false,
      status: 'invalid_signature',
      checks: { signature: false, trusted_issuer: true, validity: true },
    });
  });

  it('invalid_signature: no proof', async () => {
    const { proof: _proof, ...unsigned } = await signed();
    const verdict = await verifyCredential(unsigned, options);
    expect(verdict.status).toBe('invalid_signature');
    expect(verdict.errors).toContain('The credential has no proof');
  });

  it("invalid_signature: signed by a key that is not the issuer's", async () => {
    const verdict = await verifyCredential(await signed(stranger, issuer.did), options);
    expect(verdict.status).toBe('invalid_signature');
    expect(verdict.errors).toContain("The proof's verification method is not the issuer's key");
  });

  it('untrusted_issuer: a valid signature by an issuer not in the list', async () => {
    const verdict = await verifyCredential(await signed(stranger), options);
    expect(verdict).toMatchObject({
      status: 'untrusted_issuer',
      checks: { signature: true, trusted_issuer: false, validity: true },
    });
  });

  it('malformed: VC 2.0 rules, proof shape, unsupported cryptosuites; never throws', async () => {
    const good = await signed();
    const cases: unknown[] = [
      null,
      'a string',
      [good],
      { ...good, '@context': ['https://www.w3.org/2018/credentials/v1'] },
      { ...good, type: ['AlumniCredential'] },
      { ...good, issuer: undefined },
      { ...good, credentialSubject: 'x' },
      { ...good, validFrom: '2031-01-01T00:00:00Z' },
      { ...good, validUntil: 'tomorrow' },
      { ...good, proof: 'z123' },
      { ...good, proof: { ...(good.proof as JsonObject), cryptosuite: 'eddsa-2022' } },
      { ...good, proof: { ...(good.proof as JsonObject), proofPurpose: 'authentication' } },
      { ...good, proof: { ...(good.proof as JsonObject), verificationMethod: 'https://x#k' } },
      { ...good, proof: { ...(good.proof as JsonObject), '@context': ['https://other'] } },
      // JSON.parse reads 1e400 as Infinity, which no canonical form can carry.
      JSON.parse(
        JSON.stringify(good).replace('"credentialSubject":{', '"credentialSubject":{"n":1e400,'),
      ),
    ];
    for (const document of cases) {
      const verdict = await verifyCredential(document, options);
      expect(verdict.status, JSON.stringify(document)?.slice(0, 80)).toBe('malformed');
      expect(verdict.verified).toBe(false);
      expect(verdict.errors.length).toBeGreaterThan(0);
    }
  });

  it('eddsa-rdfc-2022: verified by default; a jcs proof relabelled rdfc does not verify', async () => {
    const document = {
      ...buildCredentialDocument({
        credentialId: 'cred-00112233445566778899aabbccddeeff',
        documentType: 'pan',
        userId: 'user-001',
        issuerDid: issuer.did,
        claims: { name: 'Rajesh Kumar', pan_number: 'ABCDE1234F' },
        issuedAt: ISSUED,
      }),
      // RDFC needs every term defined: the subject's own fields come from undefined-terms/v2.
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://www.w3.org/ns/credentials/undefined-terms/v2',
      ],
    };
    const rdfc = await createEddsaRdfc2022Proof(document, {
      verificationMethod: didKeyVerificationMethod(issuer.did),
      created: '2025-06-01T10:00:00Z',
      sign: issuer.sign,
    });
    expect((await verifyCredential(rdfc, options)).status).toBe('verified');
    const jcs = await signed(issuer, issuer.did, document);
    const relabelled = {
      ...jcs,
      proof: { ...(jcs.proof as JsonObject), cryptosuite: 'eddsa-rdfc-2022' },
    };
    const verdict = await verifyCredential(relabelled, options);
    expect(verdict.status).toBe('invalid_signature');
    // The product's own documents (no undefined-terms context) cannot be canonicalized.
    const good = await signed();
    const lossy = {
      ...good,
      proof: { ...(good.proof as JsonObject), cryptosuite: 'eddsa-rdfc-2022' },
    };
    const lossyVerdict = await verifyCredential(lossy, options);
    expect(lossyVerdict.status).toBe('malformed');
    expect(lossyVerdict.errors[0]).toMatch(/cannot be canonicalized .*Dropping property/);
  });

  it('uses the crypto the caller passes, and a one-item proof array', async () => {
    const calls: string[] = [];
    const web = webCryptoProofCrypto();
    const crypto: ProofCrypto = {
      sha256: (data) => {
        calls.push('sha256');
        return web.sha256(data);
      },
      verifyEd25519: (key, signature, data) => {
        calls.push('verify');
        return web.verifyEd25519(key, signature, data);
      },
    };
    const good = await signed();
    const verdict = await verifyCredential(
      { ...good, proof: [good.proof] },
      { ...options, crypto },
    );
    expect(verdict.status).toBe('verified');
    expect(calls.sort()).toEqual(['sha256', 'sha256', 'verify']);
  });
});
