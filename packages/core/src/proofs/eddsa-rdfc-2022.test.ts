/**
 * eddsa-rdfc-2022 against the published test vectors of W3C "Data Integrity EdDSA Cryptosuites
 * v1.0" (Recommendation, "Representation: eddsa-rdfc-2022"; w3c/vc-di-eddsa
 * TestVectors/eddsa-rdfc-2022 and .../employ), the bundled-only document loader, and
 * verifyCredential on rdfc-signed credentials (sign, verify, one-character tamper).
 */
import { createPrivateKey, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildCredentialDocument } from '../credentials/document';
import {
  didKeyVerificationMethod,
  ed25519PublicKeyToDidKey,
  multibaseToEd25519PublicKey,
} from './did-key';
import type { DataIntegrityProof, JsonObject } from './eddsa-jcs-2022';
import { createEddsaRdfc2022Proof, verifyEddsaRdfc2022Proof } from './eddsa-rdfc-2022';
import {
  CanonicalizationError,
  canonizeRdfc,
  createStaticDocumentLoader,
  loadBundledContexts,
  UnknownContextError,
} from './json-ld-loader';
import { webCryptoProofCrypto } from './proof-crypto';
import citizenshipV4rc1 from './test-vectors/citizenship-v4rc1.json';
import { verifyCredential } from './verify-credential';

/** The spec's key pair (TestVectors/keyPair.json; the same key as the eddsa-jcs-2022 vector). */
const SECRET_SEED_HEX = 'c96ef9ea10c5e414c471723aff9de72c35fa5b70fae97e8832ecac7d2e2b8ed6';
const PUBLIC_KEY_MULTIBASE = 'z6MkrJVnaZkeFzdQyMZu1cgjg7k1pZZ6pvBQ7XJPt4swbTQ2';
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
const SPEC_DID = ed25519PublicKeyToDidKey(publicKey);
const CREATED = '2023-02-24T23:36:38Z';

// The Recommendation's vector (15 May 2025; w3c/vc-di-eddsa commit abb673e,
// TestVectors/eddsa-rdfc-2022: unsigned credential, canonical forms, hashes, proofValue of
// https://www.w3.org/TR/vc-di-eddsa/#example-signature-of-combined-hashes-base58-btc), whose
// verification method is the key's did:key (the vectors before August 2024 used an https URL).
const ALUMNI_CONTEXT = [
  'https://www.w3.org/ns/credentials/v2',
  'https://www.w3.org/ns/credentials/examples/v2',
];
const ALUMNI: JsonObject = {
  '@context': ALUMNI_CONTEXT,
  id: 'urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33',
  type: ['VerifiableCredential', 'AlumniCredential'],
  name: 'Alumni Credential',
  description: 'A minimum viable example of an Alumni Credential.',
  issuer: 'https://vc.example/issuers/5678',
  validFrom: '2023-01-01T00:00:00Z',
  credentialSubject: { id: 'did:example:abcdefgh', alumniOf: 'The School of Examples' },
};
const ALUMNI_VERIFICATION_METHOD = `did:key:${PUBLIC_KEY_MULTIBASE}#${PUBLIC_KEY_MULTIBASE}`;
const ALUMNI_CANONICAL_DOCUMENT = [
  '<did:example:abcdefgh> <https://www.w3.org/ns/credentials/examples#alumniOf> "The School of Examples" .',
  '<urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://www.w3.org/2018/credentials#VerifiableCredential> .',
  '<urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://www.w3.org/ns/credentials/examples#AlumniCredential> .',
  '<urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33> <https://schema.org/description> "A minimum viable example of an Alumni Credential." .',
  '<urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33> <https://schema.org/name> "Alumni Credential" .',
  '<urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33> <https://www.w3.org/2018/credentials#credentialSubject> <did:example:abcdefgh> .',
  '<urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33> <https://www.w3.org/2018/credentials#issuer> <https://vc.example/issuers/5678> .',
  '<urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33> <https://www.w3.org/2018/credentials#validFrom> "2023-01-01T00:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime> .',
  '',
].join('\n');
const ALUMNI_CANONICAL_PROOF_CONFIG = [
  '_:c14n0 <http://purl.org/dc/terms/created> "2023-02-24T23:36:38Z"^^<http://www.w3.org/2001/XMLSchema#dateTime> .',
  '_:c14n0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://w3id.org/security#DataIntegrityProof> .',
  '_:c14n0 <https://w3id.org/security#cryptosuite> "eddsa-rdfc-2022"^^<https://w3id.org/security#cryptosuiteString> .',
  '_:c14n0 <https://w3id.org/security#proofPurpose> <https://w3id.org/security#assertionMethod> .',
  `_:c14n0 <https://w3id.org/security#verificationMethod> <${ALUMNI_VERIFICATION_METHOD}> .`,
  '',
].join('\n');
const ALUMNI_COMBINED_HASH_HEX =
  'bea7b7acfbad0126b135104024a5f1733e705108f42d59668b05c0c50004c6b0' +
  '517744132ae165a5349155bef0bb0cf2258fff99dfe1dbd914b938d775a36017';
