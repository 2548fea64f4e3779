import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drizzleClient, TEXT_KEPT_TYPES } from '../src/db/pglite-client';
import { pgliteCluster } from './helpers/backends';

/** A table with timestamps Drizzle maps from their text itself. */
const moments = pgTable('moments', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  atText: timestamp('at_text', { mode: 'string' }).notNull(),
});

/** Every type Drizzle's parsers option names, and some PGlite parses itself. */
const SELECT_ALL = sql`select id, at, at_text, '2001-02-03'::date as day, '1 day 02:00'::interval as span,
  array['2001-02-03 04:05:06+00'::timestamptz] as ats, array['2001-02-03 04:05'::timestamp] as stamps,
  array['2001-02-03'::date] as days, array['1 hour'::interval] as spans, array[1.50::numeric] as amounts,
  '{"a":1}'::jsonb as doc, 7::int4 as n, true as yes from moments order by id`;

describe('drizzleClient (db/pglite-client.ts)', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite({ loadDataDir: await pgliteCluster('empty') });
    await client.waitReady;
    await client.exec(
      'create table moments (id int primary key, at timestamptz not null, at_text timestamp not null)',
    );
  });
  afterAll(async () => {
    await client.close();
  });

  it('gives Drizzle the rows the plain client gives, in and out of a transaction; passes other parsers on', async () => {
    type Db = ReturnType<typeof drizzle>;
    const read = async (db: Db) => ({
      typed: await db.select().from(moments).orderBy(moments.id),
      raw: (await db.execute(SELECT_ALL)).rows,
      inTransaction: await db.transaction(async (tx) => ({
        typed: await tx.select().from(moments).orderBy(moments.id),
        raw: (await tx.execute(SELECT_ALL)).rows,
      })),
    });
    const plain = drizzle({ client });
    await plain.insert(moments).values([
      { id: 1, at: new Date('2026-12-08T01:02:03.456Z'), atText: '2026-12-08 01:02:03.456' },
      { id: 2, at: new Date('1999-12-31T23:59:59Z'), atText: '1999-12-31 23:59:59' },
    ]);
    // Before the view exists: the client's own parser table, untouched.
    const expected = await read(plain);
    expect(expected.typed[0]?.at).toEqual(new Date('2026-12-08T01:02:03.456Z'));
    expect(expected.raw[0]).toMatchObject({ day: '2001-02-03', n: 7, yes: true, doc: { a: 1 } });

    const view = drizzleClient(client);
    const query = vi.spyOn(client, 'query');
    expect(await read(drizzle({ client: view }))).toEqual(expected);
    // Drizzle's statements outside the transaction reached PGlite without the parsers option.
    expect(query.mock.calls.length).toBeGreaterThan(0);
    for (const call of query.mock.calls) expect(call[2]).not.toHaveProperty('parsers');
    query.mockRestore();

    const doubled = await view.query<{ n: number }>('select 21::int4 as n', [], {
      parsers: { 23: (text) => Number(text) * 2 },
    });
    expect(doubled.rows).toEqual([{ n: 42 }]);
    // A parser of a kept type that changes the text is passed on too.
    const dated = await view.query<{ d: string }>("select '2001-02-03'::date as d", [], {
      parsers: { 1082: (text) => `day ${text}` },
    });
    expect(dated.rows).toEqual([{ d: 'day 2001-02-03' }]);
    expect(TEXT_KEPT_TYPES).toHaveLength(9);
    // The rest of the view is the client's own.
    expect(view.closed).toBe(false);
  });
});
