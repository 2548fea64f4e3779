/**
 * An unreachable database and a failover (src/db/postgres-hosts.ts, docs/scaling.md "Failover"):
 *
 * - DATABASE_URL may name several hosts with target_session_attrs=read-write; the pool skips a
 *   host that refuses connections and a node that reports itself in hot standby (a standby),
 *   and sends no statement to the standby.
 * - While the database is unreachable every call that needs it answers 503
 *   'database_unavailable' with Retry-After (never a 500, never a hang), /health answers 503,
 *   and the read cache is off (its LISTEN connection is gone).
 * - When the database is back the same app serves again by itself, and the read cache comes
 *   back on once its LISTEN connection is re-established.
 *
 * The outage is a TCP proxy in front of PostgreSQL that is cut and restored (helpers/tcp-proxy);
 * the standby is a proxy that adds `in_hot_standby = on` to the server's startup answer. These
 * need a PostgreSQL server (TEST_DATABASE_URL); PGlite runs in the process and cannot become
 * unreachable. The URL and error rules are checked without a server.
 */
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/create-db';
import {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  parseDatabaseUrl,
  toDatabaseError,
} from '../src/db/postgres-hosts';
import { unavailableDetail } from '../src/lib/errors';
import { bearer, buildTestApp, PRIMARY } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy';

describe('multi-host DATABASE_URL', () => {
  it('splits the hosts and keeps user, password, database and options for each', () => {
    const parsed = parseDatabaseUrl(
      'postgres://app:s%40cret@10.0.0.1:6501,db-2,[::1]:6503/pehchaan?sslmode=disable&target_session_attrs=read-write',
    );
    expect(parsed.hosts).toEqual([
      { host: '10.0.0.1', port: 6501 },
      { host: 'db-2', port: 5432 },
      { host: '::1', port: 6503 },
    ]);
    expect(parsed.targetSessionAttrs).toBe('read-write');
    expect(parsed.database).toBe('pehchaan');
    expect(parsed.urlFor({ host: 'db-2', port: 5432 })).toBe(
      'postgres://app:s%40cret@db-2:5432/pehchaan?sslmode=disable',
    );
    expect(parsed.urlFor({ host: '::1', port: 6503 })).toBe(
      'postgres://app:s%40cret@[::1]:6503/pehchaan?sslmode=disable',
    );
    expect(parseDatabaseUrl('postgresql://localhost/x').targetSessionAttrs).toBe('any');
  });

  it('refuses what it cannot honour', () => {
    expect(() => parseDatabaseUrl('postgres://a,b/x?target_session_attrs=standby')).toThrow(
      /target_session_attrs/,
    );
    expect(() => parseDatabaseUrl('postgres://a:99999/x')).toThrow(/bad port/);
    expect(() => parseDatabaseUrl('postgres://a,,b/x')).toThrow(/at least one host/);
  });

  it('sorts driver failures: connection-level ones are "unavailable", statement errors are not', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
      code: 'ECONNREFUSED',
    });
    expect(toDatabaseError(refused)).toBeInstanceOf(DatabaseUnavailableError);
    expect(toDatabaseError(new Error('Connection terminated unexpectedly'))).toBeInstanceOf(
      DatabaseUnavailableError,
    );
    const serverError = (code: string) =>
      Object.assign(new pg.DatabaseError('x', 1, 'error'), { code });
    for (const code of ['57P01', '57P03', '25006', '08006', '53300']) {
      expect(toDatabaseError(serverError(code)), code).toBeInstanceOf(DatabaseUnavailableError);
    }
    const unique = serverError('23505');
    expect(toDatabaseError(unique)).toBe(unique);
    const bug = new TypeError('x is not a function');
    expect(toDatabaseError(bug)).toBe(bug);
    // Drizzle wraps driver errors; the cause chain is followed.
    const wrapped = new Error('Failed query', { cause: toDatabaseError(refused) });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: unique }))).toBe(false);
  });
});

const postgres = backends.find((backend) => backend.name === 'postgresql');

/** A TCP port with nothing listening (connections are refused). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Retries `probe` every 200 ms until it is true or `timeoutMs` passes. */
async function eventually(probe: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!postgres)(
  'an unreachable database on PostgreSQL (skipped without TEST_DATABASE_URL: PGlite cannot become unreachable)',
  () => {
    let opened: OpenedDatabase;
    let primary: TcpProxy;
    let standby: TcpProxy;
    let database: Database;
    let app: FastifyInstance;

    beforeAll(async () => {
      opened = await (postgres as NonNullable<typeof postgres>).open();
      const url = new URL(opened.url as string);
      const target = { host: url.hostname, port: Number(url.port || 5432) };
      primary = await startTcpProxy(target);
      standby = await startTcpProxy(target, { hotStandby: true });
      const dead = await closedPort();
      const auth = `${url.username}:${url.password}`;
      const hosts = [dead, standby.port, primary.port].map((port) => `127.0.0.1:${port}`);
      database = await createDatabase({
        databaseUrl: `postgres://${auth}@${hosts.join(',')}${url.pathname}?target_session_attrs=read-write`,
        dataDir: 'memory://',
      });
      app = await buildTestApp(database, { readCache: true });
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await primary?.close();
      await standby?.close();
      await opened?.dispose();
    });

    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: {
          aadhaarNumber: PRIMARY.aadhaarNumber,
          phoneNumber: PRIMARY.phoneNumber,
          otp: '123456',
        },
      });

    it('finds the writable node past a dead host and a standby, and never queries the standby', async () => {
      expect(database.name).toBe(new URL(opened.url as string).pathname.slice(1));
      const response = await login();
      expect(response.statusCode).toBe(200);
      expect(standby.connections).toBeGreaterThan(0);
      expect(standby.statements).toBe(0);
      await eventually(() => app.readCache.enabled);
    });

    it('answers 503 database_unavailable with Retry-After while the database is unreachable, then recovers by itself', async () => {
      const token = (await login()).json().session_token as string;
      const userId = PRIMARY.userId;
      // The list is cached now; it must not be served from memory while the change feed is down.
      expect(
        (await app.inject({ url: `/user/${userId}/credentials`, headers: bearer(token) }))
          .statusCode,
      ).toBe(200);

      await primary.cut();
      await eventually(() => !app.readCache.enabled);

      const calls = [
        app.inject({ url: `/user/${userId}/credentials`, headers: bearer(token) }),
        app.inject({
          method: 'POST',
          url: `/user/${userId}/activity-logs`,
          headers: { ...bearer(token), 'idempotency-key': 'outage-1' },
          payload: { type: 'test_manual', description: 'during the outage' },
        }),
        login(),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode, response.body).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expectProblem(response, 'database_unavailable', unavailableDetail());
      }
      await eventually(async () => {
        const answer = await app.inject({ url: '/health' });
        return answer.statusCode === 503 && answer.json().storage_backend.connected === false;
      });

      await primary.restore();
      await eventually(
        async () =>
          (await app.inject({ url: `/user/${userId}/credentials`, headers: bearer(token) }))
            .statusCode === 200,
      );
      // The write refused during the outage goes through on retry with the same key.
      const retried = await app.inject({
        method: 'POST',
        url: `/user/${userId}/activity-logs`,
        headers: { ...bearer(token), 'idempotency-key': 'outage-1' },
        payload: { type: 'test_manual', description: 'during the outage' },
      });
      expect(retried.statusCode, retried.body).toBe(201);
      expect((await login()).statusCode).toBe(200);
      await eventually(() => app.readCache.enabled);
      expect(standby.statements).toBe(0);
    });
  },
);