const ALUMNI_PROOF_VALUE =
  'z2YwC8z3ap7yx1nZYCg4L3j3ApHsF8kgPdSb5xoS1VR7vPG3F561B52hYnQF9iseabecm3ijx4K1FBTQsCZahKZme';
const ALUMNI_PROOF: DataIntegrityProof = {
  type: 'DataIntegrityProof',
  cryptosuite: 'eddsa-rdfc-2022',
  created: CREATED,
  verificationMethod: ALUMNI_VERIFICATION_METHOD,
  proofPurpose: 'assertionMethod',
  proofValue: ALUMNI_PROOF_VALUE,
};

// The Recommendation's second rdfc vector (TestVectors/eddsa-rdfc-2022/employ, the Employment
// Authorization Document), which needs the citizenship v4rc1 context: bundled for this test
// only (test-vectors/citizenship-v4rc1.json), passed through `contexts`.
const CITIZENSHIP_URL = 'https://w3id.org/citizenship/v4rc1';
const TEST_CONTEXTS = new Map([[CITIZENSHIP_URL, citizenshipV4rc1 as JsonObject]]);
const EMPLOYMENT: JsonObject = {
  '@context': ['https://www.w3.org/ns/credentials/v2', CITIZENSHIP_URL],
  type: ['VerifiableCredential', 'EmploymentAuthorizationDocumentCredential'],
  issuer: {
    id: 'did:key:zDnaegE6RR3atJtHKwTRTWHsJ3kNHqFwv7n9YjTgmU7TyfU76',
    image:
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVQIW2NgUPr/HwADaAIhG61j/AAAAABJRU5ErkJggg==',
  },
  credentialSubject: {
    type: ['Person', 'EmployablePerson'],
    givenName: 'JOHN',
    additionalName: 'JACOB',
    familyName: 'SMITH',
    image:
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVQIW2Ng+M/wHwAEAQH/7yMK/gAAAABJRU5ErkJggg==',
    gender: 'Male',
    residentSince: '2015-01-01',
    birthCountry: 'Bahamas',
    birthDate: '1999-07-17',
    employmentAuthorizationDocument: {
      type: 'EmploymentAuthorizationDocument',
      identifier: '83627465',
      lprCategory: 'C09',
      lprNumber: '999-999-999',
    },
  },
  name: 'Employment Authorization Document',
  description: 'Example Employment Authorization Document.',
  validFrom: '2019-12-03T00:00:00Z',
  validUntil: '2029-12-03T00:00:00Z',
};
const EMPLOYMENT_PROOF_VALUE =
  'zeuuS9pi2ZR8Q41bFFJKS9weSWkwa7pRcxHTHzxjDEHtVSZp3D9Rm3JdzT82EQpmXMb9wvfFJLuDPeSXZaRX1q1c';

