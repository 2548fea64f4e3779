/**
 * `npm run chaos` (docs/scaling.md "Broken on purpose"): starts the cluster of start-cluster.ts,
 * drives a steady mixed holder load through HAProxy (load.ts: logins, lists, consent decisions
 * and credential issuance and deletion with Idempotency-Keys, activity entries, verify links),
 * and during it:
 *   1. SIGKILLs one product instance, restarts it after a while;
 *   2. SIGKILLs the PostgreSQL primary (its pg_autoctl keeper, postmaster and backends: a machine
 *      lost at once); pg_auto_failover promotes the synchronous standby; after a while the old
 *      node is started again and rejoins as the standby.
 * Then it probes the limits through the balancer (login, verify link, OTP sends per phone, each
 * from one address over the three instances) and checks every acknowledged write against the
 * database (through the same multi-host URL the instances use).
 *
 * Figures (printed, and saved as JSON: --json, default .chaos/chaos-<time>.json at the repository
 * root; .cluster/ is made anew at each start):
 * - acknowledged writes lost: 2xx writes (sessions, issued and deleted credentials, activity
 *   entries, consent decisions and resets) not found as answered in the database. Target 0.
 * - cross-holder or stale answers: a list naming or holding another holder's data, or not
 *   showing the client's own acknowledged write (load.ts). Target 0.
 * - answers that failed during each fault (no answer, or 5xx; 409 idempotency_in_flight
 *   counted apart: the correct answer to an outbox retry of a request still in flight), and the
 *   seconds from the fault until requests succeed again: the end of the last failed call that
 *   started within the fault's window (0 when none failed). A call that started in one fault's
 *   window and failed after the next fault began (in flight across the boundary) is the next
 *   fault's failure, counted there. Targets: under 15 s for the primary,
 *   under 1 s for an instance.
 * - 500 answers and calls with no answer within 10 s (a hang). Target 0 each.
 * - limits held across instances: each limit allowed exactly its budget through the balancer.
 * It ends with the four lines `acknowledged writes lost: N`, `cross-holder or stale answers: N`,
 * `primary failover recovery: S s`, `instance kill recovery: S s`, and exits 1 when a target is
 * missed (2 when the cluster could not be started).
 *
 * Options: --short (the CI version: fewer clients, shorter phases; about 3 to 4 minutes with the
 * cluster's start), --clients N (credential clients per holder, 1-4; default 3, short 2),
 * --think-ms N (pause between a client's calls; default 20), --json <file>.
 * The machine is shared with whatever else runs: the figures carry the load average and the
 * request rate.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from '@pehchaan/core';
import { createTargetedPool } from '../src/db/postgres-hosts';
import {
  type CallRecord,
  HolderClient,
  httpCall,
  isFailure,
  type LoadState,
  makeClients,
  newLoadState,
} from './load';
import {
  type Cluster,
  NODE_NAMES,
  type NodeName,
  ROOT,
  startCluster,
  waitUntil,
} from './start-cluster';

const { values: args } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    clients: { type: 'string' },
    'think-ms': { type: 'string', default: '20' },
    json: { type: 'string' },
  },
});

const SHORT = args.short;
const PHASE = SHORT
  ? { warm: 8_000, instanceDown: 5_000, steady: 8_000, afterPromotion: 5_000, final: 6_000 }
  : { warm: 20_000, instanceDown: 15_000, steady: 20_000, afterPromotion: 15_000, final: 20_000 };
const CREDENTIAL_CLIENTS = Number(args.clients ?? (SHORT ? 2 : 3));
const THINK_MS = Number(args['think-ms']);
const TARGETS = { primarySeconds: 15, instanceSeconds: 1 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) =>
  console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}`);

interface Fault {
  name: 'instance' | 'primary';
  target: string;
  at: number;
  /** When the next phase began: the end of this fault's window. */
  windowEnd: number;
  events: Record<string, number>;
}

