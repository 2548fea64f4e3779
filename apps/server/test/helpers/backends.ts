/**
 * The databases every API suite runs against (STYLE principle 9, Veramo-style: one suite, many
 * backends): an in-memory PGlite always, and PostgreSQL when TEST_DATABASE_URL is set.
 *
 * Each `open()` gives a fresh, empty, isolated database: PGlite in memory; on PostgreSQL a new
 * database with a unique name, created from TEST_DATABASE_URL's server and dropped by dispose().
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/db/create-db';

export interface OpenedDatabase {
  database: Database;
  /** PostgreSQL only: the database's URL, for a second server instance on the same data. */
  url?: string;
  dispose(): Promise<void>;
}

export interface Backend {
  name: 'pglite' | 'postgresql';
  open(): Promise<OpenedDatabase>;
}

/**
 * A freshly created, empty PGlite cluster as a tar file, made once per PGlite version and kept in
 * node_modules/.cache (parallel test workers write it under a temporary name, then rename):
 * loading it takes about 0.6 s where creating a cluster takes 2.5 to 4 s.
 */
let emptyCluster: Promise<Blob> | undefined;
function emptyPgliteCluster(): Promise<Blob> {
  emptyCluster ??= (async () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
    const { version } = JSON.parse(
      readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
    ) as { version: string };
    const file = join(root, 'node_modules/.cache/pehchaan-tests', `pglite-${version}-empty.tar`);
    if (!existsSync(file)) {
      const client = new PGlite();
      await client.waitReady;
      const dump = await client.dumpDataDir('none');
      await client.close();
      mkdirSync(dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })();
  return emptyCluster;
}

const pgliteBackend: Backend = {
  name: 'pglite',
  async open() {
    const database = await createDatabase({
      databaseUrl: undefined,
      dataDir: 'memory://',
      loadDataDir: await emptyPgliteCluster(),
    });
    return { database, dispose: () => database.close() };
  },
};

/** Connects to `url`, creating its database first (from the 'postgres' database) if missing. */
async function connectCreatingDatabase(url: URL): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    if (!(error instanceof Error && 'code' in error && error.code === '3D000')) throw error;
  }
  const maintenanceUrl = new URL(url);
  maintenanceUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenanceUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(url.pathname.slice(1))}`);
  } catch (error) {
    // Another suite created it meanwhile.
    if (!(error instanceof Error && 'code' in error && error.code === '42P04')) throw error;
  } finally {
    await admin.end();
  }
  const client2 = new pg.Client({ connectionString: url.toString() });
  await client2.connect();
  return client2;
}

function postgresBackend(testDatabaseUrl: string): Backend {
  return {
    name: 'postgresql',
    async open() {
      const baseUrl = new URL(testDatabaseUrl);
      const admin = await connectCreatingDatabase(baseUrl);
      const name = `pehchaan_t_${process.pid}_${randomBytes(4).toString('hex')}`;
      try {
        await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await admin.end();
      }
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      const database = await createDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
      return {
        database,
        url: url.toString(),
        async dispose() {
          await database.close();
          const dropper = await connectCreatingDatabase(baseUrl);
          try {
            await dropper.query(
              `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`,
            );
          } finally {
            await dropper.end();
          }
        },
      };
    },
  };
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export const backends: Backend[] = testDatabaseUrl
  ? [pgliteBackend, postgresBackend(testDatabaseUrl)]
  : [pgliteBackend];
