/**
 * `npm run bench:api` (docs/performance.md; `tsx apps/server/bench/api.ts`): the API under load,
 * against the product started as `npm start` starts it (scripts/start.mjs --no-build: node on
 * apps/server/src/server.ts, on a free port), and in the same run a bare node:http server answering a JSON body of the same
 * size, so every figure has a ceiling to be read against.
 *
 * Per database (PGlite in a fresh temporary DATA_DIR; PostgreSQL in a dedicated database the
 * bench drops and recreates), autocannon with N connections for D seconds per run:
 *   1. one run per read endpoint: GET /health, GET /user/{id}/credentials,
 *      GET /user/{id}/consent-requests, GET /api/verify/{credentialId}, each followed by a run of
 *      the bare server answering a body of that endpoint's size. Every connection sends the
 *      same fixed request (the first holder's session, its first credential), and the bare
 *      server gets that request too (with its own path), so the load generator, which shares the
 *      machine, spends as much per request on both sides of the ratio;
 *   2. one mixed run (the visit is defined in ./mix.ts, which bench:flows imports too): every
 *      connection repeats a holder's visit of ten calls: log in (demo
 *      account, OTP 123456, a new session each visit), list credentials (x3), list consent
 *      requests (x2), verify one of the holder's credentials by id (x2), /health, and one consent
 *      decision. A decision approves a request that is pending and that no other connection is
 *      deciding (each request is handed out once), with a fresh Idempotency-Key; when all three of
 *      the holder's requests are decided, the next decision resets them (POST
 *      .../consent-requests/reset, the demo refill); while some are still in flight it is an
 *      outbox retry: the last approval's Idempotency-Key sent again, answered from the stored
 *      response (Idempotent-Replayed). So every call of the mix is expected to answer 2xx, and
 *      any other answer is reported as a failure, never explained away. A visit whose login
 *      failed (error or timeout) starts again with a new login, as a client would. Then the bare
 *      server at the mix's mean body size.
 * Printed per run: requests per second, p50 and p99 latency (ms), errors (socket errors and
 * timeouts, with their kinds), non-2xx and 5xx counts, and the ratio to the bare server; for the
 * mix, the count and status codes of each kind of call. Also, from /proc (Linux), the CPU
 * milliseconds each request cost the server process (PGlite included), the PostgreSQL backends
 * and the load generator, and what one dedicated server core would serve at that cost (on a
 * shared machine the rates move with the other load, the cost per request much less); on
 * PostgreSQL, transactions and rows written per request (pg_stat_database).
 * Targets (PASS/FAIL): zero errors, zero non-2xx and zero 5xx on every run; on PostgreSQL, every
 * read endpoint at >= 50% of the bare server's rate.
 *
 * Rate limits are switched off (RATE_LIMITS=off): the bench drives all its traffic from one
 * address, which the per-IP limits (login 30 a minute, verify link 60 a minute) would answer
 * with 429 after the first second; the figures measure the work, not the limiter. For the same
 * reason the per-client connection cap is off (MAX_CONNECTIONS_PER_CLIENT=0): -c connections
 * come from one address.
 * The server logs at LOG_LEVEL info (as `npm start`: refused answers line by line, a summary a
 * minute), with its read cache on (READ_CACHE, as `npm start`), into a file in the temporary
 * DATA_DIR; the bench counts its error lines after each database. The holders are the demo
 * accounts of @pehchaan/core (DECISIONS 2), signed in with the demo OTP.
 *
 * Options: -d/--duration seconds per run (30), -c/--connections (100), --db pglite|postgres|both
 * (both), --database-url (env BENCH_DATABASE_URL, default
 * postgres://postgres:postgres@127.0.0.1:5432/pehchaan_bench: a database whose name contains
 * "bench", dropped and recreated by the bench), --runs list of health,credentials,consent,verify,
 * mix (all), --log-level (info), --read-cache on|off (on: READ_CACHE for the server), --cpu-prof
 * (runs the command start.mjs runs, node --import tsx apps/server/src/server.ts, with --cpu-prof:
 * the profile lands in <tmp>/pehchaan-bench-prof-*), --json <file> (the figures as JSON).
 * A short smoke run: `npm run bench:api -- -d 3 --db pglite`.
 * Exits 1 when a target is missed. A benchmark, not part of `npm test`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, {
  type AutocannonOptions,
  type AutocannonRequest,
  type AutocannonRequestStep,
  type AutocannonResult,
} from 'autocannon';
import pg from 'pg';
import {
  call,
  expectOk,
  type Holder,
  logIn,
  mixRequests,
  newTally,
  prepareHolders,
  type Session,
  type TallyEntry,
  type VisitContext,
} from './mix';
import { postgresBackends, procCpuMs, processTree } from './proc-cpu';
import { freePort, waitForHealth } from './server-process';

/** The repository's root (this file is apps/server/bench/api.ts). */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', short: 'd', default: '30' },
    connections: { type: 'string', short: 'c', default: '100' },
    db: { type: 'string', default: 'both' },
    'database-url': {
      type: 'string',
      default:
        process.env.BENCH_DATABASE_URL ??
        'postgres://postgres:postgres@127.0.0.1:5432/pehchaan_bench',
    },
    runs: { type: 'string', default: 'health,credentials,consent,verify,mix' },
    'log-level': { type: 'string', default: 'info' },
    'read-cache': { type: 'string', default: 'on' },
    'cpu-prof': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});

