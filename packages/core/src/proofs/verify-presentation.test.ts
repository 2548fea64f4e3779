/** verifyPresentation: the holder's proof, challenge and domain, the credentials inside. */
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildCredentialDocument } from '../credentials/document';
import { didKeyVerificationMethod, ed25519PublicKeyToDidKey } from './did-key';
import { createEddsaJcs2022Proof, type JsonObject } from './eddsa-jcs-2022';
import { createEddsaRdfc2022Proof } from './eddsa-rdfc-2022';
import { verifyPresentation } from './verify-presentation';

function newKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32));
  const did = ed25519PublicKeyToDidKey(raw);
  return {
    did,
    verificationMethod: didKeyVerificationMethod(did),
    sign: (data: Uint8Array) => new Uint8Array(sign(null, data, privateKey)),
  };
}

const issuer = newKey();
const holder = newKey();
const stranger = newKey();
const NOW = new Date('2026-01-01T00:00:00Z');
const CHALLENGE = 'c0ffee-1234';
const DOMAIN = 'verifier.example';
const V2 = 'https://www.w3.org/ns/credentials/v2';
const UNDEFINED_TERMS = 'https://www.w3.org/ns/credentials/undefined-terms/v2';
const options = { trustedIssuers: [issuer.did], now: NOW };

/** A PAN credential signed by `by` (eddsa-jcs-2022 unless `rdfc`). */
function credential(by = issuer, rdfc = false): Promise<JsonObject> {
  const document = buildCredentialDocument({
    credentialId: 'cred-00112233445566778899aabbccddeeff',
    documentType: 'pan',
    userId: 'user-001',
    issuerDid: by.did,
    claims: { name: 'Rajesh Kumar', pan_number: 'ABCDE1234F' },
    issuedAt: new Date('2025-06-01T10:00:00Z'),
  });
  const proofOptions = {
    verificationMethod: by.verificationMethod,
    created: '2025-06-01T10:00:00Z',
    sign: by.sign,
  };
  return rdfc
    ? createEddsaRdfc2022Proof({ ...document, '@context': [V2, UNDEFINED_TERMS] }, proofOptions)
    : createEddsaJcs2022Proof(document, proofOptions);
}

function unsignedPresentation(credentials: JsonObject[], holderDid = holder.did): JsonObject {
  return {
    '@context': [V2],
    type: ['VerifiablePresentation'],
    holder: holderDid,
    verifiableCredential: credentials,
  };
}

interface SignOptions {
  by?: typeof holder;
  challenge?: string;
  domain?: string;
  rdfc?: boolean;
  proofPurpose?: string;
}

function signPresentation(presentation: JsonObject, signOptions: SignOptions = {}) {
  const by = signOptions.by ?? holder;
  const proofOptions = {
    verificationMethod: by.verificationMethod,
    created: '2025-12-31T23:00:00Z',
    proofPurpose: signOptions.proofPurpose ?? 'authentication',
    challenge: signOptions.challenge ?? CHALLENGE,
    domain: signOptions.domain ?? DOMAIN,
    sign: by.sign,
  };
  return signOptions.rdfc
    ? createEddsaRdfc2022Proof(presentation, proofOptions)
    : createEddsaJcs2022Proof(presentation, proofOptions);
}

const asked = { ...options, challenge: CHALLENGE, domain: DOMAIN };

