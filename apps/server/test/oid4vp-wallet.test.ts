/**
 * The wallet's OpenID4VP 1.0 transport (src/lib/oid4vp/) against an OUTSIDE verifier: a plain
 * node:http server on 127.0.0.1 that signs its request objects with jose directly (no product
 * code), serves them by reference, and records what the wallet posts back. No database.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ed25519PublicKeyToDidKey, encodeMultibaseBase58 } from '@pehchaan/core';
import {
  type CryptoKey,
  exportJWK,
  generateKeyPair,
  type JWTPayload,
  SignJWT,
  UnsecuredJWT,
} from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AuthorizationRequest,
  describeRequest,
  fetchRequestObject,
  type HostLookup,
  type Oid4vpError,
  type Oid4vpErrorCode,
  parseWalletLink,
  REQUEST_UNAVAILABLE_MESSAGE,
  type ResolveAuthorizationRequestOptions,
  resolveAuthorizationRequest,
  safeFetch,
  sendAuthorizationResponse,
  WALLET_METADATA,
} from '../src/lib/oid4vp';

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

// ---------------------------------------------------------------- the outside verifier

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

const routes = new Map<string, Handler>();
const received: Received[] = [];
let server: Server;
let origin: string;

interface VerifierKey {
  did: string;
  kid: string;
  privateKey: CryptoKey;
  alg: 'EdDSA' | 'ES256';
}
let edKey: VerifierKey;
let otherKey: VerifierKey;
let p256Key: VerifierKey;

async function ed25519Verifier(): Promise<VerifierKey> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const { x } = await exportJWK(publicKey);
  const did = ed25519PublicKeyToDidKey(Buffer.from(x as string, 'base64url'));
  return { did, kid: `${did}#${did.slice('did:key:'.length)}`, privateKey, alg: 'EdDSA' };
}

async function p256Verifier(): Promise<VerifierKey> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const { x, y } = await exportJWK(publicKey);
  const yBytes = Buffer.from(y as string, 'base64url');
  const compressed = Buffer.concat([
    Buffer.from([(yBytes.at(-1) as number) % 2 === 0 ? 0x02 : 0x03]),
    Buffer.from(x as string, 'base64url'),
  ]);
  // did:key of a P-256 key: multicodec 0x1200 (varint 0x80 0x24) + the compressed point.
  const did = `did:key:${encodeMultibaseBase58(Buffer.concat([Buffer.from([0x80, 0x24]), compressed]))}`;
  return { did, kid: `${did}#${did.slice('did:key:'.length)}`, privateKey, alg: 'ES256' };
}

const DCQL = {
  credentials: [
    {
      id: 'pan',
      format: 'dc+sd-jwt',
      meta: { vct_values: ['http://localhost:5000/vct/pan'] },
      claims: [{ path: ['pan_number'] }, { path: ['name'] }],
    },
  ],
};

function requestPayload(key: VerifierKey, overrides: Record<string, unknown> = {}): JWTPayload {
  return {
    client_id: `decentralized_identifier:${key.did}`,
    response_type: 'vp_token',
    response_mode: 'direct_post',
    response_uri: `${origin}/response`,
    nonce: 'n-0S6_WzA2Mj',
    state: 'state-1',
    dcql_query: DCQL,
    client_metadata: { client_name: 'Outside Bank' },
    aud: 'https://self-issued.me/v2',
    ...overrides,
  };
}

async function sign(
  payload: JWTPayload,
  key: VerifierKey,
  header: { kid?: string; typ?: string } = {},
  expiresIn = '5m',
): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: key.alg, typ: 'oauth-authz-req+jwt', kid: key.kid, ...header })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key.privateKey);
}

function serveJwt(
  path: string,
  jwt: string,
  contentType = 'application/oauth-authz-req+jwt',
): void {
  routes.set(path, (_req, _body, res) => {
    res.writeHead(200, { 'content-type': contentType });
    res.end(jwt);
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] as string;
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', path, headers: req.headers, body });
      const handler = routes.get(path);
      if (handler) handler(req, body, res);
      else res.writeHead(404).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  [edKey, otherKey, p256Key] = await Promise.all([
    ed25519Verifier(),
    ed25519Verifier(),
    p256Verifier(),
  ]);
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

beforeEach(() => {
  routes.clear();
  received.length = 0;
});

const registered = new Map<string, string>();
const options = (
  extra: Partial<ResolveAuthorizationRequestOptions> = {},
): ResolveAuthorizationRequestOptions => ({
  allowLoopback: true,
  timeoutMs: 2_000,
  isRegisteredVerifier: async (did) => {
    const name = registered.get(did);
    return name === undefined ? undefined : { name };
  },
  ...extra,
});

function byReference(clientId: string, path: string, method?: 'get' | 'post'): string {
  const query = new URLSearchParams({ client_id: clientId, request_uri: `${origin}${path}` });
  if (method) query.set('request_uri_method', method);
  return `openid4vp://?${query}`;
}

async function codeOf(promise: Promise<unknown>): Promise<Oid4vpErrorCode | 'resolved'> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    const { code, message } = error as { code: Oid4vpErrorCode; message: string };
    // Messages are for holders: no HTTP statuses, no stack-ish text.
    expect(message).not.toMatch(/\b[1-5]\d\d\b|Error:|undefined/);
    return code;
  }
}

// ---------------------------------------------------------------- parseWalletLink

describe('parseWalletLink', () => {
  it('reads an openid4vp:// link by reference, with request_uri_method post', () => {
    const link =
      'openid4vp://?client_id=decentralized_identifier%3Adid%3Akey%3Az6Mk1&request_uri=https%3A%2F%2Fbank.example%2Fr%2F1&request_uri_method=post';
    expect(parseWalletLink(link)).toEqual({
      kind: 'by_reference',
      client_id: 'decentralized_identifier:did:key:z6Mk1',
      request_uri: 'https://bank.example/r/1',
      request_uri_method: 'post',
    });
    expect(parseWalletLink(link.replace('&request_uri_method=post', ''))).toMatchObject({
      request_uri_method: 'get',
    });
  });

  it('reads the same by-value query from a /present link on any host and from a bare query', () => {
    const query = new URLSearchParams({
      client_id: 'redirect_uri:https://shop.example/cb',
      response_type: 'vp_token',
      response_mode: 'direct_post',
      response_uri: 'https://shop.example/cb',
      nonce: 'abc',
      state: 's1',
      dcql_query: JSON.stringify(DCQL),
      client_metadata: JSON.stringify({ client_name: 'Shop' }),
    }).toString();
    const expected = {
      kind: 'by_value',
      client_id: 'redirect_uri:https://shop.example/cb',
      response_type: 'vp_token',
      response_mode: 'direct_post',
      response_uri: 'https://shop.example/cb',
      nonce: 'abc',
      state: 's1',
      dcql_query: DCQL,
      client_metadata: { client_name: 'Shop' },
    };
    expect(parseWalletLink(`https://pehchaan.example/present?${query}`)).toEqual(expected);
    expect(parseWalletLink(`http://localhost:5000/present?${query}`)).toEqual(expected);
    expect(parseWalletLink(query)).toEqual(expected);
    expect(parseWalletLink(`?${query}`)).toEqual(expected);
  });

  it.each([
    ['an empty link', '  '],
    ['no client_id', 'openid4vp://?request_uri=https%3A%2F%2Fa.example%2Fr'],
    [
      'a parameter twice',
      'openid4vp://?client_id=a&client_id=b&request_uri=https%3A%2F%2Fa.example',
    ],
    [
      'dcql_query that is not JSON',
      'client_id=redirect_uri%3Ahttps%3A%2F%2Fa.example&dcql_query=%7Bnope',
    ],
    [
      'dcql_query that is a JSON array',
      'client_id=redirect_uri%3Ahttps%3A%2F%2Fa.example&dcql_query=%5B%5D',
    ],
    ['another page than /present', 'https://pehchaan.example/verify?client_id=a&nonce=1'],
    [
      'an unknown request_uri_method',
      'openid4vp://?client_id=a&request_uri=https%3A%2F%2Fa.example&request_uri_method=put',
    ],
    ['request_uri_method without request_uri', 'openid4vp://?client_id=a&request_uri_method=get'],
    [
      'request and request_uri together',
      'openid4vp://?client_id=a&request=x.y.z&request_uri=https%3A%2F%2Fa.example',
    ],
    ['a bad percent-encoding', 'openid4vp://?client_id=%E0%A4%A&nonce=1'],
    ['an openid4vp link without a query', 'openid4vp://authorize'],
    ['another scheme', 'mailto:someone@example.com'],
    ['a link too long', `openid4vp://?client_id=a&state=${'x'.repeat(20_000)}`],
  ])('refuses %s with invalid_request_link and a plain message', async (_name, link) => {
    expect(await codeOf(Promise.resolve().then(() => parseWalletLink(link)))).toBe(
      'invalid_request_link',
    );
  });
});

// ---------------------------------------------------------------- resolveAuthorizationRequest

describe('resolveAuthorizationRequest against an outside verifier', () => {
  it('accepts a request object signed by a did:key and reports its fields; verified only when registered', async () => {
    const clientId = `decentralized_identifier:${edKey.did}`;
    serveJwt('/request/signed', await sign(requestPayload(edKey), edKey));
    const link = parseWalletLink(byReference(clientId, '/request/signed'));

    const unregistered = await resolveAuthorizationRequest(link, options());
    expect(unregistered).toMatchObject({
      clientId,
      clientIdPrefix: 'decentralized_identifier',
      verifierDid: edKey.did,
      signed: true,
      verified: false,
      responseUri: `${origin}/response`,
      responseMode: 'direct_post',
      nonce: 'n-0S6_WzA2Mj',
      state: 'state-1',
      dcqlQuery: DCQL,
      clientMetadata: { client_name: 'Outside Bank' },
    });
    expect(unregistered.verifierName).toBeUndefined();
    expect(unregistered.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    expect(received).toMatchObject([{ method: 'GET', path: '/request/signed' }]);
    expect(received[0]?.headers.accept).toBe('application/oauth-authz-req+jwt');

    registered.set(edKey.did, 'State Bank of India');
    try {
      const verified = await resolveAuthorizationRequest(link, options());
      expect(verified).toMatchObject({
        signed: true,
        verified: true,
        verifierName: 'State Bank of India',
      });
    } finally {
      registered.clear();
    }
  });

  it('accepts a signed request object passed by value in request=, without fetching anything', async () => {
    const clientId = `decentralized_identifier:${edKey.did}`;
    const query = new URLSearchParams({
      client_id: clientId,
      request: await sign(requestPayload(edKey), edKey),
    });
    const resolved = await resolveAuthorizationRequest(
      parseWalletLink(`https://pehchaan.example/present?${query}`),
      options(),
    );
    expect(resolved).toMatchObject({ clientId, signed: true, nonce: 'n-0S6_WzA2Mj' });
    expect(received).toEqual([]);
  });

  it('accepts a P-256 did:key signature (ES256)', async () => {
    serveJwt('/request/p256', await sign(requestPayload(p256Key), p256Key));
    const link = parseWalletLink(
      byReference(`decentralized_identifier:${p256Key.did}`, '/request/p256'),
    );
    expect(await resolveAuthorizationRequest(link, options())).toMatchObject({
      verifierDid: p256Key.did,
      signed: true,
    });
  });

  it('accepts an unsigned redirect_uri: request by reference (alg none) and by value, never verified', async () => {
    const responseUri = `${origin}/response`;
    const clientId = `redirect_uri:${responseUri}`;
    const {
      aud: _aud,
      client_metadata: _cm,
      ...payload
    } = requestPayload(edKey, { client_id: clientId });
    serveJwt('/request/unsigned', new UnsecuredJWT(payload).encode());
    const byRef = await resolveAuthorizationRequest(
      parseWalletLink(byReference(clientId, '/request/unsigned')),
      options({ isRegisteredVerifier: async () => ({ name: 'should not matter' }) }),
    );
    expect(byRef).toMatchObject({
      clientId,
      clientIdPrefix: 'redirect_uri',
      signed: false,
      verified: false,
      responseUri,
    });
    expect(byRef.verifierDid).toBeUndefined();

    const query = new URLSearchParams({
      client_id: clientId,
      response_type: 'vp_token',
      response_mode: 'direct_post',
      response_uri: responseUri,
      nonce: 'n1',
      dcql_query: JSON.stringify(DCQL),
    });
    const byValue = await resolveAuthorizationRequest(
      parseWalletLink(`openid4vp://?${query}`),
      options(),
    );
    expect(byValue).toMatchObject({
      clientIdPrefix: 'redirect_uri',
      signed: false,
      verified: false,
      nonce: 'n1',
    });
  });

  it('refuses each broken request with its code', async () => {
    const clientId = `decentralized_identifier:${edKey.did}`;
    const good = await sign(requestPayload(edKey), edKey);
    const [h, , s] = good.split('.') as [string, string, string];
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...requestPayload(edKey), response_uri: 'https://evil.example/steal' }),
    ).toString('base64url');
    const cases: [string, string, Oid4vpErrorCode][] = [
      ['/tampered', `${h}.${tamperedPayload}.${s}`, 'invalid_signature'],
      [
        '/other-signer',
        await sign(requestPayload(edKey), otherKey, { kid: edKey.kid }),
        'invalid_signature',
      ],
      [
        '/wrong-kid',
        await sign(requestPayload(edKey), edKey, { kid: otherKey.kid }),
        'invalid_kid',
      ],
      ['/expired', await sign(requestPayload(edKey), edKey, {}, '-1m'), 'request_expired'],
      [
        '/wrong-client',
        await sign(
          requestPayload(edKey, { client_id: `decentralized_identifier:${otherKey.did}` }),
          edKey,
        ),
        'client_id_mismatch',
      ],
      [
        '/no-nonce',
        await sign(requestPayload(edKey, { nonce: undefined }), edKey),
        'missing_nonce',
      ],
      [
        '/wrong-aud',
        await sign(requestPayload(edKey, { aud: 'https://other-wallet.example' }), edKey),
        'invalid_audience',
      ],
      [
        '/wrong-typ',
        await sign(requestPayload(edKey), edKey, { typ: 'JWT' }),
        'invalid_request_object',
      ],
      [
        '/id-token',
        await sign(requestPayload(edKey, { response_type: 'id_token' }), edKey),
        'unsupported_response_type',
      ],
      [
        '/fragment',
        await sign(requestPayload(edKey, { response_mode: 'fragment' }), edKey),
        'unsupported_response_mode',
      ],
      [
        '/http-response',
        await sign(requestPayload(edKey, { response_uri: 'http://bank.example/r' }), edKey),
        'invalid_response_uri',
      ],
      [
        '/bad-dcql',
        await sign(
          requestPayload(edKey, { dcql_query: { credentials: [{ id: 'x', format: 'ldp_vc' }] } }),
          edKey,
        ),
        'invalid_dcql_query',
      ],
      [
        '/no-dcql',
        await sign(requestPayload(edKey, { dcql_query: undefined }), edKey),
        'invalid_dcql_query',
      ],
      ['/unsigned', new UnsecuredJWT(requestPayload(edKey)).encode(), 'signature_required'],
    ];
    for (const [path, jwt] of cases) serveJwt(path, jwt);
    // Failures to obtain the request object at all answer one code (the next describe).
    serveJwt('/plain-jwt-type', good, 'text/plain');
    cases.push(['/plain-jwt-type', good, 'request_unavailable']);
    routes.set('/gone', (_req, _body, res) => res.writeHead(404).end());
    cases.push(['/gone', '', 'request_unavailable']);

    const outcomes = await Promise.all(
      cases.map(async ([path]) => [
        path,
        await codeOf(
          resolveAuthorizationRequest(parseWalletLink(byReference(clientId, path)), options()),
        ),
      ]),
    );
    expect(Object.fromEntries(outcomes)).toEqual(
      Object.fromEntries(cases.map(([path, , code]) => [path, code])),
    );
  });

  it('refuses unknown client identifier prefixes, other DID methods and an unsigned did request by value', async () => {
    const byValue = (clientId: string) =>
      `client_id=${encodeURIComponent(clientId)}&response_type=vp_token&response_mode=direct_post&response_uri=https%3A%2F%2Fa.example%2Fr&nonce=1&dcql_query=${encodeURIComponent(JSON.stringify(DCQL))}`;
    const resolve = (clientId: string) =>
      codeOf(resolveAuthorizationRequest(parseWalletLink(byValue(clientId)), options()));
    expect(await resolve('x509_san_dns:a.example')).toBe('unsupported_client_id_prefix');
    expect(await resolve('pre-registered-verifier')).toBe('unsupported_client_id_prefix');
    expect(await resolve('decentralized_identifier:did:web:a.example')).toBe(
      'unsupported_did_method',
    );
    expect(await resolve(`decentralized_identifier:${edKey.did}`)).toBe('signature_required');
    // redirect_uri: the identifier must be the response_uri itself
    expect(await resolve('redirect_uri:https://b.example/r')).toBe('invalid_response_uri');
    expect(received).toEqual([]);
  });

  it('with request_uri_method=post sends wallet_metadata and wallet_nonce, and checks the nonce comes back', async () => {
    const clientId = `decentralized_identifier:${edKey.did}`;
    let echo: (nonce: string) => string = (nonce) => nonce;
    routes.set('/request/post', (_req, body, res) => {
      const form = new URLSearchParams(body);
      void sign(
        requestPayload(edKey, { wallet_nonce: echo(form.get('wallet_nonce') ?? '') }),
        edKey,
      ).then((jwt) => {
        res.writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' });
        res.end(jwt);
      });
    });
    const link = parseWalletLink(byReference(clientId, '/request/post', 'post'));
    await expect(resolveAuthorizationRequest(link, options())).resolves.toMatchObject({
      signed: true,
    });

    const sent = received[0] as Received;
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(sent.body);
    expect(form.get('wallet_nonce')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const metadata = JSON.parse(form.get('wallet_metadata') ?? '{}');
    expect(metadata).toEqual(WALLET_METADATA);
    expect(metadata.vp_formats_supported['dc+sd-jwt']['sd-jwt_alg_values']).toContain('EdDSA');
    expect(metadata.response_types_supported).toEqual(['vp_token']);
    expect(metadata.request_object_signing_alg_values_supported).toContain('EdDSA');

    echo = () => 'a-replayed-nonce';
    expect(await codeOf(resolveAuthorizationRequest(link, options()))).toBe(
      'wallet_nonce_mismatch',
    );
  });
});

// ---------------------------------------------------------------- SSRF rules

describe('the SSRF-safe fetcher', () => {
  const refuse = (url: string, allowLoopback = false, lookup?: HostLookup) =>
    codeOf(
      fetchRequestObject(url, { allowLoopback, timeoutMs: 1_000, ...(lookup ? { lookup } : {}) }),
    );

  it('refuses loopback unless allowed, and private, link-local and unspecified addresses always', async () => {
    routes.set('/r', (_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' }).end('a.b.'),
    );
    expect(await refuse(`${origin}/r`)).toBe('address_refused');
    expect(await refuse(origin.replace('127.0.0.1', '[::1]'))).toBe('address_refused');
    for (const url of [
      'https://10.0.0.1/r',
      'https://169.254.169.254/latest/meta-data/',
      'https://0.0.0.0/r',
      'https://[::]/r',
      'https://[fe80::1]/r',
      'https://[fd00::1]/r',
      'https://172.16.5.4/r',
      'https://192.168.1.1/r',
      'https://100.64.0.1/r',
      'https://[::ffff:10.0.0.1]/r',
    ]) {
      expect([url, await refuse(url, true)]).toEqual([url, 'address_refused']);
    }
    // plain http to a public address, even with loopback allowed; and non-web schemes
    expect(await refuse('http://93.184.216.34/r', true)).toBe('address_refused');
    expect(await refuse('ftp://93.184.216.34/r', true)).toBe('address_refused');
    expect(await refuse('https://user:pw@93.184.216.34/r', true)).toBe('address_refused');
    expect(received).toEqual([]);
  });

  it('checks the addresses a host name resolves to, every one, and connects to the vetted one only', async () => {
    // localhost resolves to loopback: refused after resolution when loopback is not allowed
    expect(await refuse(origin.replace('127.0.0.1', 'localhost'))).toBe('address_refused');
    // one private address among public ones is enough to refuse
    const mixed: HostLookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    expect(await refuse('https://mixed.example/r', true, mixed)).toBe('address_refused');
    expect(received).toEqual([]);

    // a name that resolves to the (allowed) loopback verifier: resolved once, then connected to
    routes.set('/r', (_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' }).end('a.b.'),
    );
    const port = new URL(origin).port;
    const answers = [[{ address: '127.0.0.1', family: 4 }], [{ address: '10.0.0.1', family: 4 }]];
    let calls = 0;
    const rebinding: HostLookup = async () => answers[calls++] ?? [];
    const fetched = await fetchRequestObject(`http://verifier.test:${port}/r`, {
      allowLoopback: true,
      lookup: rebinding,
    });
    expect(fetched.requestObject).toBe('a.b.');
    expect(calls).toBe(1);
    expect(received[0]?.headers.host).toBe(`verifier.test:${port}`);
  });

  it('refuses a body over the size limit, declared or streamed', async () => {
    routes.set('/big', (_req, _body, res) =>
      res
        .writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' })
        .end('x'.repeat(2_000)),
    );
    routes.set('/big-stream', (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' });
      res.write('x'.repeat(600));
      res.write('x'.repeat(600));
      res.end();
    });
    const limited = (path: string) =>
      codeOf(fetchRequestObject(`${origin}${path}`, { allowLoopback: true, maxBytes: 1_000 }));
    expect(await limited('/big')).toBe('response_too_large');
    expect(await limited('/big-stream')).toBe('response_too_large');
  });

  it('gives up on a slow verifier after the time limit', async () => {
    routes.set('/slow', (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' });
      res.write('a.'); // then nothing: the wallet must not wait forever
    });
    const started = Date.now();
    expect(
      await codeOf(fetchRequestObject(`${origin}/slow`, { allowLoopback: true, timeoutMs: 300 })),
    ).toBe('verifier_timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('does not follow redirects', async () => {
    routes.set('/moved', (_req, _body, res) =>
      res.writeHead(302, { location: `${origin}/target` }).end(),
    );
    routes.set('/target', (_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' }).end('a.b.'),
    );
    expect(await codeOf(fetchRequestObject(`${origin}/moved`, { allowLoopback: true }))).toBe(
      'redirect_refused',
    );
    expect(received.map((r) => r.path)).toEqual(['/moved']);
  });

  it.skipIf(!hasOpenssl)(
    'speaks https to the pinned address with the host name checked against the certificate',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'oid4vp-tls-'));
      try {
        execFileSync(
          'openssl',
          [
            'req',
            '-x509',
            '-newkey',
            'ec',
            '-pkeyopt',
            'ec_paramgen_curve:P-256',
            '-nodes',
            '-keyout',
            join(dir, 'key.pem'),
            '-out',
            join(dir, 'cert.pem'),
            '-days',
            '1',
            '-subj',
            '/CN=verifier.test',
            '-addext',
            'subjectAltName=DNS:verifier.test',
          ],
          { stdio: 'ignore' },
        );
        const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
        const hosts: (string | undefined)[] = [];
        const tlsServer = createHttpsServer(
          { key: readFileSync(join(dir, 'key.pem')), cert },
          (req, res) => {
            hosts.push(req.headers.host);
            res.writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' }).end('a.b.');
          },
        );
        tlsServer.listen(0, '127.0.0.1');
        await once(tlsServer, 'listening');
        const port = (tlsServer.address() as AddressInfo).port;
        try {
          const toLoopback: HostLookup = async () => [{ address: '127.0.0.1', family: 4 }];
          const tls = { allowLoopback: true, lookup: toLoopback, trustedCa: cert };
          const fetched = await fetchRequestObject(`https://verifier.test:${port}/r`, tls);
          expect(fetched.requestObject).toBe('a.b.');
          expect(hosts).toEqual([`verifier.test:${port}`]);
          // the same address under a name the certificate does not cover fails TLS
          expect(await codeOf(fetchRequestObject(`https://other.test:${port}/r`, tls))).toBe(
            'verifier_unreachable',
          );
        } finally {
          tlsServer.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('reports a verifier that is not listening as unreachable', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    expect(await codeOf(safeFetch(`http://127.0.0.1:${port}/`, {}, { allowLoopback: true }))).toBe(
      'verifier_unreachable',
    );
  });
});

// ---------------------------------------------------------------- obtaining a request object

describe('resolveAuthorizationRequest: a request object that cannot be obtained', () => {
  /** The error of a failed resolution: its code, message and the fetcher's code (cause). */
  async function failure(link: string, extra: Partial<ResolveAuthorizationRequestOptions> = {}) {
    try {
      await resolveAuthorizationRequest(parseWalletLink(link), options(extra));
    } catch (error) {
      const { code, message, cause } = error as Oid4vpError;
      return { code, message, cause: (cause as { code?: string } | undefined)?.code ?? cause };
    }
    throw new Error('resolved');
  }

  it('answers request_unavailable with one text for every reason; the reason stays its cause', async () => {
    const clientId = `decentralized_identifier:${edKey.did}`;
    const good = await sign(requestPayload(edKey), edKey);
    serveJwt('/r', good);
    serveJwt('/plain', good, 'text/plain');
    serveJwt('/undecodable', 'a.b.');
    serveJwt('/big', 'x'.repeat(2_000));
    routes.set('/gone', (_req, _body, res) => res.writeHead(404).end());
    routes.set('/broken', (_req, _body, res) => res.writeHead(500).end('{"detail":"stack"}'));
    routes.set('/moved', (_req, _body, res) =>
      res.writeHead(302, { location: `${origin}/r` }).end(),
    );
    routes.set('/slow', (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' });
      res.write('a.');
    });
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const closedPort = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const privateName: HostLookup = async () => [{ address: '10.0.0.7', family: 4 }];
    const byUri = (uri: string) =>
      `openid4vp://?${new URLSearchParams({ client_id: clientId, request_uri: uri })}`;

    const outcomes = {
      'loopback, not allowed': await failure(byReference(clientId, '/r'), {
        allowLoopback: false,
      }),
      'a closed port': await failure(byUri(`http://127.0.0.1:${closedPort}/r`)),
      'a private address': await failure(byUri('https://verifier.example/r'), {
        lookup: privateName,
      }),
      'an error status': await failure(byReference(clientId, '/gone')),
      'a server error': await failure(byReference(clientId, '/broken')),
      'another content type': await failure(byReference(clientId, '/plain')),
      'a body that is no JWT': await failure(byReference(clientId, '/undecodable')),
      'a body too large': await failure(byReference(clientId, '/big'), { maxBytes: 1_000 }),
      'a redirect': await failure(byReference(clientId, '/moved')),
      'a slow verifier': await failure(byReference(clientId, '/slow'), { timeoutMs: 300 }),
    };
    expect(Object.fromEntries(Object.entries(outcomes).map(([k, v]) => [k, v.cause]))).toEqual({
      'loopback, not allowed': 'address_refused',
      'a closed port': 'verifier_unreachable',
      'a private address': 'address_refused',
      'an error status': 'request_uri_failed',
      'a server error': 'request_uri_failed',
      'another content type': 'invalid_request_object',
      'a body that is no JWT': 'invalid_request_object',
      'a body too large': 'response_too_large',
      'a redirect': 'redirect_refused',
      'a slow verifier': 'verifier_timeout',
    });
    for (const outcome of Object.values(outcomes)) {
      expect({ code: outcome.code, message: outcome.message }).toEqual({
        code: 'request_unavailable',
        message: REQUEST_UNAVAILABLE_MESSAGE,
      });
    }
    // Refused addresses are refused before any connection is made.
    expect(received.map((r) => r.path).sort()).toEqual(
      ['/big', '/broken', '/gone', '/moved', '/plain', '/slow', '/undecodable'].sort(),
    );
  });

  it("passes on only the verifier's word that the link was already answered", async () => {
    routes.set('/used', (_req, _body, res) =>
      res
        .writeHead(409, { 'content-type': 'application/problem+json' })
        .end(JSON.stringify({ code: 'request_already_answered' })),
    );
    const outcome = await failure(byReference(`decentralized_identifier:${edKey.did}`, '/used'));
    expect(outcome.code).toBe('request_already_answered');
  });

  it('reads an in-process request object with the same checks, without the network or loopback', async () => {
    // This server's own verifier: its request_uri and response_uri on an origin nothing serves.
    const own = 'http://localhost:1';
    const clientId = `decentralized_identifier:${edKey.did}`;
    const calls: { uri: string; method: string; form: URLSearchParams }[] = [];
    let echo: (nonce: string | null) => string | null = (nonce) => nonce;
    const transport = (async (uri: string, init?: { method?: string; body?: unknown }) => {
      const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
      calls.push({ uri, method: init?.method ?? 'GET', form });
      const walletNonce = echo(form.get('wallet_nonce'));
      const jwt = await sign(
        requestPayload(edKey, {
          response_uri: `${own}/oid4vp/responses/1`,
          ...(walletNonce ? { wallet_nonce: walletNonce } : {}),
        }),
        edKey,
      );
      return new Response(jwt, { headers: { 'content-type': 'application/oauth-authz-req+jwt' } });
    }) as typeof fetch;
    const inProcess = {
      requestObjectTransport: (uri: string) =>
        uri.startsWith(`${own}/oid4vp/requests/`) ? transport : undefined,
      receivesResponseAt: (uri: string) => uri === `${own}/oid4vp/responses/1`,
    };
    const link = (method: 'get' | 'post') =>
      `openid4vp://?${new URLSearchParams({
        client_id: clientId,
        request_uri: `${own}/oid4vp/requests/1`,
        request_uri_method: method,
      })}`;

    const resolved = await resolveAuthorizationRequest(
      parseWalletLink(link('get')),
      options({ allowLoopback: false, inProcess }),
    );
    expect(resolved.responseUri).toBe(`${own}/oid4vp/responses/1`);
    const posted = await resolveAuthorizationRequest(
      parseWalletLink(link('post')),
      options({ allowLoopback: false, inProcess }),
    );
    expect(posted.nonce).toBe('n-0S6_WzA2Mj');
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST']);
    expect(JSON.parse(calls[1]?.form.get('wallet_metadata') ?? '{}')).toEqual(WALLET_METADATA);
    // The checks run on those bytes as on fetched ones: a wallet_nonce not echoed is refused.
    echo = () => 'not-the-wallet-nonce';
    expect((await failure(link('post'), { allowLoopback: false, inProcess })).code).toBe(
      'wallet_nonce_mismatch',
    );
    // Without the in-process verifier the same link is a loopback fetch, refused.
    expect((await failure(link('get'), { allowLoopback: false })).cause).toBe('address_refused');
    expect(received).toEqual([]);
  });
});