type Database = 'pglite' | 'postgres';

const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const DATABASES = (args.db === 'both' ? ['pglite', 'postgres'] : [args.db]) as Database[];
const RUNS = args.runs.split(',').filter(Boolean) as RunKind[];
const READ_RATIO_TARGET = 0.5;

if (!(DURATION > 0) || !(CONNECTIONS > 0)) throw new Error('--duration and --connections > 0');
for (const db of DATABASES) {
  if (db !== 'pglite' && db !== 'postgres') throw new Error(`--db: unknown database '${db}'`);
}

/** The read endpoints measured one by one (the PostgreSQL target applies to each). */
const READ_ENDPOINTS = {
  health: 'GET /health',
  credentials: 'GET /user/{id}/credentials',
  consent: 'GET /user/{id}/consent-requests',
  verify: 'GET /api/verify/{credentialId}',
} as const;

/** A read endpoint measured on its own. */
type ReadKind = keyof typeof READ_ENDPOINTS;
/** A run: one read endpoint, or the mixed holder visit. */
type RunKind = ReadKind | 'mix';

for (const run of RUNS) {
  if (run !== 'mix' && !(run in READ_ENDPOINTS)) throw new Error(`--runs: unknown run '${run}'`);
}

// ---------------------------------------------------------------------------------------------
// Processes: the product, the bare server, the PostgreSQL database.

/** Resolves when `child` has exited (at once when it already has). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the product as `npm start` does, without the web build check (--no-build), with rate
 * limits off and its log written to `logFile`. Resolves once /health answers.
 */
