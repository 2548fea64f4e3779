/**
 * `npm run bench:flows` (docs/performance.md "Flows"; `tsx apps/server/bench/flows.ts`): the work
 * the wallet exists for, each figure against its own floor measured in the same run, with
 * concurrency 1 and 50 (p50 and p99 of one operation, start to end), on the embedded database
 * (PGlite, a fresh temporary DATA_DIR) and on PostgreSQL (a database whose name contains "bench",
 * dropped and recreated). The product runs as `npm start` runs it (scripts/start.mjs --no-build,
 * on a free port, PUBLIC_ORIGIN its own address, rate limits and the per-client connection cap
 * off: all traffic comes from one address); autocannon drives it from this process.
 *
 * Lines (targets as docs/performance.md "Flows" states them):
 * - issue: credentials issued over OpenID4VCI 1.0 by the product's issuer (Income Tax
 *   Department, a PAN Card as dc+sd-jwt): token (pre-authorized code), nonce, credential with a
 *   proof JWT (ES256, signed here per credential with the c_nonce just received) -> SD-JWT VC
 *   signed by the issuer (EdDSA). The offers are made beforehand (POST /issuer/offers).
 *   Target >= 500 credentials a second. Floor: raw node:crypto EdDSA signing + ES256 verifying.
 * - present: the product's verifier receiving OpenID4VP direct_post answers (POST
 *   /oid4vp/responses/{id}): an SD-JWT VC issued by the issue line (issuer EdDSA) presented with
 *   a KB-JWT (ES256) for the request's nonce and client_id. The verifier requests and their
 *   request objects are made beforehand; the KB-JWT is signed when the answer is sent (its iat
 *   must be within the verifier's 5 minutes; about 0.1 ms of this process per answer); the
 *   timed part is the verifier's work.
 *   Target >= 50% of the floor: raw node:crypto EdDSA + ES256 verification.
 * - approve: a holder approving presentation requests (POST
 *   /user/{id}/consent-requests/{id}/approve): the presentation built and signed (KB-JWT,
 *   EdDSA), sent to the product's own verifier (in process: verified, stored), the consent
 *   receipt signed (eddsa-jcs-2022), the activity chained, in one transaction. The verifier
 *   requests are made and received by the holders' wallets beforehand (the three demo accounts,
 *   each holding a PAN Card). Target >= 300 decisions a second. Floor: raw node:crypto Ed25519
 *   for the signatures involved: two signed (KB-JWT, receipt), two verified (issuer, KB-JWT).
 * - status checks: `npm run bench:status` (scripts/bench-status.mjs, called, its figures read):
 *   cached checks of a Token Status List entry and of a Data Integrity credential's two
 *   Bitstring entries, on one core. Target >= 20,000 checks a second (each shape). Floor: raw
 *   EdDSA verification, what a check would cost at least if it verified the list every time.
 * - serve: GET /status-lists/{issuer}/{n} (the Token Status List the issue line's credentials
 *   point to, within its 1 s answer cache), against a bare node:http server answering a body of
 *   the same size. No target; the ratio to the bare server.
 * - mix: the holder's mixed visit of `npm run bench:api` (apps/server/bench/api.ts, run as it is
 *   with --runs mix, its JSON read), against its bare server. Target 5,000 requests a second on
 *   the embedded database.
 * Printed per line: the figure at c=1 and c=50, p50/p99 ms, the server's CPU ms per operation
 * (/proc: the server process, with PGlite inside it, plus the PostgreSQL backends), the floor,
 * the ratio (c=50 figure / floor) and PASS/FAIL. Every answer must be 2xx (a refusal is a FAIL,
 * never explained away). Exits 1 when a target is missed or an answer failed; every line is
 * still printed.
 *
 * Options: -d/--duration seconds a run should take at the target rate (10; the number of
 * operations prepared is the target rate times this, so a slower server takes longer, a faster
 * one less), -c/--connections (50), --db pglite|postgres|both (both), --database-url (env
 * BENCH_DATABASE_URL, default postgres://postgres:postgres@127.0.0.1:5432/pehchaan_flows_bench: not bench:api's, so the two can run side by side; the mix line passes it on to bench:api),
 * --lines issue,present,approve,status,serve,mix (all), --cpu-prof (the server runs node
 * --cpu-prof --import tsx apps/server/src/server.ts; profiles in <tmp>/pehchaan-flows-prof-*),
 * --json <file>, --port (the server's port; default a free one). A short smoke run: `npm run bench:flows -- -d 3 --db pglite`.
 * A benchmark, not part of `npm test`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
  sign,
  verify,
} from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS, DEMO_OTP } from '@pehchaan/core';
import autocannon, {
  type AutocannonOptions,
  type AutocannonRequest,
  type AutocannonRequestStep,
  type AutocannonResult,
} from 'autocannon';
import pg from 'pg';
import { cpuDelta, cpuOf, postgresBackends, processTree } from './proc-cpu';
import { freePort, waitForHealth } from './server-process';

/** The repository's root (this file is apps/server/bench/flows.ts). */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', short: 'd', default: '10' },
    connections: { type: 'string', short: 'c', default: '50' },
    db: { type: 'string', default: 'both' },
    'database-url': {
      type: 'string',
      default:
        process.env.BENCH_DATABASE_URL ??
        'postgres://postgres:postgres@127.0.0.1:5432/pehchaan_flows_bench',
    },
    lines: { type: 'string', default: 'issue,present,approve,status,serve,mix' },
    'cpu-prof': { type: 'boolean', default: false },
    json: { type: 'string' },
    port: { type: 'string' },
  },
});

