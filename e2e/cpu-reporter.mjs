/**
 * A Playwright reporter that measures, for a run in one part, the CPU seconds and wall seconds
 * of each spec file and test: the CPU of every process of the run (the server, Chromium's
 * processes, Playwright's), read from a cgroup v1 cpuacct group the run was started in
 * (docs/performance.md "The browser tests, fourth pass"). Each test is charged the group's CPU
 * from the end of the previous test to its own end, so a file's first test also carries the
 * worker's and browser's start (the first file of a run, the server's too).
 *
 * Usage (one part: parts side by side would share the group):
 *
 *     mkdir -p /sys/fs/cgroup/cpuacct/e2e-cpu
 *     sh -c 'echo $$ > /sys/fs/cgroup/cpuacct/e2e-cpu/cgroup.procs; exec env \
 *       E2E_CPU_CGROUP=e2e-cpu E2E_SHARDS=1 E2E_NO_BUILD=1 CI=1 \
 *       node run.mjs --reporter=list,./cpu-reporter.mjs'
 *
 * Writes the table (files by CPU, highest first: tests, CPU s, wall s; the load average's range)
 * to stdout and to E2E_CPU_REPORT (default test-results/cpu-report.txt), and every test's figures
 * as JSON beside it (.json). Measures only; never fails a run.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';

const GROUP = process.env.E2E_CPU_CGROUP;
const REPORT = process.env.E2E_CPU_REPORT ?? 'test-results/cpu-report.txt';

/** The group's CPU so far, in seconds (cpuacct.usage is nanoseconds). */
function cpuSeconds() {
  return Number(readFileSync(`/sys/fs/cgroup/cpuacct/${GROUP}/cpuacct.usage`, 'utf8')) / 1e9;
}

/** The one-minute load average. */
function load() {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

export default class CpuReporter {
  constructor() {
    if (!GROUP) throw new Error('cpu-reporter: set E2E_CPU_CGROUP to the cpuacct group of the run');
    this.files = new Map();
    this.tests = [];
    this.loads = [];
  }

  onBegin() {
    this.start = { cpu: cpuSeconds(), wall: Date.now() };
    this.last = { ...this.start };
  }

  onTestEnd(test, result) {
    const now = { cpu: cpuSeconds(), wall: Date.now() };
    const cpu = now.cpu - this.last.cpu;
    const wall = (now.wall - this.last.wall) / 1000;
    this.last = now;
    // The spec file, not where the test was declared (english-words-N.spec.ts call a helper).
    let suite = test.parent;
    while (suite.parent && suite.type !== 'file') suite = suite.parent;
    const file = basename(suite.location?.file ?? test.location.file);
    const entry = this.files.get(file) ?? { tests: 0, cpu: 0, wall: 0 };
    entry.tests += 1;
    entry.cpu += cpu;
    entry.wall += wall;
    this.files.set(file, entry);
    const loadNow = load();
    this.loads.push(loadNow);
    this.tests.push({
      file,
      title: test.title,
      status: result.status,
      retry: result.retry,
      cpu: Number(cpu.toFixed(2)),
      wall: Number(wall.toFixed(2)),
      load: loadNow,
    });
  }

  onEnd(result) {
    const cpu = cpuSeconds() - this.start.cpu;
    const wall = (Date.now() - this.start.wall) / 1000;
    const rows = [...this.files.entries()]
      .sort((a, b) => b[1].cpu - a[1].cpu)
      .map(
        ([file, e]) =>
          `${file.padEnd(40)} ${String(e.tests).padStart(3)} ${e.cpu.toFixed(1).padStart(7)} ${e.wall.toFixed(1).padStart(7)}`,
      );
    const text = [
      `${result.status}: ${cpu.toFixed(1)} s of CPU, ${wall.toFixed(0)} s wall, load average ${Math.min(...this.loads)} to ${Math.max(...this.loads)}`,
      `${'file'.padEnd(40)} tests   cpu s  wall s`,
      ...rows,
      '',
    ].join('\n');
    mkdirSync(dirname(REPORT), { recursive: true });
    writeFileSync(REPORT, text);
    writeFileSync(`${REPORT}.json`, `${JSON.stringify(this.tests, null, 1)}\n`);
    process.stdout.write(text);
  }

  printsToStdio() {
    return false;
  }
}