async function startProduct({
  port,
  dataDir,
  databaseUrl,
  logFile,
  profileDir,
}: {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  logFile: string;
  profileDir: string | undefined;
}): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: args['log-level'],
    RATE_LIMITS: 'off',
    MAX_CONNECTIONS_PER_CLIENT: '0',
    READ_CACHE: args['read-cache'],
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // Node refuses --cpu-prof in NODE_OPTIONS: to profile, run the command start.mjs runs
  // (node --import tsx apps/server/src/server.ts) directly, with the profiler's flags.
  const command = profileDir
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${profileDir}`,
        '--import',
        'tsx',
        join(root, 'apps/server/src/server.ts'),
      ]
    : [join(root, 'scripts/start.mjs'), '--no-build'];
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, command, { cwd: root, env, stdio: ['ignore', log, log] });
  await waitForHealth(child, port, {
    timeoutMs: 120_000,
    intervalMs: 250,
    hint: `; see ${logFile}`,
  });
  return child;
}

/** The bare baseline: node:http answering GET /?bytes=N with a JSON body of exactly N bytes. */
const BARE_SERVER = `
const http = require('node:http');
const bodies = new Map();
function body(bytes) {
  let buffer = bodies.get(bytes);
  if (!buffer) {
    buffer = Buffer.from(JSON.stringify({ data: 'x'.repeat(Math.max(0, bytes - 11)) }));
    bodies.set(bytes, buffer);
  }
  return buffer;
}
const server = http.createServer((req, res) => {
  req.resume();
  const bytes = Number(new URL(req.url, 'http://bare').searchParams.get('bytes')) || 100;
  const buffer = body(bytes);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': buffer.length });
  res.end(buffer);
});
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
process.on('disconnect', () => process.exit(0));
`;

/** Starts the bare server in its own process; resolves { child, port }. */
function startBare(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
    child.once('message', (port) => resolve({ child, port: Number(port) }));
  });
}

/**
 * The bench database's counters (pg_stat_database): transactions committed or rolled back (each
 * statement outside a transaction is one) and rows inserted, updated or deleted.
 */
/** Counters of pg_stat_database for the bench database (see databaseStats). */
interface DatabaseStats {
  transactions: number;
  written: number;
}

async function databaseStats(client: pg.Client): Promise<DatabaseStats> {
  const { rows } = await client.query<{ transactions: string; written: string }>(
    `select xact_commit + xact_rollback as transactions,
            tup_inserted + tup_updated + tup_deleted as written
       from pg_stat_database where datname = current_database()`,
  );
  const [row] = rows;
  if (!row) throw new Error('pg_stat_database has no row for the bench database');
  return { transactions: Number(row.transactions), written: Number(row.written) };
}

/** The database name of a postgres:// URL; undefined without one. */
function databaseName(url: string | undefined): string | undefined {
  return url ? decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) : undefined;
}

/**
 * Drops and recreates the bench database of `url` (its name must contain "bench": this is
 * the one place the bench deletes data). Resolves a description of the server.
 */
async function recreateDatabase(url: string): Promise<string> {
  const parsed = new URL(url);
  const name = databaseName(url) ?? '';
  if (!/bench/.test(name) || !/^[A-Za-z0-9_]+$/.test(name)) {
    throw new Error(
      `--database-url: the bench drops and recreates the database, so its name must contain ` +
        `"bench" and only letters, digits and _ (got '${name}')`,
    );
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    return `PostgreSQL ${rows[0]?.server_version} at ${parsed.host}, database ${name}`;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Setup: the mix's holders (./mix.ts), one session each, each read endpoint's body size.

/** A holder with a session token. */
type SignedIn = Session & { token: string };

/** What prepare() sets up: the holders, one session each, and each read endpoint's body size. */
interface Prepared {
  holders: Holder[];
  sessions: SignedIn[];
  sizes: Record<ReadKind, number>;
}

/**
 * Prepares the holders (prepareHolders of ./mix.ts), one session each (the first holder's is the
 * single-endpoint runs' fixed request), and measures each read endpoint's body size.
 */
async function prepare(base: string): Promise<Prepared> {
  const holders = await prepareHolders(base);
  const sessions: SignedIn[] = [];
  for (const holder of holders) sessions.push({ holder, token: await logIn(base, holder.account) });
  const first = sessions[0];
  if (!first) throw new Error('setup: no demo account');
  const id = first.holder.account.userId;
  const sizes: Record<ReadKind, number> = {
    health: (await expectOk(call(base, 'GET', '/health'), 'health')).bytes,
    credentials: (
      await expectOk(call(base, 'GET', `/user/${id}/credentials`, { token: first.token }), 'list')
    ).bytes,
    consent: (
      await expectOk(
        call(base, 'GET', `/user/${id}/consent-requests`, { token: first.token }),
        'consent list',
      )
    ).bytes,
    verify: (
      await expectOk(call(base, 'GET', `/api/verify/${first.holder.credentialIds[0]}`), 'verify')
    ).bytes,
  };
  return { holders, sessions, sizes };
}

// ---------------------------------------------------------------------------------------------
// CPU time per request (Linux /proc; elsewhere the figures are left out). On a shared machine the
// rates move with the other load, the CPU time a request costs much less: it says what one
// dedicated core would serve.

/** CPU milliseconds so far, per process, of the server tree and the database's backends. */
/** The processes whose CPU time a run counts: the server (and its children) and the database. */
interface CpuTarget {
  /** Undefined when the process could not be spawned: its figures are left out. */
  serverPid: number | undefined;
  database?: string | undefined;
}

/** CPU milliseconds per process so far (undefined where /proc could not tell). */
type CpuByPid = Map<number, number | undefined>;

/** A CPU snapshot: see cpuSnapshot. */
interface CpuSnapshot {
  server: CpuByPid;
  db: CpuByPid;
  loadgen: NodeJS.CpuUsage;
}

/** CPU milliseconds per request of the server, the database backends and the load generator. */
interface CpuPerRequest {
  server: number | undefined;
  db: number | undefined;
  loadgen: number | undefined;
}

function cpuSnapshot({ serverPid, database }: CpuTarget): CpuSnapshot {
  const read = (pids: number[]): CpuByPid => new Map(pids.map((pid) => [pid, procCpuMs(pid)]));
  return {
    server: read(serverPid === undefined ? [] : processTree(serverPid)),
    db: read(postgresBackends(database)),
    loadgen: process.cpuUsage(),
  };
}

/**
 * CPU milliseconds per answered request between two snapshots: the server process (with PGlite
 * inside it), the PostgreSQL backends (processes that started during the run count from zero;
 * shared background processes such as the WAL writer are left out), and this load generator.
 */
function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  const delta = (a: CpuByPid, b: CpuByPid): number | undefined => {
    let sum = 0;
    let known = false;
    for (const [pid, ms] of b) {
      if (ms === undefined) continue;
      known = true;
      sum += ms - (a.get(pid) ?? 0);
    }
    return known ? sum : undefined;
  };
  const per = (ms: number | undefined) =>
    ms === undefined || requests === 0 ? undefined : ms / requests;
  const loadgen = process.cpuUsage(before.loadgen);
  return {
    server: per(delta(before.server, after.server)),
    db: per(delta(before.db, after.db)),
    loadgen: per((loadgen.user + loadgen.system) / 1000),
  };
}

// ---------------------------------------------------------------------------------------------
// Runs and figures.

/** An autocannon run; resolves its result with `errorKinds`: the count of each error message. */
async function runAutocannon<C extends object>(
  options: AutocannonOptions<C>,
): Promise<AutocannonResult & { errorKinds: Record<string, number> }> {
  const errorKinds: Record<string, number> = {};
  const instance = autocannon<C>({
    connections: CONNECTIONS,
    duration: DURATION,
    pipelining: 1,
    ...options,
  });
  instance.on('reqError', (error: (Error & { code?: string }) | undefined) => {
    const kind = error?.code ?? error?.message ?? String(error);
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  });
  const result = await instance;
  return { ...result, errorKinds };
}

/** The figures of one run (see figures()); `cpuMs` and `db` are added by measure(). */
interface Figures {
  rps: number;
  total: number;
  minRps: number;
  p50: number;
  p99: number;
  maxMs: number;
  errors: number;
  timeouts: number;
  errorKinds: Record<string, number>;
  non2xx: number;
  '4xx': number;
  '5xx': number;
  statusCodes: Record<string, number>;
  cpuMs: CpuPerRequest;
  /** PostgreSQL only: transactions and rows written per request. */
  db?: { transactions: number; rowsWritten: number };
}

/** One run's figures: the product's, the bare server's, their ratio, the mix's tally. */
interface Row {
  kind: RunKind;
  bytes: number;
  product: Figures;
  bare: Figures;
  ratio: number;
  mix: Record<string, TallyEntry> | undefined;
}

/** The figures of one autocannon result (its `errors` include the timeouts). */
function figures(
  result: AutocannonResult & { errorKinds: Record<string, number> },
): Omit<Figures, 'cpuMs' | 'db'> {
  return {
    rps: result.requests.average,
    total: result.requests.total,
    /** The slowest one-second sample: 0 means a second without a single answer. */
    minRps: result.requests.min,
    p50: result.latency.p50,
    p99: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    errorKinds: result.errorKinds,
    non2xx: result.non2xx,
    '4xx': result['4xx'],
    '5xx': result['5xx'],
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    ),
  };
}

/** One run of the product for `kind` ('mix' or a read endpoint), then the bare server. */
async function measure(
  kind: RunKind,
  {
    base,
    bare,
    prepared,
    cpu,
  }: {
    base: string;
    bare: string;
    prepared: Prepared;
    cpu: {
      product: CpuTarget;
      bare: CpuTarget;
      dbStats: (() => Promise<DatabaseStats>) | undefined;
    };
  },
): Promise<Row> {
  const tally = newTally();
  let requests: AutocannonRequestStep<VisitContext>[];
  if (kind === 'mix') {
    requests = mixRequests({ holders: prepared.holders, tally });
  } else {
    // One fixed request from every connection (the first holder's session, its first
    // credential): the load generator builds it once. The bare server gets the same request
    // with its own path, so the generator's work per request is the same on both sides.
    const first = prepared.sessions[0]!;
    const userId = first.holder.account.userId;
    const auth = { authorization: `Bearer ${first.token}` };
    const fixed: AutocannonRequest = {
      health: { path: '/health' },
      credentials: { path: `/user/${userId}/credentials`, headers: auth },
      consent: { path: `/user/${userId}/consent-requests`, headers: auth },
      verify: { path: `/api/verify/${first.holder.credentialIds[0]}` },
    }[kind];
    requests = [{ method: 'GET', ...fixed }];
  }
  // The mix's bare run is a plain GET (its requests depend on the product's answers).
  const bareRequests = (bytes: number) =>
    kind === 'mix' ? undefined : requests.map((r) => ({ ...r, path: `/?bytes=${bytes}` }));
  const statsStart = await cpu.dbStats?.();
  const productStart = cpuSnapshot(cpu.product);
  const productResult = await runAutocannon({ url: base, requests });
  const product: Figures = {
    ...figures(productResult),
    cpuMs: cpuPerRequest(productStart, cpuSnapshot(cpu.product), productResult.requests.total),
  };
  const productEnd = Date.now();
  const bytes =
    kind === 'mix'
      ? Math.round(
          [...tally.kinds.values()].reduce((s, e) => s + e.bytes, 0) /
            Math.max(
              1,
              [...tally.kinds.values()].reduce((s, e) => s + e.count, 0),
            ),
        )
      : prepared.sizes[kind];
  const bareStart = cpuSnapshot(cpu.bare);
  const bareResult = await runAutocannon({
    url: `${bare}/?bytes=${bytes}`,
    requests: bareRequests(bytes),
  });
  const baseline: Figures = {
    ...figures(bareResult),
    cpuMs: cpuPerRequest(bareStart, cpuSnapshot(cpu.bare), bareResult.requests.total),
  };
  // Read after the bare run, and at least 11 s after the product run: a busy backend flushes its
  // statistics at most once a second, an idle one within 10 s.
  if (statsStart && cpu.dbStats) {
    const wait = 11_000 - (Date.now() - productEnd);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const statsEnd = await cpu.dbStats();
    const per = (field: keyof DatabaseStats) =>
      (statsEnd[field] - statsStart[field]) / productResult.requests.total;
    product.db = { transactions: per('transactions'), rowsWritten: per('written') };
  }
  return {
    kind,
    bytes,
    product,
    bare: baseline,
    ratio: product.rps / baseline.rps,
    mix: kind === 'mix' ? Object.fromEntries(tally.kinds) : undefined,
  };
}

const num = (n: number | undefined, width: number, digits = 0): string =>
  (Number.isFinite(n)
    ? (n as number).toLocaleString('en-US', {
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      })
    : '-'
  ).padStart(width);

function printRows(rows: Row[]): void {
  console.log(
    `  ${'run'.padEnd(34)}${'body B'.padStart(7)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'errors'.padStart(8)}${'non-2xx'.padStart(9)}${'5xx'.padStart(6)}${'bare req/s'.padStart(12)}${'bare p50'.padStart(10)}${'bare p99'.padStart(10)}${'ratio'.padStart(8)}`,
  );
  for (const row of rows) {
    const name = row.kind === 'mix' ? 'mixed visit (10 calls)' : READ_ENDPOINTS[row.kind];
    const p = row.product;
    const b = row.bare;
    console.log(
      `  ${name.padEnd(34)}${num(row.bytes, 7)}${num(p.rps, 9)}${num(p.p50, 8)}${num(p.p99, 8)}${num(p.errors, 8)}${num(p.non2xx, 9)}${num(p['5xx'], 6)}${num(b.rps, 12)}${num(b.p50, 10)}${num(b.p99, 10)}${`${(100 * row.ratio).toFixed(0)}%`.padStart(8)}`,
    );
  }
}

function printCpu(rows: Row[], database: Database): void {
  const ms = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(3)).padStart(10);
  const db = database === 'postgres' ? 'PostgreSQL' : '(in server)';
  console.log(
    `  CPU ms per request: ${'server'.padStart(10)}${db.padStart(12)}${'load gen'.padStart(10)}${'bare srv'.padStart(10)}${'bare gen'.padStart(10)}${'one server core'.padStart(18)}${database === 'postgres' ? '  DB xacts/req  rows written/req' : ''}`,
  );
  for (const row of rows) {
    const name = row.kind === 'mix' ? 'mixed visit' : row.kind;
    const p = row.product.cpuMs;
    const b = row.bare.cpuMs;
    const core = p.server ? `${num(1000 / p.server, 12)} req/s` : '';
    const stats = row.product.db
      ? `${num(row.product.db.transactions, 14, 2)}${num(row.product.db.rowsWritten, 18, 2)}`
      : '';
    console.log(
      `    ${name.padEnd(17)}${ms(p.server)}${ms(p.db).padStart(12)}${ms(p.loadgen)}${ms(b.server)}${ms(b.loadgen)}${core.padStart(18)}${stats}`,
    );
  }
}

function printMix(mix: Record<string, TallyEntry>): void {
  console.log('  mixed run, answers per kind of call:');
  for (const [kind, entry] of Object.entries(mix)) {
    const statuses = Object.entries(entry.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(`    ${kind.padEnd(26)}${num(entry.count, 9)}  (${statuses})`);
  }
}

/** The read cache's counters as the server logs them when it closes. */
interface ReadCacheStats {
  hits: number;
  misses: number;
  invalidations: number;
  entries: number;
  enabled: boolean;
}

/**
 * The read cache's counters, from the line the server writes when it closes
 * ({ readCache: { hits, misses, invalidations, entries, enabled } }); undefined without one.
 */
function readCacheStats(logFile: string): ReadCacheStats | undefined {
  for (const line of readFileSync(logFile, 'utf8').split('\n').reverse()) {
    if (!line.includes('"read cache closed"')) continue;
    try {
      return (JSON.parse(line) as { readCache?: ReadCacheStats }).readCache;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Error-level lines (pino level >= 50) of the server log. */
function serverErrors(logFile: string): string[] {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line) || /failed to start/i.test(line));
}

/** What benchDatabase reports for one database (also the --json file's `results`). */
interface DatabaseResult {
  database: Database;
  description: string;
  rows: Row[];
  readCache: ReadCacheStats | undefined;
  logErrors: number;
  failed: boolean;
}

async function benchDatabase(
  database: Database,
  { bare }: { bare: { url: string; pid: number | undefined } },
): Promise<DatabaseResult> {
  const dataDir = mkdtempSync(join(tmpdir(), `pehchaan-bench-api-${database}-`));
  const logFile = join(dataDir, 'server.log');
  const profileDir = args['cpu-prof']
    ? mkdtempSync(join(tmpdir(), `pehchaan-bench-prof-${database}-`))
    : undefined;
  let description = `PGlite (embedded), fresh DATA_DIR ${dataDir}`;
  let databaseUrl: string | undefined;
  if (database === 'postgres') {
    databaseUrl = args['database-url'];
    description = await recreateDatabase(databaseUrl);
  }
  const port = await freePort();
  const server = await startProduct({ port, dataDir, databaseUrl, logFile, profileDir });
  const base = `http://127.0.0.1:${port}`;
  const rows: Row[] = [];
  let failed = false;
  const statsClient = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  try {
    await statsClient?.connect();
    console.log(`\n${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${description}`);
    console.log(
      `  load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const prepared = await prepare(base);
    const cpu = {
      product: { serverPid: server.pid, database: databaseName(databaseUrl) },
      bare: { serverPid: bare.pid },
      dbStats: statsClient ? () => databaseStats(statsClient) : undefined,
    };
    for (const kind of RUNS) {
      rows.push(await measure(kind, { base, bare: bare.url, prepared, cpu }));
    }
  } finally {
    await statsClient?.end();
    server.kill('SIGTERM');
    await exited(server);
  }
  printRows(rows);
  for (const row of rows) {
    const p = row.product;
    const name = row.kind === 'mix' ? 'mixed visit' : READ_ENDPOINTS[row.kind];
    const details = [];
    if (p.errors > 0) {
      const kinds = Object.entries(p.errorKinds).map(([kind, count]) => `${kind}: ${count}`);
      details.push(`${p.errors} errors (${p.timeouts} timeouts of 10 s; ${kinds.join(', ')})`);
    }
    if (p.non2xx > 0) details.push(`status codes ${JSON.stringify(p.statusCodes)}`);
    if (p.minRps === 0) details.push('at least one second without any answer');
    if (details.length > 0) {
      console.log(`  ${name}: ${details.join('; ')}; slowest answer ${num(p.maxMs, 0)} ms`);
    }
  }
  printCpu(rows, database);
  const mixRow = rows.find((r) => r.kind === 'mix');
  if (mixRow?.mix) printMix(mixRow.mix);
  const cache = readCacheStats(logFile);
  if (cache) {
    const lookups = cache.hits + cache.misses;
    console.log(
      `  read cache (READ_CACHE=${args['read-cache']}): ${num(cache.hits, 0)} hits, ${num(cache.misses, 0)} misses` +
        `${lookups ? ` (${((100 * cache.hits) / lookups).toFixed(1)}% of lookups answered from memory)` : ''}` +
        `, ${num(cache.invalidations, 0)} holder invalidations`,
    );
  }
  const logErrors = serverErrors(logFile);
  console.log(`  server log: ${logErrors.length} error line(s)${logErrors.length ? ':' : ''}`);
  for (const line of logErrors.slice(0, 5)) console.log(`    ${line.slice(0, 400)}`);

  const totals = rows.reduce(
    (acc, r) => ({
      errors: acc.errors + r.product.errors,
      non2xx: acc.non2xx + r.product.non2xx,
      five: acc.five + r.product['5xx'],
    }),
    { errors: 0, non2xx: 0, five: 0 },
  );
  const clean = totals.errors === 0 && totals.non2xx === 0 && totals.five === 0;
  failed ||= !clean;
  console.log(
    `  ${clean ? 'PASS' : 'FAIL'}  zero errors, non-2xx and 5xx (errors ${totals.errors}, non-2xx ${totals.non2xx}, 5xx ${totals.five})`,
  );
  for (const row of rows) {
    if (row.kind === 'mix') continue;
    const met = row.ratio >= READ_RATIO_TARGET;
    if (database === 'postgres') {
      failed ||= !met;
      console.log(
        `  ${met ? 'PASS' : 'FAIL'}  ${READ_ENDPOINTS[row.kind]} at ${(100 * row.ratio).toFixed(0)}% of the bare server (target >= ${100 * READ_RATIO_TARGET}% on PostgreSQL)`,
      );
    }
  }
  if (profileDir) console.log(`  server CPU profile(s): ${profileDir}`);
  // The temporary DATA_DIR (database, master key, log) goes, unless something needs reading.
  if (clean && logErrors.length === 0) rmSync(dataDir, { recursive: true, force: true });
  else console.log(`  server log kept in ${logFile}`);
  return { database, description, rows, readCache: cache, logErrors: logErrors.length, failed };
}

async function main() {
  const cpu = cpus();
  const machine = {
    cpu: `${cpu[0]?.model ?? 'unknown'} x ${cpu.length}`,
    memoryGb: Number((totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    os: `${type()} ${release()}`,
  };
  console.log('npm run bench:api: the API under load, against a bare node:http server');
  console.log(
    `  machine: ${machine.cpu}, ${machine.memoryGb} GB, node ${machine.node}, ${machine.os}`,
  );
  console.log(
    `  ${CONNECTIONS} connections, ${DURATION} s per run, pipelining 1; rate limits off (RATE_LIMITS=off: one client address would meet the per-IP limits at once); server LOG_LEVEL=${args['log-level']}`,
  );
  const { child: bareChild, port: barePort } = await startBare();
  const bare = { url: `http://127.0.0.1:${barePort}`, pid: bareChild.pid };
  const results = [];
  try {
    for (const database of DATABASES) results.push(await benchDatabase(database, { bare }));
  } finally {
    bareChild.disconnect();
    await exited(bareChild);
  }
  if (args.json) {
    const report = {
      date: new Date().toISOString(),
      machine,
      duration: DURATION,
      connections: CONNECTIONS,
      results,
    };
    writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
  }
  const failed = results.some((r) => r.failed);
  console.log(failed ? '\nSome targets missed.' : '\nTargets met.');
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