type Database = 'pglite' | 'postgres';
const LINE_KINDS = ['issue', 'present', 'approve', 'status', 'serve', 'mix'] as const;
type LineKind = (typeof LINE_KINDS)[number];

const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const DATABASES = (args.db === 'both' ? ['pglite', 'postgres'] : [args.db]) as Database[];
const LINES = new Set(args.lines.split(',').filter(Boolean) as LineKind[]);
if (!(DURATION > 0) || !(CONNECTIONS > 0)) throw new Error('--duration and --connections > 0');
for (const db of DATABASES) {
  if (db !== 'pglite' && db !== 'postgres') throw new Error(`--db: unknown database '${db}'`);
}
for (const line of LINES) {
  if (!LINE_KINDS.includes(line)) throw new Error(`--lines: unknown line '${line}'`);
}

/** The targets (issue's Benchmarks section; docs/performance.md "Flows"). */
const TARGETS = {
  issuePerSecond: 500,
  presentRatio: 0.5,
  approvePerSecond: 300,
  statusChecksPerSecond: 20_000,
  mixPerSecondPglite: 5_000,
} as const;

const ISSUER_NAME = 'Income Tax Department';
const ISSUER_SLUG = 'income-tax-department';
const VERIFIER_NAME = 'State Bank of India';
const PURPOSE = 'open_savings_account';
const PAN_CLAIMS = {
  name: 'Asha Verma',
  pan_number: 'ABCPV1234D',
  date_of_birth: '1990-04-12',
  father_name: 'Ravi Verma',
};

// ---------------------------------------------------------------------------------------------
// Floors: raw node:crypto rates on this machine, one core, in this process.

/**
 * Operations per CPU second of `step`, run for about `ms` milliseconds of this process's CPU time
 * (process.cpuUsage: on a shared machine the wall clock counts other processes' turns too; the CPU
 * time is what the operations cost, which is what one dedicated core would do).
 */
function rawRate(ms: number, step: () => void): number {
  for (let i = 0; i < 50; i++) step();
  let count = 0;
  const start = process.cpuUsage();
  const spent = () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  while (spent() < ms) {
    for (let i = 0; i < 32; i++) step();
    count += 32;
  }
  return count / (spent() / 1000);
}

/** Raw signing and verifying rates of Ed25519 (EdDSA) and P-256 (ES256), per second. */
interface RawRates {
  edSign: number;
  edVerify: number;
  esSign: number;
  esVerify: number;
}

/** Measures RawRates on a 512-byte message (about a JWS signing input's size). */
function measureRawRates(): RawRates {
  const data = Buffer.alloc(512, 7);
  const ed = generateKeyPairSync('ed25519');
  const es = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const esKey = { key: es.privateKey, dsaEncoding: 'ieee-p1363' as const };
  const esPub = { key: es.publicKey, dsaEncoding: 'ieee-p1363' as const };
  const edSig = sign(null, data, ed.privateKey);
  const esSig = sign('sha256', data, esKey);
  const ms = 700;
  return {
    edSign: rawRate(ms, () => sign(null, data, ed.privateKey)),
    edVerify: rawRate(ms, () => {
      if (!verify(null, data, ed.publicKey, edSig)) throw new Error('raw verify failed');
    }),
    esSign: rawRate(ms, () => sign('sha256', data, esKey)),
    esVerify: rawRate(ms, () => {
      if (!verify('sha256', data, esPub, esSig)) throw new Error('raw verify failed');
    }),
  };
}

/** The rate of doing one of each operation at the given raw rates, in sequence. */
const combined = (...rates: number[]): number => 1 / rates.reduce((sum, r) => sum + 1 / r, 0);

