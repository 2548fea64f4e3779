/**
 * Opens the database, picking the driver with one switch (STYLE principle 5, DECISIONS 5):
 * DATABASE_URL set -> a node-postgres Pool on that PostgreSQL server (one host, or several with
 * `target_session_attrs=read-write`: db/postgres-hosts.ts finds the primary and finds it again
 * after a failover); otherwise the embedded PGlite (Postgres compiled to WASM) in DATA_DIR/pglite,
 * or in memory for DATA_DIR 'memory://'.
 * Both speak the PostgreSQL dialect and run the same committed migrations (apps/server/drizzle).
 * On PostgreSQL, migrations (and the first-start seed, plugins/db.ts) run under an advisory lock,
 * so instances starting together, or `npm run migrate` beside a starting instance, never race.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { drizzleClient } from './pglite-client';
import { createTargetedPool, parseDatabaseUrl, targetedClientFactory } from './postgres-hosts';
import * as schema from './schema';

/** The committed SQL migrations, found from this file (src/db -> apps/server/drizzle). */
export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** The Drizzle handle every service uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle, as `db.transaction(async (tx) => ...)` passes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Either: services that only write take this, so callers can run them inside a transaction. */
export type DbOrTx = Db | Tx;

/** The storage type /health and /storage/status report (SPEC 7). */
export type StorageType = 'pglite' | 'postgresql';

/** An open database: the Drizzle handle plus what the status endpoints and shutdown need. */
export interface Database {
  db: Db;
  type: StorageType;
  /** A display name: the PostgreSQL database name, or the PGlite data folder ('memory' in memory). */
  name: string;
  /**
   * Applies the committed migrations that are not applied yet (idempotent). On PostgreSQL it
   * takes the startup lock (see withStartupLock) itself.
   */
  migrate(): Promise<void>;
  /** How many committed migrations the database has not applied yet (0: up to date). */
  pendingMigrations(): Promise<number>;
  /**
   * Runs `task` while holding the database-wide startup lock (PostgreSQL: a session advisory
   * lock, STARTUP_LOCK_KEY; released when `task` ends or the connection is lost; PGlite: none,
   * its data folder already belongs to one process). Callers waiting for it wait in line.
   * Re-entrant within one `task` is not supported: `migrate()` must not be called inside it.
   */
  withStartupLock<T>(task: () => Promise<T>): Promise<T>;
  /** True when a `select 1` succeeds. Never throws. */
  ping(): Promise<boolean>;
  /**
   * Listens for notifications on each of `channels` (PostgreSQL LISTEN/NOTIFY; one connection
   * for all of them) until the returned stop function is called. `up` is called once listening (again), `down` when the listening
   * connection is lost (PostgreSQL only; it reconnects with backoff, 0.5 s doubling to 5 s, and
   * calls `up` again). Between `down` and `up`, notifications may have been missed.
   * @throws when the first LISTEN fails on PGlite (never on PostgreSQL: it retries, and `up` is
   *   only called once it listens).
   */
  listen(channels: readonly string[], handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** Closes the pool or the PGlite instance. */
  close(): Promise<void>;
}

/** What `Database.listen` calls. */
export interface ListenHandlers {
  /** A notification's payload, and the channel it came on. */
  notify(payload: string, channel: string): void;
  up(): void;
  down(error: unknown): void;
}

/** The first and the longest wait before reconnecting a lost LISTEN connection (ms). */
export const LISTEN_RETRY_MS = { first: 500, max: 5_000 } as const;

/**
 * The advisory lock key every instance and `npm run migrate` take around migrations and the
 * first-start seed ('pehc' as a number; any fixed bigint would do).
 */
export const STARTUP_LOCK_KEY = 0x70656863;

export interface CreateDatabaseOptions {
  /** postgres:// URL; undefined selects PGlite. */
  databaseUrl: string | undefined;
  /** PGlite's home: DATA_DIR (absolute), or 'memory://'. Ignored with databaseUrl. */
  dataDir: string;
  /**
   * In memory only: a cluster saved by PGlite's dumpDataDir() (a tar file) to start from instead
   * of creating one (the API suites open dozens of databases; loading one takes a fraction of
   * PGlite's initdb).
   */
  loadDataDir?: Blob;
  /**
   * In memory only: an already open PGlite instance to use instead of starting one (the API
   * suites' pool of reused instances, test/helpers/backends.ts). `close()` calls its `close()`.
   */
  pglite?: PGlite;
}

/**
 * Opens (but does not migrate) the database chosen by `databaseUrl`.
 * @throws when the PGlite folder cannot be created, is locked by another running server
 *   (DataDirLockedError), or is damaged or PGlite fails to start on it (DataDirDamagedError;
 *   nothing in the folder is changed, and a new database is never created over old files).
 *   A PostgreSQL pool connects lazily, so a wrong URL surfaces at the first query (migrate).
 */
export async function createDatabase(options: CreateDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const pool = createTargetedPool(url, { max: 10 });
    const db: Db = drizzleNodePg({ client: pool, schema });
    const withStartupLock = <T>(task: () => Promise<T>) => withAdvisoryLock(pool, task);
    return {
      db,
      type: 'postgresql',
      name: parseDatabaseUrl(url).database,
      migrate: () =>
        withStartupLock(() =>
          migrateNodePg(drizzleNodePg({ client: pool, schema }), migrationConfig),
        ),
      pendingMigrations: () => pendingMigrations(db),
      withStartupLock,
      ping: () => ping(db),
      listen: (channels, handlers) => listenPostgres(url, channels, handlers),
      close: () => pool.end(),
    };
  }

