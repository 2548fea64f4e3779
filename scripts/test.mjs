#!/usr/bin/env node
/**
 * `npm test`: every check of the repository, in the order that keeps CI's two cores busy, with
 * one line per phase giving its wall seconds (`[test] <phase>: <s> s`) and a summary at the end.
 *
 *   1. side by side: Biome (lint and format), the TypeScript compiler on the four projects (two
 *      at a time), and the web build the browser tests serve (`npm run build -w apps/web`);
 *   2. the unit and API suites (Vitest, every workspace, PGlite and PostgreSQL when
 *      TEST_DATABASE_URL is set): core and server, then web, each with workers reused from file
 *      to file;
 *   3. the browser tests (`npm test -w e2e` with E2E_NO_BUILD=1: the build of step 1 is served).
 *
 * With `--chaos` (CI, .ci/run) the short chaos run of the several-instance cluster
 * (`npm run chaos -- --short`, docs/scaling.md) runs beside the web Vitest run of step 2, instead
 * of alone after the browser tests: its recovery targets held beside it (docs/performance.md,
 * "Session 37"), and never beside the browser tests, which are CPU-bound.
 *
 * A phase that fails stops the run after its step (the parts of step 1 all finish, so one run
 * reports every lint and type error); the exit status is the first failure's.
 * The last lines repeat what failed (each phase's status, and the lines its output marked as a
 * failure: Vitest's `×` and `FAIL`, Playwright's `✘` and its summary), so the end of a long log
 * says what broke.
 * Arguments: `--only <phase,...>` runs the named phases alone (lint, typecheck, build, unit, e2e);
 * `--chaos` adds the chaos run (also with `--only unit`).
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt === -1 ? null : new Set(String(process.argv[onlyAt + 1] ?? '').split(','));
const wanted = (phase) => only === null || only.has(phase);
const withChaos = process.argv.includes('--chaos');

/** Wall seconds of each finished phase, in finishing order. */
const timings = [];
const started = performance.now();

/** Lines of the phases' output that report a failure (at most MAX_FAILURE_LINES), for the end. */
const failureLines = [];
const MAX_FAILURE_LINES = 60;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes of the output
const ANSI = /\x1b\[[0-9;]*m/g;
/** Vitest's failed test or file, Playwright's failed test and its counts, the chaos run's missed targets and errors. */
const FAILURE = /^\s*(×|FAIL\s|✘|\d+ (failed|flaky)$|MISSED: |\[chaos [^\]]*\] .*(failed|error))/i;

/** Forwards `stream` to `out` unchanged, keeping the lines FAILURE matches in failureLines. */
function watch(stream, out, label) {
  let rest = '';
  stream.on('data', (chunk) => {
    out.write(chunk);
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.replace(ANSI, '');
      if (FAILURE.test(line) && failureLines.length < MAX_FAILURE_LINES) {
        failureLines.push(`${label}: ${line.trim().slice(0, 240)}`);
      }
    }
  });
}

/**
 * Runs `command args` in the repository root, its output passed through (and watched for
 * failure lines); resolves to its status.
 */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const label = [command, ...args].join(' ').slice(0, 60);
    watch(child.stdout, process.stdout, label);
    watch(child.stderr, process.stderr, label);
    child.on('error', (error) => {
      console.error(`[test] ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs the steps of `phase` one after another (stopping at a failure), timing the whole. */
async function phase(name, steps) {
  const t0 = performance.now();
  let status = 0;
  for (const [command, args, env] of steps) {
    status = await run(command, args, env);
    if (status !== 0) break;
  }
  const seconds = (performance.now() - t0) / 1000;
  timings.push({ name, seconds, status });
  console.log(
    `[test] ${name}: ${seconds.toFixed(0)} s${status === 0 ? '' : ` (failed: ${status})`}`,
  );
  return status;
}

const tsc = (project) => ['npx', ['tsc', '-p', project]];

/** Runs `phases` side by side; resolves to the first non-zero status (0 when all passed). */
async function together(phases) {
  const statuses = await Promise.all(phases);
  return statuses.find((status) => status !== 0) ?? 0;
}

function finish(status) {
  const total = (performance.now() - started) / 1000;
  const parts = timings
    .map((t) => `${t.name} ${t.seconds.toFixed(0)} s${t.status === 0 ? '' : ' FAILED'}`)
    .join(', ');
  if (failureLines.length > 0) {
    console.log('[test] failure lines seen (the full output is above):');
    for (const line of failureLines) console.log(`[test]   ${line}`);
  }
  console.log(`[test] total: ${total.toFixed(0)} s (${parts})`);
  process.exit(status);
}

// Step 1. The two type-check lanes: the server project is the largest, so it has a lane of its
// own while the other finishes core, web and e2e.
const first = [];
if (wanted('lint')) first.push(phase('lint', [['npx', ['biome', 'check', '.']]]));
if (wanted('typecheck')) {
  first.push(phase('typecheck server', [tsc('apps/server')]));
  first.push(
    phase('typecheck core, web, e2e', [tsc('packages/core'), tsc('apps/web'), tsc('e2e')]),
  );
}
if (wanted('e2e') || wanted('build')) {
  first.push(phase('web build', [['npm', ['run', 'build', '-w', 'apps/web']]]));
}
let status = await together(first);
if (status !== 0) finish(status);

// Step 2. Vitest in two runs, one after the other (both always run; the first failure is the
// status). Both with workers reused from file to file (root vitest.config.ts): the API suites
// keep their imports (Fastify, PGlite, drizzle, jose...) instead of importing them again for each
// file; the web files keep the process, its packages (React, Testing Library, i18next...) and
// one jsdom window, and import the app's own modules afresh (apps/web/vitest.config.ts).
if (wanted('unit')) {
  const node = await phase('vitest core, server', [
    [
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'core',
        '--project',
        'server',
        '--project',
        'server-fuzz',
        '--poolOptions.forks.isolate=false',
      ],
    ],
  ]);
  const [web, chaos] = await Promise.all([
    phase('vitest web', [
      ['npx', ['vitest', 'run', '--project', 'web', '--poolOptions.forks.isolate=false']],
    ]),
    withChaos ? phase('chaos', [['npm', ['run', 'chaos', '--', '--short']]]) : 0,
  ]);
  status = node || web || chaos;
  if (status !== 0) finish(status);
}

if (wanted('e2e')) {
  status = await phase('e2e', [['npm', ['test', '-w', 'e2e'], { E2E_NO_BUILD: '1' }]]);
}
finish(status);