// ---------------------------------------------------------------------------------------------
// Processes: the product, the bare server, the PostgreSQL database, the helper scripts.

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The environment of the product and of its scripts for one database. */
function productEnv(dataDir: string, databaseUrl: string | undefined, port: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMITS: 'off',
    MAX_CONNECTIONS_PER_CLIENT: '0',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/** Runs `command` (node arguments) to the end; resolves its stdout. @throws on a non-zero exit. */
function runNode(command: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, { cwd: root, env, stdio: 'pipe' });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${command.join(' ')} exited ${code}: ${err.slice(-800)}`));
    });
  });
}

/** The last line of a script's output (where issuer:key and verifier:add print the key). */
const lastLine = (out: string): string => out.trim().split('\n').at(-1)?.trim() ?? '';

/**
 * Mints the API keys the bench needs, as an operator would, before the server starts (PGlite:
 * one process per data folder): `npm run issuer:key` and `npm run verifier:add -- --key-for`.
 */
async function mintKeys(env: NodeJS.ProcessEnv): Promise<{ issuer: string; verifier: string }> {
  const script = (name: string) => join(root, 'apps/server/scripts', name);
  const issuer = lastLine(
    await runNode(['--import', 'tsx', script('issuer-key.ts'), ISSUER_NAME], env),
  );
  const verifier = lastLine(
    await runNode(['--import', 'tsx', script('add-verifier.ts'), '--key-for', VERIFIER_NAME], env),
  );
  return { issuer, verifier };
}

/** Starts the product as `npm start` does (or under --cpu-prof); resolves once /health answers. */
async function startProduct(
  env: NodeJS.ProcessEnv,
  port: number,
  logFile: string,
  profileDir: string | undefined,
): Promise<ChildProcess> {
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
    timeoutMs: 180_000,
    intervalMs: 250,
    hint: `; see ${logFile}`,
  });
  return child;
}

/** A bare node:http server in this process answering every request with `body` (200, JSON). */
async function startBare(body: Buffer): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The database name of a postgres:// URL. */
function databaseName(url: string | undefined): string | undefined {
  return url ? decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) : undefined;
}

/** Drops and recreates the bench database (its name must contain "bench"); resolves a description. */
async function recreateDatabase(url: string): Promise<string> {
  const name = databaseName(url) ?? '';
  if (!/bench/.test(name) || !/^[A-Za-z0-9_]+$/.test(name)) {
    throw new Error(
      `--database-url: the bench drops and recreates the database, so its name must contain "bench" and only letters, digits and _ (got '${name}')`,
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
    return `PostgreSQL ${rows[0]?.server_version} at ${new URL(url).host}, database ${name}`;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Talking to the product during setup.

interface Answer {
  status: number;
  text: string;
  json<T>(): T;
}

async function call(
  base: string,
  method: string,
  path: string,
  { token, body, form }: { token?: string; body?: unknown; form?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: string | undefined;
  if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(form).toString();
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${base}${path}`, { method, headers, body: payload });
  const text = await response.text();
  return { status: response.status, text, json: <T>() => JSON.parse(text) as T };
}

