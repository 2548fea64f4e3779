/**
 * CPU time of processes from Linux /proc, for the benchmarks' "CPU ms per operation" figures
 * (`npm run bench:flows`, ./flows.ts; `npm run bench:api`, ./api.ts). On a shared machine the rates move with the other load;
 * the CPU time an operation costs moves much less, so it says what one dedicated core would do.
 * Elsewhere than Linux every figure is undefined (left out of the report).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** User + system CPU milliseconds of `pid` (Linux USER_HZ is 100: 10 ms a tick). */
export function procCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** `pid` and its descendants (scripts/start.mjs runs the server as its child). */
export function processTree(pid: number): number[] {
  const pids = [pid];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children.split(' ').filter(Boolean)) {
        pids.push(...processTree(Number(child)));
      }
    }
  } catch {
    // Not Linux, or the process is gone.
  }
  return pids;
}

/** The PostgreSQL backends serving database `name` (their process title names it). */
export function postgresBackends(name: string | undefined): number[] {
  const pids: number[] = [];
  if (!name) return pids;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (title.startsWith('postgres: ') && title.includes(` ${name} `)) pids.push(Number(entry));
      } catch {
        // Gone meanwhile.
      }
    }
  } catch {
    // Not Linux.
  }
  return pids;
}

/** CPU milliseconds so far per process (undefined where /proc could not tell). */
export type CpuByPid = Map<number, number | undefined>;

/** A snapshot of the CPU milliseconds of `pids` (see cpuDelta). */
export function cpuOf(pids: number[]): CpuByPid {
  return new Map(pids.map((pid) => [pid, procCpuMs(pid)]));
}

/**
 * CPU milliseconds spent between two snapshots, summed over the processes of `after` (a process
 * that started in between counts from zero); undefined when no process could be read.
 */
export function cpuDelta(before: CpuByPid, after: CpuByPid): number | undefined {
  let sum = 0;
  let known = false;
  for (const [pid, ms] of after) {
    if (ms === undefined) continue;
    known = true;
    sum += ms - (before.get(pid) ?? 0);
  }
  return known ? sum : undefined;
}
