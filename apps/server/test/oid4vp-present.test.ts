/**
 * The wallet answers OpenID4VP 1.0 requests end to end (issue 16, docs/oid4vp.md), on every
 * backend, against an OUTSIDE verifier built here directly on jose and @sd-jwt/sd-jwt-vc (no
 * product code): a node:http server on 127.0.0.1 serving request objects signed by its did:key
 * and checking the vp_token it receives itself (issuer signature via the did:key `kid`, KB-JWT
 * nonce, aud = the whole client_id, sd_hash, disclosed claims).
 *
 * POST /user/{userId}/presentation-requests stores a pending consent request with its
 * presentation details; approve sends only the ticked claims; reject sends access_denied;
 * expired, replayed and malformed requests, a required claim left out, a stale offline approval,
 * an unreachable or refusing verifier and another holder are refused with plain-language problems.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  consentDecisionAnswerSchema,
  consentRequestListSchema,
  ed25519PublicKeyToDidKey,
  presentationRequestAnswerSchema,
} from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { type CryptoKey, decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../src/lib/errors';
import { bearer, buildTestApp, loginDemo, MINUTE_MS, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { independentSdJwtVerifier } from './helpers/independent-sd-jwt-verifier';
import { expectProblem } from './helpers/problem';

// ---------------------------------------------------------------- the outside verifier

interface Posted {
  path: string;
  form: URLSearchParams;
}

let server: Server;
let origin: string;
const requestObjects = new Map<string, string>();
const posted: Posted[] = [];
/** What the verifier's response endpoint answers next. */
let responseStatus = 200;

let verifierDid: string;
let verifierKid: string;
let verifierKey: CryptoKey;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const { x } = await exportJWK(publicKey);
  verifierDid = ed25519PublicKeyToDidKey(Buffer.from(x as string, 'base64url'));
  verifierKid = `${verifierDid}#${verifierDid.slice('did:key:'.length)}`;
  verifierKey = privateKey;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] as string;
      const jwt = requestObjects.get(path);
      if (req.method === 'GET' && jwt) {
        res.writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' }).end(jwt);
        return;
      }
      if (req.method === 'POST' && path === '/response') {
        posted.push({ path, form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')) });
        res
          .writeHead(responseStatus, { 'content-type': 'application/json' })
          .end(JSON.stringify(responseStatus === 200 ? { redirect_uri: `${origin}/done` } : {}));
        return;
      }
      res.writeHead(404).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

beforeEach(() => {
  posted.length = 0;
  responseStatus = 200;
});

const CLIENT_ID = () => `decentralized_identifier:${verifierDid}`;

/** PAN's `name` (required) and `date_of_birth` (optional, in the second claim set only). */
const dcql = (publicOrigin: string) => ({
  credentials: [
    {
      id: 'pan_credential',
      format: 'dc+sd-jwt',
      meta: { vct_values: [`${publicOrigin}/vct/pan`] },
      claims: [
        { id: 'name', path: ['name'] },
        { id: 'dob', path: ['date_of_birth'] },
      ],
      claim_sets: [['name', 'dob'], ['name']],
    },
  ],
});

let serial = 0;

/** Serves a signed request object and answers the openid4vp:// link naming it. */
async function signedLink(options: {
  nowSeconds: number;
  publicOrigin: string;
  expiresIn?: number;
  nonce?: string;
}): Promise<{ link: string; nonce: string }> {
  serial += 1;
  const nonce = options.nonce ?? `nonce-${serial}-${Math.random().toString(36).slice(2)}`;
  const jwt = await new SignJWT({
    client_id: CLIENT_ID(),
    response_type: 'vp_token',
    response_mode: 'direct_post',
    response_uri: `${origin}/response`,
    nonce,
    state: `state-${serial}`,
    dcql_query: dcql(options.publicOrigin),
    client_metadata: { client_name: 'Outside Bank', purpose: 'Self-asserted purpose' },
    aud: 'https://self-issued.me/v2',
    iat: options.nowSeconds,
    exp: options.nowSeconds + (options.expiresIn ?? 300),
  })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'oauth-authz-req+jwt', kid: verifierKid })
    .sign(verifierKey);
  const path = `/request/${serial}`;
  requestObjects.set(path, jwt);
  const query = new URLSearchParams({ client_id: CLIENT_ID(), request_uri: `${origin}${path}` });
  return { link: `openid4vp://?${query}`, nonce };
}

