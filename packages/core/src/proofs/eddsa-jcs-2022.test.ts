/**
 * eddsa-jcs-2022 against the published test vector of W3C "Data Integrity EdDSA Cryptosuites
 * v1.0" (Recommendation of 15 May 2025, Appendix A.2 / w3c/vc-di-eddsa commit abb673e,
 * TestVectors/eddsa-jcs-2022: the canonical document and proof configuration, their hashes and
 * the proofValue, the verification method the key's did:key), in both directions, plus did:key
 * round trips and one-character tamper rejection.
 */
import { createHash, createPrivateKey, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  didKeyVerificationMethod,
  ed25519PublicKeyToDidKey,
  ed25519PublicKeyToMultibase,
  multibaseToEd25519PublicKey,
  parseDidKey,
} from './did-key';
import {
  canonicalJson,
  createEddsaJcs2022Proof,
  type DataIntegrityProof,
  type JsonObject,
  verifyEddsaJcs2022Proof,
} from './eddsa-jcs-2022';

/** The spec's key pair (TestVectors/keyPair.json: privateKeyMultibase z3u2en7t5LR2... decoded). */
const SECRET_SEED_HEX = 'c96ef9ea10c5e414c471723aff9de72c35fa5b70fae97e8832ecac7d2e2b8ed6';
const PUBLIC_KEY_MULTIBASE = 'z6MkrJVnaZkeFzdQyMZu1cgjg7k1pZZ6pvBQ7XJPt4swbTQ2';
const PUBLIC_KEY_HEX = 'b00d8d938e7f773d51565aad36a623f5344f7f5d1960f9cf3e8e12620ea2810f';
/** The Recommendation's expected proofValue (TestVectors/eddsa-jcs-2022/signedJCS.json). */
const EXPECTED_PROOF_VALUE =
  'z2HnFSSPPBzR36zdDgK8PbEHeXbR56YF24jwMpt3R1eHXQzJDMWS93FCzpvJpwTWd3GAVFuUfjoJdcnTMuVor51aX';
/** canonDocJCS.txt, proofCanonJCS.txt, docHashJCS.txt and proofHashJCS.txt. */
const EXPECTED_CANONICAL_DOCUMENT =
  '{"@context":["https://www.w3.org/ns/credentials/v2","https://www.w3.org/ns/credentials/examples/v2"],"credentialSubject":{"alumniOf":"The School of Examples","id":"did:example:abcdefgh"},"description":"A minimum viable example of an Alumni Credential.","id":"urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33","issuer":"https://vc.example/issuers/5678","name":"Alumni Credential","type":["VerifiableCredential","AlumniCredential"],"validFrom":"2023-01-01T00:00:00Z"}';
const EXPECTED_CANONICAL_PROOF_CONFIG = `{"@context":["https://www.w3.org/ns/credentials/v2","https://www.w3.org/ns/credentials/examples/v2"],"created":"2023-02-24T23:36:38Z","cryptosuite":"eddsa-jcs-2022","proofPurpose":"assertionMethod","type":"DataIntegrityProof","verificationMethod":"did:key:${PUBLIC_KEY_MULTIBASE}#${PUBLIC_KEY_MULTIBASE}"}`;
const EXPECTED_DOCUMENT_HASH = '59b7cb6251b8991add1ce0bc83107e3db9dbbab5bd2c28f687db1a03abc92f19';
const EXPECTED_PROOF_CONFIG_HASH =
  '66ab154f5c2890a140cb8388a22a160454f80575f6eae09e5a097cabe539a1db';

const CONTEXT = [
  'https://www.w3.org/ns/credentials/v2',
  'https://www.w3.org/ns/credentials/examples/v2',
];
const UNSECURED: JsonObject = {
  '@context': CONTEXT,
  id: 'urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33',
  type: ['VerifiableCredential', 'AlumniCredential'],
  name: 'Alumni Credential',
  description: 'A minimum viable example of an Alumni Credential.',
  issuer: 'https://vc.example/issuers/5678',
  validFrom: '2023-01-01T00:00:00Z',
  credentialSubject: { id: 'did:example:abcdefgh', alumniOf: 'The School of Examples' },
};
const EXPECTED_PROOF: DataIntegrityProof = {
  type: 'DataIntegrityProof',
  cryptosuite: 'eddsa-jcs-2022',
  created: '2023-02-24T23:36:38Z',
  verificationMethod: `did:key:${PUBLIC_KEY_MULTIBASE}#${PUBLIC_KEY_MULTIBASE}`,
  proofPurpose: 'assertionMethod',
  '@context': CONTEXT,
  proofValue: EXPECTED_PROOF_VALUE,
};

const privateKey = createPrivateKey({
  key: Buffer.concat([
    Buffer.from('302e020100300506032b657004220420', 'hex'),
    Buffer.from(SECRET_SEED_HEX, 'hex'),
  ]),
  format: 'der',
  type: 'pkcs8',
});
const signer = (data: Uint8Array) => new Uint8Array(sign(null, data, privateKey));
const publicKey = multibaseToEd25519PublicKey(PUBLIC_KEY_MULTIBASE);

