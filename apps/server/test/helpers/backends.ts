/**
 * The databases every API suite runs against (STYLE principle 9, Veramo-style: one suite, many
 * backends): an in-memory PGlite always, and PostgreSQL when TEST_DATABASE_URL is set.
 *
 * Each `open()` gives an isolated database with the committed migrations applied and nothing
 * else (no seed: the app seeds it on start, with the test's own master key), or an empty one with
 * `{ empty: true }`: PGlite in memory, loaded from a saved cluster; on PostgreSQL a database with
 * a unique name on TEST_DATABASE_URL's server, copied from a migrated template database (or
 * created empty). The saved cluster and the template are made once per version of the
 * migrations (MIGRATIONS_KEY), so each suite skips migrating: the app's own `migrate()` at start
 * finds nothing to apply.
 *
 * Migrated databases are reused within a worker process (the server project runs file after file
 * in one worker, vitest.config.ts): `dispose()` empties the database and hands it out again to a
 * later `open()` only when it then equals a freshly opened one (DATABASE_STATE_SQL: the same
 * schema, every table empty, sequences at their start, no session state left), else it is closed
 * (PGlite) or dropped (PostgreSQL). Opening a PGlite instance costs about 0.5 s of CPU and a
 * PostgreSQL copy of the template more of the server's; emptying one costs a few statements
 * (docs/performance.md "Vitest: databases reused per worker"). After `dispose()` the handed-out
 * handle refuses every query ("PGlite is closed" / the pool is ended), so work a file left
 * running cannot write into the next file's database. Empty databases are never reused.
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
import { keptDatabaseName } from './kept-databases';

export interface OpenedDatabase {
  database: Database;
  /** PostgreSQL only: the database's URL, for a second server instance on the same data. */
  url?: string;
  /**
   * How many `open()`s had this database before, emptied after each (0: freshly opened). The
   * pool's own test reads it; suites need not.
   */
  reuses: number;
  /**
   * Ends this use: the handle is closed for the caller, then the database is emptied and kept
   * for a later `open()` of this worker, or closed (PGlite) / dropped (PostgreSQL).
   */
  dispose(): Promise<void>;
}

