import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/create-db';
import { prepared } from '../src/lib/prepared';

describe('prepared (lib/prepared.ts)', () => {
  it('builds a statement once per handle and name, and again for another handle', () => {
    let builds = 0;
    const build = (handle: object) => {
      builds += 1;
      return { handle };
    };
    const first = {};
    const second = {};
    const a = prepared(first, 'q', build);
    expect(prepared(first, 'q', build)).toBe(a);
    expect(builds).toBe(1);
    expect(prepared(second, 'q', build)).not.toBe(a);
    expect(prepared(second, 'q', build).handle).toBe(second);
    expect(prepared(first, 'other', build)).not.toBe(a);
    expect(builds).toBe(3);
  });

  describe('on the embedded database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await createDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
      await database.migrate();
    });
    afterAll(async () => {
      await database.close();
    });

    it('answers each execution with the values it is given, not the first ones', async () => {
      const rows = () =>
        prepared(database.db, 'test_series', (db) =>
          db
            .select({ x: sql<number>`x` })
            .from(sql`generate_series(1, ${sql.placeholder('n')}::int) as g(x)`)
            .prepare('test_series'),
        );
      expect(rows()).toBe(rows());
      expect(await rows().execute({ n: 2 })).toEqual([{ x: 1 }, { x: 2 }]);
      expect(await rows().execute({ n: 3 })).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
    });

    it('builds a statement once per driver, and runs it in the transaction it is asked for', async () => {
      let builds = 0;
      const setting = (handle: Database['db']) =>
        prepared(handle, 'test_setting', (db) => {
          builds += 1;
          return db
            .select({ value: sql<string | null>`current_setting('pehchaan.test', true)` })
            .from(sql`(select 1) as one`)
            .prepare('test_setting');
        });
      expect(await setting(database.db).execute()).not.toEqual([{ value: 'inside' }]);
      const inside = await database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pehchaan.test', 'inside', true)`);
        // Bound to the transaction's client: on the root client it would wait for the
        // transaction to end (PGlite) and not see its transaction-local setting.
        const statement = setting(tx as unknown as Database['db']);
        expect(statement).not.toBe(setting(database.db));
        return statement.execute();
      });
      expect(inside).toEqual([{ value: 'inside' }]);
      expect(await setting(database.db).execute()).not.toEqual([{ value: 'inside' }]);
      expect(builds).toBe(1);
    });
  });
});