interface FaultFigures {
  name: string;
  target: string;
  failed: number;
  failedByKind: Record<string, number>;
  inFlightConflicts: number;
  recoverySeconds: number;
  events: Record<string, number>;
}

/**
 * Failure figures of one fault window (module docstring). In flight: the calls that started in
 * [fault.at, fault.windowEnd). Failed: the failed calls that ended in [fault.at, nextAt) (the
 * next fault's start, or never) and started in [previousAt, fault.windowEnd) (previousAt: the
 * previous fault's start, or this one's), so a call in flight across two faults' boundary is
 * counted once, by the fault it failed under.
 */
function faultFigures(
  fault: Fault,
  calls: CallRecord[],
  previousAt: number,
  nextAt: number,
): FaultFigures {
  const inWindow = calls.filter((call) => call.start >= fault.at && call.start < fault.windowEnd);
  const failed = calls.filter(
    (call) =>
      isFailure(call) &&
      call.start >= previousAt &&
      call.start < fault.windowEnd &&
      call.end >= fault.at &&
      call.end < nextAt,
  );
  const byKind: Record<string, number> = {};
  for (const call of failed) {
    const kind = call.error ?? `${call.status}${call.code ? ` ${call.code}` : ''}`;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
  }
  const lastFailureEnd = Math.max(fault.at, ...failed.map((call) => call.end));
  return {
    name: fault.name,
    target: fault.target,
    failed: failed.length,
    failedByKind: byKind,
    inFlightConflicts: inWindow.filter((call) => call.code === 'idempotency_in_flight').length,
    recoverySeconds: Math.round((lastFailureEnd - fault.at) / 10) / 100,
    events: Object.fromEntries(
      Object.entries(fault.events).map(([name, at]) => [
        name,
        Math.round((at - fault.at) / 10) / 100,
      ]),
    ),
  };
}

/** Percentile of sorted numbers. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

interface LimitProbe {
  limit: string;
  budget: number;
  sent: number;
  allowed: number;
  held: boolean;
}

/**
 * Sends `sent` requests of one limited kind through the balancer (round robin over the three
 * instances) and counts how many were let through (anything but 429).
 */
async function probeLimit(
  base: URL,
  limit: string,
  budget: number,
  sent: number,
  send: (index: number) => { method: string; path: string; body?: unknown; from: string },
): Promise<LimitProbe> {
  let allowed = 0;
  for (let index = 0; index < sent; index++) {
    const { method, path, body, from } = send(index);
    const text = body === undefined ? undefined : JSON.stringify(body);
    const answer = await httpCall(
      base,
      method,
      path,
      text === undefined ? {} : { 'content-type': 'application/json' },
      text,
      undefined,
      from,
    ).catch(() => undefined);
    if (answer && answer.status !== 429) allowed++;
  }
  return { limit, budget, sent, allowed, held: allowed === budget };
}

