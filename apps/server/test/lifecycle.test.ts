/**
 * The server process's life (graceful shutdown, src/server.ts), with the real server as a child
 * process on one PGlite DATA_DIR, in order:
 * - SIGTERM: a request in flight completes 2xx, new connections are refused, the process exits 0
 *   and the data folder lock is released; the acknowledged write is there after a restart.
 * - A second server on the same DATA_DIR exits non-zero naming the lock; the first keeps running.
 * - Another master key: exits non-zero, says so, releases the lock, changes nothing.
 * - A damaged data folder (PG_VERSION gone, pg_control garbled): exits non-zero with a clear
 *   message, and no file is replaced (PGlite alone would create an empty database there).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  killAllServers,
  loginDemoOver,
  slowPost,
  startServer,
  waitUntilReady,
} from './helpers/server-process';

const IN_FLIGHT = `In flight at SIGTERM ${randomBytes(4).toString('hex')}`;

/** True when a new TCP connection to the port is refused. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', () => done(true));
  });
}

/** path -> SHA-256 of every file under `dir`. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else
        files[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return files;
}

describe('server lifecycle on a PGlite DATA_DIR', () => {
  let dataDir: string;
  let pgliteDir: string;
  let lockFile: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pehchaan-lifecycle-'));
    pgliteDir = join(dataDir, 'pglite');
    lockFile = join(dataDir, 'pglite.lock');
  });
  afterAll(() => {
    killAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = () => startServer({ DATA_DIR: dataDir });

  it('finishes the request in flight on SIGTERM, refuses new ones, exits 0 and unlocks', async () => {
    const server = await start();
    await waitUntilReady(server);
    expect(existsSync(lockFile)).toBe(true);
    const { userId, token } = await loginDemoOver(server);

    const inFlight = slowPost(server, `/user/${userId}/activity-logs`, token, {
      type: 'test_manual',
      description: IN_FLIGHT,
    });
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(await connectionRefused(server.port)).toBe(true);

    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).activity_log.description).toBe(IN_FLIGHT);

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(lockFile)).toBe(false);
  }, 90_000); // A server start on a loaded CI machine.

  it('refuses a second server on the same DATA_DIR, naming the lock', async () => {
    const first = await start();
    await waitUntilReady(first);
    try {
      const second = await start();
      const { code } = await second.exited;
      expect(code).not.toBe(0);
      expect(second.output()).toContain(lockFile);
      expect(second.output()).toContain('in use by another Pehchaan server');

      // The first one is untouched, and the write acknowledged before the SIGTERM is there.
      const { userId, token } = await loginDemoOver(first);
      const logs = await fetch(`${first.url}/user/${userId}/activity-logs`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(logs.status).toBe(200);
      const body = (await logs.json()) as { activity_logs: { description: string }[] };
      expect(body.activity_logs.map((l) => l.description)).toContain(IN_FLIGHT);
    } finally {
      first.child.kill('SIGTERM');
    }
    expect((await first.exited).code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses another master key, releases the lock and changes nothing', async () => {
    const keyFile = readFileSync(join(dataDir, 'master.key'), 'utf8');
    const server = await startServer({
      DATA_DIR: dataDir,
      MASTER_KEY: randomBytes(32).toString('hex'),
    });
    const { code } = await server.exited;
    expect(code).not.toBe(0);
    expect(server.output()).toContain('The master key does not match');
    expect(server.output()).not.toMatch(/\n\s+at /); // A message, not a stack trace.
    expect(readFileSync(join(dataDir, 'master.key'), 'utf8')).toBe(keyFile);
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses a data folder without PG_VERSION instead of creating a new database in it', async () => {
    renameSync(join(pgliteDir, 'PG_VERSION'), join(dataDir, 'PG_VERSION.saved'));
    const before = snapshot(pgliteDir);
    const server = await start();
    const { code } = await server.exited;
    expect(code).not.toBe(0);
    expect(server.output()).toContain(`The database folder ${pgliteDir} is damaged`);
    expect(server.output()).toContain('no PG_VERSION');
    expect(snapshot(pgliteDir)).toEqual(before);
    expect(existsSync(lockFile)).toBe(false);
    renameSync(join(dataDir, 'PG_VERSION.saved'), join(pgliteDir, 'PG_VERSION'));
  });

  it('refuses a data folder PGlite cannot open, and replaces none of its files', async () => {
    const control = join(pgliteDir, 'global', 'pg_control');
    writeFileSync(control, Buffer.alloc(statSync(control).size, 0xab));
    const before = snapshot(pgliteDir);
    const server = await start();
    const { code } = await server.exited;
    expect(code).not.toBe(0);
    expect(server.output()).toContain(`The database folder ${pgliteDir} is damaged`);
    expect(server.output()).toContain('Restore the folder from a backup');
    expect(snapshot(pgliteDir)).toEqual(before);
  });
});
