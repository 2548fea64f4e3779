/**
 * The child processes of `npm run cluster` and `npm run chaos` (docs/scaling.md "The cluster on
 * one machine"): each started in a process group of its own (so a SIGKILL of the group takes
 * its children with it, and the terminal's Ctrl+C reaches only the script, which stops them in
 * order), its output appended to a log file, its pid kept. `stopAll` ends exactly the processes
 * this script started, by their pids: SIGTERM, then SIGKILL after a grace period.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';

export interface RunAs {
  uid: number;
  gid: number;
}

export interface StartOptions {
  cwd?: string;
  env: NodeJS.ProcessEnv;
  /** Output (stdout and stderr) is appended here. */
  logFile: string;
  /** Run as this user (root only): PostgreSQL refuses to run as root. */
  runAs?: RunAs | undefined;
}

/** A process this script started. */
export interface Managed {
  name: string;
  child: ChildProcess;
  pid: number;
  logFile: string;
  /** Resolves when it exits, with the code (null after a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly running: boolean;
}

/** The pids whose parent is `pid` (Linux /proc). */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces; the ppid follows the state.
      const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(afterName[1]) === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

/** Every descendant of `pid`, children first found first. */
export function descendantPids(pid: number): number[] {
  const all: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift() as number;
    for (const child of childPids(next)) {
      all.push(child);
      queue.push(child);
    }
  }
  return all;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

export class ProcessSet {
  private readonly started: Managed[] = [];
  private readonly afterStop: (() => void)[] = [];

  /** Runs `task` once everything is stopped (stopAll). */
  onStopped(task: () => void): void {
    this.afterStop.push(task);
  }

  /** Starts `command` in its own process group, output to `options.logFile`. */
  start(name: string, command: string, args: string[], options: StartOptions): Managed {
    const log = openSync(options.logFile, 'a');
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', log, log],
      ...(options.runAs ? { uid: options.runAs.uid, gid: options.runAs.gid } : {}),
    });
    closeSync(log);
    if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
    let running = true;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
      (resolve) => {
        child.once('exit', (code, exitSignal) => {
          running = false;
          resolve({ code, signal: exitSignal });
        });
        child.once('error', () => {
          running = false;
          resolve({ code: -1, signal: null });
        });
      },
    );
    const managed: Managed = {
      name,
      child,
      pid: child.pid,
      logFile: options.logFile,
      exited,
      get running() {
        return running;
      },
    };
    this.started.push(managed);
    return managed;
  }

  /**
   * SIGKILLs `managed`'s process group and every descendant (a PostgreSQL postmaster's backends
   * leave its group): a machine that dies at once.
   */
  kill(managed: Managed): void {
    const descendants = descendantPids(managed.pid);
    signal(-managed.pid, 'SIGKILL');
    for (const pid of descendants) signal(pid, 'SIGKILL');
  }

  /**
   * Stops everything still running, newest first: SIGTERM to each group, then SIGKILL to what
   * is left after `graceMs`.
   */
  async stopAll(graceMs = 15_000): Promise<void> {
    for (const managed of [...this.started].reverse()) {
      if (!managed.running) continue;
      signal(-managed.pid, 'SIGTERM');
      const timer = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), graceMs).unref(),
      );
      if ((await Promise.race([managed.exited, timer])) === 'timeout') this.kill(managed);
    }
    for (const task of this.afterStop.splice(0)) task();
  }
}

/** Runs `command` to its end (output to `logFile`); @throws naming the log when it fails. */
export async function runToEnd(
  processes: ProcessSet,
  name: string,
  command: string,
  args: string[],
  options: StartOptions,
): Promise<void> {
  const managed = processes.start(name, command, args, options);
  const { code, signal: exitSignal } = await managed.exited;
  if (code !== 0) {
    throw new Error(
      `${name} failed (${exitSignal ?? `exit ${code}`}); see ${options.logFile}:\n${tail(options.logFile)}`,
    );
  }
}

/** The last lines of a log file. */
export function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
