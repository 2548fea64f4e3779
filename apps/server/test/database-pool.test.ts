/**
 * The test databases a worker reuses (test/helpers/backends.ts): a database a suite used and
 * disposed is handed out again only as a freshly opened one, on every backend. Compared with a
 * database freshly made from the saved cluster or template: the schema and session state
 * (DATABASE_STATE_SQL: settings, LISTEN channels, advisory locks, prepared statements, cursors,
 * temporary tables, sequences, applied migrations) and the exact row count of every table.
 * The old handle refuses every query after dispose, so work a suite left running cannot write
 * into the next suite's database, and a suite that changed the schema gets its database closed
 * (PGlite) or dropped (PostgreSQL), never handed out.
 */
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/create-db';
import { MIGRATIONS_FOLDER } from '../src/db/create-db';
import { HOLDER_CHANGED_CHANNEL } from '../src/plugins/read-cache';
import { bearer, buildTestApp, loginDemo, PRIMARY } from './helpers/app';
import { backends, DATABASE_STATE_SQL, type OpenedDatabase } from './helpers/backends';

const COMMITTED = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;

type Rows<T> = { rows: T[] };

/** DATABASE_STATE_SQL read on the database's own connection. */
async function stateOf(database: Database): Promise<string> {
  const result = (await database.db.execute(sql.raw(DATABASE_STATE_SQL))) as unknown as Rows<{
    state: string;
  }>;
  return result.rows[0]?.state ?? '';
}

/** The exact row count of every table outside the catalogs, by schema-qualified name. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = (await database.db.execute(
    sql`select format('%I.%I', n.nspname, c.relname) as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_%'
        order by 1`,
  )) as unknown as Rows<{ name: string }>;
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const counted = (await database.db.execute(
      sql.raw(`select count(*)::int as n from ${name}`),
    )) as unknown as Rows<{ n: number }>;
    counts[name] = counted.rows[0]?.n ?? -1;
  }
  return counts;
}

// Skipped when the reuse is turned off (PEHCHAAN_TEST_DB_REUSE=off: nothing is kept).
// Several databases opened, apps started and catalogs read per test: more than the project's 30 s
// on a loaded machine.
describe.skipIf(process.env.PEHCHAAN_TEST_DB_REUSE === 'off').each(backends)(
  'test databases reused per worker on $name',
  { timeout: 120_000 },
  (backend) => {
    it('hands a used database out again only emptied, as a freshly opened one', async () => {
      const fresh = await backend.open({ fresh: true });
      const freshState = await stateOf(fresh.database);
      const freshCounts = await rowCounts(fresh.database);
      await fresh.dispose();
      expect(freshCounts['drizzle.__drizzle_migrations']).toBe(COMMITTED);
      expect(Object.keys(freshCounts).length).toBeGreaterThan(20);
      expect(
        Object.entries(freshCounts).filter(([name, n]) => n > 0 && !name.startsWith('drizzle.')),
      ).toEqual([]);

      // A suite's use: the app seeds it, a holder signs in and writes; then what a suite could
      // leave in its session (PGlite keeps one session for every user of the instance).
      const used = await backend.open();
      const app = await buildTestApp(used.database);
      const token = await loginDemo(app);
      const generated = await app.inject({
        method: 'POST',
        url: `/identity/generate-credential?user_id=${PRIMARY.userId}&document_type=pan`,
        headers: bearer(token),
      });
      expect(generated.statusCode).toBe(200);
      await app.close();
      const notified: string[] = [];
      const stopListening = await used.database.listen(
        ['pool_test_channel', HOLDER_CHANGED_CHANNEL],
        {
          notify: (payload) => notified.push(payload),
          up() {},
          down() {},
        },
      );
      // PostgreSQL listens on a connection of its own, which its owner ends (and which the pool
      // ends when left open); PGlite keeps the callbacks per instance: left registered here.
      if (backend.name === 'postgresql') await stopListening();
      await used.database.db.transaction(async (tx) => {
        for (const statement of [
          "select set_config('work_mem', '7MB', false)",
          "select set_config('pehchaan.pool_test', 'left', false)",
          'create temporary table pool_test_scratch (x int)',
          'select pg_advisory_lock(4242)',
          'prepare pool_test_statement as select 1',
          'declare pool_test_cursor cursor with hold for select 1',
        ]) {
          await tx.execute(sql.raw(statement));
        }
      });
      const counts = await rowCounts(used.database);
      expect(counts['public.users']).toBeGreaterThan(0);
      expect(counts['public.credentials']).toBeGreaterThan(0);
      if (backend.name === 'pglite') {
        // The check sees what the session kept (on PostgreSQL it ends with the pool).
        const usedState = await stateOf(used.database);
        for (const line of [
          'setting work_mem=7168',
          'listening pool_test_channel',
          'advisory lock 4242 ExclusiveLock',
          'prepared statement pool_test_statement',
          'cursor pool_test_cursor',
        ]) {
          expect(usedState.split('\n')).toContain(line);
        }
        expect(usedState).toMatch(/^relation pg_temp_\d+\.pool_test_scratch /m);
        const custom = (await used.database.db.execute(
          sql`select current_setting('pehchaan.pool_test', true) as value`,
        )) as unknown as Rows<{ value: string }>;
        expect(custom.rows[0]?.value).toBe('left');
      }
      await used.dispose();

      // The old handle is closed for its suite.
      await expect(used.database.db.execute(sql`select 1`)).rejects.toThrow();

      const again = await backend.open();
      try {
        expect(again.reuses).toBeGreaterThan(0);
        expect(await stateOf(again.database)).toBe(freshState);
        expect(await rowCounts(again.database)).toEqual(freshCounts);
        // A custom setting is not in pg_settings: read it by name.
        const custom = (await again.database.db.execute(
          sql`select coalesce(current_setting('pehchaan.pool_test', true), '') as value`,
        )) as unknown as Rows<{ value: string }>;
        expect(custom.rows[0]?.value).toBe('');
        // The old suite's notification callbacks are gone.
        await again.database.db.execute(
          sql`select pg_notify('pool_test_channel', 'after'), pg_notify(${HOLDER_CHANGED_CHANNEL}, 'after')`,
        );
        expect(notified).toEqual([]);
        // And an app starts on it as on a fresh one (first start: seeded again).
        const next = await buildTestApp(again.database);
        await loginDemo(next);
        await next.close();
      } finally {
        await again.dispose();
      }
    });

    it('never hands out again a database whose schema a suite changed', async () => {
      const changed: OpenedDatabase = await backend.open();
      await changed.database.db.execute(sql`alter table credentials rename to credentials_gone`);
      await changed.database.db.execute(sql`alter table users add column pool_test_extra int`);
      await changed.dispose();

      const fresh = await backend.open({ fresh: true });
      const freshState = await stateOf(fresh.database);
      const next = await backend.open();
      try {
        expect(await stateOf(next.database)).toBe(freshState);
        const gone = (await next.database.db.execute(
          sql`select to_regclass('credentials_gone')::text as gone, to_regclass('credentials')::text as kept`,
        )) as unknown as Rows<{ gone: string | null; kept: string | null }>;
        expect(gone.rows[0]).toEqual({ gone: null, kept: 'credentials' });
      } finally {
        await next.dispose();
        await fresh.dispose();
      }
    });
  },
);