async function expectOk(promise: Promise<Answer>, what: string): Promise<Answer> {
  const answer = await promise;
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`setup: ${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  return answer;
}

/** Runs `make(i)` for i in [0, count), `concurrency` at a time; resolves the results in order. */
async function prepareMany<T>(
  count: number,
  concurrency: number,
  make: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await make(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** The payload of a compact JWS (not verified: the bench only reads its own server's answers). */
const jwtPayload = <T>(jwt: string): T =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as T;

/** The wallet key the bench's own wallet holds: P-256 (ES256), for proofs and KB-JWTs. */
interface BenchWallet {
  privateKey: KeyObject;
  jwk: Record<string, unknown>;
  /** A JWS signature (base64url, IEEE P1363) of `input`. */
  sign(input: string): string;
}

function benchWallet(): BenchWallet {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty, crv, x, y } = createPublicKey(privateKey).export({ format: 'jwk' });
  return {
    privateKey,
    jwk: { kty, crv, x, y },
    sign: (input) =>
      sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString(
        'base64url',
      ),
  };
}

const b64json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An OpenID4VCI proof JWT (openid4vci-proof+jwt, ES256, header jwk) for `nonce` and `aud`. */
function proofJwt(wallet: BenchWallet, aud: string, nonce: string): string {
  const input = `${b64json({ typ: 'openid4vci-proof+jwt', alg: 'ES256', jwk: wallet.jwk })}.${b64json(
    { aud, iat: Math.floor(Date.now() / 1000), nonce },
  )}`;
  return `${input}.${wallet.sign(input)}`;
}

// ---------------------------------------------------------------------------------------------
// Timed runs: autocannon over a pool of prepared operations.

/** One timed run's figures: operations per second, p50/p99 ms per operation, failures. */
interface RunFigures {
  connections: number;
  operations: number;
  seconds: number;
  rate: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and socket errors or timeouts. */
  failures: number;
  failureKinds: Record<string, number>;
  /** Server CPU ms per operation (the server process tree, and PostgreSQL's backends). */
  serverCpuMs: number | undefined;
  dbCpuMs: number | undefined;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN);

/** The processes whose CPU a run counts. */
interface CpuTarget {
  serverPid: number | undefined;
  database: string | undefined;
}

/** A step of an operation: builds the request from the operation and what earlier steps kept. */
interface FlowStep<T> {
  request(item: T, kept: Record<string, string>): AutocannonRequest;
  /** Reads a 2xx answer; may keep values for the next steps. */
  onOk?(body: string, item: T, kept: Record<string, string>): void;
}

interface FlowContext<T> {
  item?: T;
  index: number;
  started: number;
  kept: Record<string, string>;
  failed: boolean;
}

/**
 * Runs `items` through the server, each as the sequence `steps`, with `connections` connections:
 * autocannon sends steps.length x items.length requests and stops. Each operation's time runs
 * from its first request's setup to its last answer.
 */
async function runFlow<T>(
  base: string,
  items: T[],
  steps: FlowStep<T>[],
  connections: number,
  cpu: CpuTarget,
): Promise<RunFigures> {
  const latencies: number[] = [];
  const failureKinds: Record<string, number> = {};
  let cursor = 0;
  let failures = 0;
  const fail = (kind: string) => {
    failures += 1;
    failureKinds[kind] = (failureKinds[kind] ?? 0) + 1;
  };
  const requests: AutocannonRequestStep<FlowContext<T>>[] = steps.map((flowStep, index) => ({
    setupRequest: (req, context) => {
      if (index === 0) {
        context.item = items[cursor++ % items.length];
        context.started = performance.now();
        context.kept = {};
        context.failed = false;
      }
      return { ...req, ...flowStep.request(context.item as T, context.kept) };
    },
    onResponse: (status, body, context) => {
      if (status < 200 || status > 299) {
        if (!context.failed) fail(`${index}:${status} ${body.slice(0, 120)}`);
        context.failed = true;
      } else if (!context.failed) {
        try {
          flowStep.onOk?.(body, context.item as T, context.kept);
        } catch (error) {
          context.failed = true;
          fail(`${index}: ${(error as Error).message}`);
        }
      }
      if (index === steps.length - 1 && !context.failed) {
        latencies.push(performance.now() - context.started);
      }
    },
  }));
  const serverPids = cpu.serverPid === undefined ? [] : processTree(cpu.serverPid);
  const cpuBefore = cpuOf(serverPids);
  const dbBefore = cpuOf(postgresBackends(cpu.database));
  const started = performance.now();
  const options: AutocannonOptions<FlowContext<T>> & { amount: number; timeout: number } = {
    url: base,
    connections,
    pipelining: 1,
    // Seconds: a loaded shared machine answers slowly; a timeout is still counted as a failure.
    timeout: 60,
    amount: items.length * steps.length,
    requests,
  };
  const instance = autocannon<FlowContext<T>>(options);
  instance.on('reqError', (error: (Error & { code?: string }) | undefined) => {
    fail(error?.code ?? error?.message ?? String(error));
  });
  const result: AutocannonResult = await instance;
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = cpuDelta(cpuBefore, cpuOf(serverPids));
  const dbCpu = cpuDelta(dbBefore, cpuOf(postgresBackends(cpu.database)));
  failures += Math.max(0, result.timeouts);
  latencies.sort((a, b) => a - b);
  const ok = latencies.length;
  return {
    connections,
    operations: ok,
    seconds,
    rate: ok / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    failureKinds,
    serverCpuMs: serverCpu === undefined || ok === 0 ? undefined : serverCpu / ok,
    dbCpuMs: dbCpu === undefined || ok === 0 || !cpu.database ? undefined : dbCpu / ok,
  };
}

/** A fixed GET for `DURATION` seconds (the status list and its bare twin). */
async function runFixed(url: string, connections: number, cpu: CpuTarget): Promise<RunFigures> {
  const serverPids = cpu.serverPid === undefined ? [] : processTree(cpu.serverPid);
  const cpuBefore = cpuOf(serverPids);
  const dbBefore = cpuOf(postgresBackends(cpu.database));
  const failureKinds: Record<string, number> = {};
  const instance = autocannon({ url, connections, pipelining: 1, duration: DURATION });
  instance.on('reqError', (error: (Error & { code?: string }) | undefined) => {
    const kind = error?.code ?? error?.message ?? String(error);
    failureKinds[kind] = (failureKinds[kind] ?? 0) + 1;
  });
  const result = await instance;
  const serverCpu = cpuDelta(cpuBefore, cpuOf(serverPids));
  const dbCpu = cpuDelta(dbBefore, cpuOf(postgresBackends(cpu.database)));
  const total = result.requests.total;
  if (result.non2xx > 0) failureKinds.non2xx = result.non2xx;
  return {
    connections,
    operations: total,
    seconds: DURATION,
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.non2xx,
    failureKinds,
    serverCpuMs: serverCpu === undefined || total === 0 ? undefined : serverCpu / total,
    dbCpuMs: dbCpu === undefined || total === 0 || !cpu.database ? undefined : dbCpu / total,
  };
}

// ---------------------------------------------------------------------------------------------
// Lines.

/** One printed line: figures at c=1 and c=N, floor, ratio, target. */
interface Line {
  name: string;
  unit: string;
  c1: RunFigures | undefined;
  cN: RunFigures | undefined;
  floor: number;
  floorWhat: string;
  /** The target's text and whether it was met; undefined: no target (ratio only). */
  target: { text: string; met: boolean } | undefined;
  note?: string;
}

/** How many operations a run prepares: the target rate times the duration (c=1: a tenth). */
const countFor = (rate: number, connections: number) =>
  Math.max(
    connections === 1 ? 40 : 200,
    Math.ceil((rate * DURATION) / (connections === 1 ? 10 : 1)),
  );

/** The product's state the lines share: keys, the holders' sessions, issued credentials. */
interface Setup {
  base: string;
  origin: string;
  keys: { issuer: string; verifier: string };
  cpu: CpuTarget;
  wallet: BenchWallet;
  /** SD-JWT VCs the issue line received, bound to `wallet`. */
  credentials: string[];
  listPath: string | undefined;
}

/** Makes `count` pre-authorized PAN offers (dc+sd-jwt only); resolves their codes. */
async function makeOffers(setup: Setup, count: number): Promise<string[]> {
  return prepareMany(count, 8, async () => {
    const offer = await expectOk(
      call(setup.base, 'POST', '/issuer/offers', {
        token: setup.keys.issuer,
        body: { document_type: 'PAN Card', claims: PAN_CLAIMS, formats: ['dc+sd-jwt'] },
      }),
      'POST /issuer/offers',
    );
    const offerUri = offer.json<{ offer_uri: string }>().offer_uri;
    const resolved = await expectOk(
      call(setup.base, 'GET', new URL(offerUri).pathname),
      'GET the offer',
    );
    const grants = resolved.json<{
      grants: Record<string, { 'pre-authorized_code': string }>;
    }>().grants;
    const code =
      grants['urn:ietf:params:oauth:grant-type:pre-authorized_code']?.['pre-authorized_code'];
    if (!code) throw new Error('setup: the offer has no pre-authorized code');
    return code;
  });
}

async function issueLine(setup: Setup, floor: number): Promise<Line> {
  const issuerId = `${setup.origin}/oid4vci/issuers/${ISSUER_SLUG}`;
  const path = `/oid4vci/issuers/${ISSUER_SLUG}`;
  const steps: FlowStep<string>[] = [
    {
      request: (code) => ({
        method: 'POST',
        path: `${path}/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
          'pre-authorized_code': code,
        }).toString(),
      }),
      onOk: (body, _code, kept) => {
        kept.token = (JSON.parse(body) as { access_token: string }).access_token;
      },
    },
    {
      request: () => ({ method: 'POST', path: `${path}/nonce` }),
      onOk: (body, _code, kept) => {
        kept.nonce = (JSON.parse(body) as { c_nonce: string }).c_nonce;
      },
    },
    {
      request: (_code, kept) => ({
        method: 'POST',
        path: `${path}/credential`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${kept.token}` },
        body: JSON.stringify({
          credential_configuration_id: 'pan_sd_jwt',
          proofs: { jwt: [proofJwt(setup.wallet, issuerId, kept.nonce ?? '')] },
        }),
      }),
      onOk: (body) => {
        const credential = (JSON.parse(body) as { credentials?: { credential: string }[] })
          .credentials?.[0]?.credential;
        if (typeof credential !== 'string') throw new Error('no credential in the answer');
        if (setup.credentials.length < 64) setup.credentials.push(credential);
      },
    },
  ];
  const run = async (connections: number) => {
    const codes = await makeOffers(setup, countFor(TARGETS.issuePerSecond, connections));
    return runFlow(setup.base, codes, steps, connections, setup.cpu);
  };
  const c1 = await run(1);
  const cN = await run(CONNECTIONS);
  return {
    name: 'OpenID4VCI issuance (token, nonce, credential)',
    unit: 'credentials/s',
    c1,
    cN,
    floor,
    floorWhat: 'raw EdDSA sign + ES256 verify',
    target: {
      text: `>= ${TARGETS.issuePerSecond}/s`,
      met: cN.rate >= TARGETS.issuePerSecond && cN.failures === 0 && c1.failures === 0,
    },
  };
}

/** A verifier request for the PAN's name; resolves the create answer. */
async function verifierRequest(setup: Setup) {
  const created = await expectOk(
    call(setup.base, 'POST', '/verifier/requests', {
      token: setup.keys.verifier,
      body: {
        purpose: PURPOSE,
        dcql_query: {
          credentials: [
            {
              id: 'pan',
              format: 'dc+sd-jwt',
              meta: { vct_values: [`${setup.origin}/vct/pan`] },
              claims: [{ id: 'name', path: ['name'] }],
            },
          ],
        },
      },
    }),
    'POST /verifier/requests',
  );
  return created.json<{ id: string; request_uri: string; wallet_url: string }>();
}

async function presentLine(setup: Setup, floor: number): Promise<Line> {
  if (setup.credentials.length === 0) {
    throw new Error('the present line needs the credentials of the issue line (--lines issue,...)');
  }
  // The wallet's part is made when the answer is sent (the KB-JWT's iat must be within the
  // verifier's 5 minutes, and preparing thousands of requests on a loaded machine takes longer):
  // per credential, its issuer-signed JWT with the `name` disclosure alone (SD-JWT section 7),
  // then per answer a KB-JWT (ES256) with the request's nonce and client_id, iat now and
  // sd_hash (SHA-256 of the presentation before it), signed synchronously with node:crypto.
  const shown = setup.credentials.map((credential) => {
    const [issuerJwt = '', ...rest] = credential.split('~');
    const disclosure = rest.find((d) => {
      if (!d) return false;
      const decoded = JSON.parse(Buffer.from(d, 'base64url').toString('utf8')) as unknown[];
      return decoded[1] === 'name';
    });
    if (!disclosure) throw new Error('the issued credential has no name disclosure');
    const presented = `${issuerJwt}~${disclosure}~`;
    return { presented, sdHash: createHash('sha256').update(presented).digest('base64url') };
  });
  const kbHeader = b64json({ typ: 'kb+jwt', alg: 'ES256' });
  const presentation = (i: number, aud: string, nonce: string) => {
    const { presented, sdHash } = shown[i % shown.length] as (typeof shown)[number];
    const input = `${kbHeader}.${b64json({ iat: Math.floor(Date.now() / 1000), aud, nonce, sd_hash: sdHash })}`;
    return `${presented}${input}.${setup.wallet.sign(input)}`;
  };
  type Item = { i: number; path: string; state: string; aud: string; nonce: string };
  const prepare = (count: number) =>
    prepareMany<Item>(count, 8, async (i) => {
      const created = await verifierRequest(setup);
      const objectPath = new URL(created.request_uri).pathname;
      const jwt = (await expectOk(call(setup.base, 'GET', objectPath), 'GET request object')).text;
      const { nonce, state, client_id } = jwtPayload<{
        nonce: string;
        state: string;
        client_id: string;
      }>(jwt);
      return {
        i,
        path: objectPath.replace('/requests/', '/responses/'),
        state,
        aud: client_id,
        nonce,
      };
    });
  const steps: FlowStep<Item>[] = [
    {
      request: (item) => ({
        method: 'POST',
        path: item.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          vp_token: JSON.stringify({ pan: [presentation(item.i, item.aud, item.nonce)] }),
          state: item.state,
        }).toString(),
      }),
    },
  ];
  const rate = TARGETS.presentRatio * floor;
  const c1 = await runFlow(setup.base, await prepare(countFor(rate, 1)), steps, 1, setup.cpu);
  const cN = await runFlow(
    setup.base,
    await prepare(countFor(rate, CONNECTIONS)),
    steps,
    CONNECTIONS,
    setup.cpu,
  );
  return {
    name: 'OpenID4VP direct_post verified (SD-JWT+KB)',
    unit: 'answers/s',
    c1,
    cN,
    floor,
    floorWhat: 'raw EdDSA verify + ES256 verify',
    target: {
      text: `>= ${100 * TARGETS.presentRatio}% of floor`,
      met: cN.rate >= rate && cN.failures === 0 && c1.failures === 0,
    },
  };
}

/** A demo holder signed in, holding a PAN Card. */
interface Holder {
  userId: string;
  token: string;
}

async function holders(setup: Setup): Promise<Holder[]> {
  const out: Holder[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const login = await expectOk(
      call(setup.base, 'POST', '/api/auth/verify-otp', {
        body: {
          aadhaarNumber: account.aadhaarNumber,
          phoneNumber: account.phoneNumber,
          otp: DEMO_OTP,
        },
      }),
      'login',
    );
    const token = login.json<{ session_token: string }>().session_token;
    const path = `/identity/generate-credential?user_id=${account.userId}&document_type=pan`;
    const generated = await call(setup.base, 'POST', path, { token });
    if (generated.status !== 200 && generated.status !== 409) {
      throw new Error(`setup: generate-credential answered ${generated.status}`);
    }
    out.push({ userId: account.userId, token });
  }
  return out;
}

async function approveLine(setup: Setup, floor: number): Promise<Line> {
  const signedIn = await holders(setup);
  type Item = { holder: Holder; consentId: string };
  const prepare = (count: number) =>
    prepareMany<Item>(count, 8, async (i) => {
      const holder = signedIn[i % signedIn.length] as Holder;
      const created = await verifierRequest(setup);
      const received = await expectOk(
        call(setup.base, 'POST', `/user/${holder.userId}/presentation-requests`, {
          token: holder.token,
          body: { link: created.wallet_url },
        }),
        'POST presentation-requests',
      );
      const answer = received.json<{ consent_request?: { id: string }; id?: string }>();
      const consentId = answer.consent_request?.id ?? answer.id;
      if (!consentId) throw new Error('setup: no consent request id');
      return { holder, consentId };
    });
  const steps: FlowStep<Item>[] = [
    {
      request: ({ holder, consentId }) => ({
        method: 'POST',
        path: `/user/${holder.userId}/consent-requests/${consentId}/approve`,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${holder.token}`,
          'idempotency-key': `flows-${randomUUID()}`,
        },
        body: JSON.stringify({ claims: ['name'] }),
      }),
    },
  ];
  const c1 = await runFlow(
    setup.base,
    await prepare(countFor(TARGETS.approvePerSecond, 1)),
    steps,
    1,
    setup.cpu,
  );
  const cN = await runFlow(
    setup.base,
    await prepare(countFor(TARGETS.approvePerSecond, CONNECTIONS)),
    steps,
    CONNECTIONS,
    setup.cpu,
  );
  return {
    name: 'holder approvals (present, verify, receipt)',
    unit: 'decisions/s',
    c1,
    cN,
    floor,
    floorWhat: 'raw 2 EdDSA sign + 2 EdDSA verify',
    target: {
      text: `>= ${TARGETS.approvePerSecond}/s`,
      met: cN.rate >= TARGETS.approvePerSecond && cN.failures === 0 && c1.failures === 0,
    },
  };
}

