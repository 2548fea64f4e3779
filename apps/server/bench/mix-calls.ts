/**
 * `npx tsx apps/server/bench/mix-calls.ts` (docs/performance.md "The mixed visit, call by call"):
 * what each kind of call of the holder's mixed visit (./mix.ts) costs the server, one call at a
 * time, so a profile can be read per kind of call rather than for the whole blend.
 *
 * The app is built in this process as `npm start` builds it (loadConfig from the environment,
 * PGlite in a fresh temporary DATA_DIR or, with --db postgres, the database of --database-url,
 * LOG_LEVEL info into a file, READ_CACHE on, rate limits off as in bench:api) and driven with
 * app.inject(): no sockets, so the figures are the route, the hooks and the database, not HTTP
 * parsing. After a warm-up, each kind of call runs -n times (300) in a row:
 *   login          POST /api/auth/verify-otp, the three demo accounts in turn (DECISIONS 2)
 *   credentials    GET /user/{id}/credentials, answered from the read cache
 *   credentials*   the same right after the holder changed (the first list after a write)
 *   consent        GET /user/{id}/consent-requests, cached; consent* the first after a write
 *   verify         GET /api/verify/{credentialId} (the public verdict, cached)
 *   health         GET /health
 *   approve        POST .../consent-requests/{id}/approve with a fresh Idempotency-Key
 *   reset          POST .../consent-requests/reset (the demo refill; before each 3 approvals)
 *   replay         an approval's Idempotency-Key sent again (answered from the stored answer)
 * Printed per kind: CPU ms per call (process.cpuUsage: this process holds PGlite too), wall ms
 * per call, SQL statements per call (PGlite only: the client's query/exec calls, those inside
 * transactions included, BEGIN and COMMIT not counted) and transactions per call.
 * --profile <dir>: a V8 CPU profile per kind (<dir>/<kind>.cpuprofile, node:inspector) and its
 * top self-time functions. --sql: the statements of one call of each kind. Options: -n calls per kind (300), --kinds (all, comma-separated),
 * --top functions per profile (15). A benchmark, not part of `npm test`; every call must answer
 * 2xx (else it throws).
 */
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS, type DemoAccount } from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, type Database } from '../src/db/create-db';
import { loginBody } from './mix';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', short: 'n', default: '300' },
    db: { type: 'string', default: 'pglite' },
    'database-url': {
      type: 'string',
      default:
        process.env.BENCH_DATABASE_URL ??
        'postgres://postgres:postgres@127.0.0.1:5432/pehchaan_bench',
    },
    kinds: { type: 'string' },
    profile: { type: 'string' },
    top: { type: 'string', default: '15' },
    sql: { type: 'boolean', default: false },
  },
});

const N = Number(args.n);
const TOP = Number(args.top);

/** The kinds of call measured, in order (see the module docs). */
const KINDS = [
  'login',
  'credentials',
  'credentials*',
  'consent',
  'consent*',
  'verify',
  'health',
  'approve',
  'reset',
  'replay',
] as const;
type Kind = (typeof KINDS)[number];

const selected = new Set<Kind>(
  args.kinds ? (args.kinds.split(',') as Kind[]) : (KINDS as readonly Kind[]),
);
for (const kind of selected) if (!KINDS.includes(kind)) throw new Error(`--kinds: '${kind}'?`);

/** SQL statements and transactions the database client was asked for so far (PGlite only). */
const sqlCount = { statements: 0, transactions: 0 };
/** With --sql: the statements of the call being traced (the first timed call of each kind). */
let sqlTrace: string[] | undefined;

/**
 * Counts the statements sent through PGlite's client (query and exec, also within a
 * transaction), by wrapping its methods. PostgreSQL: left uncounted.
 */
function countStatements(database: Database): void {
  const client = (database.db as unknown as { $client?: Record<string, unknown> }).$client;
  if (!client || database.type !== 'pglite') return;
  const wrap = (target: Record<string, unknown>, name: string) => {
    const original = target[name] as (...a: unknown[]) => unknown;
    target[name] = function (this: unknown, ...a: unknown[]) {
      sqlCount.statements++;
      sqlTrace?.push(String(a[0]).replace(/\s+/g, ' ').slice(0, 240));
      return original.apply(this, a);
    };
  };
  wrap(client, 'query');
  wrap(client, 'exec');
  const transaction = client.transaction as (cb: (tx: unknown) => unknown) => unknown;
  client.transaction = function (this: unknown, cb: (tx: Record<string, unknown>) => unknown) {
    sqlCount.transactions++;
    return transaction.call(this, (tx: unknown) => {
      const t = tx as Record<string, unknown>;
      wrap(t, 'query');
      wrap(t, 'exec');
      return cb(t);
    });
  };
}