/** Every acknowledged write, looked up in the database. */
async function verifyLedger(databaseUrl: string, state: LoadState) {
  const pool = createTargetedPool(databaseUrl, { max: 2 });
  try {
    const present = async (table: string, column: string, values: string[]) => {
      if (values.length === 0) return new Set<string>();
      const result = await pool.query<{ v: string }>(
        `SELECT ${column} AS v FROM ${table} WHERE ${column} = ANY($1)`,
        [values],
      );
      return new Set(result.rows.map((row) => row.v));
    };
    const { ledger } = state;
    const sessions = [...ledger.sessions];
    const sessionsFound = await present('sessions', 'token_hash', sessions);
    const issued = [...ledger.issued.keys()].filter(
      (id) => !ledger.deleted.has(id) && !ledger.deleteUncertain.has(id),
    );
    const issuedFound = await present('credentials', 'id', issued);
    const deleted = [...ledger.deleted];
    const deletedFound = await present('credentials', 'id', deleted);
    const activities = [...ledger.activities];
    const activitiesFound = await present('activity_logs', 'id', activities);
    const consent = [...ledger.consent.entries()].filter(([, entry]) => !entry.uncertain);
    const statuses = await pool.query<{ id: string; status: string }>(
      'SELECT id, status FROM consent_requests WHERE id = ANY($1)',
      [consent.map(([id]) => id)],
    );
    const statusOf = new Map(statuses.rows.map((row) => [row.id, row.status]));
    const consentWrong = consent.filter(([id, entry]) => statusOf.get(id) !== entry.status);
    const lost = {
      sessions: sessions.length - sessionsFound.size,
      issuedCredentials: issued.length - issuedFound.size,
      deletedCredentialsBack: deletedFound.size,
      activityEntries: activities.length - activitiesFound.size,
      consentStatuses: consentWrong.length,
    };
    return {
      checked: {
        sessions: sessions.length,
        issuedAcknowledged: ledger.issued.size,
        issuedCredentials: issued.length,
        deletedCredentials: deleted.length,
        activityEntries: activities.length,
        consentStatuses: consent.length,
      },
      lost,
      total: Object.values(lost).reduce((sum, n) => sum + n, 0),
      examples: consentWrong
        .slice(0, 5)
        .map(([id, entry]) => ({ id, wrote: entry.status, found: statusOf.get(id) })),
    };
  } finally {
    await pool.end();
  }
}

