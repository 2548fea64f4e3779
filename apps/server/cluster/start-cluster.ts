/**
 * The deployment of docs/scaling.md, on one machine over loopback, from Debian's packages
 * (`npm run cluster`, and the stage of `npm run chaos`):
 *
 * | what | port | package |
 * |---|---|---|
 * | HAProxy: the balancer, health checks on GET /health | 5260 (stats page 5264) | haproxy |
 * | three product instances (node, apps/server/src/server.ts) | 5261, 5262, 5263 | (this repo) |
 * | Redis: the shared rate-limit counters (REDIS_URL) | 6400 | redis-server |
 * | pg_auto_failover monitor | 6500 | postgresql-15-auto-failover |
 * | PostgreSQL 15 primary and synchronous standby (node1, node2) | 6501, 6502 | postgresql-15 |
 *
 * Steps: installs the missing packages with apt-get (root only; otherwise it names them),
 * creates the monitor and the two nodes with `pg_autoctl` (failure detection tuned from
 * pg_auto_failover's 20-30 s defaults to a few seconds, below), starts Redis, runs `npm run
 * migrate` once (scripts/migrate.ts), starts the instances with MIGRATIONS=check and the
 * multi-host DATABASE_URL, then HAProxy. Everything lives under the data folder it owns
 * (.cluster/ at the repository root, made anew at each start); PostgreSQL runs as the `postgres`
 * user when this runs as root (it refuses to run as root). `stop()` ends every process it started,
 * by pid.
 *
 * Failover tuning (pg_auto_failover 2.0 GUCs on the monitor, keeper settings on the nodes): the
 * monitor checks each node every second (1 s timeout, one retry after 0.5 s) and counts a node
 * that has not reported for 2 s as unhealthy; it promotes the standby 4 s after it asked the old
 * primary to demote (primary_demote_timeout), and a primary cut off from the monitor and the
 * standby stops itself after 3 s (network_partition_timeout), before that. Synchronous
 * replication (pg_auto_failover's default with one standby) means a commit is acknowledged only
 * once the standby has it, so a promotion loses no acknowledged write; with the standby down the
 * primary goes on alone (wait_primary) rather than stop taking writes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { problemOf, UNAVAILABLE_RETRY_AFTER_SECONDS, unavailableDetail } from '../src/lib/errors';
import { type Managed, ProcessSet, type RunAs, runToEnd, tail } from './processes';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const PORTS = {
  balancer: 5260,
  instances: [5261, 5262, 5263],
  stats: 5264,
  redis: 6400,
  monitor: 6500,
  nodes: { node1: 6501, node2: 6502 },
} as const;

export type NodeName = keyof typeof PORTS.nodes;
export const NODE_NAMES: NodeName[] = ['node1', 'node2'];

/** The Debian packages the cluster needs, by the program that shows each is installed. */
const PACKAGES = [
  { program: '/usr/bin/pg_autoctl', name: 'postgresql-15-auto-failover' },
  { program: '/usr/sbin/haproxy', name: 'haproxy' },
  { program: '/usr/bin/redis-server', name: 'redis-server' },
];

const MONITOR_GUCS = {
  'pgautofailover.health_check_period': '1000',
  'pgautofailover.health_check_timeout': '1000',
  'pgautofailover.health_check_max_retries': '1',
  'pgautofailover.health_check_retry_delay': '500',
  'pgautofailover.node_considered_unhealthy_timeout': '2000',
  'pgautofailover.primary_demote_timeout': '4000',
  'pgautofailover.startup_grace_period': '2000',
};

const KEEPER_SETTINGS = {
  'timeout.network_partition_timeout': '3',
  'timeout.prepare_promotion_catchup': '5',
  'timeout.prepare_promotion_walreceiver': '2',
};

export interface ClusterOptions {
  /** The folder it owns; made anew. Default: <repo>/.cluster. */
  dataDir?: string;
  /** Progress lines. */
  log?: (line: string) => void;
  /** LOG_LEVEL of the instances (default info). */
  instanceLogLevel?: string;
}

export interface NodeState {
  name: string;
  port: number;
  reported: string;
  goal: string;
}

export interface Cluster {
  urls: {
    app: string;
    stats: string;
    instances: string[];
    databaseUrl: string;
    monitorUrl: string;
    redisUrl: string;
  };
  dataDir: string;
  logDir: string;
  /** The states the monitor holds for node1 and node2. */
  nodeStates(): Promise<NodeState[]>;
  /** The node the monitor has as primary (or wait_primary), if any. */
  primary(): Promise<NodeName | undefined>;
  /** SIGKILLs node `name` (its pg_autoctl keeper, postmaster and backends). */
  killNode(name: NodeName): void;
  /** Starts node `name` again (`pg_autoctl run`: it rejoins as the standby). */
  startNode(name: NodeName): void;
  /** SIGKILLs instance `index` (0-2). */
  killInstance(index: number): void;
  /** Starts instance `index` again; resolves when its /health answers 200. */
  startInstance(index: number): Promise<void>;
  /** Stops everything it started. */
  stop(): Promise<void>;
}

