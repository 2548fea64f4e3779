/**
 * The verifier API (docs/api-contract.md "Verifiers (OpenID4VP)") on every backend, against an
 * outside wallet built here directly on @sd-jwt/sd-jwt-vc and jose (not on the server's code):
 * it makes SD-JWT VCs signed with an issuer key of the running app's keyring and a fresh holder
 * key, fetches the signed request object, and answers with SD-JWT+KB presentations.
 *
 * Covers: API key auth (401), the request's URLs, the request object (JWS verified with jose
 * against the verifier's did:key), purpose minimisation (422), a shared answer with exactly the
 * disclosed claims and every check passed, and refusals that change nothing (the request stays
 * pending for the holder, and a valid presentation still completes it): tampered disclosure,
 * wrong nonce, wrong audience, an unrequested claim, an unrequested vct, a KB-JWT whose iat is
 * outside 5 minutes back and 1 minute ahead (400 kb_jwt_iat_out_of_window: ten years ahead, the
 * year 2000, 6 minutes back, 2 minutes ahead; 4 minutes back and 30 s ahead pass); an error answer anyone
 * holding the QR code could post (listed under wallet_errors, never ending the request, the
 * latest 20 kept); a second answer after shared (409 request_already_answered), expiry; and
 * the organisation's list of its own requests (GET /verifier/requests: newest first, paged,
 * by status, never another organisation's).
 */
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import {
  createVerifierRequestAnswerSchema,
  type DcqlQuery,
  MAX_WALLET_ERRORS,
  parseDidKey,
  verifierRequestAnswerSchema,
  verifierRequestListSchema,
} from '@pehchaan/core';
import { digest, generateSalt } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import type { FastifyInstance } from 'fastify';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_CONTENT_TYPE, REPEATED_FIELD_DETAIL } from '../src/routes/oid4vp';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { PURPOSE_NOT_REGISTERED_DETAIL } from '../src/verifier/create-verifier-request';
import { buildTestApp, MINUTE_MS, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const ORIGIN = 'http://localhost:5000';
const AADHAAR_VCT = `${ORIGIN}/vct/aadhaar`;
const PAN_VCT = `${ORIGIN}/vct/pan`;

/** The bank's query: name and Aadhaar number of an Aadhaar credential. */
const AADHAAR_QUERY: DcqlQuery = {
  credentials: [
    {
      id: 'aadhaar',
      format: 'dc+sd-jwt',
      meta: { vct_values: [AADHAAR_VCT] },
      claims: [{ path: ['name'] }, { path: ['aadhaar_number'] }],
    },
  ],
};

const SUBJECT = {
  name: 'Rajesh Kumar',
  aadhaar_number: '234567890125',
  phone: '9876543210',
  date_of_birth: '1990-05-15',
  address: '12 MG Road, Bengaluru',
};

interface Holder {
  privateKey: KeyObject;
  jwk: Record<string, unknown>;
}

function newHolder(): Holder {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { privateKey, jwk: publicKey.export({ format: 'jwk' }) as Record<string, unknown> };
}

const ed25519Signer = (key: KeyObject) => (data: string) =>
  sign(null, Buffer.from(data), key).toString('base64url');

describe.each(backends)('verifier API on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let bankKey: string;
  let telecomKey: string;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, {
      now: clock.now,
      masterKey: randomBytes(32),
      publicOrigin: ORIGIN,
    });
    bankKey = (await createVerifierApiKey({ ...app.deps, verifierName: 'State Bank of India' }))
      .apiKey;
    telecomKey = (await createVerifierApiKey({ ...app.deps, verifierName: 'Bharti Airtel' }))
      .apiKey;
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const createRequest = (body: unknown, key = bankKey) =>
    app.inject({
      method: 'POST',
      url: '/verifier/requests',
      headers: { authorization: `Bearer ${key}` },
      payload: body as object,
    });
  const statusOf = async (id: string, key = bankKey) => {
    const response = await app.inject({
      url: `/verifier/requests/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.statusCode).toBe(200);
    return verifierRequestAnswerSchema.parse(response.json());
  };

  /** Creates a bank request and fetches its request object as a wallet would. */
  async function openRequest(query: DcqlQuery = AADHAAR_QUERY) {
    const created = await createRequest({ purpose: 'open_savings_account', dcql_query: query });
    expect(created.statusCode).toBe(201);
    const answer = createVerifierRequestAnswerSchema.parse(created.json());
    const jwtResponse = await app.inject({ url: new URL(answer.request_uri).pathname });
    expect(jwtResponse.statusCode).toBe(200);
    const jwt = jwtResponse.body;
    const { kid } = decodeProtectedHeader(jwt);
    const { publicKey, did } = parseDidKey(String(kid));
    const key = await importJWK(
      { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
      'EdDSA',
    );
    const { payload, protectedHeader } = await jwtVerify(jwt, key, {
      audience: 'https://self-issued.me/v2',
      currentDate: clock.now(),
      typ: 'oauth-authz-req+jwt',
    });
    return {
      answer,
      jwt,
      payload,
      protectedHeader,
      did,
      contentType: jwtResponse.headers['content-type'],
    };
  }

  /** The outside wallet's SD-JWT VC, issued with the app's `issuer` key to `holder`. */
  async function issueCredential(
    holder: Holder,
    options: { vct?: string; issuer?: 'UIDAI' | 'Income Tax Department'; exp?: number } = {},
  ) {
    const issuer = app.deps.issuers.get(options.issuer ?? 'UIDAI');
    const iat = Math.floor(clock.now().getTime() / 1000) - 3600;
    const instance = new SDJwtVcInstance({
      signer: (data) => Buffer.from(issuer.sign(Buffer.from(data))).toString('base64url'),
      signAlg: 'EdDSA',
      hasher: digest,
      hashAlg: 'sha-256',
      saltGenerator: generateSalt,
    });
    return instance.issue(
      {
        iss: issuer.did,
        vct: options.vct ?? AADHAAR_VCT,
        iat,
        nbf: iat,
        exp: options.exp ?? iat + 5 * 365 * 24 * 3600,
        cnf: { jwk: holder.jwk },
        ...SUBJECT,
      },
      { _sd: ['name', 'aadhaar_number', 'phone', 'date_of_birth', 'address'] },
      { header: { kid: issuer.verificationMethod } },
    );
  }

  /** The wallet's presentation: `claims` disclosed, a KB-JWT for `nonce` and `aud` (iat: now). */
  async function present(
    credential: string,
    holder: Holder,
    kb: { nonce: string; aud: string; iat?: number },
    claims: string[] = ['name', 'aadhaar_number'],
  ) {
    const instance = new SDJwtVcInstance({
      hasher: digest,
      kbSigner: ed25519Signer(holder.privateKey),
      kbSignAlg: 'EdDSA',
    });
    return instance.present(credential, Object.fromEntries(claims.map((c) => [c, true])), {
      kb: { payload: { iat: Math.floor(clock.now().getTime() / 1000), ...kb } },
    });
  }

  const respond = (answer: { request_uri: string }, form: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: new URL(answer.request_uri).pathname.replace('/requests/', '/responses/'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  /** A full wallet round: open a request (or use `reuse`), issue, present with `tweak`, post. */
  async function share(
    tweak: {
      nonce?: string;
      aud?: string;
      /** The KB-JWT's iat (NumericDate); default the verifier's now. */
      iat?: number;
      claims?: string[];
      vct?: string;
      edit?: (presentation: string) => string;
    } = {},
    reuse?: Awaited<ReturnType<typeof openRequest>>,
  ) {
    const opened = reuse ?? (await openRequest());
    const holder = newHolder();
    const credential = await issueCredential(holder, { vct: tweak.vct });
    const presentation = await present(
      credential,
      holder,
      {
        nonce: tweak.nonce ?? String(opened.payload.nonce),
        aud: tweak.aud ?? String(opened.payload.client_id),
        ...(tweak.iat === undefined ? {} : { iat: tweak.iat }),
      },
      tweak.claims,
    );
    const response = await respond(opened.answer, {
      vp_token: JSON.stringify({ aadhaar: [tweak.edit?.(presentation) ?? presentation] }),
      state: String(opened.payload.state),
    });
    return { opened, response, presentation };
  }

  describe('API keys', () => {
    it('answers 401 without a key, with an unknown key and with a malformed one', async () => {
      const body = { purpose: 'open_savings_account', dcql_query: AADHAAR_QUERY };
      const none = await app.inject({ method: 'POST', url: '/verifier/requests', payload: body });
      expectProblem(none, 'unauthenticated');
      const unknown = `pvk_00000000_${randomBytes(32).toString('base64url')}`;
      expectProblem(await createRequest(body, unknown), 'unauthenticated');
      expectProblem(await createRequest(body, 'not-a-key'), 'unauthenticated');
      const status = await app.inject({ url: '/verifier/requests/vpreq-x' });
      expectProblem(status, 'unauthenticated');
    });
  });

  describe('creating a request', () => {
    it('answers the request_uri, the openid4vp:// and wallet URLs and the expiry', async () => {
      const created = await createRequest({
        purpose: 'open_savings_account',
        dcql_query: AADHAAR_QUERY,
      });
      expect(created.statusCode).toBe(201);
      const answer = createVerifierRequestAnswerSchema.parse(created.json());
      expect(answer.request_uri).toBe(`${ORIGIN}/oid4vp/requests/${answer.id}`);
      const url = new URL(answer.openid4vp_url);
      expect(url.protocol).toBe('openid4vp:');
      expect(url.searchParams.get('request_uri')).toBe(answer.request_uri);
      expect(url.searchParams.get('client_id')).toMatch(/^decentralized_identifier:did:key:z6Mk/);
      expect(answer.wallet_url).toBe(`${ORIGIN}/present${url.search}`);
      expect(answer.expires_at).toBe(
        new Date(clock.now().getTime() + 10 * MINUTE_MS).toISOString(),
      );
      // The status answers the same addresses, so a portal can show the QR code again.
      expect(await statusOf(answer.id)).toMatchObject({
        status: 'pending',
        request_uri: answer.request_uri,
        openid4vp_url: answer.openid4vp_url,
        wallet_url: answer.wallet_url,
      });
    });

    it('serves a request object signed by the verifier did:key with the OpenID4VP claims', async () => {
      const { answer, payload, protectedHeader, did, contentType } = await openRequest();
      expect(contentType).toMatch(/^application\/oauth-authz-req\+jwt/);
      expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'oauth-authz-req+jwt' });
      expect(protectedHeader.kid).toBe(`${did}#${did.slice('did:key:'.length)}`);
      expect(payload).toMatchObject({
        client_id: `decentralized_identifier:${did}`,
        response_type: 'vp_token',
        response_mode: 'direct_post',
        response_uri: `${ORIGIN}/oid4vp/responses/${answer.id}`,
        dcql_query: AADHAAR_QUERY,
        aud: 'https://self-issued.me/v2',
        client_metadata: {
          vp_formats_supported: {
            'dc+sd-jwt': {
              'sd-jwt_alg_values': ['EdDSA', 'ES256', 'ES384'],
              'kb-jwt_alg_values': ['EdDSA', 'ES256'],
            },
          },
        },
      });
      expect(new URL(answer.openid4vp_url).searchParams.get('client_id')).toBe(payload.client_id);
      expect(Buffer.from(String(payload.nonce), 'base64url')).toHaveLength(16);
      expect(typeof payload.state).toBe('string');
      expect(payload.exp).toBe(Date.parse(answer.expires_at) / 1000);
    });

    it('echoes wallet_nonce in the request object fetched by POST', async () => {
      const { answer } = await openRequest();
      const response = await app.inject({
        method: 'POST',
        url: new URL(answer.request_uri).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'wallet_nonce=abc123&wallet_metadata=%7B%7D',
      });
      expect(response.statusCode).toBe(200);
      const [, body = ''] = response.body.split('.');
      expect(JSON.parse(Buffer.from(body, 'base64url').toString()).wallet_nonce).toBe('abc123');
    });

    it('refuses claims or document types outside the purpose with 422 (data minimisation)', async () => {
      const ask = (claims: { path: string[] }[], vct = AADHAAR_VCT) =>
        createRequest({
          purpose: 'open_savings_account',
          dcql_query: {
            credentials: [{ id: 'c', format: 'dc+sd-jwt', meta: { vct_values: [vct] }, claims }],
          },
        });
      // Details name the query and claim by position, never the caller's text.
      expectProblem(
        await ask([{ path: ['name'] }, { path: ['gender'] }]),
        'claims_outside_purpose',
        'The purpose does not cover claim 2 of the credential query 1',
      );
      expectProblem(
        await ask([{ path: ['name'] }], `${ORIGIN}/vct/passport`),
        'claims_outside_purpose',
        'The purpose does not cover the credential type (vct 1) of the credential query 1',
      );
      const all = await createRequest({
        purpose: 'open_savings_account',
        dcql_query: {
          credentials: [{ id: 'c', format: 'dc+sd-jwt', meta: { vct_values: [PAN_VCT] } }],
        },
      });
      expectProblem(
        all,
        'claims_outside_purpose',
        'The credential query 1 must name the claims it needs',
      );
      // The telecom's purpose does not cover PAN at all; an unknown purpose is 422 too.
      const telecom = await createRequest(
        {
          purpose: 'sim_card_kyc',
          dcql_query: {
            credentials: [
              {
                id: 'p',
                format: 'dc+sd-jwt',
                meta: { vct_values: [PAN_VCT] },
                claims: [{ path: ['name'] }],
              },
            ],
          },
        },
        telecomKey,
      );
      expectProblem(telecom, 'claims_outside_purpose');
      for (const purpose of ['sim_card_kyc', '234567890125']) {
        expectProblem(
          await createRequest({ purpose, dcql_query: AADHAAR_QUERY }),
          'purpose_not_registered',
          PURPOSE_NOT_REGISTERED_DETAIL,
        );
      }
    });

    it('refuses a malformed DCQL query with 400', async () => {
      const bad = await createRequest({
        purpose: 'open_savings_account',
        dcql_query: { credentials: [{ ...AADHAAR_QUERY.credentials[0], format: 'mso_mdoc' }] },
      });
      expectProblem(bad, 'invalid_request');
      const duplicate = await createRequest({
        purpose: 'open_savings_account',
        dcql_query: { credentials: [AADHAAR_QUERY.credentials[0], AADHAAR_QUERY.credentials[0]] },
      });
      expectProblem(duplicate, 'invalid_request');
    });
  });

  describe('the response endpoint', () => {
    it('accepts an honest presentation: shared, exactly the disclosed claims, every check passed', async () => {
      const { opened, response } = await share();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
      const status = await statusOf(opened.answer.id);
      expect(status.status).toBe('shared');
      expect(status.answered_at).toBe(clock.now().toISOString());
      expect(status.credentials).toEqual({
        aadhaar: [
          {
            vct: AADHAAR_VCT,
            issuer: app.deps.issuers.get('UIDAI').did,
            issuer_name: 'UIDAI',
            claims: { name: SUBJECT.name, aadhaar_number: SUBJECT.aadhaar_number },
          },
        ],
      });
      expect(status.checks?.map((c) => c.check)).toEqual([
        'credentials_requested',
        'format',
        'issuer_trusted',
        'issuer_signature',
        'disclosures_intact',
        'holder_binding',
        'nonce',
        'audience',
        'sd_hash',
        'kb_jwt_iat',
        'credential_type',
        'claims_within_request',
        'requested_claims_present',
        'not_expired',
        'sd_jwt_vc_valid',
      ]);
      expect(status.checks?.every((c) => c.passed)).toBe(true);
    });

    it('answers 409 request_already_answered to anything after shared: a replay, an error, the request object', async () => {
      const { opened, presentation } = await share();
      const again = await respond(opened.answer, {
        vp_token: JSON.stringify({ aadhaar: [presentation] }),
        state: String(opened.payload.state),
      });
      expectProblem(again, 'request_already_answered');
      expect(again.statusCode).toBe(409);
      // A second holder's wallet with the same QR code: its answer and its error are refused.
      const second = await share({}, opened);
      expectProblem(second.response, 'request_already_answered');
      expectProblem(
        await respond(opened.answer, {
          error: 'access_denied',
          state: String(opened.payload.state),
        }),
        'request_already_answered',
      );
      const status = await statusOf(opened.answer.id);
      expect(status.status).toBe('shared');
      expect(status.wallet_errors).toEqual([]);
      expect(status.credentials?.aadhaar?.[0]?.claims).toEqual({
        name: SUBJECT.name,
        aadhaar_number: SUBJECT.aadhaar_number,
      });
      // Nor is the request object served any more, by GET or POST.
      const path = new URL(opened.answer.request_uri).pathname;
      expectProblem(await app.inject({ url: path }), 'request_already_answered');
      expectProblem(
        await app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': FORM_CONTENT_TYPE },
          payload: 'wallet_nonce=abc123',
        }),
        'request_already_answered',
      );
    });

    const refusals: [string, Parameters<typeof share>[0], string[]][] = [
      [
        'a tampered disclosure',
        {
          edit: (presentation) => {
            const parts = presentation.split('~');
            const disclosure = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString());
            disclosure[2] = 'Someone Else';
            parts[1] = Buffer.from(JSON.stringify(disclosure)).toString('base64url');
            return parts.join('~');
          },
        },
        // The altered disclosure matches no signed digest, so its claim is missing too.
        ['disclosures_intact', 'sd_hash', 'requested_claims_present'],
      ],
      ['a wrong nonce', { nonce: 'not-the-nonce' }, ['nonce']],
      ['a wrong audience', { aud: 'did:key:z6MkSomeoneElse' }, ['audience']],
      [
        'a claim not requested',
        { claims: ['name', 'aadhaar_number', 'phone'] },
        ['claims_within_request'],
      ],
      ['a vct not requested', { vct: PAN_VCT }, ['credential_type']],
    ];
    it.each(refusals)(
      'refuses %s with 400 naming the checks, and changes nothing: a valid one still completes it',
      async (_, tweak, failing) => {
        const { opened, response } = await share(tweak);
        expectProblem(response, 'presentation_invalid');
        const detail = String(response.json().detail);
        for (const check of failing) expect(detail).toContain(check);
        const status = await statusOf(opened.answer.id);
        expect(status).toMatchObject({
          status: 'pending',
          answered_at: null,
          credentials: null,
          checks: null,
          vp_token_sha256: null,
          wallet_errors: [],
        });
        // The holder's own presentation, arriving later, is accepted.
        const honest = await share({}, opened);
        expect(honest.response.statusCode).toBe(200);
        const after = await statusOf(opened.answer.id);
        expect(after.status).toBe('shared');
        expect(after.checks?.every((check) => check.passed)).toBe(true);
      },
    );

    it('refuses an answer after the request expired; the status reads expired', async () => {
      const opened = await openRequest();
      const holder = newHolder();
      const presentation = await present(await issueCredential(holder), holder, {
        nonce: String(opened.payload.nonce),
        aud: String(opened.payload.client_id),
      });
      clock.advance(10 * MINUTE_MS);
      const response = await respond(opened.answer, {
        vp_token: JSON.stringify({ aadhaar: [presentation] }),
        state: String(opened.payload.state),
      });
      expectProblem(response, 'verifier_request_expired');
      const status = await statusOf(opened.answer.id);
      expect(status).toMatchObject({ status: 'expired', credentials: null, answered_at: null });
    });

    it('lists a forged error answer under wallet_errors and stays pending; a later presentation completes it', async () => {
      const opened = await openRequest();
      // Anyone holding the QR code has the request id and its state (in the request object).
      const forged = await respond(opened.answer, {
        error: 'access_denied',
        error_description: 'The holder declined',
        state: String(opened.payload.state),
      });
      expect(forged.statusCode).toBe(200);
      expect(forged.json()).toEqual({});
      const status = await statusOf(opened.answer.id);
      expect(status).toMatchObject({
        status: 'pending',
        answered_at: null,
        credentials: null,
        wallet_errors: [
          {
            error: 'access_denied',
            error_description: 'The holder declined',
            received_at: clock.now().toISOString(),
          },
        ],
      });
      // The request object is still served, and the holder's real answer is accepted.
      const object = await app.inject({ url: new URL(opened.answer.request_uri).pathname });
      expect(object.statusCode).toBe(200);
      const { response } = await share({}, opened);
      expect(response.statusCode).toBe(200);
      const shared = await statusOf(opened.answer.id);
      expect(shared.status).toBe('shared');
      expect(shared.credentials?.aadhaar).toHaveLength(1);
      expect(shared.wallet_errors.map((entry) => entry.error)).toEqual(['access_denied']);
    });

    it(`keeps only the latest ${MAX_WALLET_ERRORS} wallet errors of a request`, async () => {
      const opened = await openRequest();
      for (let i = 0; i < MAX_WALLET_ERRORS + 5; i++) {
        const response = await respond(opened.answer, {
          error: i % 2 === 0 ? 'access_denied' : 'invalid_request',
          error_description: `error ${i}`,
          state: String(opened.payload.state),
        });
        expect(response.statusCode).toBe(200);
      }
      const { wallet_errors } = await statusOf(opened.answer.id);
      expect(wallet_errors).toHaveLength(MAX_WALLET_ERRORS);
      expect(wallet_errors[0]?.error_description).toBe('error 5');
      expect(wallet_errors.at(-1)?.error_description).toBe(`error ${MAX_WALLET_ERRORS + 4}`);
    });

    it('refuses a wrong state, an unknown request and a malformed vp_token, leaving it pending', async () => {
      const opened = await openRequest();
      expectProblem(
        await respond(opened.answer, { error: 'access_denied', state: 'x' }),
        'invalid_input',
      );
      expectProblem(
        await respond(opened.answer, { vp_token: '[1', state: String(opened.payload.state) }),
        'invalid_input',
      );
      expectProblem(
        await respond({ request_uri: `${ORIGIN}/oid4vp/requests/vpreq-unknown` }, { state: 'x' }),
        'verifier_request_not_found',
      );
      // A repeated form field: refused without naming it (a detail never echoes input).
      const repeated = await app.inject({
        method: 'POST',
        url: new URL(opened.answer.request_uri).pathname.replace('/requests/', '/responses/'),
        headers: { 'content-type': FORM_CONTENT_TYPE },
        payload: `error=access_denied&state=${opened.payload.state}&234567890125=1&234567890125=2`,
      });
      expectProblem(repeated, 'invalid_input', REPEATED_FIELD_DETAIL);
      expect((await statusOf(opened.answer.id)).status).toBe('pending');
    });

    it('documents the OpenID4VP bodies as forms in the OpenAPI document', async () => {
      const document = (await app.inject({ url: '/docs/json' })).json();
      for (const path of ['/oid4vp/requests/{requestId}', '/oid4vp/responses/{requestId}']) {
        expect(Object.keys(document.paths[path].post.requestBody.content), path).toEqual([
          FORM_CONTENT_TYPE,
        ]);
      }
    });
  });

  describe('the list of requests', () => {
    const list = (query = '', key = bankKey) =>
      app.inject({
        url: `/verifier/requests${query}`,
        headers: { authorization: `Bearer ${key}` },
      });

    it("lists the organisation's own requests, newest first, paged, filtered by status", async () => {
      // A telecom request exists too: it is never in the bank's list, nor the bank's in its.
      const telecom = await createRequest(
        {
          purpose: 'sim_card_kyc',
          dcql_query: {
            credentials: [
              {
                id: 'aadhaar',
                format: 'dc+sd-jwt',
                meta: { vct_values: [AADHAAR_VCT] },
                claims: [{ path: ['name'] }],
              },
            ],
          },
        },
        telecomKey,
      );
      expect(telecom.statusCode).toBe(201);
      const telecomId = telecom.json().id as string;

      clock.advance(MINUTE_MS);
      const waiting = await openRequest();
      clock.advance(MINUTE_MS);
      const { opened: shared } = await share();
      clock.advance(MINUTE_MS);
      const declinedByForger = await openRequest();
      await respond(declinedByForger.answer, {
        error: 'access_denied',
        state: String(declinedByForger.payload.state),
      });

      const all = verifierRequestListSchema.parse((await list()).json());
      const ids = all.requests.map((request) => request.id);
      expect(ids).not.toContain(telecomId);
      expect(ids.slice(0, 3)).toEqual([
        declinedByForger.answer.id,
        shared.answer.id,
        waiting.answer.id,
      ]);
      const times = all.requests.map((request) => Date.parse(request.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(all.count).toBe(all.requests.length);
      // Each entry is what GET /verifier/requests/{id} answers.
      expect(all.requests[1]).toEqual(await statusOf(shared.answer.id));
      expect(all.requests[0]?.wallet_errors.map((entry) => entry.error)).toEqual(['access_denied']);

      const onlyShared = verifierRequestListSchema.parse((await list('?status=shared')).json());
      expect(onlyShared.requests.length).toBeGreaterThan(0);
      expect(onlyShared.requests.every((request) => request.status === 'shared')).toBe(true);
      expect(onlyShared.requests.map((request) => request.id)).toContain(shared.answer.id);

      const pending = verifierRequestListSchema.parse((await list('?status=pending')).json());
      expect(pending.requests.map((request) => request.id)).toEqual(
        expect.arrayContaining([declinedByForger.answer.id, waiting.answer.id]),
      );
      expect(pending.requests.every((request) => request.status === 'pending')).toBe(true);

      // Past their expiry, pending requests are listed as expired (and no longer as pending).
      clock.advance(11 * MINUTE_MS);
      const expired = verifierRequestListSchema.parse((await list('?status=expired')).json());
      expect(expired.requests.map((request) => request.id)).toEqual(
        expect.arrayContaining([declinedByForger.answer.id, waiting.answer.id]),
      );
      expect(expired.requests.every((request) => request.status === 'expired')).toBe(true);
      // (The seeded holder's bank request waits a month: it is still pending.)
      const still = verifierRequestListSchema.parse((await list('?status=pending')).json());
      expect(still.requests.map((request) => request.id)).not.toContain(waiting.answer.id);
      expect(still.requests.map((request) => request.id)).not.toContain(declinedByForger.answer.id);

      // Pages of 2 walk the same list, newest first, with no repeats.
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = verifierRequestListSchema.parse((await list(query)).json());
        expect(page.requests.length).toBeLessThanOrEqual(2);
        walked.push(...page.requests.map((request) => request.id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(walked).toEqual(ids);

      const theirs = verifierRequestListSchema.parse((await list('', telecomKey)).json());
      const theirIds = theirs.requests.map((request) => request.id);
      expect(theirIds).toContain(telecomId);
      expect(theirIds.filter((id) => ids.includes(id))).toEqual([]);
    });

    it('refuses a bad status, limit or cursor with 400, and no key with 401', async () => {
      expectProblem(await list('?status=declined'), 'invalid_request');
      expectProblem(await list('?limit=0'), 'invalid_request');
      expectProblem(await list('?limit=101'), 'invalid_request');
      expectProblem(await list('?cursor=not*a*cursor'), 'invalid_request');
      expectProblem(await list('?cursor=bm90LWpzb24'), 'invalid_input');
      expectProblem(await app.inject({ url: '/verifier/requests' }), 'unauthenticated');
    });
  });

  // After the list's suite: these requests would make its first page a partial one.
  describe("the KB-JWT's iat (5 minutes back, 1 minute ahead)", () => {
    /** The verifier's clock in whole seconds, and a date's NumericDate. */
    const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
    const numericDate = (iso: string) => Math.floor(Date.parse(iso) / 1000);
    const YEAR_SECONDS = 365 * 24 * 3600;
    const outOfWindow: [string, () => number][] = [
      ['ten years ahead', () => nowSeconds() + 10 * YEAR_SECONDS],
      ['in the year 2000', () => numericDate('2000-01-01T00:00:00Z')],
      ['6 minutes back', () => nowSeconds() - 6 * 60],
      ['2 minutes ahead', () => nowSeconds() + 2 * 60],
      ['5 minutes and 1 second back', () => nowSeconds() - 301],
      ['61 seconds ahead', () => nowSeconds() + 61],
    ];
    it.each(outOfWindow)(
      'refuses a KB-JWT made %s with 400 kb_jwt_iat_out_of_window, changing nothing',
      async (_, iat) => {
        const { opened, response } = await share({ iat: iat() });
        expectProblem(response, 'kb_jwt_iat_out_of_window');
        const detail = String(response.json().detail);
        expect(detail).toContain('kb_jwt_iat');
        // The iat is the only thing wrong with it: no other check is named.
        expect(detail).not.toMatch(/holder_binding|nonce|sd_hash|sd_jwt_vc_valid/);
        const status = await statusOf(opened.answer.id);
        expect(status).toMatchObject({ status: 'pending', checks: null, credentials: null });
        const honest = await share({}, opened);
        expect(honest.response.statusCode).toBe(200);
      },
    );

    const inWindow: [string, () => number][] = [
      ['4 minutes back', () => nowSeconds() - 4 * 60],
      ['30 seconds ahead', () => nowSeconds() + 30],
      ['exactly 5 minutes back', () => nowSeconds() - 300],
      ['exactly 1 minute ahead', () => nowSeconds() + 60],
    ];
    it.each(inWindow)('accepts a KB-JWT made %s: shared, kb_jwt_iat passed', async (_, iat) => {
      const { opened, response } = await share({ iat: iat() });
      expect(response.statusCode, response.body).toBe(200);
      const status = await statusOf(opened.answer.id);
      expect(status.status).toBe('shared');
      expect(status.checks).toContainEqual({
        credential_query_id: 'aadhaar',
        check: 'kb_jwt_iat',
        passed: true,
      });
    });
  });

  it("answers 404 for another verifier's request", async () => {
    const { answer } = await openRequest();
    const response = await app.inject({
      url: `/verifier/requests/${answer.id}`,
      headers: { authorization: `Bearer ${telecomKey}` },
    });
    expectProblem(response, 'verifier_request_not_found');
  });
});
