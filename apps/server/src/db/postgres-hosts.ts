/**
 * Multi-host PostgreSQL connections for node-postgres, the way libpq does it
 * (PostgreSQL 15 documentation, 34.1.1.3 "Specifying Multiple Hosts", and the
 * `target_session_attrs` parameter), because `pg` 8 takes a single host only (its multi-host
 * support is an open pull request, brianc/node-postgres#3643).
 *
 * A DATABASE_URL may name several hosts, each with an optional port:
 *
 *   postgres://user:password@10.0.0.1:5432,10.0.0.2:5432/pehchaan?target_session_attrs=read-write
 *
 * - `target_session_attrs=any` (the default): the first host that accepts a connection.
 * - `read-write`: the first host whose session accepts writes: not in hot standby and
 *   `default_transaction_read_only` off (a pg_auto_failover or Patroni primary).
 * - `primary`: the first host not in hot standby.
 * Other libpq values (read-only, standby, prefer-standby) are refused by `parseDatabaseUrl`:
 * the product only ever needs the writable node.
 *
 * The strategy (`HostSelector`): every new connection goes to the host that last proved
 * acceptable, and is checked after the handshake (PostgreSQL 14+ reports `in_hot_standby` and
 * `default_transaction_read_only` in its startup parameters; older servers are asked with
 * `SHOW`). When that host refuses, fails or is the wrong kind, it is forgotten and the connection
 * fails with DatabaseUnavailableError; the next connection first probes the hosts in order, with
 * short-lived connections (one probe at a time per selector, shared by every caller), and uses
 * the first acceptable one. So after a failover the pool finds the promoted standby by itself,
 * and the requests in between are answered 503 instead of hanging (plugins/db.ts, app.ts).
 *
 * Errors: `toDatabaseError` is the one place where driver failures are sorted. A failure the
 * server did not send (refused or lost connection, connect timeout, the pool's acquire timeout),
 * or a server error of SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, crash,
 * cannot connect now), 25006 (read-only transaction: the node is no longer the primary) or 53300
 * (too many connections), becomes DatabaseUnavailableError with the original as `cause`. Every
 * other error (constraint violations, programming errors) is passed through unchanged.
 */
import pg from 'pg';

/** One `host:port` of a multi-host URL. */
export interface PostgresHost {
  host: string;
  port: number;
}

export const TARGET_SESSION_ATTRS = ['any', 'read-write', 'primary'] as const;
export type TargetSessionAttrs = (typeof TARGET_SESSION_ATTRS)[number];

/** A DATABASE_URL split into its hosts and a single-host URL per host. */
export interface ParsedDatabaseUrl {
  hosts: PostgresHost[];
  targetSessionAttrs: TargetSessionAttrs;
  /** The database name ('postgres' when the URL has none). */
  database: string;
  /** The URL for one host: the same user, password, database and options, one host. */
  urlFor(host: PostgresHost): string;
}

const DEFAULT_PORT = 5432;
const URL_PARTS = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)(.*)$/;

/**
 * Splits a postgres:// URL with one or more comma-separated hosts (IPv6 in brackets).
 * @throws Error naming what is wrong: no host, a bad port, an unsupported
 *   target_session_attrs.
 */
export function parseDatabaseUrl(url: string): ParsedDatabaseUrl {
  const match = URL_PARTS.exec(url);
  if (!match) throw new Error('must be a postgres:// or postgresql:// URL');
  const [, scheme = 'postgres://', userInfo, hostList = '', rest = ''] = match;
  const hosts = hostList.split(',').map(parseHost);
  if (hosts.length === 0 || hosts.some((host) => host.host === '')) {
    throw new Error('must name at least one host (host1:port1,host2:port2)');
  }
  // The rest (path and query) is read with the URL parser on a one-host URL.
  const single = new URL(`${scheme}placeholder${rest}`);
  const attrs = single.searchParams.get('target_session_attrs') ?? 'any';
  if (!(TARGET_SESSION_ATTRS as readonly string[]).includes(attrs)) {
    throw new Error(`target_session_attrs must be one of ${TARGET_SESSION_ATTRS.join(', ')}`);
  }
  single.searchParams.delete('target_session_attrs');
  const tail = `${single.pathname}${single.search}`;
  const auth = userInfo === undefined ? '' : `${userInfo}@`;
  return {
    hosts,
    targetSessionAttrs: attrs as TargetSessionAttrs,
    database: decodeURIComponent(single.pathname.replace(/^\//, '')) || 'postgres',
    urlFor: (host) => `${scheme}${auth}${formatHost(host)}${tail}`,
  };
}

function parseHost(entry: string): PostgresHost {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  const plain = /^([^:[\]]*)(?::(\d+))?$/.exec(entry);
  const [, host = '', port] = bracketed ?? plain ?? [];
  if (!bracketed && !plain) throw new Error(`'${entry}' is not host or host:port`);
  const number = port === undefined ? DEFAULT_PORT : Number(port);
  if (!Number.isInteger(number) || number < 1 || number > 65_535) {
    throw new Error(`'${entry}' has a bad port`);
  }
  return { host: decodeURIComponent(host), port: number };
}

function formatHost({ host, port }: PostgresHost): string {
  return `${host.includes(':') ? `[${host}]` : encodeURIComponent(host)}:${port}`;
}

/** The database cannot be reached or is not the writable node right now; answered 503. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** True when `error` or one of its causes is a DatabaseUnavailableError. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/** SQLSTATEs that mean "this node cannot serve us now", not "this statement is wrong". */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '25006', '53300']);