/** The pg_ctl of the newest PostgreSQL with pg_auto_failover (15 in Debian 12). */
function pgCtl(): string {
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((version) => existsSync(`/usr/lib/postgresql/${version}/lib/pgautofailover.so`))
    .sort((a, b) => Number(b) - Number(a));
  const version = versions[0] ?? '15';
  return `/usr/lib/postgresql/${version}/bin/pg_ctl`;
}

/** Installs what is missing (root), or throws naming it. */
export function ensurePackages(log: (line: string) => void): void {
  const missing = PACKAGES.filter((item) => !existsSync(item.program)).map((item) => item.name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing Debian packages: sudo apt-get install ${missing.join(' ')}`);
  }
  log(`installing ${missing.join(', ')} with apt-get ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
}

/** The user PostgreSQL runs as: `postgres` when this runs as root, else this user. */
function postgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

/** Whether every folder above `dir` lets other users through (mode o+x). */
function reachableByOthers(dir: string): boolean {
  for (let current = dirname(dir); ; current = dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) return false;
    if (dirname(current) === current) return true;
  }
}

/** Waits until `probe` resolves true; @throws with `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  intervalMs = 250,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, intervalMs));
  }
  throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
}

async function healthy(url: string): Promise<boolean> {
  const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
  await response.arrayBuffer();
  return response.status === 200;
}

/** The HAProxy configuration (docs/scaling.md "The balancer"). */
function haproxyConfig(errorFile: string): string {
  const servers = PORTS.instances
    .map((port, index) => `  server app${index + 1} 127.0.0.1:${port} check`)
    .join('\n');
  return `# Written by apps/server/cluster/start-cluster.ts (npm run cluster); made anew at each start.
global
  maxconn 4096

defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  # A request whose instance refused the connection, or died before answering, is sent to another
  # instance: always for a refused connection; after an empty answer only for GET/HEAD and for
  # calls that carry an Idempotency-Key (the product answers a replay without a second effect).
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response
  # No instance up (all fail GET /health, e.g. while the database fails over): the product's
  # own problem shape, with Retry-After.
  errorfile 503 ${errorFile}

frontend pehchaan
  bind 127.0.0.1:${PORTS.balancer}
  option forwardfor
  default_backend instances

backend instances
  balance roundrobin
  http-request disable-l7-retry if !{ method GET HEAD } !{ req.hdr(idempotency-key) -m found }
  http-response set-header X-Served-By %s
  option httpchk GET /health
  http-check expect status 200
  default-server inter 1s fastinter 250ms downinter 250ms rise 2 fall 2
${servers}

listen stats
  bind 127.0.0.1:${PORTS.stats}
  stats enable
  stats uri /
  stats refresh 2s
`;
}

