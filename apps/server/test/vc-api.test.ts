/**
 * The W3C VC API verification endpoints (DECISIONS 4, api-contract "Credentials, signing and
 * verification") on every backend: POST /credentials/verify with eddsa-rdfc-2022 credentials
 * (signed here with the server's own issuer key, and with a stranger's: a fresh did:key the
 * server does not trust), options.checks, trust reported apart from the proof, the W3C
 * Ed25519Signature2020 and proof chain vectors (W3C vc-di-eddsa TestVectors, in core), and
 * POST /presentations/verify (holder proof, challenge, domain, the credentials inside).
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import {
  buildCredentialDocument,
  createEddsaJcs2022Proof,
  createEddsaRdfc2022Proof,
  didKeyVerificationMethod,
  ed25519PublicKeyToDidKey,
  type JsonObject,
} from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import edSigVector from '../../../packages/core/src/proofs/test-vectors/ed25519-signature-2020-signed.json';
import proofChainVector from '../../../packages/core/src/proofs/test-vectors/proof-chain-signed.json';
import { bearer, buildTestApp, loginDemo, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem, expectRefusal } from './helpers/problem';

const V2 = 'https://www.w3.org/ns/credentials/v2';
const UNDEFINED_TERMS = 'https://www.w3.org/ns/credentials/undefined-terms/v2';
const CHALLENGE = 'vc-api-challenge-7f3a';
const DOMAIN = 'verifier.example';

/** A signing identity outside the server: a holder, or an issuer the server does not trust. */
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

type Signer = ReturnType<typeof newKey>;