/** An unsigned by-value request (client_id prefix redirect_uri:), as a /present link. */
function redirectUriLink(publicOrigin: string): string {
  serial += 1;
  const query = new URLSearchParams({
    client_id: `redirect_uri:${origin}/response`,
    response_type: 'vp_token',
    response_mode: 'direct_post',
    response_uri: `${origin}/response`,
    nonce: `nonce-ru-${serial}`,
    dcql_query: JSON.stringify(dcql(publicOrigin)),
  });
  return `https://wallet.example/present?${query}`;
}

/** The outside verifier's SD-JWT VC check: trusted issuer DIDs, key from `kid`, KB-JWT by cnf. */
const sdJwtVerifier = (trustedDids: readonly string[]) => independentSdJwtVerifier(trustedDids);

// ---------------------------------------------------------------- the wallet

describe.each(backends)('OpenID4VP presentation requests on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  let trusted: string[];
  let panSubject: Record<string, unknown>;
  const clock = new TestClock();
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  beforeAll(async () => {
    opened = await backend.open();
    // The outside verifier listens on 127.0.0.1: only this switch lets the wallet reach it.
    app = await buildTestApp(opened.database, { now: clock.now, oid4vpAllowLoopback: true });
    // The verifier registry seam (ServiceDeps.verifierRegistry): the outside verifier is registered.
    app.deps.verifierRegistry = {
      find: async (did) =>
        did === verifierDid
          ? {
              name: 'Outside Bank Ltd',
              grievanceContact: 'grievance@outside.example',
              purposes: [
                {
                  code: 'savings',
                  text: 'Open a savings account',
                  retentionDays: 30,
                  // A reason for the name only: the date of birth has none.
                  claimReasons: {
                    name: { en: 'The account is in your name', hi: 'खाता आपके नाम पर' },
                  },
                },
              ],
            }
          : undefined,
    };
    token = await loginDemo(app);
    otherToken = await loginDemo(app, SECONDARY);
    const generated = await app.inject({
      method: 'POST',
      url: '/identity/generate-credential?user_id=user-001&document_type=pan',
      headers: bearer(token),
    });
    expect(generated.statusCode).toBe(200);
    panSubject = generated.json().verifiable_credential.credentialSubject;
    trusted = [...app.deps.issuers.trustedIssuers];
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const receive = (link: string, auth = token, userId = 'user-001') =>
    app.inject({
      method: 'POST',
      url: `/user/${userId}/presentation-requests`,
      headers: bearer(auth),
      payload: { link },
    });
  const decide = (
    id: string,
    decision: 'approve' | 'reject',
    payload?: Record<string, unknown>,
    auth = token,
    userId = 'user-001',
  ) =>
    app.inject({
      method: 'POST',
      url: `/user/${userId}/consent-requests/${id}/${decision}`,
      headers: bearer(auth),
      ...(payload ? { payload } : {}),
    });
  const listed = async (id: string) =>
    consentRequestListSchema
      .parse(
        (
          await app.inject({ url: '/user/user-001/consent-requests', headers: bearer(token) })
        ).json(),
      )
      .consent_requests.find((request) => request.id === id);

  /** Receives a fresh signed request and answers its consent request id and nonce. */
  const received = async (expiresIn?: number) => {
    const { link, nonce } = await signedLink({
      nowSeconds: nowSeconds(),
      publicOrigin: app.deps.publicOrigin,
      ...(expiresIn ? { expiresIn } : {}),
    });
    const response = await receive(link);
    expect(response.statusCode, response.body).toBe(201);
    return {
      id: presentationRequestAnswerSchema.parse(response.json()).consent_request.id,
      nonce,
      link,
    };
  };

  /** Holder-facing text: no HTTP status codes or protocol jargon. */
  const expectPlain = (detail: string) => {
    expect(detail).not.toMatch(/\b[1-5]\d\d\b|HTTP|undefined|Error:/);
  };
  const expectPlainProblem = (response: Awaited<ReturnType<typeof receive>>, code: ErrorCode) => {
    expectProblem(response, code);
    expectPlain(response.json().detail);
  };

  it('stores a signed request as a pending consent request with its presentation details', async () => {
    const { id } = await received();
    const request = await listed(id);
    expect(request).toMatchObject({
      userId: 'user-001',
      requester: 'Outside Bank Ltd',
      purpose: 'Open a savings account',
      status: 'pending',
      fields: ['Name', 'Date of Birth'],
    });
    expect(request?.presentation).toEqual({
      verifier: { name: 'Outside Bank Ltd', verified: true, client_id: CLIENT_ID() },
      purpose: 'Open a savings account',
      retention_days: 30,
      grievance_contact: 'grievance@outside.example',
      expires_at: new Date((nowSeconds() + 300) * 1000).toISOString(),
      credentials: [
        {
          query_id: 'pan_credential',
          document_type: 'pan',
          document_name: 'PAN Card',
          document_name_hi: 'पैन कार्ड',
          held: true,
          required: true,
          claims: [
            {
              path: ['name'],
              name: 'name',
              label: 'Name',
              label_hi: 'नाम',
              required: true,
              reason: 'The account is in your name',
              reason_hi: 'खाता आपके नाम पर',
            },
            {
              path: ['date_of_birth'],
              name: 'date_of_birth',
              label: 'Date of Birth',
              label_hi: 'जन्म तिथि',
              required: false,
              reason: null,
              reason_hi: null,
            },
          ],
        },
      ],
    });
  });

  it('tells a holder without the credential that it is missing', async () => {
    const { link } = await signedLink({
      nowSeconds: nowSeconds(),
      publicOrigin: app.deps.publicOrigin,
    });
    const response = await receive(link, otherToken, SECONDARY.userId);
    expect(response.statusCode, response.body).toBe(201);
    const { consent_request } = presentationRequestAnswerSchema.parse(response.json());
    expect(consent_request.userId).toBe(SECONDARY.userId);
    expect(consent_request.presentation?.credentials[0]?.held).toBe(false);
    const approve = await decide(
      consent_request.id,
      'approve',
      undefined,
      otherToken,
      SECONDARY.userId,
    );
    expectPlainProblem(approve, 'credential_not_found');
    expect(approve.json().detail).toContain('PAN Card');
    expect(posted).toEqual([]);
  });

  it('approve with only name: the verifier receives a vp_token it verifies, disclosing name only', async () => {
    const { id, nonce } = await received();
    const response = await decide(id, 'approve', { claims: ['name'] });
    expect(response.statusCode, response.body).toBe(200);
    const body = consentDecisionAnswerSchema.parse(response.json());
    expect(body.consent_request).toMatchObject({
      id,
      status: 'approved',
      status_updated_by: 'user-001',
    });
    expect(body.redirect_uri).toBe(`${origin}/done`);
    expect(body.activity_log).toMatchObject({
      type: 'consent_approved',
      description: 'Approved consent request from Outside Bank Ltd for Open a savings account',
    });
    const approved = await listed(id);
    expect(approved?.status).toBe('approved');
    // The consent shows what was sent (its approval's receipt), never the optional claim asked.
    const sent = [
      {
        query_id: 'pan_credential',
        document_type: 'pan',
        document_name: 'PAN Card',
        claims: [{ name: 'name', label: 'Name' }],
      },
    ];
    expect(approved?.presentation?.sent).toEqual(sent);
    expect(body.consent_request.presentation?.sent).toEqual(sent);

    // The outside verifier's own checks.
    expect(posted).toHaveLength(1);
    const form = posted[0]?.form as URLSearchParams;
    expect(form.get('state')).toMatch(/^state-/);
    const vpToken = JSON.parse(form.get('vp_token') ?? '{}') as Record<string, string[]>;
    expect(Object.keys(vpToken)).toEqual(['pan_credential']);
    expect(vpToken.pan_credential).toHaveLength(1);
    const presentation = vpToken.pan_credential?.[0] as string;
    const result = await sdJwtVerifier(trusted).verify(presentation, {
      currentDate: nowSeconds(),
      keyBindingNonce: nonce,
    });
    const payload = result.payload as Record<string, unknown>;
    expect(payload.name).toBe(panSubject.name);
    for (const hidden of ['date_of_birth', 'pan_number', 'father_name', 'document_type']) {
      expect(payload).not.toHaveProperty(hidden);
    }
    const kb = presentation.slice(presentation.lastIndexOf('~') + 1);
    const kbPayload = decodeJwt(kb);
    expect(kbPayload.aud).toBe(CLIENT_ID());
    expect(kbPayload.nonce).toBe(nonce);
    const sdHash = createHash('sha256')
      .update(presentation.slice(0, presentation.lastIndexOf('~') + 1), 'ascii')
      .digest('base64url');
    expect(kbPayload.sd_hash).toBe(sdHash);
    // Another nonce would fail the verifier's check: the nonce is really bound.
    await expect(
      sdJwtVerifier(trusted).verify(presentation, {
        currentDate: nowSeconds(),
        keyBindingNonce: 'x',
      }),
    ).rejects.toThrow();
  });

  it('approve without claims sends every claim shown, the optional one too', async () => {
    const { id, nonce } = await received();
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    const vpToken = JSON.parse(posted[0]?.form.get('vp_token') ?? '{}') as Record<string, string[]>;
    const result = await sdJwtVerifier(trusted).verify(vpToken.pan_credential?.[0] as string, {
      currentDate: nowSeconds(),
      keyBindingNonce: nonce,
    });
    expect(result.payload).toMatchObject({
      name: panSubject.name,
      date_of_birth: panSubject.date_of_birth,
    });
  });

  it('a required claim cannot be unticked, and a claim not asked for is refused', async () => {
    const { id } = await received();
    const response = await decide(id, 'approve', { claims: ['date_of_birth'] });
    expectPlainProblem(response, 'claim_required');
    expect(response.json().detail).toBe(
      'Outside Bank Ltd needs your Name from your PAN Card; it cannot be left out.',
    );
    expectProblem(await decide(id, 'approve', { claims: ['name', 'pan_number'] }), 'invalid_input');
    expect(posted).toEqual([]);
    expect((await listed(id))?.status).toBe('pending');
  });

  it('reject sends access_denied to the verifier and marks the request rejected', async () => {
    const { id } = await received();
    const response = await decide(id, 'reject');
    expect(response.statusCode, response.body).toBe(200);
    expect(consentDecisionAnswerSchema.parse(response.json()).consent_request.status).toBe(
      'rejected',
    );
    expect(posted).toHaveLength(1);
    expect(posted[0]?.form.get('error')).toBe('access_denied');
    expect(posted[0]?.form.get('state')).toMatch(/^state-/);
    expect(posted[0]?.form.has('vp_token')).toBe(false);
  });

  it('reject stands when the verifier cannot be reached', async () => {
    const { id } = await received();
    responseStatus = 500;
    const response = await decide(id, 'reject');
    expect(response.statusCode, response.body).toBe(200);
    expect((await listed(id))?.status).toBe('rejected');
  });

  it('a verifier that refuses the answer leaves the request pending with a plain problem', async () => {
    const { id } = await received();
    responseStatus = 400;
    expectPlainProblem(await decide(id, 'approve', { claims: ['name'] }), 'verifier_refused');
    expect((await listed(id))?.status).toBe('pending');
    responseStatus = 200;
    expect((await decide(id, 'approve', { claims: ['name'] })).statusCode).toBe(200);
  });

  it('an expired request object is refused; a request past its exp cannot be approved', async () => {
    const { link } = await signedLink({
      nowSeconds: nowSeconds(),
      publicOrigin: app.deps.publicOrigin,
      expiresIn: -60,
    });
    expectPlainProblem(await receive(link), 'presentation_request_expired');

    const { id } = await received(120);
    clock.advance(3 * MINUTE_MS);
    const response = await decide(id, 'approve', { claims: ['name'] });
    expectPlainProblem(response, 'presentation_request_expired');
    expect(posted).toEqual([]);
    const request = await listed(id);
    expect(request?.status).toBe('pending');
    expect(Date.parse(request?.presentation?.expires_at ?? '')).toBeLessThan(clock.now().getTime());
  });

  it('a replayed link (same client_id and nonce) is refused', async () => {
    const { link } = await received();
    expectPlainProblem(await receive(link), 'presentation_request_replayed');
  });

  it('a malformed link is refused with a plain message', async () => {
    for (const link of [
      'https://example.com/hello',
      'openid4vp://?request_uri=x',
      'client_id=a&client_id=b',
    ]) {
      expectPlainProblem(await receive(link), 'invalid_presentation_link');
    }
    expectProblem(await receive(''), 'invalid_request');
  });

  it('another holder cannot approve or see the request, and nothing is sent', async () => {
    const { id } = await received();
    expectProblem(await decide(id, 'approve', undefined, otherToken), 'forbidden');
    expectProblem(
      await decide(id, 'approve', undefined, otherToken, SECONDARY.userId),
      'consent_request_not_found',
    );
    expect(posted).toEqual([]);
    expect((await listed(id))?.status).toBe('pending');
  });

  it('an approval decided offline minutes ago cannot send a presentation', async () => {
    const { id } = await received();
    const decidedAt = new Date(clock.now().getTime() - 6 * MINUTE_MS).toISOString();
    expectPlainProblem(
      await decide(id, 'approve', { decided_at: decidedAt }),
      'presentation_needs_live_session',
    );
    expect(posted).toEqual([]);
  });

  it('an unsigned redirect_uri request works and reports verified false', async () => {
    const response = await receive(redirectUriLink(app.deps.publicOrigin));
    expect(response.statusCode, response.body).toBe(201);
    const request = presentationRequestAnswerSchema.parse(response.json()).consent_request;
    const host = new URL(origin).host;
    expect(request).toMatchObject({ requester: host, purpose: 'Not stated', status: 'pending' });
    expect(request.presentation).toMatchObject({
      verifier: { name: host, verified: false, client_id: `redirect_uri:${origin}/response` },
      retention_days: null,
      grievance_contact: null,
    });
    expect(Date.parse(request.presentation?.expires_at ?? '')).toBe(
      clock.now().getTime() + 10 * MINUTE_MS,
    );
    const approve = await decide(request.id, 'approve', { claims: ['name'] });
    expect(approve.statusCode, approve.body).toBe(200);
    const kb = (JSON.parse(posted[0]?.form.get('vp_token') ?? '{}').pan_credential[0] as string)
      .split('~')
      .at(-1) as string;
    expect(decodeJwt(kb).aud).toBe(`redirect_uri:${origin}/response`);
  });

  it('a signed request from a DID no organisation registered is shown as not verified', async () => {
    const registry = app.deps.verifierRegistry;
    app.deps.verifierRegistry = undefined;
    try {
      const { link } = await signedLink({
        nowSeconds: nowSeconds(),
        publicOrigin: app.deps.publicOrigin,
      });
      const response = await receive(link);
      expect(response.statusCode, response.body).toBe(201);
      const request = presentationRequestAnswerSchema.parse(response.json()).consent_request;
      // The self-asserted client_name is not shown as the name; the metadata's purpose is.
      expect(request.requester).toBe(new URL(origin).host);
      expect(request.presentation).toMatchObject({
        verifier: { verified: false },
        purpose: 'Self-asserted purpose',
        retention_days: null,
      });
      // An unregistered verifier states no reasons: the screen says "No reason given".
      const claims = request.presentation?.credentials.flatMap((c) => c.claims) ?? [];
      expect(claims.map((claim) => [claim.reason, claim.reason_hi])).toEqual([
        [null, null],
        [null, null],
      ]);
    } finally {
      app.deps.verifierRegistry = registry;
    }
  });

  // Issue 16 "Seeded requests": they are real requests of the seeded verifiers now, answered
  // in-process (test/seeded-requests.test.ts covers what the verifier receives).
  it('seeded SPEC 3 requests are decided as before, answered in-process, nothing posted out', async () => {
    await app.inject({
      method: 'POST',
      url: '/user/user-001/consent-requests/reset',
      headers: bearer(token),
    });
    const response = await decide('consent-user-001-bank', 'approve');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.consent_request).toMatchObject({
      status: 'approved',
      requester: 'State Bank of India',
      presentation: { seeded: true },
    });
    expect(body.redirect_uri).toBeUndefined();
    expect(posted).toEqual([]);
  });
});