describe('eddsa-jcs-2022 test vector (W3C Recommendation)', () => {
  it('decodes the spec public key', () => {
    expect(Buffer.from(publicKey).toString('hex')).toBe(PUBLIC_KEY_HEX);
    expect(ed25519PublicKeyToMultibase(publicKey)).toBe(PUBLIC_KEY_MULTIBASE);
  });

  it('canonicalizes (RFC 8785) and hashes the document and proof configuration as published', () => {
    expect(canonicalJson(UNSECURED)).toBe(EXPECTED_CANONICAL_DOCUMENT);
    const { proofValue: _value, ...proofConfig } = EXPECTED_PROOF;
    expect(canonicalJson(proofConfig)).toBe(EXPECTED_CANONICAL_PROOF_CONFIG);
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(sha256(EXPECTED_CANONICAL_DOCUMENT)).toBe(EXPECTED_DOCUMENT_HASH);
    expect(sha256(EXPECTED_CANONICAL_PROOF_CONFIG)).toBe(EXPECTED_PROOF_CONFIG_HASH);
  });

  it('creates exactly the expected proof', async () => {
    const secured = await createEddsaJcs2022Proof(UNSECURED, {
      verificationMethod: EXPECTED_PROOF.verificationMethod,
      created: '2023-02-24T23:36:38Z',
      sign: signer,
    });
    expect(secured.proof.proofValue).toBe(EXPECTED_PROOF_VALUE);
    expect(secured.proof).toEqual(EXPECTED_PROOF);
    expect(UNSECURED).not.toHaveProperty('proof');
  });

  it('verifies the published signed credential', async () => {
    const signed = { ...UNSECURED, proof: EXPECTED_PROOF };
    expect(await verifyEddsaJcs2022Proof(signed, EXPECTED_PROOF, publicKey)).toEqual({ ok: true });
  });

  it('rejects any one-character change to the document or the proof', async () => {
    const signed: JsonObject = structuredClone({ ...UNSECURED, proof: EXPECTED_PROOF });
    let variants = 0;
    for (const { path, value } of stringLeaves(signed)) {
      for (let i = 0; i < value.length; i++) {
        const changed = value.slice(0, i) + otherChar(value.charAt(i)) + value.slice(i + 1);
        const tampered = structuredClone(signed);
        setAt(tampered, path, changed);
        const proof = tampered.proof as DataIntegrityProof;
        const result = await verifyEddsaJcs2022Proof(tampered, proof, publicKey);
        expect(result.ok, `${path.join('.')}[${i}]`).toBe(false);
        variants++;
      }
    }
    expect(variants).toBeGreaterThan(500);
  });

  it('rejects a proofValue signed by another key', async () => {
    const otherKey = new Uint8Array(32).fill(7);
    const signed = { ...UNSECURED, proof: EXPECTED_PROOF };
    const result = await verifyEddsaJcs2022Proof(signed, EXPECTED_PROOF, otherKey);
    expect(result.ok).toBe(false);
  });
});

describe('did:key', () => {
  it('round-trips the spec key', () => {
    const did = ed25519PublicKeyToDidKey(publicKey);
    expect(did).toBe(`did:key:${PUBLIC_KEY_MULTIBASE}`);
    const vm = didKeyVerificationMethod(did);
    expect(vm).toBe(`${did}#${PUBLIC_KEY_MULTIBASE}`);
    for (const value of [did, vm]) {
      const parsed = parseDidKey(value);
      expect(parsed.did).toBe(did);
      expect(parsed.publicKeyMultibase).toBe(PUBLIC_KEY_MULTIBASE);
      expect(Buffer.from(parsed.publicKey).toString('hex')).toBe(PUBLIC_KEY_HEX);
    }
  });

  it('rejects other methods, another fragment and non-Ed25519 keys', () => {
    expect(() => parseDidKey('did:web:example.com')).toThrow(TypeError);
    expect(() => parseDidKey(`did:key:${PUBLIC_KEY_MULTIBASE}#key-1`)).toThrow(TypeError);
    // A secp256k1 did:key (0xe701 prefix).
    expect(() => parseDidKey('did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme')).toThrow(
      TypeError,
    );
    expect(() => multibaseToEd25519PublicKey('m6Mk')).toThrow(TypeError);
  });
});

type Path = (string | number)[];

function* stringLeaves(value: unknown, path: Path = []): Generator<{ path: Path; value: string }> {
  if (typeof value === 'string') yield { path, value };
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* stringLeaves(item, [...path, index]);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) yield* stringLeaves(item, [...path, key]);
  }
}

function setAt(root: JsonObject, path: Path, value: string): void {
  let node: unknown = root;
  for (const key of path.slice(0, -1)) node = (node as Record<string | number, unknown>)[key];
  (node as Record<string | number, unknown>)[path[path.length - 1] as string | number] = value;
}

/** A different character of the same kind, so base58 strings stay base58 where possible. */
function otherChar(char: string): string {
  return char === 'a' ? 'b' : char === '1' ? '2' : 'a';
}