interface Holder {
  account: DemoAccount;
  token: string;
  credentialIds: string[];
  pending: string[];
  lastApproval: { key: string; url: string } | undefined;
}

/** One call; @throws unless it answered 2xx. Resolves the parsed JSON body. */
async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  {
    token,
    body,
    headers = {},
  }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<unknown> {
  const response = await app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  if (response.statusCode < 200 || response.statusCode > 299) {
    throw new Error(
      `${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`,
    );
  }
  return response.json();
}

async function logIn(app: FastifyInstance, account: DemoAccount): Promise<string> {
  const answer = (await call(app, 'POST', '/api/auth/verify-otp', {
    body: loginBody(account),
  })) as {
    session_token: string;
  };
  return answer.session_token;
}

type Pending = { consent_requests: { id: string; status: string }[] };
const pendingOf = (answer: unknown) =>
  (answer as Pending).consent_requests.filter((r) => r.status === 'pending').map((r) => r.id);

async function prepare(app: FastifyInstance): Promise<Holder[]> {
  const holders: Holder[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const token = await logIn(app, account);
    const generate = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${account.userId}&document_type=pan`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (generate.statusCode !== 200 && generate.statusCode !== 409) {
      throw new Error(`generate-credential answered ${generate.statusCode}`);
    }
    const list = (await call(app, 'GET', `/user/${account.userId}/credentials`, { token })) as {
      credentials: { id: string }[];
    };
    const reset = await call(app, 'POST', `/user/${account.userId}/consent-requests/reset`, {
      token,
    });
    holders.push({
      account,
      token,
      credentialIds: list.credentials.map((c) => c.id),
      pending: pendingOf(reset),
      lastApproval: undefined,
    });
  }
  return holders;
}

/**
 * The calls of one kind, as a function of the call's index. `untimed` runs before each timed
 * call and is not measured (it makes the holder's cache stale, or refills pending requests).
 */
function callsOf(
  app: FastifyInstance,
  holders: Holder[],
  kind: Kind,
): { untimed?: (i: number) => Promise<void>; timed: (i: number) => Promise<unknown> } {
  const holder = (i: number) => holders[i % holders.length] as Holder;
  const user = (i: number) => holder(i).account.userId;
  const stale = async (i: number) => app.readCache.invalidate(user(i));
  let key = 0;
  const approve = async (h: Holder) => {
    const id = h.pending.pop();
    if (!id) throw new Error('no pending request');
    const approval = {
      key: `mix-calls-${process.pid}-${key++}`,
      url: `/user/${h.account.userId}/consent-requests/${id}/approve`,
    };
    await call(app, 'POST', approval.url, {
      token: h.token,
      headers: { 'idempotency-key': approval.key },
    });
    h.lastApproval = approval;
  };
  const reset = async (h: Holder) => {
    h.pending = pendingOf(
      await call(app, 'POST', `/user/${h.account.userId}/consent-requests/reset`, {
        token: h.token,
      }),
    );
  };
  switch (kind) {
    case 'login':
      return { timed: (i) => logIn(app, holder(i).account) };
    case 'credentials':
    case 'credentials*':
      return {
        ...(kind === 'credentials*' ? { untimed: stale } : {}),
        timed: (i) => call(app, 'GET', `/user/${user(i)}/credentials`, { token: holder(i).token }),
      };
    case 'consent':
    case 'consent*':
      return {
        ...(kind === 'consent*' ? { untimed: stale } : {}),
        timed: (i) =>
          call(app, 'GET', `/user/${user(i)}/consent-requests`, { token: holder(i).token }),
      };
    case 'verify':
      return {
        timed: (i) => {
          const h = holder(i);
          return call(app, 'GET', `/api/verify/${h.credentialIds[i % h.credentialIds.length]}`);
        },
      };
    case 'health':
      return { timed: () => call(app, 'GET', '/health') };
    case 'approve':
      return {
        untimed: async (i) => {
          if (holder(i).pending.length === 0) await reset(holder(i));
        },
        timed: (i) => approve(holder(i)),
      };
    case 'reset':
      return { timed: (i) => reset(holder(i)) };
    case 'replay':
      return {
        untimed: async (i) => {
          const h = holder(i);
          if (!h.lastApproval) {
            if (h.pending.length === 0) await reset(h);
            await approve(h);
          }
        },
        timed: (i) => {
          const h = holder(i);
          const approval = h.lastApproval!;
          return call(app, 'POST', approval.url, {
            token: h.token,
            headers: { 'idempotency-key': approval.key },
          });
        },
      };
  }
}

/** Figures of one kind: CPU and wall ms per call, statements and transactions per call. */
interface KindFigures {
  kind: Kind;
  cpuMs: number;
  wallMs: number;
  statements: number;
  transactions: number;
}

/** A profile node as V8 writes it. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The top self-time functions of a V8 CPU profile, as printable lines (ms over all calls). */
function topSelf(
  profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] },
  calls: number,
): string[] {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id);
    const us = profile.timeDeltas[i] ?? 0;
    if (!node || node.callFrame.functionName === '(idle)') return;
    const url = node.callFrame.url
      .replace(/^.*node_modules\//, '')
      .replace(/^.*\/apps\/server\//, '')
      .replace(/^file:\/\//, '');
    const name = `${node.callFrame.functionName || '(anonymous)'} ${url}${url ? `:${node.callFrame.lineNumber + 1}` : ''}`;
    self.set(name, (self.get(name) ?? 0) + us);
    total += us;
  });
  return [
    `busy ${(total / 1000 / calls).toFixed(3)} ms per call in the profile`,
    ...[...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(
        ([name, us]) =>
          `${(us / 1000 / calls).toFixed(3).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name.slice(0, 140)}`,
      ),
  ];
}

async function measureKind(
  app: FastifyInstance,
  holders: Holder[],
  kind: Kind,
  session: Session | undefined,
): Promise<{ figures: KindFigures; profile?: string[] }> {
  const { untimed, timed } = callsOf(app, holders, kind);
  // Warm-up: JIT, caches, prepared plans.
  for (let i = 0; i < Math.min(60, N); i++) {
    await untimed?.(i);
    await timed(i);
  }
  if (args.sql) {
    sqlTrace = [];
    await untimed?.(N);
    sqlTrace = [];
    await timed(N);
    console.log(
      `  -- ${kind}: ${sqlTrace.length} statements\n${sqlTrace.map((q) => `     ${q}`).join('\n')}`,
    );
    sqlTrace = undefined;
  }
  let cpu = 0;
  let wall = 0;
  let statements = 0;
  let transactions = 0;
  if (session) await session.post('Profiler.start');
  for (let i = 0; i < N; i++) {
    await untimed?.(i);
    const sql = { ...sqlCount };
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await timed(i);
    const c = process.cpuUsage(c0);
    wall += performance.now() - t0;
    cpu += (c.user + c.system) / 1000;
    statements += sqlCount.statements - sql.statements;
    transactions += sqlCount.transactions - sql.transactions;
  }
  let profile: string[] | undefined;
  if (session && args.profile) {
    const { profile: p } = await session.post('Profiler.stop');
    writeFileSync(
      join(args.profile, `${kind.replace('*', '-after-write')}.cpuprofile`),
      JSON.stringify(p),
    );
    profile = topSelf(p as unknown as Parameters<typeof topSelf>[0], N);
  }
  return {
    figures: {
      kind,
      cpuMs: cpu / N,
      wallMs: wall / N,
      statements: statements / N,
      transactions: transactions / N,
    },
    profile,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pehchaan-mix-calls-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMITS: 'off',
    MAX_CONNECTIONS_PER_CLIENT: '0',
    READ_CACHE: 'on',
    DATABASE_URL: args.db === 'postgres' ? args['database-url'] : undefined,
  };
  const config = loadConfig(env);
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  countStatements(database);
  const logStream = createWriteStream(join(dataDir, 'server.log'));
  const app = await buildApp({ config, db: database, logStream, announce: () => {} });
  let session: Session | undefined;
  if (args.profile) {
    mkdirSync(args.profile, { recursive: true });
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
  }
  try {
    const holders = await prepare(app);
    console.log(
      `mix-calls: ${N} calls per kind, one at a time, app.inject, ${database.type}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `  ${'kind'.padEnd(14)}${'CPU ms'.padStart(9)}${'wall ms'.padStart(9)}${'SQL stmts'.padStart(11)}${'xacts'.padStart(7)}`,
    );
    const rows: KindFigures[] = [];
    const profiles: [Kind, string[]][] = [];
    for (const kind of KINDS) {
      if (!selected.has(kind)) continue;
      const { figures, profile } = await measureKind(app, holders, kind, session);
      rows.push(figures);
      if (profile) profiles.push([kind, profile]);
      console.log(
        `  ${kind.padEnd(14)}${figures.cpuMs.toFixed(3).padStart(9)}${figures.wallMs.toFixed(3).padStart(9)}${figures.statements.toFixed(1).padStart(11)}${figures.transactions.toFixed(1).padStart(7)}`,
      );
    }
    for (const [kind, lines] of profiles) {
      console.log(`\n  ${kind}: top self time per call`);
      for (const line of lines) console.log(`    ${line}`);
    }
  } finally {
    session?.disconnect();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
