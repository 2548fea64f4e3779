/**
 * Every verifier path checks status (docs/status-lists.md "Checking status (wallet and
 * verifiers)"), on every backend, against an outside issuer whose lists the test changes
 * (test/helpers/outside-status-list.ts, on 127.0.0.1 under OID4VCI_ALLOW_LOOPBACK=true),
 * trusted for PAN and Aadhaar with `issuer:trust`:
 * - W3C VC API POST /credentials/verify and POST /presentations/verify (a Bitstring Status List
 *   entry): valid, then 409 credential_revoked, credential_suspended; 422 status_unknown when the
 *   list is forged, names another URL, or its server is stopped; `checks` without
 *   'credentialStatus' makes it a warning;
 * - the bare link GET /api/verify/{id} of a stored credential: the same, its cached answer
 *   following a change within seconds; a credential its holder deleted: 404 'Credential not
 *   found';
 * - OpenID4VP presentations to the verifier (a Token Status List entry): shared when valid;
 *   409 credential_revoked, credential_suspended, 422 status_unknown otherwise, the refusal listed
 *   under wallet_errors for the verifier and nothing shared.
 * The lists are kept for their ttl (60 s here): the test moves the clock past it after a change.
 */
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import {
  buildCredentialDocument,
  createEddsaJcs2022Proof,
  createVerifierRequestAnswerSchema,
  type DcqlQuery,
  didKeyVerificationMethod,
  ed25519PublicKeyToDidKey,
  type JsonObject,
  verifierRequestAnswerSchema,
} from '@pehchaan/core';
import { digest, generateSalt } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, runIssuerTrust } from '../scripts/issuer-trust';
import { credentials } from '../src/db/schema';
import { credentialAad } from '../src/lib/records';
import { clearStatusListCache } from '../src/lib/status-list';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { bearer, buildTestApp, loginDemo, MINUTE_MS, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { type OutsideStatusLists, startOutsideStatusLists } from './helpers/outside-status-list';
import { expectProblem } from './helpers/problem';

const ORIGIN = 'http://localhost:5000';
const AADHAAR_VCT = `${ORIGIN}/vct/aadhaar`;
const QUERY: DcqlQuery = {
  credentials: [
    {
      id: 'aadhaar',
      format: 'dc+sd-jwt',
      meta: { vct_values: [AADHAAR_VCT] },
      claims: [{ path: ['name'] }],
    },
  ],
};
/** Past the lists' ttl (60 s) and the bare link's answer cache (5 s). */
const PAST_TTL_MS = MINUTE_MS + 1000;

describe.each(backends)('verifier paths check status on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let lists: OutsideStatusLists;
  let bankKey: string;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, {
      now: clock.now,
      masterKey: randomBytes(32),
      publicOrigin: ORIGIN,
      oid4vciAllowLoopback: true,
    });
    clearStatusListCache();
    lists = await startOutsideStatusLists(clock.now);
    lists.setTtlSeconds(60);
    const io = { out: () => {}, err: () => {}, readFile: () => '' };
    const trusted = await runIssuerTrust(
      [
        'add',
        '--id',
        'https://outside.example/issuer',
        '--name',
        'Outside Registry',
        '--name-hi',
        'बाहरी रजिस्ट्री',
        '--did',
        lists.issuer,
        '--types',
        'pan,aadhaar',
      ],
      app.deps,
      io,
    );
    expect(trusted).toBe(EXIT.ok);
    bankKey = (await createVerifierApiKey({ ...app.deps, verifierName: 'State Bank of India' }))
      .apiKey;
  });
  afterAll(async () => {
    await lists?.stop();
    await app?.close();
    await opened?.dispose();
  });

  /** Changes the lists (`change`), then moves past their ttl so verifiers read them again. */
  const after = (change: () => void) => {
    change();
    clock.advance(PAST_TTL_MS);
  };

  /** A PAN credential of the outside issuer whose status is bit `index` of its lists. */
  const panCredential = (index: number): JsonObject => {
    const document = buildCredentialDocument({
      credentialId: `cred-${randomBytes(16).toString('hex')}`,
      documentType: 'pan',
      userId: 'user-005',
      issuerDid: lists.issuer,
      claims: { name: 'Meera Iyer', pan_number: 'ABCPE1234F' },
      issuedAt: new Date(clock.now().getTime() - 3_600_000),
    });
    return lists.signCredential({
      ...document,
      credentialStatus: lists.credentialStatus(index),
    }) as JsonObject;
  };

  const vcApi = async (verifiableCredential: JsonObject, checks?: string[]) => {
    const response = await app.inject({
      method: 'POST',
      url: '/credentials/verify',
      payload: { verifiableCredential, ...(checks ? { options: { checks } } : {}) },
    });
    return { status: response.statusCode, body: response.json() };
  };

  describe('POST /credentials/verify and /presentations/verify', () => {
    it('valid, then revoked, then suspended as the issuer changes its lists', async () => {
      const credential = panCredential(11);
      expect(await vcApi(credential)).toMatchObject({
        status: 200,
        body: {
          verified: true,
          checks: { signature: true, status: true },
          credential_status: { value: 'valid', checked_at: clock.now().toISOString() },
        },
      });

      after(() => lists.setBit('revocation', 11, true));
      const revoked = await vcApi(credential);
      expect(revoked.status).toBe(409);
      expect(revoked.body).toMatchObject({
        code: 'credential_revoked',
        title: 'Credential revoked',
        verified: false,
        verification: {
          status: 'revoked',
          checks: { status: false },
          credential_status: { value: 'revoked' },
        },
      });
      expect(revoked.body.verification.errors).toEqual([
        'Credential revoked: The issuer revoked the credential.',
      ]);

      after(() => {
        lists.setBit('revocation', 11, false);
        lists.setBit('suspension', 11, true);
      });
      expect(await vcApi(credential)).toMatchObject({
        status: 409,
        body: { code: 'credential_suspended', verification: { status: 'suspended' } },
      });
      // Asked for explicitly too; a check list without it makes the status a warning.
      expect((await vcApi(credential, ['proof', 'credentialStatus'])).status).toBe(409);
      const warned = await vcApi(credential, ['proof']);
      expect(warned).toMatchObject({ status: 200, body: { verified: true } });
      expect(warned.body.warnings).toContain(
        'Credential suspended: The issuer suspended the credential.',
      );
      after(() => lists.setBit('suspension', 11, false));
      expect((await vcApi(credential)).status).toBe(200);
    });

    it('status_unknown for a forged list, a list naming another URL, never valid', async () => {
      const credential = panCredential(12);
      for (const mode of ['forged', 'wrong_subject', 'expired'] as const) {
        after(() => lists.setMode(mode));
        const answer = await vcApi(credential);
        expect(answer, mode).toMatchObject({
          status: 422,
          body: {
            code: 'status_unknown',
            title: 'Status unknown',
            verification: { verified: false, status: 'status_unknown' },
          },
        });
        expect(answer.body.verification.errors[0]).toMatch(/^Status unknown: /);
      }
      after(() => lists.setMode('good'));
      expect((await vcApi(credential)).status).toBe(200);
    });

    it('POST /presentations/verify fails a presentation holding a revoked credential', async () => {
      const credential = panCredential(13);
      const { publicKey, privateKey } = generateKeyPairSync('ed25519');
      const holder = ed25519PublicKeyToDidKey(
        new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)),
      );
      const vp = await createEddsaJcs2022Proof(
        {
          '@context': ['https://www.w3.org/ns/credentials/v2'],
          type: ['VerifiablePresentation'],
          holder,
          verifiableCredential: [credential],
        },
        {
          verificationMethod: didKeyVerificationMethod(holder),
          created: clock.now().toISOString().replace('.000Z', 'Z'),
          proofPurpose: 'authentication',
          challenge: 'status-challenge',
          sign: (data: Uint8Array) => new Uint8Array(sign(null, data, privateKey)),
        },
      );
      const present = () =>
        app.inject({
          method: 'POST',
          url: '/presentations/verify',
          payload: { verifiablePresentation: vp, options: { challenge: 'status-challenge' } },
        });
      const before = await present();
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json()).toMatchObject({
        verified: true,
        credentialResults: [{ verified: true, credential_status: { value: 'valid' } }],
      });
      after(() => lists.setBit('revocation', 13, true));
      const revoked = await present();
      expect(revoked.statusCode).toBe(409);
      expect(revoked.json().code).toBe('credential_revoked');
      expect(revoked.json().verification).toMatchObject({
        verified: false,
        checks: { credentials: false },
        credentialResults: [{ status: 'revoked', credential_status: { value: 'revoked' } }],
      });
      expect(revoked.json().verification.errors).toContain(
        'verifiableCredential[0]: Credential revoked: The issuer revoked the credential.',
      );
      after(() => lists.setBit('revocation', 13, false));
    });
  });

  describe('GET /api/verify/{id}', () => {
    /** Stores `document` as user-005's credential (as the wallet would) and returns its id. */
    const store = async (document: JsonObject) => {
      const id = `cred-${randomBytes(16).toString('hex')}`;
      await app.deps.db.insert(credentials).values({
        id,
        userId: 'user-005',
        documentType: 'pan',
        documentCiphertext: app.deps.vault.encrypt(JSON.stringify(document), credentialAad(id)),
        issuedAt: clock.now(),
        expiresAt: null,
      });
      return id;
    };
    const link = async (id: string) => {
      const response = await app.inject({ url: `/api/verify/${id}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    it('says revoked, suspended, status unknown as the list changes, within seconds', async () => {
      const id = await store(panCredential(21));
      expect(await link(id)).toMatchObject({
        verified: true,
        status: 'verified',
        checks: { status: true },
        credential_status: { value: 'valid' },
      });
      after(() => lists.setBit('revocation', 21, true));
      expect(await link(id)).toMatchObject({
        verified: false,
        status: 'revoked',
        errors: ['Credential revoked: The issuer revoked the credential.'],
      });
      after(() => {
        lists.setBit('revocation', 21, false);
        lists.setBit('suspension', 21, true);
      });
      expect(await link(id)).toMatchObject({ verified: false, status: 'suspended' });
      after(() => lists.setMode('forged'));
      expect(await link(id)).toMatchObject({ verified: false, status: 'status_unknown' });
      after(() => {
        lists.setMode('good');
        lists.setBit('suspension', 21, false);
      });
      expect(await link(id)).toMatchObject({ verified: true, status: 'verified' });
    });

    it("a credential its holder deleted: 'Credential not found'", async () => {
      const token = await loginDemo(app);
      const generated = await app.inject({
        method: 'POST',
        url: '/identity/generate-credential?user_id=user-001&document_type=pan',
        headers: bearer(token),
      });
      expect(generated.statusCode).toBe(200);
      const id = generated.json().credential_id as string;
      expect((await link(id)).verified).toBe(true);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/user/user-001/credentials/${id}`,
        headers: bearer(token),
      });
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
      expectProblem(
        await app.inject({ url: `/api/verify/${id}` }),
        'credential_not_found',
        'Credential not found',
      );
    });
  });

  describe('OpenID4VP presentations to the verifier', () => {
    const holderKeys = () => {
      const { publicKey, privateKey } = generateKeyPairSync('ed25519');
      return { privateKey, jwk: publicKey.export({ format: 'jwk' }) as Record<string, unknown> };
    };
    const signer = (key: KeyObject) => (data: string) =>
      sign(null, Buffer.from(data), key).toString('base64url');

    /** Opens a bank request and answers it with an Aadhaar SD-JWT VC whose status is `idx`. */
    async function share(idx: number) {
      const created = await app.inject({
        method: 'POST',
        url: '/verifier/requests',
        headers: { authorization: `Bearer ${bankKey}` },
        payload: { purpose: 'open_savings_account', dcql_query: QUERY },
      });
      expect(created.statusCode, created.body).toBe(201);
      const answer = createVerifierRequestAnswerSchema.parse(created.json());
      const requestObject = await app.inject({ url: new URL(answer.request_uri).pathname });
      const request = decodeJwt(requestObject.body);
      const holder = holderKeys();
      const iat = Math.floor(clock.now().getTime() / 1000) - 60;
      const issuer = new SDJwtVcInstance({
        signer: signer(lists.privateKey),
        signAlg: 'EdDSA',
        hasher: digest,
        hashAlg: 'sha-256',
        saltGenerator: generateSalt,
      });
      const credential = await issuer.issue(
        {
          iss: lists.issuer,
          vct: AADHAAR_VCT,
          iat,
          cnf: { jwk: holder.jwk },
          status: lists.tokenStatus(idx),
          name: 'Rajesh Kumar',
        },
        { _sd: ['name'] },
        { header: { kid: `${lists.issuer}#${lists.issuer.slice('did:key:'.length)}` } },
      );
      const wallet = new SDJwtVcInstance({
        hasher: digest,
        kbSigner: signer(holder.privateKey),
        kbSignAlg: 'EdDSA',
      });
      const presentation = await wallet.present(
        credential,
        { name: true },
        {
          kb: {
            payload: {
              iat: Math.floor(clock.now().getTime() / 1000),
              nonce: String(request.nonce),
              aud: String(request.client_id),
            },
          },
        },
      );
      const response = await app.inject({
        method: 'POST',
        url: new URL(answer.request_uri).pathname.replace('/requests/', '/responses/'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          vp_token: JSON.stringify({ aadhaar: [presentation] }),
          state: String(request.state),
        }).toString(),
      });
      const status = await app.inject({
        url: `/verifier/requests/${answer.id}`,
        headers: { authorization: `Bearer ${bankKey}` },
      });
      return { response, request: verifierRequestAnswerSchema.parse(status.json()) };
    }

    it('shares a valid one; refuses revoked, suspended and unknown, telling the verifier', async () => {
      const valid = await share(31);
      expect(valid.response.statusCode, valid.response.body).toBe(200);
      expect(valid.request.status).toBe('shared');
      expect(valid.request.checks).toContainEqual({
        credential_query_id: 'aadhaar',
        check: 'credential_status',
        passed: true,
      });

      after(() => lists.setToken(31, 1));
      const revoked = await share(31);
      expectProblem(
        revoked.response,
        'credential_revoked',
        'Credential revoked: The issuer revoked the credential.',
      );
      expect(revoked.request).toMatchObject({
        status: 'pending',
        wallet_errors: [{ error: 'credential_revoked' }],
      });

      after(() => lists.setToken(31, 2));
      expect((await share(31)).response.json().code).toBe('credential_suspended');

      after(() => lists.setMode('forged'));
      expect((await share(31)).response.json().code).toBe('status_unknown');
      after(() => lists.setMode('wrong_subject'));
      expect((await share(31)).response.json().code).toBe('status_unknown');
      after(() => lists.setMode('good'));
      lists.setToken(31, 0);
    });

    it('status_unknown when the list server is stopped', async () => {
      after(() => undefined);
      await lists.stop();
      expect((await share(32)).response.json().code).toBe('status_unknown');
    });
  });
});