/**
 * Sorts a driver failure (module docstring): DatabaseUnavailableError for connection-level
 * failures and the unavailable SQLSTATEs, the error itself otherwise.
 */
export function toDatabaseError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  if (error instanceof pg.DatabaseError) {
    const code = error.code ?? '';
    return code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code)
      ? new DatabaseUnavailableError(`the database refused the session (${code})`, {
          cause: error,
        })
      : error;
  }
  // Programming errors (a value that cannot be serialized, a bad argument) stay what they are.
  if (
    !(error instanceof Error) ||
    error instanceof TypeError ||
    error instanceof RangeError ||
    error instanceof SyntaxError
  ) {
    return error;
  }
  // Anything else node-postgres raises without a server's SQLSTATE is about the connection:
  // refused, reset, ended, timed out, or the pool's acquire timeout.
  return new DatabaseUnavailableError('the database connection failed', { cause: error });
}

/** How long one connection attempt (and one probe) may take before it counts as failed (ms). */
export const CONNECT_TIMEOUT_MS = 3_000;

/**
 * Picks the host for new connections (module docstring). One per pool or LISTEN connection;
 * `current` is the host that last proved acceptable, undefined while unknown.
 */
export class HostSelector {
  private current: PostgresHost | undefined;
  private probing: Promise<PostgresHost> | undefined;

  constructor(readonly parsed: ParsedDatabaseUrl) {
    // With one host there is nothing to choose: connect and check.
    this.current = parsed.hosts.length === 1 ? parsed.hosts[0] : undefined;
  }

