/**
 * Ed25519Signature2020, proof sets and proof chains, and VCDM 1.1 credentials, against the
 * published vectors of W3C "Data Integrity EdDSA Cryptosuites v1.0" (w3c/vc-di-eddsa
 * TestVectors/Ed25519Signature2020 and TestVectors/proof-set-chain, commit abb673eb, the
 * Recommendation's appendix): signing gives the published proofValue (Ed25519 is
 * deterministic), the published hashes are reproduced, and the published documents verify.
 * The signed Ed25519Signature2020 vector is also the one positive vector of the W3C-CCG VC API
 * verifier suite (tests/vectors.js).
 */
import { createHash, createPrivateKey, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decodeMultibaseBase58,
  didKeyVerificationMethod,
  ed25519PublicKeyToDidKey,
  multibaseToEd25519PublicKey,
} from './did-key';
import {
  createEd25519Signature2020Proof,
  ED25519_2020_CONTEXT_URL,
  verifyEd25519Signature2020Proof,
} from './ed25519-signature-2020';
import { addEddsaJcs2022Proof, type DataIntegrityProof, type JsonObject } from './eddsa-jcs-2022';
import { addEddsaRdfc2022Proof, createEddsaRdfc2022Proof } from './eddsa-rdfc-2022';
import { canonizeRdfc } from './json-ld-loader';
import edSigVector from './test-vectors/ed25519-signature-2020-signed.json';
import proofChainVector from './test-vectors/proof-chain-signed.json';
import { VC_V1_CONTEXT } from './vc-rules';
import { DEFAULT_CRYPTOSUITES, VC_API_CRYPTOSUITES, verifyCredential } from './verify-credential';

