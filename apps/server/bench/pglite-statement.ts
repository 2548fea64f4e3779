/**
 * CPU per Drizzle statement on PGlite with and without db/pglite-client.ts's view
 * (docs/performance.md, "The fuzz suite, per request (s40-fuzz, 2026-12-08)"): one in-memory
 * PGlite, `rounds` alternating rounds of `n` statements each way (A/B/A/B, so a change of the
 * machine's load falls on both), the median CPU (user + system of this process) per statement.
 * The statements: a primary-key select of a 1-row table with a timestamptz column (as the
 * session lookup) and `select 1`.
 *
 * Usage: npx tsx bench/pglite-statement.ts [n=2000] [rounds=5]
 */
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzleClient } from '../src/db/pglite-client';

const n = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 5);
const rows = pgTable('rows', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

const client = await PGlite.create();
await client.exec('create table rows (id int primary key, at timestamptz not null)');
await client.exec("insert into rows values (1, '2026-12-08T01:00:00Z')");
type Db = PgliteDatabase;
const plain: Db = drizzle({ client });
// The view sets the instance's nine text types once; plain Drizzle reads them the same way.
const viewed: Db = drizzle({ client: drizzleClient(client) });

const cpuUs = async (db: Db, statement: (db: Db) => Promise<unknown>) => {
  const started = process.cpuUsage();
  for (let i = 0; i < n; i++) await statement(db);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / n;
};
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const statements = {
  'select by primary key': (db: Db) => db.select().from(rows).where(eq(rows.id, 1)),
  'select 1': (db: Db) => db.execute(sql`select 1`),
};
for (const [name, statement] of Object.entries(statements)) {
  await cpuUs(plain, statement); // warm-up
  await cpuUs(viewed, statement);
  const before: number[] = [];
  const after: number[] = [];
  for (let round = 0; round < rounds; round++) {
    before.push(await cpuUs(plain, statement));
    after.push(await cpuUs(viewed, statement));
  }
  console.info(
    `${name}: ${median(before).toFixed(0)} us -> ${median(after).toFixed(0)} us CPU per statement ` +
      `(median of ${rounds} rounds of ${n}; before ${before.map((v) => v.toFixed(0)).join('/')}, after ${after.map((v) => v.toFixed(0)).join('/')})`,
  );
}
await client.close();