export interface Backend {
  name: 'pglite' | 'postgresql';
  /**
   * A database with the committed migrations applied and nothing else, or without even the
   * migrations when `empty` (always newly made). `fresh`: a newly made one, never one a worker
   * kept (the pool's own test compares the kept ones against it).
   */
  open(options?: { empty?: boolean; fresh?: boolean }): Promise<OpenedDatabase>;
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

/**
 * The state a reused database must have to be handed out again, as one text (one line per
 * item, sorted), read by one statement on the database's own connection: its schema
 * (namespaces, relations with their kind, persistence, row security and grants, columns with
 * type, nullability and default, constraints, indexes, triggers, functions, types, enum labels,
 * rules, policies, extensions, the database's own settings), the sequences' positions, the
 * applied migrations (drizzle.__drizzle_migrations), large objects and prepared transactions,
 * and the session's state: settings not at their default, LISTEN channels, advisory locks held,
 * prepared statements and open cursors. Temporary relations show as relations. OIDs and file
 * nodes are left out (TRUNCATE gives a table new files; nothing reads them). Row counts are
 * not in it: emptyTables empties every table, and the pool's own test counts the rows. Sorted
 * byte-wise (collate "C"): a locale-aware sort of its thousand lines doubled its cost on PGlite.
 */
export const DATABASE_STATE_SQL = `
with ns as (
  select oid, nspname from pg_namespace
  where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%'
)
select string_agg(line, E'\\n' order by line collate "C") as state from (
  select 'namespace ' || nspname as line from ns where nspname not like 'pg\\_temp\\_%'
  union all
  select 'relation ' || ns.nspname || '.' || c.relname || ' ' || c.relkind::text || c.relpersistence::text
    || c.relrowsecurity::text || ' ' || coalesce(c.relacl::text, '')
    || coalesce(' ' || case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end, '')
  from pg_class c join ns on ns.oid = c.relnamespace
  union all
  select 'column ' || ns.nspname || '.' || c.relname || '.' || a.attname || ' ' || a.attnum || ' '
    || format_type(a.atttypid, a.atttypmod) || case when a.attnotnull then ' not null' else '' end
    || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') || a.attidentity::text
    || a.attgenerated::text
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join ns on ns.oid = c.relnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attnum > 0 and not a.attisdropped
  union all
  select 'constraint ' || ns.nspname || ' ' || co.conrelid::regclass::text || ' ' || co.conname
    || ' ' || pg_get_constraintdef(co.oid)
  from pg_constraint co join ns on ns.oid = co.connamespace
  union all
  select 'index ' || pg_get_indexdef(i.indexrelid)
  from pg_index i join pg_class c on c.oid = i.indexrelid join ns on ns.oid = c.relnamespace
  union all
  select 'trigger ' || pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text
  from pg_trigger t join pg_class c on c.oid = t.tgrelid join ns on ns.oid = c.relnamespace
  where not t.tgisinternal
  union all
  select 'function ' || p.oid::regprocedure::text || ' ' || p.prokind::text || ' '
    || md5(coalesce(p.prosrc, '')) || ' ' || coalesce(p.proconfig::text, '')
  from pg_proc p join ns on ns.oid = p.pronamespace
  union all
  select 'type ' || ns.nspname || '.' || t.typname || ' ' || t.typtype::text
  from pg_type t join ns on ns.oid = t.typnamespace
  union all
  select 'enum ' || e.enumtypid::regtype::text || ' ' || e.enumsortorder || ' ' || e.enumlabel
  from pg_enum e
  union all
  select 'rule ' || schemaname || '.' || tablename || ' ' || rulename || ' ' || definition
  from pg_rules where schemaname not in ('pg_catalog', 'information_schema')
  union all
  select 'policy ' || schemaname || '.' || tablename || ' ' || policyname || ' '
    || coalesce(qual, '') || ' ' || coalesce(with_check, '')
  from pg_policies
  union all
  select 'extension ' || extname || ' ' || extversion from pg_extension
  union all
  select 'database setting ' || array_to_string(s.setconfig, ',')
  from pg_db_role_setting s join pg_database db on db.oid = s.setdatabase
  where db.datname = current_database()
  union all
  select 'sequence ' || schemaname || '.' || sequencename || ' '
    || coalesce(last_value::text, 'unused')
  from pg_sequences
  union all
  select 'migration ' || hash || ' ' || created_at from drizzle.__drizzle_migrations
  union all
  select 'large objects ' || count(*) from pg_largeobject_metadata
  union all
  select 'prepared transaction ' || gid from pg_prepared_xacts where database = current_database()
  union all
  select 'setting ' || name || '=' || coalesce(setting, '') from pg_settings where source <> 'default'
  union all
  select 'listening ' || channel from pg_listening_channels() channel
  union all
  select 'advisory lock ' || l.objid || ' ' || l.mode
  from pg_locks l join pg_database db on db.oid = l.database
  where l.locktype = 'advisory' and db.datname = current_database()
  union all
  select 'prepared statement ' || name from pg_prepared_statements
  union all
  select 'cursor ' || name from pg_cursors
) lines`;

/** The tables a reused database is emptied of: all but the catalogs' and `drizzle`'s. */
const TABLES_SQL = `
select format('%I.%I', n.nspname, c.relname) as name
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p') and c.relpersistence <> 't'
  and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
  and n.nspname not like 'pg\\_%'
order by 1`;

/** What a freshly opened database of a backend is: its state and its tables. */
interface FreshDatabase {
  /** DATABASE_STATE_SQL's text. */
  state: string;
  /** TABLES_SQL's names, schema-qualified and quoted where needed. */
  tables: string[];
}

/** Runs one statement, answering rows as objects (PGlite's and node-postgres's `query`). */
type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Reads a database's FreshDatabase through `query`. */
async function readFresh(query: Query): Promise<FreshDatabase> {
  const state = (await query(DATABASE_STATE_SQL)).rows[0]?.state;
  const tables = (await query(TABLES_SQL)).rows.map((row) => String(row.name));
  return { state: String(state), tables };
}

/**
 * Empties `tables` (a fresh database's, so the `drizzle` schema's record of the applied
 * migrations stays): one statement asks which hold a row, then one TRUNCATE ... RESTART
 * IDENTITY CASCADE of those (an empty table is left as it is: truncating all thirty costs
 * about 100 ms of CPU on PGlite, asking about 8 ms). A table a suite added is not emptied here;
 * the state check after refuses the database.
 */
async function emptyTables(query: Query, tables: readonly string[]): Promise<void> {
  const found = await query(
    `select ${tables.map((table, index) => `exists (select 1 from ${table}) as t${index}`).join(', ')}`,
  );
  const row = found.rows[0] ?? {};
  const filled = tables.filter((_, index) => row[`t${index}`] === true);
  if (filled.length > 0) await query(`truncate ${filled.join(', ')} restart identity cascade`);
}

/**
 * How many used databases a worker keeps per backend (files that open several at once): 2, or 0
 * with PEHCHAAN_TEST_DB_REUSE=off (every database closed or dropped at dispose, as before the
 * pool: for measuring, or for a suite suspected of depending on another's leftovers).
 */
const KEPT_PER_WORKER = process.env.PEHCHAAN_TEST_DB_REUSE === 'off' ? 0 : 2;

/** A database handle lent to one `open()`: the instance behind it and how to take it back. */
interface PgliteLease {
  client: PGlite;
  /** Closes the handle for its user (every later call rejects) and stops its listeners. */
  release(): Promise<void>;
}

/** The PGlite methods that reach the database: refused once the lease is released. */
const PGLITE_CALLS = new Set<PropertyKey>([
  'query',
  'sql',
  'exec',
  'transaction',
  'unlisten',
  'describeQuery',
  'execProtocol',
  'execProtocolRaw',
  'execProtocolStream',
  'execProtocolRawStream',
  'runExclusive',
  'dumpDataDir',
  'clone',
]);

/**
 * Lends `client` to one user: a Proxy that answers as the instance itself (drizzle and
 * createDatabase see a PGlite) until released; then `closed` is true, `close()` does nothing
 * more, and every call that reaches the database rejects with PGlite's own "PGlite is closed".
 * `listen` is tracked, so release() removes the user's notification callbacks (PGlite keeps them
 * per instance, and a later user's LISTEN on the same channel would call them too).
 */
function lendPglite(client: PGlite): PgliteLease {
  let released = false;
  const stops = new Set<() => Promise<void>>();
  const closedError = () => Promise.reject(new Error('PGlite is closed'));
  const lent = new Proxy(client, {
    get(target, property) {
      if (property === 'closed') return released || target.closed;
      if (property === 'close') {
        return async () => {
          released = true;
        };
      }
      if (property === 'listen') {
        return async (channel: string, callback: (payload: string) => void) => {
          if (released) return closedError();
          const stop = await target.listen(channel, callback);
          const stopOnce = async () => {
            if (stops.delete(stopOnce) && !target.closed) await stop();
          };
          stops.add(stopOnce);
          return stopOnce;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!PGLITE_CALLS.has(property)) return value.bind(target);
      return (...args: unknown[]) => (released ? closedError() : value.apply(target, args));
    },
  });
  return {
    client: lent,
    async release() {
      released = true;
      for (const stop of [...stops]) await stop().catch(() => {});
    },
  };
}

/** `query` on a PGlite instance. */
const pgliteQuery =
  (client: PGlite): Query =>
  (text) =>
    client.query<Record<string, unknown>>(text);

/** Used PGlite instances of this worker, emptied, waiting for the next `open()`. */
const keptPglite: PGlite[] = [];
/** How many times each kept instance was handed out before. */
const pgliteReuses = new WeakMap<PGlite, number>();
/** A freshly opened migrated instance's state and tables (read from the first one). */
let freshPglite: Promise<FreshDatabase> | undefined;

/**
 * Takes `client` back after a use: DISCARD ALL (session settings, LISTENs, advisory locks,
 * prepared statements, cursors, temporary tables), emptyTables, then keeps it if its
 * state equals a fresh instance's and fewer than KEPT_PER_WORKER are kept; else closes it.
 * Never throws: an instance that cannot be emptied is closed.
 */
async function takeBackPglite(client: PGlite, reuses: number): Promise<void> {
  try {
    if (!client.closed && keptPglite.length < KEPT_PER_WORKER) {
      const fresh = await freshPglite;
      if (!fresh) throw new Error('no fresh state');
      await client.exec('DISCARD ALL');
      await emptyTables(pgliteQuery(client), fresh.tables);
      if ((await readFresh(pgliteQuery(client))).state === fresh.state) {
        pgliteReuses.set(client, reuses + 1);
        keptPglite.push(client);
        return;
      }
    }
  } catch {
    // Not reusable: closed below.
  }
  await client.close().catch(() => {});
}

const pgliteBackend: Backend = {
  name: 'pglite',
  async open(options = {}) {
    if (options.empty) {
      const database = await createDatabase({
        databaseUrl: undefined,
        dataDir: 'memory://',
        loadDataDir: await pgliteCluster('empty'),
      });
      return { database, reuses: 0, dispose: () => database.close() };
    }
    let client = options.fresh ? undefined : keptPglite.pop();
    if (!client) {
      client = new PGlite({ loadDataDir: await pgliteCluster('migrated') });
      await client.waitReady;
      if (!freshPglite && KEPT_PER_WORKER > 0) {
        freshPglite = readFresh(pgliteQuery(client));
        freshPglite.catch(() => {
          freshPglite = undefined;
        });
      }
      await freshPglite;
    }
    const reuses = pgliteReuses.get(client) ?? 0;
    const lease = lendPglite(client);
    const database = await createDatabase({
      databaseUrl: undefined,
      dataDir: 'memory://',
      pglite: lease.client,
    });
    let disposed: Promise<void> | undefined;
    return {
      database,
      reuses,
      dispose() {
        disposed ??= (async () => {
          await database.close();
          await lease.release();
          await takeBackPglite(client, reuses);
        })();
        return disposed;
      },
    };
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

/** Runs `task` on a new connection to `url` (ended after). */
async function onConnection<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/** `query` on a node-postgres client. */
const postgresQuery =
  (client: pg.Client): Query =>
  (text) =>
    client.query<Record<string, unknown>>(text);

/**
 * Ends every other connection to the database `client` is on (a child server a suite started,
 * a second pool on `url`) and waits until they are gone (up to 5 s).
 * @throws when one is still there after 5 s.
 */
async function endOtherConnections(client: pg.Client): Promise<void> {
  const others =
    'FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';
  await client.query(`SELECT pg_terminate_backend(pid) ${others}`);
  for (let attempt = 0; ; attempt += 1) {
    const left = await client.query<{ n: number }>(`SELECT count(*)::int AS n ${others}`);
    if (left.rows[0]?.n === 0) return;
    if (attempt === 100) throw new Error('connections to a used test database did not end');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function postgresBackend(testDatabaseUrl: string): Backend {
  const baseUrl = new URL(testDatabaseUrl);
  /** Used databases of this worker, emptied, waiting for the next `open()`. */
  const kept: { name: string; reuses: number }[] = [];
  /** A database freshly copied from the template: its state and tables (the first one). */
  let freshState: Promise<FreshDatabase> | undefined;
  const urlOf = (name: string) => {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const drop = async (name: string) => {
    const dropper = await connectCreatingDatabase(baseUrl);
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  };
  const create = async (name: string, from: string | undefined) => {
    const admin = await connectCreatingDatabase(baseUrl);
    try {
      await admin.query(
        `CREATE DATABASE ${pg.escapeIdentifier(name)}${from ? ` TEMPLATE ${pg.escapeIdentifier(from)}` : ''}`,
      );
    } finally {
      await admin.end();
    }
  };
  /**
   * Takes the database `name` back after a use: other connections ended, emptyTables, and
   * kept if its state then equals a fresh copy's and fewer than KEPT_PER_WORKER are kept; else
   * dropped.
   */
  const takeBack = async (name: string, reuses: number) => {
    try {
      if (kept.length < KEPT_PER_WORKER) {
        const fresh = await freshState;
        if (!fresh) throw new Error('no fresh state');
        const state = await onConnection(urlOf(name), async (client) => {
          await endOtherConnections(client);
          await emptyTables(postgresQuery(client), fresh.tables);
          return (await readFresh(postgresQuery(client))).state;
        });
        if (state === fresh.state) {
          kept.push({ name, reuses: reuses + 1 });
          return;
        }
      }
    } catch {
      // Not reusable: dropped below.
    }
    await drop(name);
  };
  return {
    name: 'postgresql',
    async open(options = {}) {
      if (options.empty) {
        const name = `pehchaan_t_${process.pid}_${randomBytes(4).toString('hex')}`;
        await create(name, undefined);
        const database = await createDatabase({ databaseUrl: urlOf(name), dataDir: 'memory://' });
        return {
          database,
          url: urlOf(name),
          reuses: 0,
          async dispose() {
            await database.close();
            await drop(name);
          },
        };
      }
      const reused = options.fresh ? undefined : kept.pop();
      let name = reused?.name;
      const reuses = reused?.reuses ?? 0;
      if (!name) {
        name = keptDatabaseName();
        await create(name, await migratedTemplate(baseUrl));
        if (!freshState && KEPT_PER_WORKER > 0) {
          freshState = onConnection(urlOf(name), (client) => readFresh(postgresQuery(client)));
          freshState.catch(() => {
            freshState = undefined;
          });
        }
        await freshState;
      }
      const used = name;
      const database = await createDatabase({ databaseUrl: urlOf(used), dataDir: 'memory://' });
      let disposed: Promise<void> | undefined;
      return {
        database,
        url: urlOf(used),
        reuses,
        dispose() {
          disposed ??= (async () => {
            await database.close();
            await takeBack(used, reuses);
          })();
          return disposed;
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
