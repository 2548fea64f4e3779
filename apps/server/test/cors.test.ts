/**
 * CORS (src/plugins/cors.ts, docs/security.md): closed by default, no Access-Control-* header on
 * any answer, preflight or not; with CORS_ORIGINS, exactly the listed origins are allowed. CORS
 * does not touch the database, so one PGlite is enough.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

const BANK = 'https://bank.example';
const EVIL = 'https://evil.example';

const preflight = (app: FastifyInstance, origin: string, url = '/api/auth/verify-otp') =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('CORS', () => {
  let opened: OpenedDatabase;
  // Both apps below open the same database, so they share its master key.
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    const [pglite] = backends;
    if (!pglite) throw new Error('no backend');
    opened = await pglite.open();
  });
  afterAll(async () => {
    await opened?.dispose();
  });

  describe('without CORS_ORIGINS (the default)', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp(opened.database, { masterKey });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('sends no Access-Control-* header on a cross-origin request', async () => {
      for (const url of ['/health', '/api/verify/cred-x', '/docs/json', '/nope']) {
        const response = await app.inject({ url, headers: { origin: EVIL } });
        expect(corsHeaders(response.headers), url).toEqual([]);
      }
      const post = await app.inject({
        method: 'POST',
        url: '/api/auth/send-otp',
        headers: { origin: EVIL },
        payload: { phoneNumber: '9876543210' },
      });
      expect(post.statusCode).toBe(200);
      expect(corsHeaders(post.headers)).toEqual([]);
    });

    it('does not answer a preflight with any permission', async () => {
      for (const origin of [EVIL, BANK, 'null']) {
        const response = await preflight(app, origin);
        expect(response.statusCode).toBe(404);
        expect(corsHeaders(response.headers)).toEqual([]);
      }
    });
  });

  describe('with CORS_ORIGINS=https://bank.example', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp(opened.database, { masterKey, corsOrigins: [BANK] });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('allows exactly that origin on a preflight, with the API methods and headers', async () => {
      const response = await preflight(app, BANK);
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(BANK);
      expect(String(response.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
        expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
      );
      expect(
        String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/),
      ).toEqual(expect.arrayContaining(['authorization', 'content-type']));
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(response.headers.vary)).toMatch(/origin/i);
    });

    it('allows exactly that origin on an answer', async () => {
      const response = await app.inject({ url: '/health', headers: { origin: BANK } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(BANK);
      expect(String(response.headers.vary)).toMatch(/origin/i);
    });

    it('gives any other origin nothing', async () => {
      for (const origin of [EVIL, `${BANK}.evil.example`, 'http://bank.example', 'null']) {
        const pre = await preflight(app, origin);
        expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
        const answer = await app.inject({ url: '/health', headers: { origin } });
        expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined();
      }
    });
  });
});