async function run(cluster: Cluster): Promise<number> {
  const base = new URL(cluster.urls.app);
  const state = newLoadState();
  const loadBefore = loadavg();

  // The owners of the credentials that exist before the load (cross-holder check).
  for (const [index, holder] of DEMO_ACCOUNTS.entries()) {
    const lister = new HolderClient(200 + index, holder, 'credentials', [], base, state);
    if (!(await lister.snapshot())) throw new Error(`${holder.userId} could not list credentials`);
  }
  state.calls.length = 0;
  state.ledger.sessions.clear();

  const clients = makeClients(base, state, CREDENTIAL_CLIENTS);
  let running = true;
  say(`load: ${clients.length} clients through ${cluster.urls.app} (think ${THINK_MS} ms)`);
  const loadStart = Date.now();
  const load = Promise.all(clients.map((client) => client.run(() => running, THINK_MS)));
  const faults: Fault[] = [];

  await sleep(PHASE.warm);

  // 1. An instance dies.
  const victim = 1;
  const instanceFault: Fault = {
    name: 'instance',
    target: `instance${victim + 1}`,
    at: Date.now(),
    windowEnd: 0,
    events: {},
  };
  say(`SIGKILL instance${victim + 1}`);
  cluster.killInstance(victim);
  faults.push(instanceFault);
  await sleep(PHASE.instanceDown);
  say(`restarting instance${victim + 1}`);
  instanceFault.events.restarted = Date.now();
  await cluster.startInstance(victim);
  instanceFault.events.healthy = Date.now();
  await sleep(PHASE.steady);
  instanceFault.windowEnd = Date.now();

  // 2. The PostgreSQL primary dies.
  const oldPrimary = (await cluster.primary()) as NodeName;
  const standby = NODE_NAMES.find((name) => name !== oldPrimary) as NodeName;
  const primaryFault: Fault = {
    name: 'primary',
    target: oldPrimary,
    at: Date.now(),
    windowEnd: 0,
    events: {},
  };
  say(`SIGKILL PostgreSQL primary ${oldPrimary}`);
  cluster.killNode(oldPrimary);
  faults.push(primaryFault);
  await waitUntil(
    `${standby} to be promoted`,
    async () => (await cluster.primary()) === standby,
    120_000,
    200,
  );
  primaryFault.events.promoted = Date.now();
  say(`${standby} promoted after ${((Date.now() - primaryFault.at) / 1000).toFixed(1)} s`);
  await sleep(PHASE.afterPromotion);
  say(`restarting ${oldPrimary} (rejoins as the standby)`);
  primaryFault.events.restarted = Date.now();
  cluster.startNode(oldPrimary);
  await waitUntil(
    `${oldPrimary} to rejoin as the synchronous standby`,
    async () => {
      const states = await cluster.nodeStates();
      const rejoined = states.find((node) => node.name === oldPrimary);
      const primary = states.find((node) => node.name === standby);
      return rejoined?.reported === 'secondary' && primary?.reported === 'primary';
    },
    180_000,
    500,
  );
  primaryFault.events.rejoined = Date.now();
  say(`${oldPrimary} is the synchronous standby again`);
  await sleep(PHASE.final);
  primaryFault.windowEnd = Date.now();
  running = false;
  await load;
  const loadEnd = Date.now();
  const loadAfter = loadavg();

  // The limits, through the balancer, each from one address.
  say('probing the limits through the balancer');
  const limits = [
    await probeLimit(base, 'login (POST /api/auth/verify-otp, 30 a minute per IP)', 30, 40, () => ({
      method: 'POST',
      path: '/api/auth/verify-otp',
      body: { aadhaarNumber: '789012345674', phoneNumber: '7045678901', otp: '000000' },
      from: '127.0.2.1',
    })),
    await probeLimit(
      base,
      'verify link (GET /api/verify/{id}, 60 a minute per IP)',
      60,
      70,
      (index) => ({
        method: 'GET',
        path: `/api/verify/cred-probe-${index}`,
        from: '127.0.2.2',
      }),
    ),
    await probeLimit(base, 'OTP sends to one phone (3 per 10 minutes)', 3, 6, (index) => ({
      method: 'POST',
      path: '/api/auth/send-otp',
      body: { phoneNumber: '7045678901' },
      from: `127.0.2.${10 + index}`,
    })),
  ];

  say('checking every acknowledged write against the database');
  const verification = await verifyLedger(cluster.urls.databaseUrl, state);

  // Figures.
  const calls = state.calls.filter((call) => call.end > 0);
  const durations = calls
    .filter((call) => !isFailure(call))
    .map((call) => call.end - call.start)
    .sort((a, b) => a - b);
  const figures = faults.map((fault, i) =>
    faultFigures(
      fault,
      calls,
      faults[i - 1]?.at ?? fault.at,
      faults[i + 1]?.at ?? Number.POSITIVE_INFINITY,
    ),
  );
  const instance = figures.find((figure) => figure.name === 'instance') as FaultFigures;
  const primary = figures.find((figure) => figure.name === 'primary') as FaultFigures;
  const crossHolder = state.violations.filter(
    (violation) => violation.kind === 'cross-holder',
  ).length;
  const stale = state.violations.filter((violation) => violation.kind === 'stale').length;
  const serverErrors = calls.filter((call) => call.status === 500).length;
  const hangs = calls.filter((call) => call.error === 'timeout').length;
  const byKind: Record<string, number> = {};
  for (const call of calls) byKind[call.kind] = (byKind[call.kind] ?? 0) + 1;
  const seconds = (loadEnd - loadStart) / 1000;
  const report = {
    when: new Date().toISOString(),
    short: SHORT,
    machine: { cpus: cpus().length, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
    load: {
      clients: clients.length,
      thinkMs: THINK_MS,
      seconds: Math.round(seconds),
      calls: calls.length,
      perSecond: Math.round(calls.length / seconds),
      p50Ms: percentile(durations, 50),
      p99Ms: percentile(durations, 99),
      byKind,
      failed: calls.filter(isFailure).length,
      rateLimited: calls.filter((call) => call.status === 429).length,
    },
    faults: figures,
    limits,
    verification,
    violations: state.violations.slice(0, 20),
    targets: {
      acknowledgedWritesLost: {
        value: verification.total,
        target: 0,
        met: verification.total === 0,
      },
      crossHolderOrStale: { value: crossHolder + stale, target: 0, met: crossHolder + stale === 0 },
      primaryFailoverRecoverySeconds: {
        value: primary.recoverySeconds,
        target: `< ${TARGETS.primarySeconds}`,
        met: primary.recoverySeconds < TARGETS.primarySeconds,
      },
      instanceKillRecoverySeconds: {
        value: instance.recoverySeconds,
        target: `< ${TARGETS.instanceSeconds}`,
        met: instance.recoverySeconds < TARGETS.instanceSeconds,
      },
      internalServerErrors: { value: serverErrors, target: 0, met: serverErrors === 0 },
      hungRequests: { value: hangs, target: 0, met: hangs === 0 },
      limitsHeld: {
        value: limits.every((limit) => limit.held),
        target: true,
        met: limits.every((limit) => limit.held),
      },
    },
  };

  const jsonFile =
    args.json ?? join(ROOT, '.chaos', `chaos-${report.when.replace(/[:.]/g, '-')}.json`);
  mkdirSync(dirname(jsonFile), { recursive: true });
  writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);

  const line = (label: string, value: string) => console.log(`  ${label.padEnd(44)} ${value}`);
  console.log(
    `\nChaos run${SHORT ? ' (short)' : ''}, ${report.when}; ${cpus().length} CPUs, load average ${loadBefore.map((n) => n.toFixed(1)).join(' ')} before, ${loadAfter.map((n) => n.toFixed(1)).join(' ')} after`,
  );
  line(
    'load',
    `${clients.length} clients, ${calls.length} calls in ${Math.round(seconds)} s (${report.load.perSecond}/s), p50 ${report.load.p50Ms} ms, p99 ${report.load.p99Ms} ms`,
  );
  line(
    'calls by kind',
    Object.entries(byKind)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', '),
  );
  for (const figure of figures) {
    line(
      `fault: ${figure.name} (${figure.target})`,
      `${figure.failed} failed answers${
        figure.failed
          ? ` (${Object.entries(figure.failedByKind)
              .map(([kind, n]) => `${kind}: ${n}`)
              .join(', ')})`
          : ''
      }, ${figure.inFlightConflicts} in-flight 409s, recovered in ${figure.recoverySeconds.toFixed(2)} s; events (s after the fault): ${Object.entries(
        figure.events,
      )
        .map(([name, at]) => `${name} ${at}`)
        .join(', ')}`,
    );
  }
  for (const limit of limits)
    line(
      `limit: ${limit.limit}`,
      `${limit.allowed} of ${limit.sent} let through, budget ${limit.budget}: ${limit.held ? 'held' : 'NOT held'}`,
    );
  line(
    'acknowledged writes checked',
    Object.entries(verification.checked)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', '),
  );
  line('500 answers / hung requests (> 10 s)', `${serverErrors} / ${hangs}`);
  line('figures saved as JSON', jsonFile);
  for (const violation of state.violations.slice(0, 5))
    console.log(
      `  ${violation.kind}: client ${violation.client} (${violation.holder}) ${violation.detail} [served by ${violation.servedBy ?? '?'}, written by ${violation.writtenBy ?? '?'}]`,
    );
  const missed = Object.entries(report.targets)
    .filter(([, target]) => !target.met)
    .map(([name]) => name);
  if (missed.length > 0) console.log(`  MISSED: ${missed.join(', ')}`);
  console.log('');
  console.log(`acknowledged writes lost: ${verification.total}`);
  console.log(`cross-holder or stale answers: ${crossHolder + stale}`);
  console.log(`primary failover recovery: ${primary.recoverySeconds.toFixed(2)} s`);
  console.log(`instance kill recovery: ${instance.recoverySeconds.toFixed(2)} s`);
  return missed.length === 0 ? 0 : 1;
}

async function main(): Promise<number> {
  say(`starting the cluster (${ROOT}/.cluster) ...`);
  let cluster: Cluster;
  try {
    cluster = await startCluster({ log: (line) => say(line), instanceLogLevel: 'warn' });
  } catch (error) {
    console.error(`the cluster did not start: ${error instanceof Error ? error.message : error}`);
    return 2;
  }
  const stop = () => {
    void cluster.stop().then(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    return await run(cluster);
  } finally {
    say('stopping the cluster');
    await cluster.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