/** An Ed25519 signer from a published privateKeyMultibase (0x8026 + 32-byte seed). */
function signerOf(privateKeyMultibase: string) {
  const seed = decodeMultibaseBase58(privateKeyMultibase).slice(2);
  const key = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return (data: Uint8Array) => new Uint8Array(sign(null, data, key));
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

// TestVectors/keyPair.json
const SPEC_KEY = {
  publicKeyMultibase: 'z6MkrJVnaZkeFzdQyMZu1cgjg7k1pZZ6pvBQ7XJPt4swbTQ2',
  privateKeyMultibase: 'z3u2en7t5LR2WtQH5PfFqMqwVHBeXouLzo6haApm8XHqvjxq',
};
// TestVectors/proof-set-chain/multiKeyPairs.json
const SET_KEYS = [
  [
    'z6MktgKTsu1QhX6QPbyqG6geXdw6FQCZBPq7uQpieWbiQiG7',
    'z3u2W4YnTstS1nSSBAgZcYSJF43JuZ9uLV6bF38B1Bf8NugW',
  ],
  [
    'z6MkhWqdDBPojHA7cprTGTt5yHv5yUi1B8cnXn8ReLumkw6E',
    'z3u2cfp4Q17kMGhNCh348a3yw3cUBiWK6RXRzyJE54sixMFn',
  ],
  [
    'z6MkmEq87wkHCYnWnNZkigeDMGTN7oUw1upkhzd77KuXERS1',
    'z3u2Zr3tcDLBDQKGxVa9SRDFNLqNqPWsa8p9rWPvCEH6bADB',
  ],
  [
    'z6Mkm1S51iPHJvDEkJ9MRtxJmT8Pqo6wHipAFwBAjN83vntT',
    'z3u2ZTWiFwM17veUR7sXniY66Gf14SqMdpMLy7SW9x4EDdmw',
  ],
] as const;

const vector = edSigVector as unknown as JsonObject & { proof: DataIntegrityProof };
const { proof: vectorProof, ...unsignedEdSig } = vector;
const chain = proofChainVector as JsonObject & { proof: DataIntegrityProof[] };
const { proof: chainProofs, ...unsignedAlumni } = chain;
const NOW = new Date('2025-06-01T00:00:00Z');
const vcApi = {
  trustedIssuers: [],
  now: NOW,
  cryptosuites: VC_API_CRYPTOSUITES,
  checks: ['proof'] as const,
};

describe('Ed25519Signature2020 (published vector)', () => {
  const publicKey = multibaseToEd25519PublicKey(SPEC_KEY.publicKeyMultibase);

  it('reproduces the published hashes and proofValue when signing', async () => {
    const { proofValue: _value, ...proofOptions } = vectorProof;
    const proofConfig = { ...proofOptions, '@context': unsignedEdSig['@context'] };
    // TestVectors/Ed25519Signature2020/proofHashEdSig.txt and docHashEdSig.txt
    expect(sha256Hex(await canonizeRdfc(proofConfig))).toBe(
      '04e14bcf5727cba0c0aa04a04d22a56fef915d5f8f7756bb92ae67cb1d0c4847',
    );
    expect(sha256Hex(await canonizeRdfc(unsignedEdSig))).toBe(
      '517744132ae165a5349155bef0bb0cf2258fff99dfe1dbd914b938d775a36017',
    );
    const signed = await createEd25519Signature2020Proof(unsignedEdSig, {
      verificationMethod: vectorProof.verificationMethod,
      created: '2023-02-24T23:36:38Z',
      sign: signerOf(SPEC_KEY.privateKeyMultibase),
    });
    expect(signed).toEqual(vector);
  });

  it('verifies the published proof, and not after one changed character', async () => {
    expect(await verifyEd25519Signature2020Proof(vector, vectorProof, publicKey)).toEqual({
      ok: true,
    });
    const changed = structuredClone(vector);
    (changed.credentialSubject as JsonObject).alumniOf = 'The School of Exampled';
    expect(await verifyEd25519Signature2020Proof(changed, vectorProof, publicKey)).toMatchObject({
      ok: false,
      reason: 'invalid_signature',
    });
  });

  it('verifyCredential: proof verified for the VC API, the https issuer untrusted and unbound', async () => {
    const verdict = await verifyCredential(vector, vcApi);
    expect(verdict).toMatchObject({
      verified: true,
      status: 'verified',
      checks: { signature: true, trusted_issuer: false, validity: true },
      errors: [],
      trust: { issuer: 'https://vc.example/issuers/5678', trusted: false },
    });
    expect(verdict.warnings).toEqual([
      `The issuer https://vc.example/issuers/5678 is not a did:key: its keys are not fetched, so that it controls did:key:${SPEC_KEY.publicKeyMultibase} is not checked`,
      'The issuer https://vc.example/issuers/5678 is not a trusted issuer',
    ]);
    // The product's own verifier keeps requiring a trusted issuer and its two cryptosuites.
    const product = await verifyCredential(vector, { trustedIssuers: [], now: NOW });
    expect(product).toMatchObject({ verified: false, status: 'malformed' });
    expect(product.errors[0]).toMatch(/Ed25519Signature2020 is not accepted/);
    expect(DEFAULT_CRYPTOSUITES).not.toContain('Ed25519Signature2020');
  });

  it('refuses a document without the suite context, and a proof without created', async () => {
    const withoutContext = {
      ...vector,
      '@context': (vector['@context'] as string[]).filter((c) => c !== ED25519_2020_CONTEXT_URL),
    };
    const verdict = await verifyCredential(withoutContext, vcApi);
    expect(verdict.status).toBe('malformed');
    expect(verdict.errors[0]).toMatch(
      /needs https:\/\/w3id.org\/security\/suites\/ed25519-2020\/v1/,
    );
    const { created: _created, ...noCreated } = vectorProof;
    expect((await verifyCredential({ ...vector, proof: noCreated }, vcApi)).errors).toEqual([
      'proof.created is required',
    ]);
  });
});

describe('proof sets and chains (published vectors)', () => {
  const verificationMethod = (multibase: string) =>
    didKeyVerificationMethod(ed25519PublicKeyToDidKey(multibaseToEd25519PublicKey(multibase)));

  it('signing reproduces the published set and chain proof by proof', async () => {
    let document: JsonObject = unsignedAlumni;
    for (const [index, published] of chainProofs.entries()) {
      const [publicKeyMultibase, privateKeyMultibase] = SET_KEYS[index] ?? SET_KEYS[0];
      const options = {
        verificationMethod: verificationMethod(publicKeyMultibase),
        created: published.created ?? '',
        sign: signerOf(privateKeyMultibase),
        ...(typeof published.id === 'string' ? { id: published.id } : {}),
        ...(published.previousProof !== undefined
          ? { previousProof: published.previousProof as string | string[] }
          : {}),
      };
      document =
        index === 0
          ? await createEddsaRdfc2022Proof(document, options)
          : await addEddsaRdfc2022Proof(document, options);
      const proofs = ([] as DataIntegrityProof[]).concat(document.proof as DataIntegrityProof);
      expect(proofs.at(-1)).toEqual(published);
    }
    expect(document).toEqual(chain);
  });

  it('verifies the published chain (every proof), and fails when one proof is changed', async () => {
    expect(await verifyCredential(chain, vcApi)).toMatchObject({
      verified: true,
      checks: { signature: true },
    });
    const changed = structuredClone(chain);
    const second = changed.proof[1] as DataIntegrityProof;
    changed.proof[1] = { ...second, created: '2023-02-24T23:36:39Z' };
    expect(await verifyCredential(changed, vcApi)).toMatchObject({
      verified: false,
      status: 'invalid_signature',
    });
  });

  it('refuses a chain whose previousProof names a proof that is not in the set', async () => {
    const withoutFirst = { ...chain, proof: chain.proof.slice(1) };
    const verdict = await verifyCredential(withoutFirst, vcApi);
    expect(verdict.status).toBe('malformed');
    expect(verdict.errors[0]).toMatch(
      /previousProof urn:uuid:26329423-bec9-4b2e-88cb-a7c7d9dc4544 names no proof of the set/,
    );
  });

  it('a did:key issuer: one proof of the set must be the issuer’s (jcs set)', async () => {
    const [issuerKey, witnessKey] = SET_KEYS;
    const issuer = ed25519PublicKeyToDidKey(multibaseToEd25519PublicKey(issuerKey[0]));
    const base = { ...unsignedAlumni, issuer };
    const byIssuer = await addEddsaJcs2022Proof(base, {
      verificationMethod: verificationMethod(issuerKey[0]),
      created: '2024-01-01T00:00:00Z',
      sign: signerOf(issuerKey[1]),
    });
    const witnessed = await addEddsaJcs2022Proof(byIssuer, {
      verificationMethod: verificationMethod(witnessKey[0]),
      created: '2024-01-02T00:00:00Z',
      sign: signerOf(witnessKey[1]),
    });
    expect(witnessed.proof).toHaveLength(2);
    const options = { trustedIssuers: [issuer], now: NOW };
    expect(await verifyCredential(witnessed, options)).toMatchObject({ status: 'verified' });
    const witnessOnly = { ...witnessed, proof: [witnessed.proof[1]] };
    expect(await verifyCredential(witnessOnly, options)).toMatchObject({
      status: 'invalid_signature',
      errors: ["The proof's verification method is not the issuer's key"],
    });
  });
});

describe('VCDM 1.1 credentials', () => {
  const [publicKeyMultibase, privateKeyMultibase] = SET_KEYS[0];
  const issuer = ed25519PublicKeyToDidKey(multibaseToEd25519PublicKey(publicKeyMultibase));
  const v1Credential: JsonObject = {
    '@context': [VC_V1_CONTEXT, 'https://www.w3.org/ns/credentials/examples/v2'],
    id: 'urn:uuid:0b6a1a2e-3d4f-4c55-8e19-5a1f6f3e2c11',
    type: ['VerifiableCredential', 'AlumniCredential'],
    issuer,
    issuanceDate: '2024-01-01T00:00:00Z',
    expirationDate: '2026-01-01T00:00:00Z',
    credentialSubject: { id: 'did:example:abcdefgh', alumniOf: 'The School of Examples' },
  };
  const signed = () =>
    createEddsaRdfc2022Proof(v1Credential, {
      verificationMethod: didKeyVerificationMethod(issuer),
      created: '2024-01-01T00:00:00Z',
      sign: signerOf(privateKeyMultibase),
    });

  it('verifies within issuanceDate..expirationDate; expired after it', async () => {
    const credential = await signed();
    const options = { trustedIssuers: [issuer], now: NOW };
    expect(await verifyCredential(credential, options)).toMatchObject({
      verified: true,
      status: 'verified',
    });
    const later = await verifyCredential(credential, {
      ...options,
      now: new Date('2026-06-01T00:00:00Z'),
    });
    expect(later).toMatchObject({ status: 'expired' });
    expect(later.errors).toEqual(['The credential expired on 2026-01-01T00:00:00Z']);
  });

  it('requires issuanceDate as a dateTime (VCDM 1.1 4.6)', async () => {
    const { issuanceDate: _date, ...withoutDate } = v1Credential;
    const verdict = await verifyCredential(withoutDate, { trustedIssuers: [issuer], now: NOW });
    expect(verdict).toMatchObject({
      status: 'malformed',
      errors: ['issuanceDate must be a dateTime (VCDM 1.1)'],
    });
  });
});
