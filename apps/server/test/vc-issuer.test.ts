/**
 * The W3C VC API issuer (docs/api-contract.md "W3C VC API issuer") on every backend:
 * POST /credentials/issue with an issuer's API key (npm run issuer:key's service), VCDM 2.0 and
 * 1.1 input, both cryptosuites, the issuer bound to the key, the Data Model and JSON-LD safe
 * mode refusals, and authentication before validation. What it issues is checked by the VC API
 * verifier of the same server (POST /credentials/verify), whose proofs core tests against the
 * W3C Recommendations' vectors.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuerApiKeys } from '../src/db/schema';
import { createIssuerApiKey } from '../src/issuer/create-issuer-api-key';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { buildTestApp, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem, PROBLEM_JSON } from './helpers/problem';

const V2 = 'https://www.w3.org/ns/credentials/v2';
const V1 = 'https://www.w3.org/2018/credentials/v1';
const DI_V2 = 'https://w3id.org/security/data-integrity/v2';

describe.each(backends)('W3C VC API issuer on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let uidaiKey: string;
  let uidaiDid: string;
  let panIssuerDid: string;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) });
    const minted = await createIssuerApiKey({ ...app.deps, issuer: 'UIDAI' });
    uidaiKey = minted.apiKey;
    uidaiDid = minted.did;
    panIssuerDid = app.deps.issuers.get('Income Tax Department').did;
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const issue = (payload: unknown, key: string | null = uidaiKey) =>
    app.inject({
      method: 'POST',
      url: '/credentials/issue',
      headers: key ? { authorization: `Bearer ${key}` } : {},
      payload: payload as object,
    });

  const v2Credential = (overrides: Record<string, unknown> = {}) => ({
    '@context': [V2],
    id: 'urn:uuid:3f1a7c2e-0d6b-4f7a-9a7e-5b8d1c2e4f60',
    type: ['VerifiableCredential'],
    issuer: uidaiDid,
    validFrom: '2026-01-01T00:00:00Z',
    credentialSubject: { id: 'did:example:holder', name: 'Asha Verma' },
    ...overrides,
  });

  const verify = async (verifiableCredential: unknown) => {
    const response = await app.inject({
      method: 'POST',
      url: '/credentials/verify',
      payload: { verifiableCredential, options: { checks: ['proof', 'trusted_issuer'] } },
    });
    return { status: response.statusCode, body: response.json() };
  };

  /** Asserts a 400 credential_not_issuable whose reasons include one matching `reason`. */
  const expectInvalid = (response: Awaited<ReturnType<typeof issue>>, reason: RegExp) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toBe(PROBLEM_JSON);
    const body = response.json();
    expect(body.code).toBe('credential_not_issuable');
    expect(
      body.reasons.some((r: string) => reason.test(r)),
      JSON.stringify(body.reasons),
    ).toBe(true);
  };

  it('issues a VCDM 2.0 credential as the key’s issuer with one eddsa-rdfc-2022 proof (201)', async () => {
    const response = await issue({ credential: v2Credential() });
    expect(response.statusCode, response.body).toBe(201);
    const { verifiableCredential: vc } = response.json();
    const { proof, ...rest } = vc;
    expect(rest).toEqual(v2Credential());
    expect(proof).toEqual({
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-rdfc-2022',
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      verificationMethod: `${uidaiDid}#${uidaiDid.slice('did:key:'.length)}`,
      proofPurpose: 'assertionMethod',
      proofValue: expect.stringMatching(/^z[1-9A-HJ-NP-Za-km-z]+$/),
    });
    expect(await verify(vc)).toMatchObject({ status: 200, body: { verified: true } });
  });

  it('signs eddsa-jcs-2022 when asked, and accepts the issuer as { id, name }', async () => {
    const credential = v2Credential({ issuer: { id: uidaiDid, name: 'UIDAI' } });
    const response = await issue({ credential, options: { cryptosuite: 'eddsa-jcs-2022' } });
    expect(response.statusCode, response.body).toBe(201);
    const { verifiableCredential: vc } = response.json();
    expect(vc.issuer).toEqual({ id: uidaiDid, name: 'UIDAI' });
    expect(vc.proof.cryptosuite).toBe('eddsa-jcs-2022');
    expect(await verify(vc)).toMatchObject({ status: 200, body: { verified: true } });
  });

  it('issues a VCDM 1.1 credential, adding the Data Integrity context its proof needs', async () => {
    const credential = {
      '@context': [V1],
      type: ['VerifiableCredential'],
      issuer: uidaiDid,
      issuanceDate: '2026-01-01T00:00:00Z',
      credentialSubject: { id: 'did:example:holder' },
    };
    const response = await issue({ credential });
    expect(response.statusCode, response.body).toBe(201);
    const { verifiableCredential: vc } = response.json();
    expect(vc['@context']).toEqual([V1, DI_V2]);
    expect(await verify(vc)).toMatchObject({ status: 200, body: { verified: true } });
    // One that already names the context keeps its @context as sent.
    const named = await issue({ credential: { ...credential, '@context': [V1, DI_V2] } });
    expect(named.json().verifiableCredential['@context']).toEqual([V1, DI_V2]);
  });

  it('refuses to issue as another issuer (403), even one of the product’s own', async () => {
    expectProblem(
      await issue({ credential: v2Credential({ issuer: panIssuerDid }) }),
      'forbidden',
      `This API key issues only as ${uidaiDid}.`,
    );
    expectProblem(
      await issue({ credential: v2Credential({ issuer: 'did:example:someone' }) }),
      'forbidden',
    );
  });

  it('refuses the ConsentReceipt type (422 type_not_issuable): only the consent registry makes receipts', async () => {
    const detail =
      'A ConsentReceipt is issued only by the wallet’s consent registry; an issuer cannot issue this type.';
    for (const type of [
      ['VerifiableCredential', 'ConsentReceipt'],
      ['VerifiableCredential', 'https://example.org/vocab#ConsentReceipt'],
      'ConsentReceipt',
    ]) {
      expectProblem(
        await issue({ credential: v2Credential({ type }) }),
        'type_not_issuable',
        detail,
      );
    }
    // In either cryptosuite, and whatever else is wrong with it.
    const { credentialSubject: _, ...noSubject } = v2Credential({
      type: ['VerifiableCredential', 'ConsentReceipt'],
    });
    expectProblem(
      await issue({ credential: noSubject, options: { cryptosuite: 'eddsa-jcs-2022' } }),
      'type_not_issuable',
    );
    // Another issuer's DID is still 403 first; a credential of another type is still issued.
    expectProblem(
      await issue({
        credential: v2Credential({
          issuer: panIssuerDid,
          type: ['VerifiableCredential', 'ConsentReceipt'],
        }),
      }),
      'forbidden',
    );
    const other = await issue({
      credential: v2Credential({
        type: ['VerifiableCredential', 'https://example.org/vocab#ConsentReceiptSummary'],
      }),
    });
    expect(other.statusCode, other.body).toBe(201);
  });

  it('refuses what the Data Model or JSON-LD safe mode refuses, naming the rule (400)', async () => {
    const { credentialSubject: _, ...noSubject } = v2Credential();
    expectInvalid(await issue({ credential: noSubject }), /credentialSubject/);
    expectInvalid(await issue({ credential: v2Credential({ type: ['Thing'] }) }), /type/);
    expectInvalid(
      await issue({ credential: v2Credential({ validFrom: 'yesterday' }) }),
      /validFrom/,
    );
    expectInvalid(
      await issue({ credential: v2Credential({ proof: { type: 'DataIntegrityProof' } }) }),
      /must not have a proof/,
    );
    expectInvalid(
      await issue({
        credential: v2Credential({ '@context': [V2, 'https://example.invalid/context/v1'] }),
      }),
      /example\.invalid/,
    );
    // VCDM 1.1 has no @vocab: an undefined term is lost in expansion, so safe mode refuses it.
    expectInvalid(
      await issue({
        credential: {
          '@context': [V1],
          type: ['VerifiableCredential'],
          issuer: uidaiDid,
          issuanceDate: '2026-01-01T00:00:00Z',
          credentialSubject: { id: 'did:example:holder', favouriteColour: 'saffron' },
        },
      }),
      /favouriteColour|cannot be canonicalized/,
    );
  });

  it('applies the Data Model’s rules of the optional properties (VC DM 2.0 4.5-4.11, 5.3)', async () => {
    expectInvalid(
      await issue({ credential: v2Credential({ credentialStatus: { id: 'did:example:status' } }) }),
      /every credentialStatus must have a type/,
    );
    expectInvalid(
      await issue({ credential: v2Credential({ evidence: {} }) }),
      /every evidence must have a type/,
    );
    expectInvalid(
      await issue({ credential: v2Credential({ credentialSubject: {} }) }),
      /at least one claim/,
    );
    // A digest of the bundled base context that is not its published one.
    expectInvalid(
      await issue({
        credential: v2Credential({
          relatedResource: [
            { id: V2, digestMultibase: 'uM4RgWQc3RUDtjJCSgTJtTfvpZ7SPEg_LNO0ESlovQC0' },
          ],
        }),
      }),
      /does not match/,
    );
    const related = v2Credential({
      relatedResource: [
        { id: V2, digestMultibase: 'uEiBZlVztZpfWHgPyslVv6-UwirFoQoRvW1htfx963sknNA' },
      ],
      credentialStatus: { id: 'https://example.com/status/1#5', type: 'BitstringStatusListEntry' },
    });
    expect((await issue({ credential: related })).statusCode).toBe(201);
  });

  it('signs and verifies a name with a base direction (@direction, VC DM 2.0 11.1)', async () => {
    const credential = v2Credential({
      name: { '@value': 'पहचान पत्र', '@language': 'hi', '@direction': 'ltr' },
    });
    const response = await issue({ credential });
    expect(response.statusCode, response.body).toBe(201);
    expect(await verify(response.json().verifiableCredential)).toMatchObject({
      status: 200,
      body: { verified: true },
    });
  });

  it('decides 403 before validating: another issuer’s credential is refused whatever its shape', async () => {
    const { credentialSubject: _, ...noSubject } = v2Credential({ issuer: panIssuerDid });
    expectProblem(await issue({ credential: noSubject }), 'forbidden');
    expectProblem(
      await issue({
        credential: { issuer: { id: panIssuerDid } },
        options: { cryptosuite: 'nope' },
      }),
      'forbidden',
    );
  });

  it('validates options: an unknown cryptosuite is a 400 naming the field', async () => {
    const response = await issue({
      credential: v2Credential(),
      options: { cryptosuite: 'ecdsa-rdfc-2019' },
    });
    expectProblem(response, 'invalid_request');
    expect(response.json().errors[0].pointer).toBe('/body/options/cryptosuite');
  });

  it('authenticates before it validates: no key, a verifier’s key or a revoked key is 401', async () => {
    expectProblem(await issue('not json at all', null), 'unauthenticated');
    expectProblem(await issue({}, `pik_00000000_${'A'.repeat(43)}`), 'unauthenticated');
    const verifier = await createVerifierApiKey({
      ...app.deps,
      verifierName: 'State Bank of India',
    });
    expectProblem(await issue({ credential: v2Credential() }, verifier.apiKey), 'unauthenticated');
    const revoked = await createIssuerApiKey({ ...app.deps, issuer: 'UIDAI' });
    await app.deps.db.update(issuerApiKeys).set({ revokedAt: clock.now() });
    expectProblem(await issue({ credential: v2Credential() }, revoked.apiKey), 'unauthenticated');
  });
});