async function serveLine(setup: Setup): Promise<Line> {
  if (!setup.listPath) throw new Error('the serve line needs a status list (--lines issue,...)');
  const url = `${setup.base}${setup.listPath}`;
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  const bare = await startBare(body);
  try {
    const product = {
      c1: await runFixed(url, 1, setup.cpu),
      cN: await runFixed(url, CONNECTIONS, setup.cpu),
    };
    const none = { serverPid: undefined, database: undefined };
    const bareN = await runFixed(bare.url, CONNECTIONS, none);
    const bare1 = await runFixed(bare.url, 1, none);
    return {
      name: `status list served (${body.length} B statuslist+jwt)`,
      unit: 'answers/s',
      c1: product.c1,
      cN: product.cN,
      floor: bareN.rate,
      floorWhat: `bare node:http, same body (c=1 ${Math.round(bare1.rate)}/s)`,
      target: undefined,
    };
  } finally {
    await bare.close();
  }
}

/** `npm run bench:status` (scripts/bench-status.mjs), its cached-check figures read. */
async function statusLine(floor: number): Promise<Line> {
  const seconds = String(Math.max(1, Math.min(5, Math.round(DURATION / 2))));
  const out = await runNode([join(root, 'apps/server/scripts/bench-status.mjs'), seconds], {
    ...process.env,
  });
  const rates: Record<string, number> = {};
  for (const match of out.matchAll(/^(\w+): \d+ cached checks in [\d.]+ s: (\d+) checks\/s/gm)) {
    rates[match[1] ?? ''] = Number(match[2]);
  }
  const token = rates.token ?? 0;
  const bitstring = rates.bitstring ?? 0;
  const slowest = Math.min(token, bitstring);
  return {
    name: 'status checks, list cached (one core)',
    unit: 'checks/s',
    c1: undefined,
    cN: undefined,
    floor,
    floorWhat: 'raw EdDSA verify (a check verifying the list)',
    target: {
      text: `>= ${TARGETS.statusChecksPerSecond.toLocaleString('en-US')}/s`,
      met: slowest >= TARGETS.statusChecksPerSecond,
    },
    note: `token ${Math.round(token)}/s, bitstring ${Math.round(bitstring)}/s (slowest counts)`,
    ...{ figure: slowest },
  } as Line & { figure: number };
}