  /** The host to connect to: the known one, or the first acceptable one found by probing. */
  async pick(): Promise<PostgresHost> {
    if (this.current) return this.current;
    this.probing ??= this.probe().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  /** Called when a connection to `host` failed or found the wrong kind of node. */
  forget(host: PostgresHost): void {
    if (this.parsed.hosts.length > 1 && this.current === host) this.current = undefined;
  }

  /** Called when a connection to `host` proved acceptable. */
  confirm(host: PostgresHost): void {
    this.current = host;
  }

  private async probe(): Promise<PostgresHost> {
    const failures: string[] = [];
    for (const host of this.parsed.hosts) {
      const client = new pg.Client({
        connectionString: this.parsed.urlFor(host),
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      client.on('error', () => {});
      try {
        await client.connect();
        if (await sessionAcceptable(client, undefined, this.parsed.targetSessionAttrs)) {
          this.current = host;
          return host;
        }
        failures.push(`${formatHost(host)}: not ${this.parsed.targetSessionAttrs}`);
      } catch (error) {
        failures.push(`${formatHost(host)}: ${error instanceof Error ? error.message : error}`);
      } finally {
        await client.end().catch(() => {});
      }
    }
    throw new DatabaseUnavailableError(
      `no ${this.parsed.targetSessionAttrs} PostgreSQL host (${failures.join('; ')})`,
    );
  }
}

/**
 * Whether the session of a connected `client` meets `attrs`. `reported` holds the startup
 * parameters the server sent (PostgreSQL 14+); missing ones are asked with SHOW.
 */
async function sessionAcceptable(
  client: pg.Client,
  reported: ReadonlyMap<string, string> | undefined,
  attrs: TargetSessionAttrs,
): Promise<boolean> {
  if (attrs === 'any') return true;
  const setting = async (name: 'in_hot_standby' | 'default_transaction_read_only') => {
    const known = reported?.get(name);
    if (known !== undefined) return known;
    const sql =
      name === 'in_hot_standby'
        ? 'SELECT CASE WHEN pg_is_in_recovery() THEN $$on$$ ELSE $$off$$ END AS v'
        : 'SHOW default_transaction_read_only';
    const result = await client.query<Record<string, string>>(sql);
    return Object.values(result.rows[0] ?? {})[0] ?? 'on';
  };
  if ((await setting('in_hot_standby')) === 'on') return false;
  return attrs === 'primary' || (await setting('default_transaction_read_only')) === 'off';
}

type Callback = (error: Error | null, ...rest: unknown[]) => void;

/**
 * Wraps a node-postgres `query` (a Client's or a Pool's): its failure, by callback or promise,
 * goes through toDatabaseError. (Pool.query answers a connection lost mid-query through the
 * client's 'error' event, not the query's own callback, so both need it.)
 */
function translatingErrors(
  query: (...args: unknown[]) => unknown,
): (...args: unknown[]) => unknown {
  return (...args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: Error | null, ...rest: unknown[]) =>
        (callback as Callback)(error ? (toDatabaseError(error) as Error) : error, ...rest);
      return query(...args);
    }
    const result = query(...args);
    return result instanceof Promise
      ? result.catch((error: unknown) => {
          throw toDatabaseError(error);
        })
      : result;
  };
}

/**
 * A node-postgres Client class bound to `selector`: `connect()` goes to the selected host and
 * checks the session; every query's failure goes through `toDatabaseError`. Usable as the
 * Pool's `Client` option and on its own (the LISTEN connection).
 */
export function targetedClientClass(selector: HostSelector): typeof pg.Client {
  const { parsed } = selector;
  return class TargetedClient extends pg.Client {
    private readonly reported = new Map<string, string>();

    constructor(config?: pg.ClientConfig) {
      // Each connection string names one host; the host is set again in connect().
      super({ ...config, connectionString: parsed.urlFor(parsed.hosts[0] as PostgresHost) });
      this.connection.on(
        'parameterStatus',
        (message: { parameterName: string; parameterValue: string }) => {
          this.reported.set(message.parameterName, message.parameterValue);
        },
      );
      this.query = translatingErrors(this.query.bind(this)) as typeof this.query;
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(
      callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void),
    ): Promise<pg.Client> | undefined {
      const connected = this.connectToTarget();
      if (!callback) return connected;
      const done = callback as (err: Error | null, c?: pg.Client) => void;
      connected.then(
        (client) => done(null, client),
        (error: Error) => done(error),
      );
      return undefined;
    }

    private async connectToTarget(): Promise<pg.Client> {
      const host = await selector.pick();
      this.host = host.host;
      this.port = host.port;
      try {
        await super.connect();
      } catch (error) {
        selector.forget(host);
        throw toDatabaseError(error);
      }
      let acceptable: boolean;
      try {
        acceptable = await sessionAcceptable(this, this.reported, parsed.targetSessionAttrs);
      } catch {
        acceptable = false;
      }
      if (!acceptable) {
        selector.forget(host);
        await this.end().catch(() => {});
        throw new DatabaseUnavailableError(
          `${formatHost(host)} is not ${parsed.targetSessionAttrs} (a failover may be under way)`,
        );
      }
      selector.confirm(host);
      return this;
    }
  };
}

/**
 * A node-postgres Pool over `url` (one or more hosts, module docstring): clients from
 * targetedClientClass, acquire failures (including its timeout) as DatabaseUnavailableError,
 * and idle clients that break (the server went away) dropped without crashing the process.
 */
export function createTargetedPool(url: string, options: { max: number }): pg.Pool {
  const selector = new HostSelector(parseDatabaseUrl(url));
  const pool = new pg.Pool({
    max: options.max,
    Client: targetedClientClass(selector),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client whose server died emits 'error' through the pool; the pool removes it and the
  // next query connects anew. Without a listener the event would end the process.
  pool.on('error', () => {});
  pool.query = translatingErrors(pool.query.bind(pool)) as typeof pool.query;
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  pool.connect = ((callback?: (error: Error | undefined, ...rest: unknown[]) => void) => {
    if (typeof callback === 'function') {
      return connect((error: Error | undefined, ...rest: unknown[]) =>
        callback(error ? (toDatabaseError(error) as Error) : error, ...rest),
      );
    }
    return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
      throw toDatabaseError(error);
    });
  }) as typeof pool.connect;
  return pool;
}

/**
 * Makes single clients over `url` (module docstring), not yet connected, sharing one selector:
 * the LISTEN connection and its reconnections.
 */
export function targetedClientFactory(url: string): () => pg.Client {
  const Client = targetedClientClass(new HostSelector(parseDatabaseUrl(url)));
  return () => new Client({ keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
}
