/**
 * The app as a whole: /health, /storage/status, not-found handling and the SPA fallback,
 * OpenAPI, seeding, the master-key check and log hygiene (DECISIONS 3 and 5), on every backend.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { healthSchema } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRequests, users } from '../src/db/schema';
import { PERMISSIONS_POLICY } from '../src/plugins/security-headers';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

describe.each(backends)('system on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  const clock = new TestClock();
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  it('GET /health reports the real storage backend', async () => {
    const response = await app.inject({ url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'healthy',
      storage_backend: { type: backend.name, connected: true },
      mongodb_enabled: false,
      version: '0.0.0-test',
      timestamp: clock.now().toISOString(),
    });
    expect(healthSchema.safeParse(response.json()).success).toBe(true);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('GET /storage/status tells an anonymous caller the backend, no counts and no folder', async () => {
    const response = await app.inject({ url: '/storage/status' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      type: backend.name,
      connected: true,
      database: backend.name === 'pglite' ? 'embedded' : opened.database.name,
      stats: { collections: {} },
    });
  });

  it("GET /storage/status counts the signed-in holder's own records, never other holders'", async () => {
    const status = async (token: string) =>
      (await app.inject({ url: '/storage/status', headers: bearer(token) })).json().stats
        .collections;
    const first = await loginDemo(app);
    const before = await status(first);
    // A first login issues the Basic Identity and writes the login and issuance entries.
    expect(before).toEqual({
      credentials: 1,
      consent_requests: 3,
      activity_logs: 2,
      shares: 0,
      sessions: 1,
    });
    const second = await loginDemo(app);
    expect(await status(second)).toMatchObject({ sessions: 2, activity_logs: 3 });
    // Another holder's login changes nothing of this holder's counts.
    const other = await loginDemo(app, SECONDARY);
    expect(await status(other)).toMatchObject({ credentials: 1, consent_requests: 0, sessions: 1 });
    expect(await status(second)).toMatchObject({ sessions: 2, activity_logs: 3 });
    expect(JSON.stringify(await status(second))).not.toContain('users');
  });

  it('GET /storage/status answers 401 for a bad token, as every route does', async () => {
    const response = await app.inject({ url: '/storage/status', headers: bearer('x'.repeat(43)) });
    expectProblem(response, 'unauthenticated', expect.any(String));
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/nope'],
    ['POST', '/nope'],
    ['GET', '/credentials'],
    ['GET', '/credentials/verify'],
    ['DELETE', '/health'],
  ] as const)('answers the 404 problem for %s %s without a web build', async (method, url) => {
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expectProblem(response, 'not_found', 'Not Found');
  });

  it('serves the OpenAPI document at /docs/json', async () => {
    const response = await app.inject({ url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/send-otp',
        '/api/auth/verify-otp',
        '/api/auth/logout',
        '/api/auth/session',
        '/user/{userId}/credentials',
        '/user/{userId}/consent-requests',
        '/user/{userId}/activity-logs',
        '/identity/generate-credential',
        '/health',
        '/storage/status',
      ]),
    );
  });

  it('sets security headers and keeps API answers out of caches', async () => {
    const response = await app.inject({ url: '/storage/status' });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
    });
    // Health holds no personal data: it may be stored, never used without asking again.
    const health = await app.inject({ url: '/health' });
    expect(health.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
  });

  it('answers the 400 problem invalid_text, never 500, for NUL characters in path, query or body', async () => {
    const token = await loginDemo(app, PRIMARY);
    const requests = [
      { method: 'GET' as const, url: '/api/verify/%00' },
      {
        method: 'DELETE' as const,
        url: '/user/user-001/credentials/cred-%00',
        headers: bearer(token),
      },
      {
        method: 'POST' as const,
        url: '/identity/generate-credential?user_id=user-001&document_type=pan%00',
        headers: bearer(token),
      },
      {
        method: 'PUT' as const,
        url: '/user/user-001/credentials/order',
        headers: bearer(token),
        payload: { credential_ids: ['cred-\u0000'] },
      },
    ];
    for (const request of requests) {
      const response = await app.inject(request);
      expect(response.statusCode, request.url).toBe(400);
      expectProblem(response, 'invalid_text', 'Text must not contain NUL characters');
    }
  });

  it('answers router errors as problems without echoing the path', async () => {
    const long = await app.inject({ method: 'GET', url: `/api/verify/${'a'.repeat(5000)}` });
    expectProblem(long, 'path_segment_too_long', 'A path segment of the URL is too long');
    // The router's own answers skip the hooks; the security headers are still there.
    expect(long.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
  });

  it('seeds once: building the app again keeps 10 users and 3 consent requests', async () => {
    const second = await buildTestApp(opened.database, { now: clock.now, masterKey });
    await second.close();
    const count = async () => ({
      users: await app.deps.db.$count(users),
      consentRequests: await app.deps.db.$count(consentRequests),
    });
    expect(await count()).toEqual({ users: 10, consentRequests: 3 });

    // An answered/removed request is not re-created by a restart (the seed runs once, ever).
    await app.deps.db
      .delete(consentRequests)
      .where(eq(consentRequests.id, 'consent-user-001-bank'));
    const third = await buildTestApp(opened.database, { now: clock.now, masterKey });
    await third.close();
    expect((await count()).consentRequests).toBe(2);
  });

  it('stores Aadhaar numbers encrypted, with an HMAC for lookup and the last 4 digits', async () => {
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, 'user-001'));
    expect(row?.aadhaarCiphertext).toMatch(/^v1\./);
    expect(row?.aadhaarCiphertext).not.toContain(PRIMARY.aadhaarNumber);
    expect(row?.aadhaarHmac).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.aadhaarLast4).toBe('0125');
  });

  it('refuses to start with a different master key', async () => {
    await expect(
      buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) }),
    ).rejects.toThrow(/master key does not match/);
  });

  it('logs refused answers one by one, successful ones only at debug, and a summary of all', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp(
      opened.database,
      { now: clock.now, masterKey, logLevel: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const token = await loginDemo(logged);
      await logged.inject({ url: '/user/user-001/credentials', headers: bearer(token) });
      await logged.inject({ url: '/user/user-001/credentials' });
    } finally {
      await logged.close();
    }
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = records.filter((record) => record.msg === 'request');
    expect(requestLines).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        url: '/user/user-001/credentials',
        statusCode: 401,
        ms: expect.any(Number),
      }),
    ]);
    expect(records.filter((record) => record.msg === 'requests')).toEqual([
      expect.objectContaining({
        level: 30,
        count: 3,
        status: { '2xx': 2, '3xx': 0, '4xx': 1, '5xx': 0 },
        slowest_ms: expect.any(Number),
      }),
    ]);
  });

  it('never logs the Aadhaar number, OTP or session token', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp(
      opened.database,
      { now: clock.now, masterKey, logLevel: 'trace' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const login = await logged.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: {
          aadhaarNumber: '2345 6789 0125',
          phoneNumber: PRIMARY.phoneNumber,
          otp: '123456',
        },
      });
      const token: string = login.json().session_token;
      await logged.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: {
          aadhaarNumber: PRIMARY.aadhaarNumber,
          phoneNumber: PRIMARY.phoneNumber,
          otp: '000999',
        },
      });
      await logged.inject({
        method: 'POST',
        url: '/identity/generate-credential?user_id=user-001&document_type=aadhaar',
        headers: bearer(token),
      });
      await logged.inject({ url: '/user/user-001/credentials', headers: bearer(token) });
      await logged.inject({ url: '/api/auth/session', headers: bearer(token) });
      await logged.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      // Redaction also guards objects someone logs by mistake.
      logged.log.info(
        { body: { aadhaarNumber: PRIMARY.aadhaarNumber, otp: '123456', session_token: token } },
        'redaction probe',
      );
    } finally {
      await logged.close();
    }
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect(log).toContain('/api/auth/verify-otp');
    for (const secret of [PRIMARY.aadhaarNumber, '2345 6789 0125', '"123456"', '000999']) {
      expect(log).not.toContain(secret);
    }
    const tokens = log.match(/[A-Za-z0-9_-]{43}/g) ?? [];
    expect(tokens).toEqual([]);
    expect(log).toMatch(/"aadhaarNumber":"\[redacted\]".*"redaction probe"/);
  });
});

describe('the web build', () => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'pehchaan-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Pehchaan</title>');
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
    writeFileSync(join(webDist, 'favicon.svg'), '<svg/>');
    const [first] = backends;
    if (!first) throw new Error('no backend');
    opened = await first.open();
    app = await buildTestApp(opened.database, { webDist });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/credentials', '/verify/cred-0123', '/dashboard?tab=1'])(
    'answers the SPA shell for %s',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Pehchaan</title>');
    },
  );

  it('serves built files, hashed assets as immutable', async () => {
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/favicon.svg' })).body).toBe('<svg/>');
  });

  it('never answers API paths or non-GET requests with the SPA', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['GET', '/user/user-001/unknown'],
      ['GET', '/credentials/verify'],
      ['GET', '/presentations/verify'],
      ['GET', '/storage/other'],
      ['POST', '/dashboard'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expectProblem(response, 'not_found', 'Not Found');
    }
  });

  it('does not serve files outside the build', async () => {
    const response = await app.inject({ url: '/..%2f..%2fetc%2fpasswd' });
    expect(response.body).not.toContain('root:');
  });
});

const THEME_SCRIPT = "document.documentElement.classList.add('dark')";

describe('a prerendered, compressed web build', () => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'pehchaan-web-'));
    mkdirSync(join(webDist, 'assets'));
    mkdirSync(join(webDist, 'about'));
    writeFileSync(
      join(webDist, 'index.html'),
      `<title>Pehchaan</title><script>${THEME_SCRIPT}</script><main>landing</main>`,
    );
    writeFileSync(join(webDist, 'spa.html'), '<title>Pehchaan</title><div id="root"></div>');
    writeFileSync(
      join(webDist, 'about', 'index.html'),
      '<title>Pehchaan</title><main>about</main>',
    );
    const script = 'console.log("a long enough script to compress");'.repeat(20);
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    const [first] = backends;
    if (!first) throw new Error('no backend');
    opened = await first.open();
    app = await buildTestApp(opened.database, { webDist });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    ['/', 'landing'],
    ['/about', 'about'],
    ['/about/', 'about'],
    ['/dashboard', '<div id="root"></div>'],
    ['/verify/cred-0123', '<div id="root"></div>'],
  ])('answers %s with its prerendered page, else the empty shell', async (url, text) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(text);
  });

  it("pages carry a CSP allowing only the build's own inline scripts, by hash", async () => {
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    for (const url of ['/', '/about', '/dashboard']) {
      const csp = (await app.inject({ url })).headers['content-security-policy'];
      const directives = Object.fromEntries(
        String(csp)
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives['script-src']).toEqual(["'self'", `'sha256-${hash}'`]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['base-uri']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
    }
    const api = await app.inject({ url: '/health' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('pages get the document policies (referrer, permissions, opener); API answers only the API set', async () => {
    const page = await app.inject({ url: '/verify/cred-0123' });
    expect(page.headers).toMatchObject({
      'referrer-policy': 'no-referrer',
      'permissions-policy': PERMISSIONS_POLICY,
      'cross-origin-opener-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    const api = await app.inject({ url: '/api/verify/cred-0123' });
    expect(api.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    for (const name of ['referrer-policy', 'permissions-policy', 'cross-origin-opener-policy']) {
      expect(api.headers[name]).toBeUndefined();
    }
  });

  it('sends the brotli copy to a browser that accepts it, the plain file otherwise', async () => {
    const url = '/assets/app-abc123.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('long enough script');
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('long enough script');
  });
});