/** The hashData hex that `document` signed with `proof` hashes to (via a spying ProofCrypto). */
async function combinedHashHex(document: JsonObject, proof: DataIntegrityProof): Promise<string> {
  const web = webCryptoProofCrypto();
  let hashed = '';
  await verifyEddsaRdfc2022Proof(document, proof, publicKey, {
    crypto: {
      sha256: web.sha256,
      verifyEd25519: (key, signature, data) => {
        hashed = Buffer.from(data).toString('hex');
        return web.verifyEd25519(key, signature, data);
      },
    },
  });
  return hashed;
}

describe('eddsa-rdfc-2022 test vector (W3C Recommendation)', () => {
  it('canonicalizes the document and the proof configuration as the spec does', async () => {
    expect(await canonizeRdfc(ALUMNI)).toBe(ALUMNI_CANONICAL_DOCUMENT);
    const { proofValue: _value, ...proofOptions } = ALUMNI_PROOF;
    const proofConfig = { ...proofOptions, '@context': ALUMNI_CONTEXT };
    expect(await canonizeRdfc(proofConfig)).toBe(ALUMNI_CANONICAL_PROOF_CONFIG);
    const signed = { ...ALUMNI, proof: ALUMNI_PROOF };
    expect(await combinedHashHex(signed, ALUMNI_PROOF)).toBe(ALUMNI_COMBINED_HASH_HEX);
  });

  it('creates exactly the expected proof (the published signed credential)', async () => {
    const secured = await createEddsaRdfc2022Proof(ALUMNI, {
      verificationMethod: ALUMNI_VERIFICATION_METHOD,
      created: CREATED,
      sign: signer,
    });
    expect(secured.proof.proofValue).toBe(ALUMNI_PROOF_VALUE);
    expect(secured).toEqual({ ...ALUMNI, proof: ALUMNI_PROOF });
    expect(ALUMNI).not.toHaveProperty('proof');
  });

  it('verifies the published signed credential', async () => {
    const signed = { ...ALUMNI, proof: ALUMNI_PROOF };
    expect(await verifyEddsaRdfc2022Proof(signed, ALUMNI_PROOF, publicKey)).toEqual({ ok: true });
  });

  it('rejects any one-character change to the document or the proof', async () => {
    const signed: JsonObject = structuredClone({ ...ALUMNI, proof: ALUMNI_PROOF });
    const reasons = { malformed: 0, invalid_signature: 0 };
    for (const { path, value } of stringLeaves(signed)) {
      for (let i = 0; i < value.length; i++) {
        const changed = value.slice(0, i) + otherChar(value.charAt(i)) + value.slice(i + 1);
        const tampered = structuredClone(signed);
        setAt(tampered, path, changed);
        const proof = tampered.proof as DataIntegrityProof;
        const result = await verifyEddsaRdfc2022Proof(tampered, proof, publicKey);
        expect(result.ok, `${path.join('.')}[${i}]`).toBe(false);
        if (!result.ok) reasons[result.reason]++;
      }
    }
    // Malformed: a changed context URL (unknown), type or cryptosuite; the rest is the signature.
    expect(reasons.invalid_signature).toBeGreaterThan(400);
    expect(reasons.malformed).toBeGreaterThan(0);
  });

  it('rejects a signature by another key, and the jcs hashing of the same proof', async () => {
    const signed = { ...ALUMNI, proof: ALUMNI_PROOF };
    const otherKey = new Uint8Array(32).fill(7);
    expect((await verifyEddsaRdfc2022Proof(signed, ALUMNI_PROOF, otherKey)).ok).toBe(false);
    const relabelled = { ...ALUMNI_PROOF, cryptosuite: 'eddsa-jcs-2022' };
    expect(await verifyEddsaRdfc2022Proof(signed, relabelled, publicKey)).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });

  it('the Employment Authorization Document vector (a test-only context)', async () => {
    const verificationMethod = didKeyVerificationMethod(SPEC_DID);
    const secured = await createEddsaRdfc2022Proof(EMPLOYMENT, {
      verificationMethod,
      created: CREATED,
      sign: signer,
      contexts: TEST_CONTEXTS,
    });
    expect(secured.proof.proofValue).toBe(EMPLOYMENT_PROOF_VALUE);
    const options = { contexts: TEST_CONTEXTS };
    expect(await verifyEddsaRdfc2022Proof(secured, secured.proof, publicKey, options)).toEqual({
      ok: true,
    });
    const tampered = structuredClone(secured);
    (tampered.credentialSubject as { givenName: string }).givenName = 'JOHM';
    expect(await verifyEddsaRdfc2022Proof(tampered, tampered.proof, publicKey, options)).toEqual({
      ok: false,
      reason: 'invalid_signature',
      error: 'The signature does not verify',
    });
  });
});

