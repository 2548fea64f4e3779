/**
 * The PGlite client as Drizzle's driver uses it, without a copy of PGlite's type parser table
 * per statement (docs/performance.md, "The fuzz suite, per request").
 *
 * Drizzle's PGlite driver (drizzle-orm/pglite/session.js) passes every statement the option
 * `parsers`: nine type ids (timestamp, timestamptz, interval, date and the arrays numeric[],
 * timestamp[], timestamptz[], interval[], date[]) whose text it maps itself, each parsed by an
 * identity function. PGlite answers an option `parsers` by merging it into a new copy of the
 * instance's whole table (`{ ...this.parsers, ...options.parsers }`: 318 entries, most of them
 * its array types), once per statement: about 40-100 microseconds of CPU and an object for the
 * garbage collector, against 350-800 for a whole `select 1`.
 *
 * `drizzleClient(client)` sets those nine ids to keep their text in the instance's own table
 * once, then hands Drizzle a view of `client` whose `query` (also inside a transaction) leaves
 * out an option `parsers` that asks for nothing else: every one of its type ids is one of the
 * nine that the instance's table already keeps as text, and each of its functions returns its
 * input unchanged. Rows come out exactly as before; any other `parsers` option is passed on as
 * it is. Everything else is the client's own (`listen`, `close`, `closed`, ...).
 *
 * The instance's own table then reads those nine types as text for any caller of the raw
 * client; only Drizzle reads rows through it (LISTEN, used by db/create-db.ts, returns none).
 * Throws nothing of its own.
 */
import { type PGlite, type QueryOptions, types } from '@electric-sql/pglite';

/** The type ids whose text Drizzle's PGlite driver maps itself (see the module docs). */
export const TEXT_KEPT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const KEPT = new Set(TEXT_KEPT_TYPES);

/** A parser that keeps a value's text. */
const keepText = (value: string) => value;

/** A text no identity parser changes, to check that a passed parser is one. */
const PROBE = '2001-02-03 04:05:06.789+00';

type Query = PGlite['query'];

/**
 * `options` without its `parsers` when `table` already gives the same answers: every type id
 * in them is one of TEXT_KEPT_TYPES, still kept as text in `table`, and each function keeps its
 * input. Otherwise `options` as it is.
 */
function withoutKeptParsers(
  table: PGlite['parsers'],
  options: QueryOptions | undefined,
): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const key in parsers) {
    const type = Number(key);
    const parser = parsers[type];
    if (!KEPT.has(type) || table[type] !== keepText || parser?.(PROBE) !== PROBE) {
      return options;
    }
  }
  const { parsers: _kept, ...rest } = options as QueryOptions;
  return rest;
}

/**
 * `client` as Drizzle should use it (see the module docs): its own parser table told once to
 * keep TEXT_KEPT_TYPES as text, and a view whose `query` and `transaction` leave out Drizzle's
 * per-statement `parsers` option. Call it after `client.waitReady` (PGlite sets its array types'
 * parsers while starting).
 */
export function drizzleClient(client: PGlite): PGlite {
  for (const type of TEXT_KEPT_TYPES) client.parsers[type] = keepText;
  const table = client.parsers;
  const query: Query = (text, params, options) =>
    client.query(text, params, withoutKeptParsers(table, options));
  const transaction: PGlite['transaction'] = (callback) =>
    client.transaction((tx) => {
      const txQuery: Query = (text, params, options) =>
        tx.query(text, params, withoutKeptParsers(table, options));
      // The transaction object's members are closures (no `this`): a view with its own query.
      return callback(Object.create(tx, { query: { value: txQuery } }));
    });
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value = Reflect.get(target, property, target);
      // PGlite's methods use its private state: called on the client itself, not the view.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
