/**
 * The databases every API suite runs against (STYLE principle 9, Veramo-style: one suite, many
 * backends): an in-memory PGlite always, and PostgreSQL when TEST_DATABASE_URL is set.
 *
 * Each `open()` gives a fresh, isolated database with the committed migrations applied and
 * nothing else (no seed: the app seeds it on start, with the test's own master key), or an empty
 * one with `{ empty: true }`: PGlite in memory, loaded from a saved cluster; on PostgreSQL a new
 * database with a unique name on TEST_DATABASE_URL's server, copied from a migrated template
 * database (or created empty), dropped by dispose(). The saved cluster and the template are made
 * once per version of the migrations (MIGRATIONS_KEY), so each suite skips migrating: the app's
 * own `migrate()` at start finds nothing to apply.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createDatabase, type Database, MIGRATIONS_FOLDER } from '../../src/db/create-db';

export interface OpenedDatabase {
  database: Database;
  /** PostgreSQL only: the database's URL, for a second server instance on the same data. */
  url?: string;
  dispose(): Promise<void>;
}

export interface Backend {
  name: 'pglite' | 'postgresql';
  /** A fresh database: migrated, or without even the migrations when `empty`. */
  open(options?: { empty?: boolean }): Promise<OpenedDatabase>;
}

/**
 * Where the saved databases are kept: PEHCHAAN_TEST_CACHE (set by .ci/run), else
 * ~/.cache/pehchaan-tests. Outside the clone, so a fresh clone of the same commit reuses them.
 */
const CACHE_DIR =
  process.env.PEHCHAAN_TEST_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'pehchaan-tests');

const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(
      join(
        dirname(fileURLToPath(import.meta.url)),
        '../../../../node_modules/@electric-sql/pglite/package.json',
      ),
      'utf8',
    ),
  ) as { version: string }
).version;

/**
 * The key of the migrated databases: a SHA-256 over the committed migrations (every file of
 * apps/server/drizzle, journal included, names and contents), so a changed or added migration
 * makes a new one and a stale one is never used.
 */
const MIGRATIONS_KEY = (() => {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${relative(MIGRATIONS_FOLDER, path)}\0`).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
})();

/** Writes `data` to `file` under a temporary name, then renames (parallel workers race safely). */
function writeAtomically(file: string, data: Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, data);
  renameSync(partial, file);
}

/**
 * A PGlite cluster as a tar file, made once and kept in CACHE_DIR: `empty` a freshly created one
 * (per PGlite version and CLUSTER_LAYOUT), else one with the committed migrations applied (also
 * per MIGRATIONS_KEY). Loading one takes a fraction of creating a cluster (2.5 to 4 s) and of
 * migrating it (about 1 s).
 *
 * The cluster is made small, since every suite loads it (about a hundred times a run, each a
 * copy into PGlite's in-memory file system): WAL segments of 1 MB instead of 16 (initdb
 * `--wal-segsize=1`) and without the template databases (template0, template1), which only
 * CREATE DATABASE reads and no suite runs on PGlite. 42.4 MB -> 16.7 MB, and 791 -> 528 ms of
 * CPU to open and close one (docs/performance.md, "Session 38").
 */
const clusters = new Map<string, Promise<Blob>>();
/** Names how the empty cluster is made (above): a change of it makes new saved clusters. */
const CLUSTER_LAYOUT = 'wal1-notemplates';
export function pgliteCluster(kind: 'empty' | 'migrated'): Promise<Blob> {
  const name =
    kind === 'empty'
      ? `pglite-${PGLITE_VERSION}-${CLUSTER_LAYOUT}-empty.tar`
      : `pglite-${PGLITE_VERSION}-${CLUSTER_LAYOUT}-migrated-${MIGRATIONS_KEY}.tar`;
  let cluster = clusters.get(name);
  if (!cluster) {
    cluster = (async () => {
      const file = join(CACHE_DIR, name);
      if (!existsSync(file)) {
        const client =
          kind === 'empty'
            ? new PGlite({ initDbStartParams: ['--wal-segsize=1'] })
            : new PGlite({ loadDataDir: await pgliteCluster('empty') });
        await client.waitReady;
        if (kind === 'empty') {
          await client.exec(
            "UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')",
          );
          await client.exec('DROP DATABASE template0');
          await client.exec('DROP DATABASE template1');
        } else {
          await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
        }
        await client.exec('CHECKPOINT');
        const dump = await client.dumpDataDir('none');
        await client.close();
        writeAtomically(file, Buffer.from(await dump.arrayBuffer()));
      }
      return new Blob([readFileSync(file)]);
    })();
    clusters.set(name, cluster);
  }
  return cluster;
}

const pgliteBackend: Backend = {
  name: 'pglite',
  async open(options = {}) {
    const database = await createDatabase({
      databaseUrl: undefined,
      dataDir: 'memory://',
      loadDataDir: await pgliteCluster(options.empty ? 'empty' : 'migrated'),
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

/**
 * The name of the migrated template database on the server of `baseUrl`, created (once per
 * MIGRATIONS_KEY, whichever worker gets there first) under a temporary name, migrated, then
 * renamed: a database being copied must have no connection, and a half-migrated one is never
 * seen under the final name. Templates of older migrations stay (a few MB each; other clones
 * on the same server may still use them).
 */
let template: Promise<string> | undefined;
function migratedTemplate(baseUrl: URL): Promise<string> {
  template ??= (async () => {
    const name = `pehchaan_tpl_${MIGRATIONS_KEY}`;
    const admin = await connectCreatingDatabase(baseUrl);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      const partial = `${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(partial)}`);
      const url = new URL(baseUrl);
      url.pathname = `/${partial}`;
      const database = await createDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      for (let attempt = 1; ; attempt += 1) {
        try {
          await admin.query(
            `ALTER DATABASE ${pg.escapeIdentifier(partial)} RENAME TO ${pg.escapeIdentifier(name)}`,
          );
          return name;
        } catch (error) {
          const code = error instanceof Error && 'code' in error ? error.code : undefined;
          // Another worker's template got the name first: use it, drop ours.
          if (code === '42P04') {
            await admin.query(
              `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(partial)} WITH (FORCE)`,
            );
            return name;
          }
          // 55006: the backend of the migration's closed pool has not exited yet; it will.
          if (code !== '55006' || attempt === 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    } finally {
      await admin.end();
    }
  })();
  template.catch(() => {
    template = undefined;
  });
  return template;
}

function postgresBackend(testDatabaseUrl: string): Backend {
  return {
    name: 'postgresql',
    async open(options = {}) {
      const baseUrl = new URL(testDatabaseUrl);
      const from = options.empty ? undefined : await migratedTemplate(baseUrl);
      const admin = await connectCreatingDatabase(baseUrl);
      const name = `pehchaan_t_${process.pid}_${randomBytes(4).toString('hex')}`;
      try {
        await admin.query(
          `CREATE DATABASE ${pg.escapeIdentifier(name)}${from ? ` TEMPLATE ${pg.escapeIdentifier(from)}` : ''}`,
        );
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
