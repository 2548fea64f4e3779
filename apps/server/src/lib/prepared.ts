/**
 * Prepared statements built once (docs/performance.md "Flows", sessions 38 and 40: CPU per
 * operation of the flows, on both of SPEC 7's drivers): a hot query's SQL text is built by
 * Drizzle's query builder at its first use and reused after, its values passed as placeholders
 * (`sql.placeholder(name)`), so each call costs the execution only, not the building of the same
 * text again (about 0.1-0.3 ms of CPU per statement).
 *
 * `prepared(handle, name, build)` returns `build(handle)`'s prepared query for `handle` (the
 * database or an open transaction). `name` identifies the statement: one name, one SQL text (it
 * is the server-side statement name on PostgreSQL, where node-postgres prepares it once per
 * connection; PGlite ignores it). A statement runs on the connection of the handle it was asked
 * for: pass the transaction handle for a statement that must run inside a transaction.
 *
 * Built once per driver, bound per handle: the first handle of a driver (PGlite or
 * node-postgres) that asks for `name` builds it; any other handle of that driver (another
 * transaction, another database of the same schema) gets the same statement bound to its own
 * client: Drizzle's prepared query keeps the SQL text, the placeholders and the row mapping, and
 * sends them through its `client` (the handle's session's client: PGlite's instance or its open
 * transaction, node-postgres' pool or the transaction's pooled client), which is all that
 * differs. So a statement inside a transaction is built once too, not once per transaction. The
 * bound copies are kept per handle (WeakMap: a transaction's go with it).
 *
 * Throws only what `build` throws.
 */

/** A Drizzle prepared query: what the binding reads (its driver client). */
interface BindableStatement {
  client: unknown;
}

/** The statements bound so far, per database or transaction handle, by name. */
const statements = new WeakMap<object, Map<string, unknown>>();

/** The statements built so far, per driver (the session's class), by name. */
const built = new Map<unknown, Map<string, BindableStatement>>();

/** The driver session of a Drizzle database or transaction handle (`handle._.session`). */
function sessionOf(handle: object): { client?: unknown } | undefined {
  const inner = (handle as { _?: { session?: unknown } })._;
  const session = inner?.session;
  return typeof session === 'object' && session !== null
    ? (session as { client?: unknown })
    : undefined;
}

/** See the module docs. */
export function prepared<H extends object, P>(handle: H, name: string, build: (handle: H) => P): P {
  let byName = statements.get(handle);
  if (!byName) {
    byName = new Map();
    statements.set(handle, byName);
  }
  let statement = byName.get(name) as P | undefined;
  if (statement === undefined) {
    statement = bindOrBuild(handle, name, build);
    byName.set(name, statement);
  }
  return statement;
}

/** The driver's statement `name` bound to `handle`'s client, built by `build` the first time. */
function bindOrBuild<H extends object, P>(handle: H, name: string, build: (handle: H) => P): P {
  const session = sessionOf(handle);
  const client = session?.client;
  if (!session || client === undefined) return build(handle);
  let byName = built.get(session.constructor);
  if (!byName) {
    byName = new Map();
    built.set(session.constructor, byName);
  }
  const template = byName.get(name);
  if (template === undefined) {
    const statement = build(handle);
    const bindable = statement as unknown as BindableStatement;
    // Only a statement that sends through the handle's own client can be bound to another. The
    // template keeps no client (nor so the first handle's database alive).
    if (typeof bindable === 'object' && bindable !== null && bindable.client === client) {
      byName.set(name, boundTo(bindable, null));
    }
    return statement;
  }
  return boundTo(template, client) as unknown as P;
}

/** A copy of `statement` (its class, its own fields) sending through `client`. */
function boundTo(statement: BindableStatement, client: unknown): BindableStatement {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(statement)), statement);
  copy.client = client;
  return copy;
}
