/**
 * Prepared statements built once per database handle (docs/performance.md "Session 38": CPU
 * per operation of the flows, on both of SPEC 7's drivers): a hot query's SQL text is built by Drizzle's
 * query builder at its first use on a handle and reused after, its values passed as
 * placeholders (`sql.placeholder(name)`), so each call costs the execution only, not the
 * building of the same text again (about 0.1-0.3 ms of CPU per statement).
 *
 * `prepared(db, name, build)` returns `build(db)`'s prepared query, made once per handle
 * (WeakMap: a handle no longer used, a transaction's for instance, takes its statements with
 * it). `name` identifies the statement: one name, one SQL text (it is the server-side statement
 * name on PostgreSQL, where node-postgres prepares it once per connection; PGlite ignores it).
 * A statement built on `db` runs on `db`'s connection: pass the transaction handle, not the
 * root handle, for a statement that must run inside a transaction.
 *
 * Throws only what `build` throws.
 */

/** The statements built so far, per database or transaction handle, by name. */
const statements = new WeakMap<object, Map<string, unknown>>();

/** See the module docs. */
export function prepared<H extends object, P>(handle: H, name: string, build: (handle: H) => P): P {
  let byName = statements.get(handle);
  if (!byName) {
    byName = new Map();
    statements.set(handle, byName);
  }
  let statement = byName.get(name) as P | undefined;
  if (statement === undefined) {
    statement = build(handle);
    byName.set(name, statement);
  }
  return statement;
}
