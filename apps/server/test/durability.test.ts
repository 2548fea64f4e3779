/**
 * Durability under SIGKILL (docs/scaling.md): the real server as a child process takes a stream of
 * activity-log writes from several concurrent clients, is killed with SIGKILL mid-stream, and is
 * restarted on the same storage; every write that was answered 2xx must be there. On PGlite (a
 * DATA_DIR; the dead process's lock is taken over) and, when TEST_DATABASE_URL is set, on
 * PostgreSQL (a fresh database on that server, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  killAllServers,
  loginDemoOver,
  type ServerProcess,
  startServer,
  waitUntilReady,
} from './helpers/server-process';

interface Storage {
  name: string;
  /** The environment selecting the storage, and a cleanup. */
  open(): Promise<{ env: Record<string, string>; dispose(): Promise<void> }>;
}

const pglite: Storage = {
  name: 'pglite',
  async open() {
    const dataDir = mkdtempSync(join(tmpdir(), 'pehchaan-durability-'));
    return {
      env: { DATA_DIR: dataDir },
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

function postgres(testDatabaseUrl: string): Storage {
  const admin = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const url = new URL(testDatabaseUrl);
    url.pathname = '/postgres';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'postgresql',
    async open() {
      const name = `pehchaan_kill_${process.pid}_${randomBytes(4).toString('hex')}`;
      await admin((c) => c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
      const url = new URL(testDatabaseUrl);
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'pehchaan-durability-'));
      return {
        env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
        async dispose() {
          rmSync(dataDir, { recursive: true, force: true });
          await admin((c) =>
            c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
          );
        },
      };
    },
  };
}

const storages = process.env.TEST_DATABASE_URL
  ? [pglite, postgres(process.env.TEST_DATABASE_URL)]
  : [pglite];

const CLIENTS = 6;
/** Stays well under the activity list's 500 entries (list-activity-logs.ts). */
const MAX_ACKNOWLEDGED = 300;
const STREAM_MS = 1500;

afterAll(() => killAllServers());

describe.each(storages)('SIGKILL during a stream of writes on $name', (storage) => {
  it('keeps every write that was answered 2xx', async () => {
    const { env, dispose } = await storage.open();
    try {
      let server: ServerProcess = await startServer(env);
      await waitUntilReady(server);
      const { userId, token } = await loginDemoOver(server);
      const run = randomBytes(4).toString('hex');
      const acknowledged: string[] = [];
      let attempted = 0;
      let killed = false;

      const client = async (n: number) => {
        for (let i = 0; !killed; i++) {
          const description = `durability ${run} client ${n} write ${i}`;
          attempted++;
          try {
            const response = await fetch(`${server.url}/user/${userId}/activity-logs`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ type: 'test_manual', description }),
            });
            await response.arrayBuffer();
            if (response.status === 201) acknowledged.push(description);
            else if (!killed) throw new Error(`write answered ${response.status}`);
          } catch (error) {
            if (!killed) throw error;
          }
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
      // Kill mid-stream: after STREAM_MS, or sooner once MAX_ACKNOWLEDGED writes are in, so all
      // of them fit in one page of the activity list read back below (its limit is 500).
      const until = Date.now() + STREAM_MS;
      while (Date.now() < until && acknowledged.length < MAX_ACKNOWLEDGED) {
        await new Promise((r) => setTimeout(r, 10));
      }
      killed = true;
      server.child.kill('SIGKILL');
      await Promise.all(clients);
      expect((await server.exited).signal).toBe('SIGKILL');
      expect(acknowledged.length).toBeGreaterThan(10);

      server = await startServer(env);
      await waitUntilReady(server);
      const login = await loginDemoOver(server);
      const response = await fetch(`${server.url}/user/${userId}/activity-logs`, {
        headers: { authorization: `Bearer ${login.token}` },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { activity_logs: { description: string }[] };
      const stored = new Set(body.activity_logs.map((log) => log.description));
      const lost = acknowledged.filter((description) => !stored.has(description));
      expect(lost, `${acknowledged.length} acknowledged of ${attempted} attempted`).toEqual([]);

      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    } finally {
      killAllServers();
      await dispose();
    }
  }, 120_000); // Two server starts (migrations, seeding) on a loaded CI machine.
});
