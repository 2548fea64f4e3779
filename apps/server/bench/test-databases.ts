/**
 * `tsx apps/server/bench/test-databases.ts [cycles]` (docs/performance.md "Vitest: databases
 * reused per worker"): the CPU an API suite's database set-up costs, with the test pool's reuse
 * (test/helpers/backends.ts) off and on, alternated off/on/off/on in child processes so both
 * see the same machine. A cycle is what an API suite does per backend: `open()`, build the app on
 * it (its start: migrations check, seed, keys), close the app, `dispose()`. Per child and backend
 * it prints the median and mean CPU milliseconds per cycle of this process
 * (`process.cpuUsage`, user+sys) and, on PostgreSQL, of the server's processes (Linux /proc: the
 * postmaster's reaped backends plus its live children, so other clients of the same server
 * count too: read it on a quiet server). The first cycle of each child (imports, the saved
 * cluster's read, the fresh state) is left out. Default 10 cycles; TEST_DATABASE_URL adds
 * PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cycles = Number(process.argv[2] ?? 10);
if (!Number.isInteger(cycles) || cycles < 1) throw new Error('cycles must be a positive integer');

/** The postmaster: the parent of the server's checkpointer process. */
function postmasterPid(): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.includes('checkpointer')) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

/** CPU ms of the PostgreSQL server: the postmaster, its reaped children, its live children. */
function serverCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const fieldsOf = (of: number | string) => {
    const stat = readFileSync(`/proc/${of}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  };
  try {
    const own = fieldsOf(pid);
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children.split(' ').filter(Boolean)) {
        try {
          const fields = fieldsOf(child);
          ticks += Number(fields[11]) + Number(fields[12]);
        } catch {
          // Exited meanwhile: counted in the postmaster's reaped time.
        }
      }
    }
    return ticks * 10;
  } catch {
    return undefined;
  }
}

interface Figures {
  backend: string;
  clientMs: number[];
  serverMs: (number | undefined)[];
}

async function child(): Promise<void> {
  const { backends } = await import('../test/helpers/backends');
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/config');
  // As test/helpers/app.ts's testConfig (which imports Vitest's expect, unusable here).
  const config = {
    ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', RATE_LIMITS: 'off' }),
    databaseUrl: undefined,
    webDist: '/nonexistent/pehchaan-web-dist',
  };
  const postmaster = postmasterPid();
  const results: Figures[] = [];
  for (const backend of backends) {
    const figures: Figures = { backend: backend.name, clientMs: [], serverMs: [] };
    for (let cycle = 0; cycle <= cycles; cycle += 1) {
      const server = backend.name === 'postgresql' ? serverCpuMs(postmaster) : undefined;
      const start = process.cpuUsage();
      const opened = await backend.open();
      const app = await buildApp({
        config: { ...config, masterKey: randomBytes(32) },
        db: opened.database,
      });
      await app.close();
      await opened.dispose();
      const used = process.cpuUsage(start);
      const serverAfter = backend.name === 'postgresql' ? serverCpuMs(postmaster) : undefined;
      if (cycle === 0) continue;
      figures.clientMs.push((used.user + used.system) / 1000);
      figures.serverMs.push(
        server === undefined || serverAfter === undefined ? undefined : serverAfter - server,
      );
    }
    results.push(figures);
  }
  // No Vitest teardown here: drop what this child's pool kept (named after this run's pid).
  if (process.env.TEST_DATABASE_URL) {
    const { dropKeptDatabases } = await import('../test/helpers/kept-databases');
    await dropKeptDatabases(process.env.TEST_DATABASE_URL, process.ppid);
  }
  // The app's proof worker threads keep the process alive: end it once the figures are out.
  process.stdout.write(`${JSON.stringify(results)}\n`, () => process.exit(0));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function main(): void {
  const me = fileURLToPath(import.meta.url);
  for (const reuse of ['off', 'on', 'off', 'on']) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', me, String(cycles)], {
      env: { ...process.env, BENCH_CHILD: '1', PEHCHAAN_TEST_DB_REUSE: reuse },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (run.status !== 0) throw new Error(`the ${reuse} child failed (${run.status})`);
    const results = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '[]') as Figures[];
    for (const { backend, clientMs, serverMs } of results) {
      const server = serverMs.filter((value): value is number => value !== undefined);
      process.stdout.write(
        `reuse ${reuse.padEnd(3)} ${backend.padEnd(10)} test process ${median(clientMs).toFixed(0)} ms median, ${mean(clientMs).toFixed(0)} mean` +
          (server.length
            ? `; PostgreSQL server ${median(server).toFixed(0)} ms median, ${mean(server).toFixed(0)} mean`
            : '') +
          ` (${clientMs.length} cycles)\n`,
      );
    }
  }
}

if (process.env.BENCH_CHILD) await child();
else main();
