/**
 * HTTPS and HSTS (docs/security.md, RFC 6797; src/plugins/security-headers.ts, config TLS_* and
 * TRUST_PROXY): Strict-Transport-Security is sent on answers to HTTPS requests only: served
 * with TLS_CERT_FILE/TLS_KEY_FILE, or forwarded as https by a proxy named in TRUST_PROXY; a
 * forged X-Forwarded-Proto from anyone else changes nothing. The TLS test makes a throwaway
 * self-signed certificate with the openssl command (skipped where there is none).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS_POLICY } from '../src/plugins/security-headers';
import { buildTestApp } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const pglite = backends[0];
if (!pglite) throw new Error('no PGlite backend');

describe('HSTS', () => {
  let opened: OpenedDatabase;
  const apps: FastifyInstance[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'pehchaan-tls-'));
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    opened = await pglite.open();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await opened?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const build = async (config: Parameters<typeof buildTestApp>[1]) => {
    const app = await buildTestApp(opened.database, { masterKey, ...config });
    apps.push(app);
    return app;
  };

  it('is not sent over plain HTTP, nor for a forged X-Forwarded-Proto', async () => {
    const app = await build({});
    const plain = await app.inject({ url: '/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await app.inject({ url: '/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy forwards an HTTPS request, and only then', async () => {
    const app = await build({ trustProxy: '127.0.0.1' });
    const viaProxy = await app.inject({
      url: '/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe(HSTS_POLICY);
    const notTheProxy = await app.inject({
      url: '/health',
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(notTheProxy.headers['strict-transport-security']).toBeUndefined();
  });

  it.skipIf(!hasOpenssl)('is sent when the server itself speaks HTTPS', async () => {
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'].concat([
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ]),
      { stdio: 'ignore' },
    );
    const app = await build({ tls: { cert: readFileSync(certFile), key: readFileSync(keyFile) } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');

    const answer = await new Promise<{ status: number; hsts: unknown; body: string }>(
      (resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: address.port,
            path: '/health',
            ca: readFileSync(certFile),
            servername: 'localhost',
          },
          (res) => {
            let body = '';
            res.on('data', (chunk) => {
              body += chunk;
            });
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                hsts: res.headers['strict-transport-security'],
                body,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.hsts).toBe(HSTS_POLICY);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'healthy' });
  });
});