describe('bundled contexts only', () => {
  it('serves the bundled contexts and refuses every other URL', async () => {
    const contexts = await loadBundledContexts();
    expect([...contexts.keys()].sort()).toEqual([
      'https://w3id.org/security/data-integrity/v1',
      'https://w3id.org/security/data-integrity/v2',
      'https://w3id.org/security/suites/ed25519-2020/v1',
      'https://www.w3.org/2018/credentials/v1',
      'https://www.w3.org/ns/credentials/examples/v2',
      'https://www.w3.org/ns/credentials/undefined-terms/v2',
      'https://www.w3.org/ns/credentials/v2',
    ]);
    const load = createStaticDocumentLoader(contexts);
    const v2 = await load('https://www.w3.org/ns/credentials/v2');
    expect(v2.document['@context']).toHaveProperty('VerifiableCredential');
    await expect(load(CITIZENSHIP_URL)).rejects.toThrow(UnknownContextError);
  });

  it('names an unknown context in the error and never fetches it', async () => {
    const document = { ...ALUMNI, '@context': [...ALUMNI_CONTEXT, 'https://evil.example/ctx'] };
    await expect(canonizeRdfc(document)).rejects.toThrow(CanonicalizationError);
    await expect(canonizeRdfc(document)).rejects.toThrow(
      'Unknown JSON-LD context https://evil.example/ctx',
    );
    const signed = { ...document, proof: ALUMNI_PROOF };
    expect(await verifyEddsaRdfc2022Proof(signed, ALUMNI_PROOF, publicKey)).toEqual({
      ok: false,
      reason: 'malformed',
      error:
        'Unknown JSON-LD context https://evil.example/ctx: only bundled contexts are used, nothing is fetched',
    });
  });

  it('refuses a lossy document (safe mode): a term no context defines', async () => {
    const document = { ...ALUMNI, '@context': ['https://www.w3.org/ns/credentials/v2'] };
    await expect(canonizeRdfc(document)).rejects.toThrow(/Dropping property .*\(alumniOf\)/);
  });
});

/** A Pehchaan credential the rdfc way: its custom subject fields need undefined-terms/v2. */
function pehchaanCredential(issuerDid: string, contexts: string[]): JsonObject {
  const document = buildCredentialDocument({
    credentialId: 'cred-00112233445566778899aabbccddeeff',
    documentType: 'pan',
    userId: 'user-001',
    issuerDid,
    claims: { name: 'Rajesh Kumar', pan_number: 'ABCDE1234F' },
    issuedAt: new Date('2025-06-01T10:00:00Z'),
  });
  return { ...document, '@context': contexts };
}