// ---------------------------------------------------------------- sendAuthorizationResponse

describe('sendAuthorizationResponse', () => {
  const request = (overrides: Partial<AuthorizationRequest> = {}): AuthorizationRequest => ({
    clientId: `decentralized_identifier:${edKey.did}`,
    clientIdPrefix: 'decentralized_identifier',
    verifierDid: edKey.did,
    signed: true,
    verified: false,
    responseUri: `${origin}/response`,
    responseMode: 'direct_post',
    nonce: 'n1',
    state: 'state-1',
    dcqlQuery: { credentials: [{ id: 'pan', format: 'dc+sd-jwt', meta: { vct_values: ['v'] } }] },
    ...overrides,
  });

  it('posts vp_token and state as a form and returns the verifier redirect_uri', async () => {
    routes.set('/response', (_req, _body, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ redirect_uri: 'https://bank.example/done#s=1' })),
    );
    const vpToken = { pan: ['eyJhbGciOiJFZERTQSJ9.e30.sig~disclosure~kb.jwt.sig'] };
    const answer = await sendAuthorizationResponse(request(), { vpToken }, { allowLoopback: true });
    expect(answer).toEqual({ redirectUri: 'https://bank.example/done#s=1' });

    const posted = received[0] as Received;
    expect(posted).toMatchObject({ method: 'POST', path: '/response' });
    expect(posted.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(posted.body);
    expect(JSON.parse(form.get('vp_token') ?? 'null')).toEqual(vpToken);
    expect(form.get('state')).toBe('state-1');
    expect([...form.keys()].sort()).toEqual(['state', 'vp_token']);
  });

  it('posts access_denied with its description, and answers {} without a (safe) redirect_uri', async () => {
    routes.set('/response', (_req, _body, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ redirect_uri: 'javascript:alert(1)' })),
    );
    const answer = await sendAuthorizationResponse(
      request(),
      { error: 'access_denied', errorDescription: 'The holder declined.' },
      { allowLoopback: true },
    );
    expect(answer).toEqual({});
    const form = new URLSearchParams((received[0] as Received).body);
    expect(Object.fromEntries(form)).toEqual({
      error: 'access_denied',
      error_description: 'The holder declined.',
      state: 'state-1',
    });
  });

  it('reports a verifier that refuses the presentation, and refuses answers that do not fit the query', async () => {
    routes.set('/response', (_req, _body, res) =>
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'invalid_request' })),
    );
    const send = (vpToken: Record<string, string[]>) =>
      codeOf(sendAuthorizationResponse(request(), { vpToken }, { allowLoopback: true }));
    expect(await send({ pan: ['p'] })).toBe('verifier_refused');
    expect(received).toHaveLength(1);
    expect(await send({ aadhaar: ['p'] })).toBe('invalid_presentation_answer');
    expect(await send({ pan: [] })).toBe('invalid_presentation_answer');
    expect(await send({ pan: ['a', 'b'] })).toBe('invalid_presentation_answer');
    expect(received).toHaveLength(1);
  });

  it('applies the SSRF rules to response_uri too', async () => {
    const send = (responseUri: string, allowLoopback: boolean) =>
      codeOf(
        sendAuthorizationResponse(
          request({ responseUri }),
          { vpToken: { pan: ['p'] } },
          { allowLoopback },
        ),
      );
    expect(await send('https://169.254.169.254/r', true)).toBe('address_refused');
    expect(await send(`${origin}/response`, false)).toBe('address_refused');
    expect(received).toEqual([]);
  });
});