/** bench:api's mixed visit (apps/server/bench/api.ts --runs mix), run as it is; its JSON read. */
async function mixLine(database: Database): Promise<Line> {
  const dir = mkdtempSync(join(tmpdir(), 'pehchaan-flows-mix-'));
  const run = async (connections: number) => {
    const json = join(dir, `mix-${connections}.json`);
    await runNode(
      [
        '--import',
        'tsx',
        join(root, 'apps/server/bench/api.ts'),
        '--runs',
        'mix',
        '--db',
        database,
        '--database-url',
        args['database-url'],
        '-d',
        String(DURATION),
        '-c',
        String(connections),
        '--json',
        json,
      ],
      { ...process.env },
    ).catch((error: Error) => {
      // bench:api exits 1 when one of its own targets is missed; its figures are still written.
      console.log(`    (bench:api: ${error.message.split('\n')[0]?.slice(0, 160)})`);
    });
    type Row = {
      product: { rps: number; p50: number; p99: number; errors: number; non2xx: number };
      product_cpu?: unknown;
      bare: { rps: number };
    };
    const report = JSON.parse(readFileSync(json, 'utf8')) as {
      results: { rows: (Row & { product: { cpuMs?: { server?: number; db?: number } } })[] }[];
    };
    const row = report.results[0]?.rows[0];
    if (!row) throw new Error('bench:api wrote no mix row');
    const figures: RunFigures = {
      connections,
      operations: 0,
      seconds: DURATION,
      rate: row.product.rps,
      p50: row.product.p50,
      p99: row.product.p99,
      failures: row.product.errors + row.product.non2xx,
      failureKinds: {},
      serverCpuMs: row.product.cpuMs?.server,
      dbCpuMs: row.product.cpuMs?.db,
    };
    return { figures, bare: row.bare.rps };
  };
  try {
    const c1 = await run(1);
    const cN = await run(CONNECTIONS);
    const pglite = database === 'pglite';
    return {
      name: "holder's mixed visit (bench:api mix)",
      unit: 'requests/s',
      c1: c1.figures,
      cN: cN.figures,
      floor: cN.bare,
      floorWhat: 'bare node:http (bench:api)',
      target: pglite
        ? {
            text: `>= ${TARGETS.mixPerSecondPglite.toLocaleString('en-US')}/s`,
            met: cN.figures.rate >= TARGETS.mixPerSecondPglite && cN.figures.failures === 0,
          }
        : undefined,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Printing.

const num = (n: number | undefined, width: number, digits = 0): string =>
  (Number.isFinite(n)
    ? (n as number).toLocaleString('en-US', {
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      })
    : '-'
  ).padStart(width);

function figureOf(line: Line): number {
  return (line as Line & { figure?: number }).figure ?? line.cN?.rate ?? Number.NaN;
}

/** CPU ms per operation of the server (and PostgreSQL's backends) in the c=N run. */
const cpuMsOf = (line: Line): number =>
  (line.cN?.serverCpuMs ?? Number.NaN) + (line.cN?.dbCpuMs ?? 0);

function printLines(lines: Line[]): void {
  const head = `  ${'line'.padEnd(48)}${'c=1 /s'.padStart(8)}${'p50'.padStart(8)}${'p99'.padStart(8)}${`c=${CONNECTIONS} /s`.padStart(9)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'cpu ms'.padStart(8)}${'1 core/s'.padStart(10)}${'floor /s'.padStart(10)}${'ratio'.padStart(7)}  target`;
  console.log(head);
  for (const line of lines) {
    const figure = figureOf(line);
    const ratio = figure / line.floor;
    const verdict = line.target
      ? `${line.target.met ? 'PASS' : 'FAIL'} ${line.target.text}`
      : '(ratio only)';
    const cpu = cpuMsOf(line);
    console.log(
      `  ${line.name.padEnd(48)}${num(line.c1?.rate, 8)}${num(line.c1?.p50, 8, 1)}${num(line.c1?.p99, 8, 1)}${num(figure, 9)}${num(line.cN?.p50, 8, 1)}${num(line.cN?.p99, 8, 1)}${num(cpu, 8, 2)}${num(1000 / cpu, 10)}${num(line.floor, 10)}${`${(100 * ratio).toFixed(0)}%`.padStart(7)}  ${verdict}`,
    );
    console.log(
      `      ${line.unit}; floor: ${line.floorWhat}${line.note ? `; ${line.note}` : ''}; 1 core/s: 1000 / server CPU ms per operation (with PostgreSQL's)`,
    );
    for (const run of [line.c1, line.cN]) {
      if (run && run.failures > 0) {
        console.log(
          `      c=${run.connections}: ${run.failures} failed: ${JSON.stringify(run.failureKinds).slice(0, 400)}`,
        );
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------

/** What one database's lines came to (also the --json file's `results`). */
interface DatabaseResult {
  database: Database;
  description: string;
  loadBefore: number[];
  lines: Line[];
  failed: boolean;
}

async function benchDatabase(database: Database, raw: RawRates): Promise<DatabaseResult> {
  const dataDir = mkdtempSync(join(tmpdir(), `pehchaan-flows-${database}-`));
  const logFile = join(dataDir, 'server.log');
  const profileDir = args['cpu-prof']
    ? mkdtempSync(join(tmpdir(), `pehchaan-flows-prof-${database}-`))
    : undefined;
  let description = `PGlite (embedded), fresh DATA_DIR ${dataDir}`;
  let databaseUrl: string | undefined;
  if (database === 'postgres') {
    databaseUrl = args['database-url'];
    description = await recreateDatabase(databaseUrl);
  }
  const loadBefore = loadavg();
  console.log(`\n${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${description}`);
  console.log(`  load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`);
  const lines: Line[] = [];
  const serverLines = ['issue', 'present', 'approve', 'serve'].some((l) =>
    LINES.has(l as LineKind),
  );
  if (serverLines) {
    const port = args.port ? Number(args.port) : await freePort();
    const env = productEnv(dataDir, databaseUrl, port);
    const keys = await mintKeys(env);
    const server = await startProduct(env, port, logFile, profileDir);
    const base = `http://127.0.0.1:${port}`;
    const setup: Setup = {
      base,
      origin: base,
      keys,
      cpu: { serverPid: server.pid, database: databaseName(databaseUrl) },
      wallet: benchWallet(),
      credentials: [],
      listPath: undefined,
    };
    try {
      if (LINES.has('issue') || LINES.has('present') || LINES.has('serve')) {
        const line = await issueLine(setup, combined(raw.edSign, raw.esVerify));
        if (LINES.has('issue')) lines.push(line);
        setup.listPath = `/status-lists/${ISSUER_SLUG}/1`;
      }
      if (LINES.has('present')) {
        lines.push(await presentLine(setup, combined(raw.edVerify, raw.esVerify)));
      }
      if (LINES.has('approve')) {
        lines.push(
          await approveLine(setup, combined(raw.edSign, raw.edSign, raw.edVerify, raw.edVerify)),
        );
      }
      if (LINES.has('serve')) lines.push(await serveLine(setup));
    } finally {
      server.kill('SIGTERM');
      await exited(server);
    }
  }
  if (LINES.has('mix')) lines.push(await mixLine(database));
  printLines(lines);
  const errors = readFileSync(logFile, { encoding: 'utf8', flag: 'a+' })
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line));
  console.log(`  server log: ${errors.length} error line(s)`);
  for (const line of errors.slice(0, 3)) console.log(`    ${line.slice(0, 300)}`);
  if (profileDir) console.log(`  server CPU profile(s): ${profileDir}`);
  const failed =
    errors.length > 0 ||
    lines.some(
      (line) =>
        (line.target && !line.target.met) ||
        (line.c1?.failures ?? 0) > 0 ||
        (line.cN?.failures ?? 0) > 0,
    );
  if (!failed) rmSync(dataDir, { recursive: true, force: true });
  else console.log(`  server log kept in ${logFile}`);
  return { database, description, loadBefore, lines, failed };
}

async function main() {
  const cpu = cpus();
  const machine = {
    cpu: `${cpu[0]?.model ?? 'unknown'} x ${cpu.length}`,
    memoryGb: Number((totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    os: `${type()} ${release()}`,
  };
  console.log('npm run bench:flows: the flows, each against its floor');
  console.log(
    `  machine: ${machine.cpu}, ${machine.memoryGb} GB, node ${machine.node}, ${machine.os}`,
  );
  console.log(
    `  c=1 and c=${CONNECTIONS}; each run prepares the target rate x ${DURATION} s of operations (c=1: a tenth); rate limits off`,
  );
  const raw = measureRawRates();
  console.log(
    `  raw node:crypto per CPU second (one core), 512-byte message: EdDSA sign ${num(raw.edSign, 0)}/s, verify ${num(raw.edVerify, 0)}/s; ES256 sign ${num(raw.esSign, 0)}/s, verify ${num(raw.esVerify, 0)}/s`,
  );
  const results: DatabaseResult[] = [];
  let statusFailed = false;
  if (LINES.has('status')) {
    console.log('\nIn process (no database):');
    const line = await statusLine(raw.edVerify);
    printLines([line]);
    statusFailed = !line.target?.met;
    results.push({
      database: 'pglite',
      description: 'in process',
      loadBefore: loadavg(),
      lines: [line],
      failed: statusFailed,
    });
  }
  for (const database of DATABASES) results.push(await benchDatabase(database, raw));
  if (args.json) {
    const report = { date: new Date().toISOString(), machine, raw, results };
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
