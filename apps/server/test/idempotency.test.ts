/**
 * Idempotency-Key on the mutating holder calls (src/plugins/idempotency.ts), on every
 * backend: a replay answers the first answer with `Idempotent-Replayed: true` and no second
 * effect; another body answers 422 with nothing changed; keys are per holder; a bad key is 400;
 * without a key nothing changes; a 5xx is not stored; keys expire after 24 hours.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { activityLogListSchema, credentialListSchema } from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  INVALID_KEY_DETAIL,
  KEY_IN_FLIGHT_DETAIL,
  KEY_REUSED_DETAIL,
  STALE_PENDING_MS,
} from '../src/plugins/idempotency';
import { bearer, buildTestApp, HOUR_MS, loginDemo, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const BANK = 'consent-user-001-bank';
const TELECOM = 'consent-user-001-telecom';

describe.each(backends)('Idempotency-Key on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) });
    token = await loginDemo(app);
    otherToken = await loginDemo(app, SECONDARY);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { key?: string; payload?: unknown; auth?: string } = {},
  ) =>
    app.inject({
      method,
      url,
      headers: {
        ...bearer(options.auth ?? token),
        ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  const get = (url: string, auth = token) => app.inject({ url, headers: bearer(auth) });
  const logsOf = async (userId = 'user-001', auth = token) =>
    activityLogListSchema.parse((await get(`/user/${userId}/activity-logs`, auth)).json())
      .activity_logs;
  const credentialsOf = async (userId = 'user-001', auth = token) =>
    credentialListSchema.parse((await get(`/user/${userId}/credentials`, auth)).json()).credentials;
  const reset = async (userId = 'user-001', auth = token) =>
    expect(
      (await send('POST', `/user/${userId}/consent-requests/reset`, { auth })).statusCode,
    ).toBe(200);

  it('replays an approval: the first 200, Idempotent-Replayed, no second log entry, no 409', async () => {
    await reset();
    const key = randomUUID();
    const url = `/user/user-001/consent-requests/${BANK}/approve`;
    const first = await send('POST', url, { key });
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const logsAfterFirst = await logsOf();

    clock.advance(5000);
    const second = await send('POST', url, { key });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.json()).toEqual(first.json());
    expect(await logsOf()).toEqual(logsAfterFirst);

    // Without the key, the domain rule still answers: a decided request is final.
    expect((await send('POST', url)).statusCode).toBe(409);
  });

  it('issues one credential for two generate-credential calls with one key', async () => {
    const before = await credentialsOf();
    const key = randomUUID();
    const url = '/identity/generate-credential?user_id=user-001&document_type=pan';
    const first = await send('POST', url, { key });
    expect(first.statusCode).toBe(200);
    const second = await send('POST', url, { key });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const after = await credentialsOf();
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((c) => c.id === first.json().credential_id)).toHaveLength(1);
  });

  it('answers 422 for the same key with another body, path or query, and changes nothing', async () => {
    const key = randomUUID();
    const url = '/user/user-001/activity-logs';
    const entry = { type: 'test_manual', description: 'Shared PAN with a bank' };
    const first = await send('POST', url, { key, payload: entry });
    expect(first.statusCode).toBe(201);
    const logs = await logsOf();

    const otherBody = await send('POST', url, {
      key,
      payload: { ...entry, description: 'Shared PAN with an insurer' },
    });
    expectProblem(otherBody, 'idempotency_key_reused', KEY_REUSED_DETAIL);

    await reset();
    const otherPath = await send('POST', `/user/user-001/consent-requests/${TELECOM}/reject`, {
      key,
    });
    expect(otherPath.statusCode).toBe(422);
    const credentialsBefore = await credentialsOf();
    const otherQuery = await send(
      'POST',
      '/identity/generate-credential?user_id=user-001&document_type=voter_id',
      { key },
    );
    expect(otherQuery.statusCode).toBe(422);

    expect(await logsOf()).toEqual(logs);
    expect(await credentialsOf()).toEqual(credentialsBefore);
    const telecom = (await get('/user/user-001/consent-requests'))
      .json()
      .consent_requests.find((r: { id: string }) => r.id === TELECOM);
    expect(telecom.status).toBe('pending');

    // The same body with its keys in another order is the same request.
    const reordered = await send('POST', url, {
      key,
      payload: { description: entry.description, type: entry.type },
    });
    expect(reordered.statusCode).toBe(201);
    expect(reordered.headers['idempotent-replayed']).toBe('true');
  });

  it("keeps each holder's keys independent", async () => {
    await reset();
    await reset('user-002', otherToken);
    const key = randomUUID();
    const mine = await send('POST', `/user/user-001/consent-requests/${BANK}/reject`, { key });
    expect(mine.statusCode).toBe(200);
    const otherLogs = await logsOf('user-002', otherToken);
    const theirs = await send('POST', '/user/user-002/activity-logs', {
      key,
      auth: otherToken,
      payload: { type: 'test_manual', description: 'Shared with a bank' },
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await logsOf('user-002', otherToken)).toHaveLength(otherLogs.length + 1);
  });

  it('answers 400 for an invalid key and changes nothing', async () => {
    const logs = await logsOf();
    const entry = { type: 'test_manual', description: 'Shared' };
    for (const key of ['', 'x'.repeat(256), 'ключ', 'tab\there']) {
      const response = await send('POST', '/user/user-001/activity-logs', { key, payload: entry });
      expectProblem(response, 'invalid_idempotency_key', INVALID_KEY_DETAIL);
    }
    expect(await logsOf()).toEqual(logs);
    // 255 printable characters are fine.
    const longest = await send('POST', '/user/user-001/activity-logs', {
      key: `${randomUUID()}${'~'.repeat(219)}`,
      payload: entry,
    });
    expect(longest.statusCode).toBe(201);
  });

  it('documents the header on the mutating operations of the OpenAPI document', async () => {
    const document = (await app.inject({ url: '/docs/json' })).json();
    for (const [path, method] of [
      ['/user/{userId}/consent-requests/{id}/approve', 'post'],
      ['/identity/generate-credential', 'post'],
      ['/user/{userId}/settings', 'put'],
    ] as const) {
      const operation = document.paths[path][method];
      expect(operation.parameters, path).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
      );
      expect(Object.keys(operation.responses), path).toEqual(
        expect.arrayContaining(['409', '422']),
      );
    }
    const read = document.paths['/user/{userId}/credentials'].get;
    expect(read.parameters.some((p: { in: string }) => p.in === 'header')).toBe(false);
  });

  it('behaves as before without a key', async () => {
    const logs = await logsOf();
    const entry = { type: 'test_manual', description: 'Shared twice' };
    const first = await send('POST', '/user/user-001/activity-logs', { payload: entry });
    const second = await send('POST', '/user/user-001/activity-logs', { payload: entry });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await logsOf()).toHaveLength(logs.length + 2);
  });

  it('stores 4xx answers and replays them', async () => {
    const key = randomUUID();
    const url = '/user/user-001/credentials/cred-does-not-exist';
    const first = await send('DELETE', url, { key });
    expect(first.statusCode).toBe(404);
    const second = await send('DELETE', url, { key });
    expect(second.statusCode).toBe(404);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
  });

  it('does not store a 5xx: a retry with the same key runs again and can succeed', async () => {
    const { activityLogs } = await import('../src/db/schema');
    const realDb = app.deps.db;
    // The activity write fails once, as a database outage would make it (also inside the
    // transaction record-activity opens for the hash chain).
    const failing = <T extends object>(handle: T): T =>
      new Proxy(handle, {
        get(target, property, receiver) {
          const db = target as unknown as typeof realDb;
          if (property === 'insert') {
            return (table: unknown) => {
              if (table === activityLogs) throw new Error('simulated outage');
              return db.insert(table as typeof activityLogs);
            };
          }
          if (property === 'transaction') {
            return (run: (tx: unknown) => Promise<unknown>) =>
              db.transaction((tx) => run(failing(tx)));
          }
          return Reflect.get(target, property, receiver);
        },
      });
    app.deps.db = failing(realDb);
    const key = randomUUID();
    const entry = { type: 'test_manual', description: 'After an outage' };
    const logs = await logsOf();
    try {
      const failed = await send('POST', '/user/user-001/activity-logs', { key, payload: entry });
      expect(failed.statusCode).toBe(500);
    } finally {
      app.deps.db = realDb;
    }
    const retried = await send('POST', '/user/user-001/activity-logs', { key, payload: entry });
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await logsOf()).toHaveLength(logs.length + 1);
  });

  it('covers exactly the mutating calls of a signed-in holder (routes marked idempotent)', async () => {
    const document = (await app.inject({ url: '/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            security?: Record<string, unknown>[];
            parameters?: { in: string; name: string }[];
          }
        >
      >;
    };
    const covered: string[] = [];
    const mutatingWithSession: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (operation.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key')) {
          covered.push(key);
        }
        // A holder's session (bearerAuth); the verifier API's keys are another kind of caller.
        const holderSession = operation.security?.some((r) => 'bearerAuth' in r) ?? false;
        if (method !== 'get' && holderSession) mutatingWithSession.push(key);
      }
    }
    // The one exception: its answer is the recovery codes, kept nowhere but as keyed hashes, so
    // it cannot be stored for a replay (routes/user/recovery-codes).
    const unstored = 'POST /user/{userId}/recovery-codes';
    expect(mutatingWithSession).toContain(unstored);
    mutatingWithSession.splice(mutatingWithSession.indexOf(unstored), 1);
    expect(covered.length).toBeGreaterThanOrEqual(13);
    expect(covered.sort()).toEqual(mutatingWithSession.sort());
    expect(covered).toEqual(
      expect.arrayContaining([
        'POST /api/auth/logout',
        'POST /identity/generate-credential',
        'PUT /user/{userId}/profile',
      ]),
    );
    expect(covered).not.toContain('POST /credentials/verify');
  });

  it('answers 409 while the first request is in flight, and takes a stale one over', async () => {
    const key = randomUUID();
    const entry = { type: 'test_manual', description: 'In flight' };
    // A pending row, as a request still running (or a process that died) leaves it.
    const { idempotencyKeys } = await import('../src/db/schema');
    const { createHash } = await import('node:crypto');
    const { canonicalJson } = await import('@pehchaan/core');
    await app.deps.db.insert(idempotencyKeys).values({
      key,
      userId: 'user-001',
      method: 'POST',
      path: '/user/user-001/activity-logs',
      bodyHash: createHash('sha256')
        .update(canonicalJson({ body: entry, query: {} }))
        .digest('hex'),
      statusCode: null,
      responseBody: null,
      createdAt: clock.now(),
    });
    const logs = await logsOf();
    const busy = await send('POST', '/user/user-001/activity-logs', { key, payload: entry });
    expectProblem(busy, 'idempotency_in_flight', KEY_IN_FLIGHT_DETAIL);
    expect(busy.headers['retry-after']).toBe('1');
    expect(await logsOf()).toEqual(logs);

    clock.advance(STALE_PENDING_MS + 1000);
    const retried = await send('POST', '/user/user-001/activity-logs', { key, payload: entry });
    expect(retried.statusCode).toBe(201);
    expect(await logsOf()).toHaveLength(logs.length + 1);
  });

  it('forgets a key after 24 hours', async () => {
    const key = randomUUID();
    const entry = { type: 'test_manual', description: 'Once a day' };
    expect(
      (await send('POST', '/user/user-001/activity-logs', { key, payload: entry })).statusCode,
    ).toBe(201);
    clock.advance(24 * HOUR_MS + 1000);
    // A fresh session: the old one has expired meanwhile.
    token = await loginDemo(app);
    const again = await send('POST', '/user/user-001/activity-logs', {
      key,
      payload: { ...entry, description: 'Another day' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});
