/**
 * The holder's approval of an OpenID4VP request takes one short path (docs/ARCHITECTURE.md
 * "Rooms by role"): find, check, build the presentation, send, transition. Measured, not
 * assumed: V8's precise coverage (node:inspector) records which files of apps/server/src run
 * while `POST /user/{userId}/consent-requests/{id}/approve` answers a request from an outside
 * verifier (a node:http server here, no product code), and the test fails when the approval
 * walks through more than 13 of them (12 until the wallet's refusal of a revoked or suspended
 * credential, wallet/refuse-unshareable-credential.ts, joined the path: docs/status-lists.md).
 *
 * What is counted: every file whose code runs, except
 * - the pipeline every holder request takes before its route: app.ts, plugins/ (auth,
 *   idempotency, headers, logging, read cache), routes/user/index.ts and the session check the
 *   auth plugin calls (accounts/authenticate-session.ts, accounts/create-session.ts,
 *   lib/read-cache.ts), with the read cache's invalidations as PGlite delivers them in process
 *   (db/create-db.ts's listener passes each notification on with its channel), and the PGlite
 *   client view every statement passes through (db/pglite-client.ts);
 * - the shared leaves every use case touches: db/schema.ts (table declarations), lib/ids.ts,
 *   lib/vault.ts, lib/errors.ts, lib/records.ts (row to answer), lib/prepared.ts (statements
 *   built once);
 * and a package counts once: lib/oid4vp/ with its door to @openid4vc (lib/openid4vc.ts), and the
 * activity log (lib/activity-*.ts). The raw list is printed on failure.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ed25519PublicKeyToDidKey } from '@pehchaan/core';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginDemo } from './helpers/app';
import { backends } from './helpers/backends';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const MAX_FILES = 13;

const PIPELINE = new Set([
  'app.ts',
  'routes/user/index.ts',
  'accounts/authenticate-session.ts',
  'accounts/create-session.ts',
  'lib/read-cache.ts',
  'db/create-db.ts',
  'db/pglite-client.ts',
]);
const LEAVES = new Set([
  'db/schema.ts',
  'lib/ids.ts',
  'lib/vault.ts',
  'lib/errors.ts',
  'lib/records.ts',
  'lib/prepared.ts',
]);

/** The approval's steps: the files run, less the pipeline and the leaves, packages once. */
export function stepsOf(files: readonly string[]): string[] {
  const steps = new Set<string>();
  for (const file of files) {
    if (PIPELINE.has(file) || LEAVES.has(file) || file.startsWith('plugins/')) continue;
    if (file.startsWith('lib/oid4vp/') || file === 'lib/openid4vc.ts') steps.add('lib/oid4vp/');
    else if (file.startsWith('lib/activity-')) steps.add('lib/activity-*');
    else steps.add(file);
  }
  return [...steps].sort();
}

let server: Server;
let origin: string;
let requestObject = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/request') {
        res.writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' });
        res.end(requestObject);
      } else if (req.method === 'POST' && req.url === '/response') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        res.writeHead(404).end();
      }
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

/** The files of apps/server/src with a function that ran since the last call (relative paths). */
async function filesRunSince(session: Session): Promise<string[]> {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const files = new Set<string>();
  for (const script of result) {
    let path: string;
    try {
      path = script.url.startsWith('file:') ? fileURLToPath(script.url) : script.url;
    } catch {
      continue;
    }
    if (!path.startsWith(SRC)) continue;
    if (script.functions.some((fn) => fn.ranges.some((range) => range.count > 0))) {
      files.add(path.slice(SRC.length).split('?')[0] as string);
    }
  }
  return [...files].sort();
}

const [pglite] = backends;

describe('the approval path', () => {
  it(`walks through at most ${MAX_FILES} files of the server`, async () => {
    const opened = await pglite!.open();
    const app = await buildTestApp(opened.database, { oid4vpAllowLoopback: true });
    try {
      const token = await loginDemo(app);
      const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
      const did = ed25519PublicKeyToDidKey(
        Buffer.from((await exportJWK(publicKey)).x as string, 'base64url'),
      );
      const clientId = `decentralized_identifier:${did}`;
      const now = Math.floor(Date.now() / 1000);
      requestObject = await new SignJWT({
        client_id: clientId,
        response_type: 'vp_token',
        response_mode: 'direct_post',
        response_uri: `${origin}/response`,
        nonce: 'nonce-approval-path',
        state: 'state-approval-path',
        dcql_query: {
          credentials: [
            {
              id: 'identity',
              format: 'dc+sd-jwt',
              meta: { vct_values: [`${app.deps.publicOrigin}/vct/basic_identity`] },
              claims: [{ path: ['name'] }],
            },
          ],
        },
        client_metadata: { client_name: 'Outside Verifier' },
        aud: 'https://self-issued.me/v2',
        iat: now,
        exp: now + 300,
      })
        .setProtectedHeader({
          alg: 'EdDSA',
          typ: 'oauth-authz-req+jwt',
          kid: `${did}#${did.slice(8)}`,
        })
        .sign(privateKey);
      const link = `openid4vp://?${new URLSearchParams({ client_id: clientId, request_uri: `${origin}/request` })}`;
      const received = await app.inject({
        method: 'POST',
        url: '/user/user-001/presentation-requests',
        headers: bearer(token),
        payload: { link },
      });
      expect(received.statusCode).toBe(201);
      const id = received.json().consent_request.id as string;
      const approve = () =>
        app.inject({
          method: 'POST',
          url: `/user/user-001/consent-requests/${id}/approve`,
          headers: bearer(token),
          payload: {},
        });

      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
      await filesRunSince(session);
      const answer = await approve();
      const files = await filesRunSince(session);
      const steps = stepsOf(files);
      await session.post('Profiler.stopPreciseCoverage');
      session.disconnect();

      expect(answer.statusCode).toBe(200);
      expect(answer.json().consent_request.status).toBe('approved');
      const seen = `steps:\n${steps.join('\n')}\n\nevery file run:\n${files.join('\n')}`;
      expect(steps, seen).toContain('consent/ledger.ts');
      expect(steps, seen).toContain('wallet/present-credential.ts');
      expect(steps.length, seen).toBeLessThanOrEqual(MAX_FILES);
    } finally {
      await app.close();
      await opened.dispose();
    }
  });
});