// ---------------------------------------------------------------- describeRequest

describe('describeRequest', () => {
  it('maps vct to document types and claim_sets / credential_sets to required and optional', () => {
    const described = describeRequest(
      {
        dcqlQuery: {
          credentials: [
            {
              id: 'pan',
              format: 'dc+sd-jwt',
              meta: { vct_values: ['https://pehchaan.example/vct/pan'] },
              claims: [
                { id: 'number', path: ['pan_number'] },
                { id: 'name', path: ['name'] },
                { id: 'dob', path: ['date_of_birth'] },
                { id: 'unused', path: ['father_name'] },
              ],
              claim_sets: [
                ['number', 'name', 'dob'],
                ['number', 'name'],
              ],
            },
            {
              id: 'aadhaar',
              format: 'dc+sd-jwt',
              meta: { vct_values: ['https://pehchaan.example/vct/aadhaar'] },
            },
            {
              id: 'voter',
              format: 'dc+sd-jwt',
              meta: { vct_values: ['https://other.example/vct/voter_id'] },
            },
          ],
          credential_sets: [
            { options: [['pan']] },
            { options: [['aadhaar'], ['voter']], required: true },
          ],
        },
      },
      { publicOrigin: 'https://pehchaan.example' },
    );
    expect(described).toEqual([
      {
        id: 'pan',
        documentTypeKey: 'pan',
        vctValues: ['https://pehchaan.example/vct/pan'],
        required: true,
        preferred: true,
        multiple: false,
        claims: [
          { id: 'number', path: ['pan_number'], required: true, preferred: true },
          { id: 'name', path: ['name'], required: true, preferred: true },
          { id: 'dob', path: ['date_of_birth'], required: false, preferred: true },
        ],
      },
      {
        id: 'aadhaar',
        documentTypeKey: 'aadhaar',
        vctValues: ['https://pehchaan.example/vct/aadhaar'],
        required: false,
        preferred: true,
        multiple: false,
        claims: 'all',
      },
      {
        id: 'voter',
        vctValues: ['https://other.example/vct/voter_id'],
        required: false,
        preferred: false,
        multiple: false,
        claims: 'all',
      },
    ]);
  });
});