describe('verifyCredential with eddsa-rdfc-2022', () => {
  const NOW = new Date('2026-01-01T00:00:00Z');
  const options = { trustedIssuers: [SPEC_DID], now: NOW };
  const CONTEXTS = [
    'https://www.w3.org/ns/credentials/v2',
    'https://www.w3.org/ns/credentials/undefined-terms/v2',
  ];
  const signedCredential = () =>
    createEddsaRdfc2022Proof(pehchaanCredential(SPEC_DID, CONTEXTS), {
      verificationMethod: didKeyVerificationMethod(SPEC_DID),
      created: '2025-06-01T10:00:00Z',
      sign: signer,
    });

  it('verified: the published credential (did:key method), and the same issued by the did:key', async () => {
    // The published vector's issuer is an https URL: its proof verifies under the did:key that
    // signed it, which cannot be tied to that issuer offline (a warning); the issuer is not
    // trusted, which the VC API's default checks (proof) do not require.
    const published = await verifyCredential(
      { ...ALUMNI, proof: ALUMNI_PROOF },
      {
        ...options,
        checks: ['proof'],
      },
    );
    expect(published).toMatchObject({
      verified: true,
      checks: { signature: true, trusted_issuer: false },
      trust: { issuer: 'https://vc.example/issuers/5678', trusted: false },
    });
    expect(published.warnings[0]).toMatch(/is not a did:key/);
    const unsigned = { ...ALUMNI, issuer: SPEC_DID };
    const secured = await createEddsaRdfc2022Proof(unsigned, {
      verificationMethod: didKeyVerificationMethod(SPEC_DID),
      created: CREATED,
      sign: signer,
    });
    expect(await verifyCredential(secured, options)).toEqual({
      verified: true,
      status: 'verified',
      checks: { signature: true, trusted_issuer: true, validity: true },
      errors: [],
      warnings: [],
      trust: { issuer: SPEC_DID, trusted: true },
    });
  });

  it('verified: a Pehchaan credential signed with rdfc; one changed character is invalid', async () => {
    const secured = await signedCredential();
    expect((await verifyCredential(secured, options)).status).toBe('verified');
    const subject = structuredClone(secured);
    (subject.credentialSubject as JsonObject).pan_number = 'ABCDE1234G';
    expect(await verifyCredential(subject, options)).toMatchObject({
      verified: false,
      status: 'invalid_signature',
      checks: { signature: false, trusted_issuer: true, validity: true },
    });
    const value = secured.proof.proofValue;
    const proofValue = value.slice(0, 10) + otherChar(value.charAt(10)) + value.slice(11);
    const changedProof = { ...secured, proof: { ...secured.proof, proofValue } };
    expect((await verifyCredential(changedProof, options)).status).toBe('invalid_signature');
  });

  it('malformed: an unknown context (named), or rdfc not among the accepted suites', async () => {
    const secured = await signedCredential();
    const unknown = {
      ...secured,
      '@context': [...CONTEXTS, 'https://w3id.org/citizenship/v4rc1'],
    };
    const verdict = await verifyCredential(unknown, options);
    expect(verdict.status).toBe('malformed');
    expect(verdict.errors[0]).toMatch(/Unknown JSON-LD context https:\/\/w3id.org\/citizenship/);
    const jcsOnly = await verifyCredential(secured, {
      ...options,
      cryptosuites: ['eddsa-jcs-2022'],
    });
    expect(jcsOnly.status).toBe('malformed');
    expect(jcsOnly.errors[0]).toMatch(/eddsa-rdfc-2022 is not accepted/);
  });

  it('cannot sign a credential whose terms no context defines (safe mode)', async () => {
    const unsigned = pehchaanCredential(SPEC_DID, ['https://www.w3.org/ns/credentials/v2']);
    await expect(
      createEddsaRdfc2022Proof(unsigned, {
        verificationMethod: didKeyVerificationMethod(SPEC_DID),
        created: '2025-06-01T10:00:00Z',
        sign: signer,
      }),
    ).rejects.toThrow(CanonicalizationError);
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