  const inMemory = options.dataDir === 'memory://';
  const folder = inMemory ? 'memory://' : join(options.dataDir, 'pglite');
  let unlock = () => {};
  if (!inMemory) {
    mkdirSync(folder, { recursive: true });
    unlock = lockDataDir(join(options.dataDir, 'pglite.lock'));
  }
  let client: PGlite;
  try {
    if (!inMemory) assertIntactPgliteFolder(folder);
    client =
      inMemory && options.pglite
        ? options.pglite
        : inMemory && options.loadDataDir
          ? new PGlite({ loadDataDir: options.loadDataDir })
          : new PGlite(folder);
    await client.waitReady;
  } catch (error) {
    unlock();
    if (error instanceof DataDirDamagedError || inMemory) throw error;
    throw new DataDirDamagedError(
      folder,
      `PGlite could not open it (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  // Drizzle's per-statement parsers option answered without copying PGlite's parser table.
  const pgliteDb = drizzlePglite({ client: drizzleClient(client), schema });
  const db: Db = pgliteDb;
  return {
    db,
    type: 'pglite',
    name: inMemory ? 'memory' : `${basename(options.dataDir)}/pglite`,
    migrate: () => migratePglite(pgliteDb, migrationConfig),
    pendingMigrations: () => pendingMigrations(db),
    withStartupLock: (task) => task(),
    ping: () => ping(db),
    // PGlite runs in this process: a notification is delivered before the statement that
    // committed it resolves, and the connection cannot be lost.
    listen: async (channels, handlers) => {
      const stops: (() => Promise<void>)[] = [];
      for (const channel of channels) {
        stops.push(await client.listen(channel, (payload) => handlers.notify(payload, channel)));
      }
      handlers.up();
      return async () => {
        if (client.closed) return;
        for (const stop of stops) await stop();
      };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/** Thrown when DATA_DIR/pglite holds files PGlite cannot use; the server must not start. */
export class DataDirDamagedError extends Error {
  constructor(folder: string, reason: string) {
    super(
      `The database folder ${folder} is damaged: ${reason}. The server will not start and has ` +
        'changed nothing in it. Restore the folder from a backup, or move it away to start with ' +
        'an empty database.',
    );
    this.name = 'DataDirDamagedError';
  }
}

/**
 * PGlite creates a fresh cluster in any folder without PG_VERSION, even one full of old files:
 * that would silently start an empty database over existing data. An empty folder is a first
 * start; files without PG_VERSION are refused.
 * @throws {DataDirDamagedError}
 */
function assertIntactPgliteFolder(folder: string): void {
  if (readdirSync(folder).length === 0 || existsSync(join(folder, 'PG_VERSION'))) return;
  throw new DataDirDamagedError(
    folder,
    'it holds files but no PG_VERSION (a damaged folder, or a first start that was interrupted)',
  );
}

const migrationConfig = { migrationsFolder: MIGRATIONS_FOLDER };

/**
 * Committed migrations newer than the last one the database recorded (drizzle's own rule: its
 * `drizzle.__drizzle_migrations` table, compared by the journal's timestamps).
 */
async function pendingMigrations(db: Db): Promise<number> {
  const committed = readMigrationFiles(migrationConfig);
  // Both drivers answer { rows }; the Db type leaves execute's result untyped.
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as { rows: Record<string, string | null>[] }).rows;
  const [table] = await rows(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  const [recorded] = table?.t
    ? await rows(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`)
    : [];
  const last = Number(recorded?.last ?? Number.NEGATIVE_INFINITY);
  return committed.filter((migration) => migration.folderMillis > last).length;
}

/** Runs `task` holding the session advisory lock STARTUP_LOCK_KEY on one pooled connection. */
async function withAdvisoryLock<T>(pool: pg.Pool, task: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await task();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
    }
  } finally {
    client.release();
  }
}

/** Channel names are fixed identifiers in this code; refuse anything else before quoting. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * LISTEN on a dedicated connection (a pooled one could be handed to a query mid-LISTEN), kept
 * open and reconnected after a loss. Resolves at once; `handlers.up` follows when it listens.
 */
async function listenPostgres(
  url: string,
  channels: readonly string[],
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  for (const channel of channels) {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name '${channel}'`);
  }
  const listening = new Set(channels);
  // The same host choice as the pool: LISTEN only works on the primary (not during recovery).
  const newClient = targetedClientFactory(url);
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wait: number = LISTEN_RETRY_MS.first;

  const retry = (error: unknown) => {
    if (stopped || timer) return;
    client?.removeAllListeners();
    client?.on('error', () => {});
    void client?.end().catch(() => {});
    client = undefined;
    handlers.down(error);
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    timer.unref();
    wait = Math.min(wait * 2, LISTEN_RETRY_MS.max);
  };

  const connect = async () => {
    const next = newClient();
    client = next;
    next.on('notification', (message) => {
      if (listening.has(message.channel)) {
        handlers.notify(message.payload ?? '', message.channel);
      }
    });
    next.on('error', retry);
    next.on('end', () => retry(new Error('the LISTEN connection ended')));
    try {
      await next.connect();
      // One statement per channel, sent as one query: all or none listen.
      await next.query(channels.map((channel) => `LISTEN ${channel}`).join('; '));
    } catch (error) {
      if (client === next) retry(error);
      return;
    }
    if (stopped || client !== next) return;
    wait = LISTEN_RETRY_MS.first;
    handlers.up();
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const last = client;
    client = undefined;
    last?.removeAllListeners();
    last?.on('error', () => {});
    await last?.end().catch(() => {});
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