describe('verifyPresentation', () => {
  it('verified: a holder-signed presentation with the challenge and domain asked for', async () => {
    const vp = await signPresentation(unsignedPresentation([await credential()]));
    const verdict = await verifyPresentation(vp, asked);
    expect(verdict).toMatchObject({
      verified: true,
      status: 'verified',
      checks: { holder_proof: true, credentials: true },
      errors: [],
    });
    expect(verdict.credentialResults).toEqual([
      {
        verified: true,
        status: 'verified',
        checks: { signature: true, trusted_issuer: true, validity: true },
        errors: [],
        warnings: [],
        trust: { issuer: issuer.did, trusted: true },
      },
    ]);
    // Without options the proof's own challenge and domain are not checked against anything.
    expect((await verifyPresentation(vp, options)).status).toBe('verified');
  });

  it('verified: an eddsa-rdfc-2022 presentation carrying an eddsa-rdfc-2022 credential', async () => {
    const vp = await signPresentation(unsignedPresentation([await credential(issuer, true)]), {
      rdfc: true,
    });
    expect(vp.proof.cryptosuite).toBe('eddsa-rdfc-2022');
    const verdict = await verifyPresentation(vp, asked);
    expect(verdict).toMatchObject({ verified: true, status: 'verified' });
    const changed = structuredClone(vp);
    changed.holder = stranger.did;
    expect((await verifyPresentation(changed, asked)).status).toBe('invalid_signature');
  });

  it('invalid_signature: a wrong challenge or domain', async () => {
    const vp = await signPresentation(unsignedPresentation([await credential()]));
    const wrongChallenge = await verifyPresentation(vp, { ...asked, challenge: 'other' });
    expect(wrongChallenge).toMatchObject({
      verified: false,
      status: 'invalid_signature',
      checks: { holder_proof: false, credentials: true },
    });
    expect(wrongChallenge.errors).toEqual([
      "The presentation proof's challenge does not match the one given",
    ]);
    const wrongDomain = await verifyPresentation(vp, { ...asked, domain: 'evil.example' });
    expect(wrongDomain.status).toBe('invalid_signature');
    expect(wrongDomain.errors[0]).toMatch(/domain does not match/);
    // A challenge signed in, then changed in the proof: the signature catches it.
    const edited = { ...vp, proof: { ...vp.proof, challenge: 'other' } };
    const replayed = await verifyPresentation(edited, { ...asked, challenge: 'other' });
    expect(replayed.status).toBe('invalid_signature');
    expect(replayed.errors[0]).toMatch(/Invalid signature: the presentation was changed/);
  });

  it('invalid_signature: a credential changed inside, before or after the holder signed', async () => {
    const changed = await credential();
    (changed.credentialSubject as JsonObject).pan_number = 'ABCDE1234G';
    const signedOverChange = await signPresentation(unsignedPresentation([changed]));
    const verdict = await verifyPresentation(signedOverChange, asked);
    expect(verdict).toMatchObject({
      verified: false,
      status: 'invalid_signature',
      checks: { holder_proof: true, credentials: false },
    });
    expect(verdict.credentialResults[0]?.status).toBe('invalid_signature');
    expect(verdict.errors[0]).toMatch(/^verifiableCredential\[0\]: Invalid signature/);

    const vp = await signPresentation(unsignedPresentation([await credential()]));
    const after = structuredClone(vp);
    const inside = (after.verifiableCredential as JsonObject[])[0] as JsonObject;
    (inside.credentialSubject as JsonObject).name = 'Someone Else';
    expect(await verifyPresentation(after, asked)).toMatchObject({
      status: 'invalid_signature',
      checks: { holder_proof: false, credentials: false },
    });
  });

  it('invalid_signature: no proof while a challenge was given; signed by another key', async () => {
    const unsigned = unsignedPresentation([await credential()]);
    const missing = await verifyPresentation(unsigned, asked);
    expect(missing).toMatchObject({
      verified: false,
      status: 'invalid_signature',
      checks: { holder_proof: false, credentials: true },
      errors: ['A challenge was given but the presentation has no proof'],
    });
    const byStranger = await signPresentation(unsigned, { by: stranger });
    const verdict = await verifyPresentation(byStranger, asked);
    expect(verdict.status).toBe('invalid_signature');
    expect(verdict.errors).toEqual(["The presentation's proof is not by its holder's key"]);
  });

  it('an unsigned presentation without a challenge verifies by its credentials alone', async () => {
    const unsigned = unsignedPresentation([await credential()]);
    expect(await verifyPresentation(unsigned, options)).toMatchObject({
      verified: true,
      status: 'verified',
      checks: { holder_proof: false, credentials: true },
    });
    const empty = await verifyPresentation(unsignedPresentation([]), options);
    expect(empty.status).toBe('invalid_signature');
    expect(empty.errors).toEqual(['The presentation has no proof and no credentials']);
  });

  it('takes the most severe status of the credentials (untrusted issuer, malformed)', async () => {
    const vp = await signPresentation(
      unsignedPresentation([await credential(), await credential(stranger)]),
    );
    const verdict = await verifyPresentation(vp, asked);
    expect(verdict.status).toBe('untrusted_issuer');
    expect(verdict.credentialResults.map((r) => r.status)).toEqual([
      'verified',
      'untrusted_issuer',
    ]);
    expect(verdict.errors[0]).toMatch(/^verifiableCredential\[1\]: The issuer .* not a trusted/);
    const withJunk = await signPresentation(
      unsignedPresentation([await credential(), { hello: 'world' }]),
    );
    expect((await verifyPresentation(withJunk, asked)).status).toBe('malformed');
  });

  it('invalid_signature: a proof past its expires', async () => {
    const vp = await signPresentation(unsignedPresentation([await credential()]));
    const expired = await createEddsaJcs2022Proof(unsignedPresentation([await credential()]), {
      verificationMethod: holder.verificationMethod,
      created: '2025-12-31T23:00:00Z',
      proofPurpose: 'authentication',
      challenge: CHALLENGE,
      sign: holder.sign,
    });
    const withExpiry = { ...expired, proof: { ...expired.proof, expires: '2025-12-31T23:30:00Z' } };
    const verdict = await verifyPresentation(withExpiry, { ...options, challenge: CHALLENGE });
    expect(verdict.status).toBe('invalid_signature');
    expect(verdict.errors[0]).toMatch(/expired on 2025-12-31T23:30:00Z/);
    expect((await verifyPresentation(vp, asked)).status).toBe('verified');
  });

  it('malformed: presentation rules and proof shape; never throws', async () => {
    const good = await signPresentation(unsignedPresentation([await credential()]));
    const assertion = await signPresentation(unsignedPresentation([await credential()]), {
      proofPurpose: 'assertionMethod',
    });
    const cases: unknown[] = [
      null,
      'a string',
      [good],
      { ...good, '@context': ['https://www.w3.org/2018/credentials/v1'] },
      { ...good, type: ['VerifiableCredential'] },
      { ...good, holder: 42 },
      { ...good, verifiableCredential: 'x' },
      assertion,
      { ...good, proof: { ...good.proof, cryptosuite: 'eddsa-2022' } },
      { ...good, proof: { ...good.proof, challenge: 7 } },
      { ...good, proof: { ...good.proof, domain: [1] } },
      { ...good, proof: { ...good.proof, expires: 'soon' } },
      { ...good, proof: { ...good.proof, verificationMethod: 'https://x#k' } },
    ];
    for (const presentation of cases) {
      const verdict = await verifyPresentation(presentation, asked);
      expect(verdict.status, JSON.stringify(presentation)?.slice(0, 80)).toBe('malformed');
      expect(verdict.verified).toBe(false);
      expect(verdict.errors.length).toBeGreaterThan(0);
    }
  });
});