/** HAProxy's 503 answer as a raw HTTP response: the product's problem+json (lib/errors.ts). */
function haproxyErrorFile(): string {
  const body = JSON.stringify(problemOf('service_unavailable', unavailableDetail()));
  return [
    'HTTP/1.1 503 Service Unavailable',
    'Content-Type: application/problem+json; charset=utf-8',
    `Retry-After: ${UNAVAILABLE_RETRY_AFTER_SECONDS}`,
    'Cache-Control: no-store',
    'Connection: close',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

/**
 * Starts the cluster (module docstring). On a failure it stops what it had started and throws.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  ensurePackages(log);
  const dataDir = options.dataDir ?? join(ROOT, '.cluster');
  const processes = new ProcessSet();
  try {
    return await build(dataDir, processes, log, options);
  } catch (error) {
    await processes.stopAll(5_000);
    throw error;
  }
}

async function build(
  dataDir: string,
  processes: ProcessSet,
  log: (line: string) => void,
  options: ClusterOptions,
): Promise<Cluster> {
  rmSync(dataDir, { recursive: true, force: true });
  const logDir = join(dataDir, 'logs');
  for (const dir of [dataDir, logDir, join(dataDir, 'redis')]) mkdirSync(dir, { recursive: true });
  const runAs = postgresUser();
  // PostgreSQL's files go under the data folder unless the postgres user cannot reach it (a
  // clone under a private home folder): then under the temporary folder, removed on stop.
  const pgDir =
    runAs && !reachableByOthers(dataDir)
      ? mkdtempSync(join(tmpdir(), 'pehchaan-cluster-pg-'))
      : join(dataDir, 'pg');
  mkdirSync(join(pgDir, 'run'), { recursive: true });
  if (pgDir !== join(dataDir, 'pg')) {
    log(`PostgreSQL data in ${pgDir} (the postgres user cannot reach ${dataDir})`);
    processes.onStopped(() => rmSync(pgDir, { recursive: true, force: true }));
  }
  if (runAs) chownSync(pgDir, runAs.uid, runAs.gid);
  const pgEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: pgDir,
    XDG_CONFIG_HOME: join(pgDir, 'config'),
    XDG_DATA_HOME: join(pgDir, 'share'),
    XDG_RUNTIME_DIR: join(pgDir, 'run'),
    LANG: 'C.UTF-8',
  };
  if (runAs) {
    for (const dir of ['config', 'share', 'run']) {
      mkdirSync(join(pgDir, dir), { recursive: true });
      chownSync(join(pgDir, dir), runAs.uid, runAs.gid);
    }
  }
  const ctl = pgCtl();
  const pgOptions = (name: string) => ({
    env: pgEnv,
    cwd: pgDir,
    runAs,
    logFile: join(logDir, `${name}.log`),
  });
  const autoctl = (name: string, args: string[]) =>
    runToEnd(
      processes,
      `pg_autoctl ${args.slice(0, 2).join(' ')}`,
      'pg_autoctl',
      args,
      pgOptions(name),
    );

  // The monitor.
  const monitorData = join(pgDir, 'monitor');
  log(`creating the pg_auto_failover monitor on 127.0.0.1:${PORTS.monitor} ...`);
  await autoctl('monitor', [
    'create',
    'monitor',
    '--pgdata',
    monitorData,
    '--pgport',
    String(PORTS.monitor),
    '--hostname',
    '127.0.0.1',
    '--auth',
    'trust',
    '--no-ssl',
    '--pgctl',
    ctl,
  ]);
  await autoctl('monitor', [
    'config',
    'set',
    '--pgdata',
    monitorData,
    'postgresql.listen_addresses',
    '127.0.0.1',
  ]);
  const gucs = Object.entries(MONITOR_GUCS)
    .map(([name, value]) => `${name} = ${value}`)
    .join('\n');
  writeFileSync(join(monitorData, 'postgresql.conf'), `\n# npm run cluster\n${gucs}\n`, {
    flag: 'a',
  });
  const running = new Map<string, Managed>();
  const run = (name: string, pgdata: string) => {
    running.set(
      name,
      processes.start(name, 'pg_autoctl', ['run', '--pgdata', pgdata], pgOptions(name)),
    );
  };
  run('monitor', monitorData);
  const monitorUrl = `postgres://autoctl_node@127.0.0.1:${PORTS.monitor}/pg_auto_failover?sslmode=disable`;
  const monitor = new pg.Pool({ connectionString: monitorUrl, max: 2 });
  monitor.on('error', () => {});

  const nodeStates = async (): Promise<NodeState[]> => {
    const result = await monitor.query<{
      name: string;
      port: number;
      reported: string;
      goal: string;
    }>(
      `SELECT nodename AS name, nodeport AS port, reportedstate::text AS reported,
              goalstate::text AS goal
         FROM pgautofailover.node ORDER BY nodeid`,
    );
    return result.rows;
  };
  await waitUntil('the monitor', async () => (await nodeStates()) !== undefined, 60_000);

  // The two nodes: node1 first (it becomes the primary), then node2 (the standby, copied from
  // node1 with pg_basebackup).
  const nodeData = (name: NodeName) => join(pgDir, name);
  for (const name of NODE_NAMES) {
    log(`creating PostgreSQL ${name} on 127.0.0.1:${PORTS.nodes[name]} ...`);
    await autoctl(name, [
      'create',
      'postgres',
      '--pgdata',
      nodeData(name),
      '--pgport',
      String(PORTS.nodes[name]),
      '--listen',
      '127.0.0.1',
      '--hostname',
      '127.0.0.1',
      '--name',
      name,
      '--auth',
      'trust',
      '--no-ssl',
      '--dbname',
      'pehchaan',
      '--monitor',
      monitorUrl,
      '--pgctl',
      ctl,
    ]);
    for (const [key, value] of Object.entries(KEEPER_SETTINGS)) {
      await autoctl(name, ['config', 'set', '--pgdata', nodeData(name), key, value]);
    }
    run(name, nodeData(name));
    const wanted = name === 'node1' ? ['single'] : ['secondary'];
    await waitUntil(
      `${name} to be ${wanted.join(' or ')}`,
      async () => {
        const state = (await nodeStates()).find((node) => node.name === name);
        return (
          state !== undefined && wanted.includes(state.reported) && state.goal === state.reported
        );
      },
      180_000,
      500,
    );
  }
  await waitUntil(
    'node1 primary with node2 as its synchronous standby',
    async () => {
      const states = await nodeStates();
      return states.some((node) => node.name === 'node1' && node.reported === 'primary');
    },
    60_000,
    500,
  );

  // Redis.
  log(`starting Redis on 127.0.0.1:${PORTS.redis} ...`);
  processes.start(
    'redis',
    'redis-server',
    [
      '--port',
      String(PORTS.redis),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      join(dataDir, 'redis'),
    ],
    { env: { PATH: process.env.PATH }, logFile: join(logDir, 'redis.log') },
  );
  const redisUrl = `redis://127.0.0.1:${PORTS.redis}`;
  await waitUntil(
    'Redis',
    async () =>
      spawnSync('redis-cli', ['-p', String(PORTS.redis), 'ping'], {
        encoding: 'utf8',
      }).stdout.trim() === 'PONG',
    15_000,
  );

  // The product: one migration run, then three instances.
  const hosts = NODE_NAMES.map((name) => `127.0.0.1:${PORTS.nodes[name]}`).join(',');
  const databaseUrl = `postgres://postgres@${hosts}/pehchaan?target_session_attrs=read-write`;
  const masterKey = randomBytes(32).toString('hex');
  const productEnv = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    MASTER_KEY: masterKey,
    MIGRATIONS: 'check',
    TRUST_PROXY: '127.0.0.1',
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: `http://127.0.0.1:${PORTS.balancer}`,
    LOG_LEVEL: options.instanceLogLevel ?? 'info',
    ...extra,
  });
  log('npm run migrate (once per release) ...');
  await runToEnd(
    processes,
    'migrate',
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'apps/server/scripts/migrate.ts')],
    { cwd: ROOT, env: productEnv({}), logFile: join(logDir, 'migrate.log') },
  );

  const instances: (Managed | undefined)[] = [];
  const instanceUrl = (index: number) => `http://127.0.0.1:${PORTS.instances[index]}`;
  const startInstance = async (index: number) => {
    const dir = join(dataDir, `instance${index + 1}`);
    mkdirSync(dir, { recursive: true });
    instances[index] = processes.start(
      `instance${index + 1}`,
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'apps/server/src/server.ts')],
      {
        cwd: ROOT,
        env: productEnv({ PORT: String(PORTS.instances[index]), DATA_DIR: dir }),
        logFile: join(logDir, `instance${index + 1}.log`),
      },
    );
    const managed = instances[index] as Managed;
    await waitUntil(
      `instance ${index + 1} (${instanceUrl(index)}/health)`,
      async () => {
        if (!managed.running) {
          throw new Error(`instance ${index + 1} exited:\n${tail(managed.logFile)}`);
        }
        return healthy(instanceUrl(index));
      },
      120_000,
    ).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${tail(managed.logFile)}`);
    });
  };
  log('starting three product instances ...');
  await Promise.all(PORTS.instances.map((_port, index) => startInstance(index)));

  // The balancer.
  const haproxyDir = join(dataDir, 'haproxy');
  mkdirSync(haproxyDir, { recursive: true });
  const errorFile = join(haproxyDir, '503.http');
  writeFileSync(errorFile, haproxyErrorFile());
  const config = join(haproxyDir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(errorFile));
  execFileSync('haproxy', ['-c', '-q', '-f', config]);
  log(`starting HAProxy on 127.0.0.1:${PORTS.balancer} ...`);
  processes.start('haproxy', 'haproxy', ['-db', '-f', config], {
    env: { PATH: process.env.PATH },
    logFile: join(logDir, 'haproxy.log'),
  });
  const app = `http://127.0.0.1:${PORTS.balancer}`;
  await waitUntil('HAProxy', () => healthy(app), 30_000);

  return {
    urls: {
      app,
      stats: `http://127.0.0.1:${PORTS.stats}/`,
      instances: PORTS.instances.map((_port, index) => instanceUrl(index)),
      databaseUrl,
      monitorUrl,
      redisUrl,
    },
    dataDir,
    logDir,
    nodeStates,
    async primary() {
      const states = await nodeStates();
      // A dead primary still shows the state it last reported; its goal tells it was demoted.
      const writable = ['primary', 'wait_primary'];
      const primary = states.find(
        (node) => writable.includes(node.reported) && writable.includes(node.goal),
      );
      return primary?.name as NodeName | undefined;
    },
    killNode(name) {
      const managed = running.get(name);
      if (managed) processes.kill(managed);
    },
    startNode(name) {
      run(name, nodeData(name));
    },
    killInstance(index) {
      const managed = instances[index];
      if (managed) processes.kill(managed);
    },
    startInstance,
    async stop() {
      await monitor.end().catch(() => {});
      await processes.stopAll();
    },
  };
}
