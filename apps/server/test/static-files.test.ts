/**
 * The web build's files as the installable app needs them (docs/adr/0007-service-worker.md):
 * missing files answer a real 404 (never the SPA shell), the service worker and the web app
 * manifest are revalidated on every request, the worker under its own CSP; and a page with a
 * parameter (/verify/<id>) gets its prerendered frame, a consent receipt's id the receipt page's.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_WORKER_POLICY } from '../src/plugins/static';
import { buildTestApp } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

const SHELL = '<title>Pehchaan</title><div id="root"></div>';
const FRAME_SCRIPT = 'window.frameLoader = true';
const RECEIPT_FRAME_SCRIPT = 'window.receiptFrameLoader = true';
const RECEIPT_ID = `receipt-${'0123456789abcdef'.repeat(2)}`;

describe('the installable web build', () => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'pehchaan-web-'));
    mkdirSync(join(webDist, 'assets'));
    mkdirSync(join(webDist, 'about'));
    writeFileSync(join(webDist, 'index.html'), '<title>Pehchaan</title><main>landing</main>');
    writeFileSync(join(webDist, 'spa.html'), SHELL);
    writeFileSync(
      join(webDist, 'about', 'index.html'),
      '<title>Pehchaan</title><main>about</main>',
    );
    mkdirSync(join(webDist, 'verify'));
    writeFileSync(
      join(webDist, 'verify', '_frame.html'),
      `<title>Pehchaan</title><script>${FRAME_SCRIPT}</script><main>verify frame</main>`,
    );
    writeFileSync(
      join(webDist, 'verify', '_receipt_frame.html'),
      `<title>Pehchaan</title><script>${RECEIPT_FRAME_SCRIPT}</script><main>receipt frame</main>`,
    );
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
    writeFileSync(join(webDist, 'favicon.svg'), '<svg/>');
    writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Pehchaan"}');
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

  it.each(['/favicon.ico', '/assets/missing-abc123.js', '/icons/none.png', '/about/old.html'])(
    'answers a real 404 for the missing file %s, never the SPA shell',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).not.toMatch(/text\/html/);
      expect(response.body).not.toContain('<title>Pehchaan</title>');
    },
  );

  it.each(['/credentials', '/verify/cred-0123', '/no-such-page', '/about/'])(
    'still answers the in-app path %s with a page',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
    },
  );

  it.each([
    ['/verify/cred-0123', 'verify frame'],
    ['/verify/share-abc', 'verify frame'],
    [`/verify/${RECEIPT_ID}`, 'receipt frame'],
    [`/verify/${RECEIPT_ID}?from=qr`, 'receipt frame'],
    // Not a receipt id's shape (32 lowercase hex digits): the credential page's frame.
    ['/verify/receipt-0123', 'verify frame'],
    [`/verify/${RECEIPT_ID.toUpperCase()}`, 'verify frame'],
    [`/about/${RECEIPT_ID}`, '<div id="root"></div>'],
    ['/verify/cred-0123/more', '<div id="root"></div>'],
    ['/about/cred-0123', '<div id="root"></div>'],
    ['/credentials', '<div id="root"></div>'],
  ])('answers %s with the prerendered frame of its page, else the shell', async (url, text) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(text);
  });

  it("allows the frame's inline script in the page policy, by hash", async () => {
    const hash = createHash('sha256').update(FRAME_SCRIPT).digest('base64');
    const csp = (await app.inject({ url: '/verify/cred-0123' })).headers['content-security-policy'];
    expect(String(csp)).toContain(`'sha256-${hash}'`);
  });

  it("allows the receipt frame's inline script in the page policy, by hash", async () => {
    const hash = createHash('sha256').update(RECEIPT_FRAME_SCRIPT).digest('base64');
    const response = await app.inject({ url: `/verify/${RECEIPT_ID}` });
    expect(response.body).toContain(RECEIPT_FRAME_SCRIPT);
    expect(String(response.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
  });

  it('serves the favicon', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('has the service worker revalidated on every request, under its own CSP', async () => {
    const worker = await app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    // A worker's CSP is its script's header: its own script and this origin's files only.
    expect(worker.headers['content-security-policy']).toBe(SERVICE_WORKER_POLICY);
    expect(SERVICE_WORKER_POLICY).toContain("connect-src 'self'");
  });

  it('has the web app manifest revalidated on every request', async () => {
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'Pehchaan' });
  });
});
