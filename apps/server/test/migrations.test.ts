/**
 * Migrations once per release (docs/scaling.md "Migrations", src/plugins/db.ts,
 * scripts/migrate.ts):
 * - MIGRATIONS=check: a server refuses to start on a database that lacks a committed migration,
 *   naming how many and `npm run migrate`; once migrated it starts (both backends).
 * - PostgreSQL: instances migrating the same fresh database at the same moment wait for each
 *   other on the startup advisory lock: every one succeeds and each migration is applied once.
 * - `npm run migrate` (the script) migrates and seeds a database, after which an instance with
 *   MIGRATIONS=check starts on it.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, MIGRATIONS_FOLDER } from '../src/db/create-db';
import { MigrationsPendingError } from '../src/plugins/db';
import { buildTestApp } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

const COMMITTED = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;
const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe.each(backends)('MIGRATIONS=check on $name', (backend) => {
  let opened: OpenedDatabase;

  beforeAll(async () => {
    opened = await backend.open({ empty: true });
  });
  afterAll(async () => {
    await opened?.dispose();
  });

  it('refuses to start on a database that lacks migrations, and starts once it has them', async () => {
    expect(await opened.database.pendingMigrations()).toBe(COMMITTED);
    const refused = buildTestApp(opened.database, { migrations: 'check' });
    await expect(refused).rejects.toBeInstanceOf(MigrationsPendingError);
    await expect(refused).rejects.toThrow(`lacks ${COMMITTED} migrations`);
    await expect(refused).rejects.toThrow('npm run migrate');

    await opened.database.migrate();
    expect(await opened.database.pendingMigrations()).toBe(0);
    const app = await buildTestApp(opened.database, { migrations: 'check' });
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    await app.close();
  });
});

const postgres = backends.find((backend) => backend.name === 'postgresql');

describe.skipIf(!postgres)(
  'migrations on PostgreSQL, several instances (skipped without TEST_DATABASE_URL)',
  () => {
    it('lets instances starting together migrate one fresh database: each migration applied once', async () => {
      const opened = await (postgres as NonNullable<typeof postgres>).open({ empty: true });
      const url = opened.url as string;
      const others = await Promise.all(
        [1, 2].map(() => createDatabase({ databaseUrl: url, dataDir: 'memory://' })),
      );
      try {
        const masterKey = randomBytes(32);
        // Three instances of one release start at the same moment on an empty database.
        const apps = await Promise.all(
          [opened.database, ...others].map((database) => buildTestApp(database, { masterKey })),
        );
        for (const app of apps) expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
        await Promise.all(apps.map((app) => app.close()));
        const applied = (await opened.database.db.execute(
          sql`select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { n: number; distinct_hashes: number }[] };
        expect(applied.rows[0]).toEqual({ n: COMMITTED, distinct_hashes: COMMITTED });
      } finally {
        await Promise.all(others.map((database) => database.close()));
        await opened.dispose();
      }
    });

    it('npm run migrate prepares a database on which MIGRATIONS=check instances start', async () => {
      const opened = await (postgres as NonNullable<typeof postgres>).open({ empty: true });
      try {
        const masterKey = randomBytes(32);
        const run = spawnSync(
          process.execPath,
          ['--import', 'tsx', resolve(SERVER_DIR, 'scripts/migrate.ts')],
          {
            cwd: SERVER_DIR,
            encoding: 'utf8',
            env: {
              PATH: process.env.PATH ?? '',
              DATABASE_URL: opened.url,
              MASTER_KEY: masterKey.toString('hex'),
              LOG_LEVEL: 'warn',
            },
            timeout: 120_000,
          },
        );
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toContain(`${COMMITTED} migration(s) applied, 0 pending`);
        const app = await buildTestApp(opened.database, { migrations: 'check', masterKey });
        expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
        await app.close();
      } finally {
        await opened.dispose();
      }
    });
  },
);
