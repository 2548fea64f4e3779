/**
 * Where the wallet fetches a verifier's request object from, and what the holder is told when it
 * cannot (docs/oid4vp.md "request_uri rules and SSRF limits", docs/security.md), on every backend:
 *
 * - Behind a reverse proxy (HOST=127.0.0.1, TRUST_PROXY=127.0.0.1, an https PUBLIC_ORIGIN) with
 *   OID4VP_ALLOW_LOOPBACK unset, a holder's link never makes the server connect to loopback (in
 *   any IPv4 or IPv6 form) or a private address: an open port and a closed one, the cloud
 *   metadata address and a private one all answer the same 502 request_unavailable, byte for
 *   byte, and the listening port sees nothing; the server log keeps each real reason.
 * - With OID4VP_ALLOW_LOOPBACK=true a loopback verifier is fetched, and every failure to obtain
 *   its request object (a closed port, an error status, a body that is no request object, one
 *   too large) still answers that same problem; the log tells them apart.
 * - `npm start` on localhost with loopback off (PUBLIC_ORIGIN http://localhost:<port>, nothing
 *   listening there): the product's own verifier requests are fetched in process (GET and
 *   request_uri_method=post), with the same checks, and answered in process; the in-process
 *   request object is the route's answer byte for byte, refusals included.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  consentRequestSchema,
  createVerifierRequestAnswerSchema,
  verifierRequestAnswerSchema,
} from '@pehchaan/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { REQUEST_UNAVAILABLE_MESSAGE } from '../src/lib/oid4vp';
import { FORM_CONTENT_TYPE } from '../src/routes/oid4vp';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { bearer, buildTestApp, loginDemo, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';
import { freePort } from './helpers/server-process';

/** base64url of a JSON value (an unsigned JWT part). */
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(backends)('the request_uri a holder link names, on $name', (backend) => {
  let opened: OpenedDatabase;
  /** Behind a proxy: loopback HOST, a trusted proxy, https PUBLIC_ORIGIN, loopback off. */
  let proxied: FastifyInstance;
  /** Development: OID4VP_ALLOW_LOOPBACK=true. */
  let loopback: FastifyInstance;
  /** `npm start` on localhost: http PUBLIC_ORIGIN on a port nothing listens on, loopback off. */
  let local: FastifyInstance;
  let localOrigin: string;
  const logLines: string[] = [];
  const clock = new TestClock();

  // An outside verifier on loopback: one good unsigned request object, and broken answers.
  let verifier: Server;
  let verifierOrigin: string;
  let closedPort: number;
  const hits: string[] = [];

  beforeAll(async () => {
    verifier = createServer((req, res) => {
      hits.push(req.url ?? '');
      const origin = verifierOrigin;
      if (req.url === '/request') {
        const jwt = `${part({ alg: 'none', typ: 'oauth-authz-req+jwt' })}.${part({
          client_id: `redirect_uri:${origin}/response`,
          response_type: 'vp_token',
          response_mode: 'direct_post',
          response_uri: `${origin}/response`,
          nonce: `n-${hits.length}`,
          dcql_query: {
            credentials: [
              {
                id: 'pan',
                format: 'dc+sd-jwt',
                meta: { vct_values: ['http://localhost:5000/vct/pan'] },
                claims: [{ path: ['name'] }],
              },
            ],
          },
        })}.`;
        res.writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' }).end(jwt);
      } else if (req.url === '/garbage') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Admin console</h1>');
      } else if (req.url === '/huge') {
        res
          .writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' })
          .end('a'.repeat(70_000));
      } else {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"no"}');
      }
    });
    verifier.listen(0, '127.0.0.1');
    await once(verifier, 'listening');
    verifierOrigin = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}`;
    closedPort = await freePort();

    opened = await backend.open();
    const masterKey = Buffer.alloc(32, 7);
    const logStream = { write: (line: string) => void logLines.push(line) };
    // A deployment behind a reverse proxy on the same machine, read as the server reads it.
    const behindProxy = loadConfig({
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_ORIGIN: 'https://pehchaan.example',
    });
    proxied = await buildTestApp(
      opened.database,
      {
        now: clock.now,
        masterKey,
        host: behindProxy.host,
        trustProxy: behindProxy.trustProxy,
        publicOrigin: behindProxy.publicOrigin,
        oid4vpAllowLoopback: behindProxy.oid4vpAllowLoopback,
        logLevel: 'info',
      },
      { logStream },
    );
    loopback = await buildTestApp(
      opened.database,
      { now: clock.now, masterKey, oid4vpAllowLoopback: true, logLevel: 'info' },
      { logStream },
    );
    localOrigin = `http://localhost:${await freePort()}`;
    local = await buildTestApp(opened.database, {
      now: clock.now,
      masterKey,
      host: '0.0.0.0',
      publicOrigin: localOrigin,
      oid4vpAllowLoopback: false,
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([proxied?.close(), loopback?.close(), local?.close()]);
    await opened?.dispose();
    verifier.closeAllConnections();
    verifier.close();
  });

  const receive = async (app: FastifyInstance, link: string) => {
    const token = await loginDemo(app);
    return app.inject({
      method: 'POST',
      url: '/user/user-001/presentation-requests',
      headers: bearer(token),
      payload: { link },
    });
  };
  /** A /present link naming `requestUri` for a redirect_uri: client at the outside verifier. */
  const linkTo = (requestUri: string) =>
    `https://wallet.example/present?${new URLSearchParams({
      client_id: `redirect_uri:${verifierOrigin}/response`,
      request_uri: requestUri,
    })}`;
  /** The log lines of refused requests that answered request_unavailable: each one's reasons. */
  const loggedReasons = () =>
    logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((record) => record.msg === 'request refused' && record.code === 'request_unavailable')
      .map((record) => (record.cause as { code?: string }[]).map((link) => link.code));
  const expectUnavailable = (response: LightMyRequestResponse) => {
    expectProblem(response, 'request_unavailable', REQUEST_UNAVAILABLE_MESSAGE);
  };

  it('behind a proxy, refuses loopback in every form and private addresses, one answer for all', async () => {
    const port = new URL(verifierOrigin).port;
    const targets = [
      `http://127.0.0.1:${port}/request`,
      `http://127.0.0.1:${closedPort}/request`,
      `https://127.0.0.1:${port}/request`,
      `http://localhost:${port}/request`,
      `http://127.1.2.3:${port}/request`,
      `http://[::1]:${port}/request`,
      `http://[::ffff:127.0.0.1]:${port}/request`,
      `https://[::ffff:7f00:1]:${port}/request`,
      `https://[::127.0.0.1]:${port}/request`,
      `https://[2002:7f00:1::]:${port}/request`,
      `https://[64:ff9b::7f00:1]:${port}/request`,
      'http://169.254.169.254/latest/meta-data/',
      'https://[::ffff:a9fe:a9fe]/latest/meta-data/',
      'https://10.0.0.1/request',
      'https://192.168.1.1/request',
    ];
    logLines.length = 0;
    hits.length = 0;
    const bodies = new Set<string>();
    for (const target of targets) {
      const response = await receive(proxied, linkTo(target));
      expectUnavailable(response);
      bodies.add(response.body);
    }
    // Byte for byte one answer: an open port reads exactly as a closed one.
    expect(bodies.size).toBe(1);
    expect(hits).toEqual([]);
    // The server log keeps each real reason: refused before any connection.
    expect(loggedReasons()).toEqual(targets.map(() => ['request_unavailable', 'address_refused']));
  });

  it('behind a proxy, still answers its own verifier portal, in process', async () => {
    const bankKey = (
      await createVerifierApiKey({ ...proxied.deps, verifierName: 'State Bank of India' })
    ).apiKey;
    const created = await proxied.inject({
      method: 'POST',
      url: '/verifier/requests',
      headers: bearer(bankKey),
      payload: {
        purpose: 'open_savings_account',
        dcql_query: {
          credentials: [
            {
              id: 'pan',
              format: 'dc+sd-jwt',
              meta: { vct_values: ['https://pehchaan.example/vct/pan'] },
              claims: [{ path: ['name'] }],
            },
          ],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { wallet_url } = createVerifierRequestAnswerSchema.parse(created.json());
    expect(wallet_url.startsWith('https://pehchaan.example/present?')).toBe(true);
    const received = await receive(proxied, wallet_url);
    expect(received.statusCode, received.body).toBe(201);
    expect(received.json().consent_request.presentation.verifier).toMatchObject({
      name: 'State Bank of India',
      verified: true,
    });
  });

  it('with OID4VP_ALLOW_LOOPBACK=true, fetches a loopback verifier; every failure answers alike', async () => {
    const good = await receive(loopback, linkTo(`${verifierOrigin}/request`));
    expect(good.statusCode, good.body).toBe(201);

    logLines.length = 0;
    const failures = [
      `http://127.0.0.1:${closedPort}/request`,
      `${verifierOrigin}/missing`,
      `${verifierOrigin}/garbage`,
      `${verifierOrigin}/huge`,
      'https://10.0.0.1/request',
    ];
    const bodies = new Set<string>();
    for (const target of failures) {
      const response = await receive(loopback, linkTo(target));
      expectUnavailable(response);
      bodies.add(response.body);
    }
    expect(bodies.size).toBe(1);
    expect(loggedReasons()).toEqual([
      ['request_unavailable', 'verifier_unreachable', 'ECONNREFUSED'],
      ['request_unavailable', 'request_uri_failed'],
      ['request_unavailable', 'invalid_request_object'],
      ['request_unavailable', 'response_too_large'],
      ['request_unavailable', 'address_refused'],
    ]);
  });

  describe('npm start on localhost, loopback off', () => {
    let holderToken: string;
    let bankKey: string;

    beforeAll(async () => {
      holderToken = await loginDemo(local);
      const generated = await local.inject({
        method: 'POST',
        url: '/identity/generate-credential?user_id=user-001&document_type=pan',
        headers: bearer(holderToken),
      });
      // The shared database may already hold it (another app of this suite made it).
      expect([200, 409]).toContain(generated.statusCode);
      bankKey = (await createVerifierApiKey({ ...local.deps, verifierName: 'State Bank of India' }))
        .apiKey;
    });

    const bankRequest = async () => {
      const response = await local.inject({
        method: 'POST',
        url: '/verifier/requests',
        headers: bearer(bankKey),
        payload: {
          purpose: 'open_savings_account',
          dcql_query: {
            credentials: [
              {
                id: 'pan',
                format: 'dc+sd-jwt',
                meta: { vct_values: [`${localOrigin}/vct/pan`] },
                claims: [{ path: ['name'] }],
              },
            ],
          },
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return createVerifierRequestAnswerSchema.parse(response.json());
    };
    const status = async (id: string) =>
      verifierRequestAnswerSchema.parse(
        (await local.inject({ url: `/verifier/requests/${id}`, headers: bearer(bankKey) })).json(),
      );

    it('receives and answers the portal request in process, by GET and by POST', async () => {
      for (const method of ['get', 'post'] as const) {
        const request = await bankRequest();
        const link = new URL(request.wallet_url);
        if (method === 'post') link.searchParams.set('request_uri_method', 'post');
        const received = await local.inject({
          method: 'POST',
          url: '/user/user-001/presentation-requests',
          headers: bearer(holderToken),
          payload: { link: link.toString() },
        });
        expect(received.statusCode, received.body).toBe(201);
        const consent = consentRequestSchema.parse(received.json().consent_request);
        expect(consent.presentation?.verifier).toMatchObject({
          name: 'State Bank of India',
          verified: true,
        });
        const approved = await local.inject({
          method: 'POST',
          url: `/user/user-001/consent-requests/${consent.id}/approve`,
          headers: bearer(holderToken),
          payload: {},
        });
        expect(approved.statusCode, approved.body).toBe(200);
        const answer = await status(request.id);
        expect(answer.status).toBe('shared');
        expect(answer.checks?.filter((check) => !check.passed)).toEqual([]);
        // A used link is refused as the network route would: 409 request_already_answered.
        expectProblem(
          await local.inject({
            method: 'POST',
            url: '/user/user-001/presentation-requests',
            headers: bearer(holderToken),
            payload: { link: link.toString() },
          }),
          'request_already_answered',
        );
      }
    });

    it("hands over exactly the route's answer: the request object, by GET and POST, and its refusals", async () => {
      const request = await bankRequest();
      const path = new URL(request.request_uri).pathname;
      const transport = local.deps.roles.verifier.localRequestObject(request.request_uri);
      if (!transport) throw new Error('no in-process transport for its own request_uri');
      const form = 'wallet_metadata=%7B%7D&wallet_nonce=abc123';
      const pairs: [LightMyRequestResponse, Response][] = [
        [await local.inject({ url: path }), await transport(request.request_uri)],
        [
          await local.inject({
            method: 'POST',
            url: path,
            headers: { 'content-type': FORM_CONTENT_TYPE },
            payload: form,
          }),
          await transport(request.request_uri, {
            method: 'POST',
            headers: { 'content-type': FORM_CONTENT_TYPE },
            body: form,
          }),
        ],
      ];
      const unknown = `${localOrigin}/oid4vp/requests/vpreq-0000`;
      pairs.push([
        await local.inject({ url: new URL(unknown).pathname }),
        await (local.deps.roles.verifier.localRequestObject(unknown) as typeof fetch)(unknown),
      ]);
      for (const [route, inProcess] of pairs) {
        expect({
          status: inProcess.status,
          type: inProcess.headers.get('content-type'),
          body: await inProcess.text(),
        }).toEqual({
          status: route.statusCode,
          type: route.headers['content-type'],
          body: route.body,
        });
      }
      expect(pairs[0]?.[0].statusCode).toBe(200);
      expect(pairs[2]?.[0].statusCode).toBe(404);
      // Only this server's own request URIs are served in process.
      for (const other of [
        `${localOrigin}/oid4vp/requests/${request.id}?x=1`,
        `${localOrigin.replace('localhost', '127.0.0.1')}/oid4vp/requests/${request.id}`,
        `${localOrigin}/oid4vp/responses/${request.id}`,
        `https://elsewhere.example/oid4vp/requests/${request.id}`,
      ]) {
        expect([other, local.deps.roles.verifier.localRequestObject(other)]).toEqual([
          other,
          undefined,
        ]);
      }
    });
  });
});