describe.each(backends)('W3C VC API verification on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let issued: Promise<JsonObject>;
  const clock = new TestClock();
  const holder = newKey();
  const stranger = newKey();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) });
    const token = await loginDemo(app);
    issued = app
      .inject({
        method: 'POST',
        url: '/identity/generate-credential?user_id=user-001&document_type=voter_id',
        headers: bearer(token),
      })
      .then((response) => {
        expect(response.statusCode).toBe(200);
        return response.json().verifiable_credential;
      });
    await issued;
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, payload: payload as object });

  /** A PAN credential signed eddsa-rdfc-2022 by `by` (default: the server's own PAN issuer). */
  const rdfcCredential = (by?: Signer): Promise<JsonObject> => {
    const signer = by ?? app.deps.issuers.get('Income Tax Department');
    const document = buildCredentialDocument({
      credentialId: `cred-${randomBytes(16).toString('hex')}`,
      documentType: 'pan',
      userId: 'user-001',
      issuerDid: signer.did,
      claims: { name: 'Rajesh Kumar', pan_number: 'ABCDE1234F' },
      issuedAt: clock.now(),
    });
    // RDFC canonicalizes JSON-LD: the subject's own fields need the undefined-terms context.
    return createEddsaRdfc2022Proof(
      { ...document, '@context': [V2, UNDEFINED_TERMS] },
      {
        verificationMethod: signer.verificationMethod,
        created: document.validFrom,
        sign: (data) => signer.sign(data),
      },
    );
  };

  /** A copy of the credential the server issued (eddsa-jcs-2022) through the API. */
  const issuedCredential = async (): Promise<JsonObject> => structuredClone(await issued);

  const presentation = (credentials: JsonObject[]): JsonObject => ({
    '@context': [V2],
    type: ['VerifiablePresentation'],
    holder: holder.did,
    verifiableCredential: credentials,
  });

  const signPresentation = (
    unsigned: JsonObject,
    options: { rdfc?: boolean; challenge?: string } = {},
  ) => {
    const proofOptions = {
      verificationMethod: holder.verificationMethod,
      created: clock.now().toISOString().replace('.000Z', 'Z'),
      proofPurpose: 'authentication',
      challenge: options.challenge ?? CHALLENGE,
      domain: DOMAIN,
      sign: holder.sign,
    };
    return options.rdfc
      ? createEddsaRdfc2022Proof(unsigned, proofOptions)
      : createEddsaJcs2022Proof(unsigned, proofOptions);
  };

  describe('POST /credentials/verify with eddsa-rdfc-2022', () => {
    it('200 for an rdfc credential signed with a trusted issuer key', async () => {
      const credential = await rdfcCredential();
      expect(credential.proof).toMatchObject({ cryptosuite: 'eddsa-rdfc-2022' });
      const response = await post('/credentials/verify', { verifiableCredential: credential });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        verified: true,
        status: 'verified',
        checks: { signature: true, trusted_issuer: true, validity: true },
        errors: [],
        warnings: [],
        trust: {
          issuer: app.deps.issuers.get('Income Tax Department').did,
          trusted: true,
          name: 'Income Tax Department',
        },
      });
    });

    it('422 credential_not_verified, with the verdict, for one changed character', async () => {
      const credential = await rdfcCredential();
      (credential.credentialSubject as JsonObject).pan_number = 'ABCDE1234G';
      const response = await post('/credentials/verify', { verifiableCredential: credential });
      expectRefusal(
        response,
        'credential_not_verified',
        'Invalid signature: the credential was changed or not signed by its issuer',
      );
      expect(response.json().verification).toMatchObject({
        verified: false,
        status: 'invalid_signature',
        checks: { signature: false, trusted_issuer: true },
      });
    });

    it('400 invalid_credential naming a context that is not bundled (nothing is fetched)', async () => {
      const credential = await rdfcCredential();
      credential['@context'] = [V2, UNDEFINED_TERMS, 'https://contexts.example/pan/v1'];
      const response = await post('/credentials/verify', { verifiableCredential: credential });
      expectRefusal(
        response,
        'invalid_credential',
        expect.stringMatching(/Unknown JSON-LD context https:\/\/contexts.example\/pan\/v1/),
      );
      expect(response.json().verification.status).toBe('malformed');
    });
  });

  describe('POST /credentials/verify: options.checks, trust, other issuers', () => {
    const verify = (verifiableCredential: unknown, options?: unknown) =>
      post('/credentials/verify', {
        verifiableCredential,
        ...(options === undefined ? {} : { options }),
      });

    it('200 for a valid credential of an untrusted did:key issuer; trust says untrusted', async () => {
      const credential = await rdfcCredential(stranger);
      const response = await verify(credential);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        verified: true,
        status: 'verified',
        checks: { signature: true, trusted_issuer: false, validity: true },
        errors: [],
        warnings: [`The issuer ${stranger.did} is not a trusted issuer`],
        trust: { issuer: stranger.did, trusted: false },
      });
      expect((await verify(credential, { checks: ['proof'] })).statusCode).toBe(200);
      // Asked for, trust decides: 422 untrusted_issuer.
      const asked = await verify(credential, { checks: ['proof', 'trusted_issuer'] });
      expectRefusal(
        asked,
        'credential_not_verified',
        `The issuer ${stranger.did} is not a trusted issuer`,
      );
      expect(asked.json().verification).toMatchObject({
        status: 'untrusted_issuer',
        checks: { signature: true, trusted_issuer: false },
      });
      // The product's own verify link keeps requiring a trusted issuer (not stored: 404 there;
      // core's default checks are all three, see verify-credential.test.ts).
    });

    it('validity is a warning unless asked for', async () => {
      const expired = await createEddsaJcs2022Proof(
        {
          '@context': [V2],
          type: ['VerifiableCredential'],
          issuer: stranger.did,
          validFrom: '2020-01-01T00:00:00Z',
          validUntil: '2021-01-01T00:00:00Z',
          credentialSubject: { id: holder.did },
        },
        {
          verificationMethod: stranger.verificationMethod,
          created: '2020-01-01T00:00:00Z',
          sign: stranger.sign,
        },
      );
      const plain = await verify(expired);
      expect(plain.statusCode).toBe(200);
      expect(plain.json().warnings).toContain('The credential expired on 2021-01-01T00:00:00Z');
      const asked = await verify(expired, { checks: ['proof', 'validity'] });
      expectRefusal(
        asked,
        'credential_not_verified',
        'The credential expired on 2021-01-01T00:00:00Z',
      );
      expect(asked.json().verification.status).toBe('expired');
    });

    it('400 invalid_request for a check it does not know', async () => {
      const response = await verify(await rdfcCredential(stranger), {
        checks: ['proof', 'credentialSchema'],
      });
      expectProblem(response, 'invalid_request');
    });

    it('200 for the W3C Ed25519Signature2020 vector (the VC API verifier suite’s positive one)', async () => {
      const response = await verify(edSigVector, { checks: ['proof'] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        verified: true,
        checks: { signature: true, trusted_issuer: false },
        trust: { issuer: 'https://vc.example/issuers/5678', trusted: false },
      });
      const changed = structuredClone(edSigVector) as JsonObject;
      (changed.credentialSubject as JsonObject).alumniOf = 'Another School';
      expectProblem(await verify(changed), 'credential_not_verified');
      const { proof: _proof, ...unsigned } = edSigVector;
      expectRefusal(
        await verify(unsigned),
        'credential_not_verified',
        'The credential has no proof',
      );
      for (const member of ['type', 'proofPurpose', 'verificationMethod', 'proofValue']) {
        const proof: JsonObject = { ...edSigVector.proof };
        delete proof[member];
        expectProblem(await verify({ ...edSigVector, proof }), 'invalid_credential');
      }
      for (const member of ['@context', 'type', 'issuer', 'credentialSubject']) {
        const missing: JsonObject = structuredClone(edSigVector);
        delete missing[member];
        expectProblem(await verify(missing), 'invalid_credential');
      }
    });

    it('200 for the W3C proof chain vector (four proofs, two chained)', async () => {
      const response = await verify(proofChainVector);
      expect(response.statusCode).toBe(200);
      expect(response.json().checks.signature).toBe(true);
    });

    it('400 saying did:web and https keys are not fetched', async () => {
      const credential = await rdfcCredential(stranger);
      const proof = { ...(credential.proof as JsonObject) };
      proof.verificationMethod = 'did:web:issuer.example#key-1';
      const response = await verify({ ...credential, proof });
      expectRefusal(
        response,
        'invalid_credential',
        'The verification method did:web:issuer.example#key-1 is not resolved: did:web and https keys are not fetched (only did:key is resolved, offline)',
      );
    });
  });

  describe('POST /presentations/verify (W3C VC API)', () => {
    const verify = (verifiablePresentation: unknown, options?: unknown) =>
      post('/presentations/verify', {
        verifiablePresentation,
        ...(options === undefined ? {} : { options }),
      });

    it('200 for a holder-signed presentation with the challenge and domain asked for', async () => {
      const vp = await signPresentation(
        presentation([await issuedCredential(), await rdfcCredential()]),
      );
      const response = await verify(vp, { challenge: CHALLENGE, domain: DOMAIN });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        verified: true,
        status: 'verified',
        checks: { holder_proof: true, credentials: true },
        errors: [],
      });
      expect(body.credentialResults).toHaveLength(2);
      expect(body.credentialResults.every((r: { verified: boolean }) => r.verified)).toBe(true);
      const rdfc = await signPresentation(presentation([await rdfcCredential()]), { rdfc: true });
      expect((await verify(rdfc, { challenge: CHALLENGE })).statusCode).toBe(200);
    });

    it('422 invalid_signature for a wrong challenge, and for no proof when one is asked', async () => {
      const vp = await signPresentation(presentation([await issuedCredential()]));
      const wrong = await verify(vp, { challenge: 'another-challenge', domain: DOMAIN });
      expectRefusal(
        wrong,
        'presentation_not_verified',
        "The presentation proof's challenge does not match the one given",
      );
      expect(wrong.json().verification).toMatchObject({
        verified: false,
        status: 'invalid_signature',
        checks: { holder_proof: false, credentials: true },
      });
      const otherDomain = await verify(vp, { challenge: CHALLENGE, domain: 'other.example' });
      expectRefusal(
        otherDomain,
        'presentation_not_verified',
        "The presentation proof's domain does not match the one given",
      );

      const unsigned = presentation([await issuedCredential()]);
      const missing = await verify(unsigned, { challenge: CHALLENGE });
      expectRefusal(
        missing,
        'presentation_not_verified',
        'A challenge was given but the presentation has no proof',
      );
      expectRefusal(
        await verify(unsigned, { domain: DOMAIN }),
        'presentation_not_verified',
        'A domain was given but the presentation has no proof',
      );
      // Without a challenge or domain an unsigned presentation stands on its credentials.
      const plain = await verify(unsigned);
      expect(plain.statusCode).toBe(200);
      expect(plain.json().checks).toEqual({ holder_proof: false, credentials: true });
    });

    it('422 when a credential inside was changed', async () => {
      const credential = await issuedCredential();
      (credential.credentialSubject as JsonObject).name = 'Someone Else';
      const vp = await signPresentation(presentation([credential]));
      const response = await verify(vp, { challenge: CHALLENGE, domain: DOMAIN });
      expectProblem(response, 'presentation_not_verified');
      const body = response.json().verification;
      expect(body).toMatchObject({
        status: 'invalid_signature',
        checks: { holder_proof: true, credentials: false },
      });
      expect(body.credentialResults[0].status).toBe('invalid_signature');
      expect(body.errors[0]).toMatch(/^verifiableCredential\[0\]: /);
    });

    it('400 invalid_presentation for a presentation that breaks the VC 2.0 rules', async () => {
      const response = await verify({ '@context': [V2], type: ['VerifiableCredential'] });
      expectRefusal(response, 'invalid_presentation', 'type must include VerifiablePresentation');
      expect(response.json().verification).toMatchObject({
        verified: false,
        status: 'malformed',
        errors: ['type must include VerifiablePresentation'],
        credentialResults: [],
      });
    });

    it('400 for a body of another shape', async () => {
      for (const payload of [
        {},
        { verifiablePresentation: 'x' },
        { verifiablePresentation: [1] },
        { verifiablePresentation: {}, options: { challenge: 5 } },
        { verifiablePresentation: {}, options: 'x' },
      ]) {
        const response = await post('/presentations/verify', payload);
        expectProblem(response, 'invalid_request');
      }
    });

    it('is described in the OpenAPI document', async () => {
      const doc = (await app.inject({ url: '/docs/json' })).json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/credentials/verify', '/presentations/verify']),
      );
    });
  });
});
