#!/usr/bin/env node
/**
 * `npm test -w e2e` (and so the root `npm test`): the browser tests in E2E_SHARDS parts run side
 * by side (default 4: a part alone waits on the server, a poll, the verification's second; four
 * keep CI's two cores busy, and the whole run is then bound by CPU, docs/performance.md "The
 * browser tests, second pass"), each a `playwright test`
 * with its own server, port (E2E_PORT + i - 1, from 5123) and fresh data folder (.e2e-data-i), so
 * no part sees another's holders. The web app is built once beforehand (each part's server
 * starts with --no-build), and the parts' data folder made once beside it (each part gets a copy).
 *
 * Which spec files a part runs: whole files (a file's tests may rely on their order), dealt by
 * their measured CPU seconds (SPEC_SECONDS below), the longest first to the part with the least so far,
 * so the parts end together. Playwright's own `--shard` splits by test count, which put 9 minutes
 * in one part and 8 in the other.
 *
 * Arguments after the script are passed to every part (`node run.mjs -g axe`); spec files among
 * them (`node run.mjs tests/theme.spec.ts tests/pwa.spec.ts`) are dealt like the whole set, to
 * as many parts as there are files at most.
 * E2E_SHARDS=1 runs everything in one part, as `npx playwright test` does.
 * Exit status: 0 when every part passed, else the first failing part's status.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 4));
const basePort = Number(process.env.E2E_PORT ?? 5123);
const passed = process.argv.slice(2);

/**
 * CPU seconds each spec file used in Chromium's headless shell (tests/chromium.ts), 2026-12-08
 * (s40-shell): the whole set in three runs of one part each side by side (`E2E_SHARDS=1 CI=1`,
 * 183 tests passed, 1 flaky: english-words-2's Japanese, its failed try left out here), every
 * process of a run in a cpuacct cgroup, charged per test by cpu-reporter.mjs; load average 12 to
 * 44 on the shared machine, so a second here is dearer than on a quiet one (docs/performance.md
 * "The browser tests in the headless shell"). The parts are bound by CPU on CI's two cores, so a
 * file's CPU is what it weighs when dealt; only the ratios matter. To refresh: run
 * cpu-reporter.mjs as its header says and copy its table. A file not listed counts as
 * DEFAULT_SPEC_SECONDS (about the median file). s40-e2eheavy's files (english-words' /settings axe
 * scans and unread screenshots, settings-act's sign-ins) are these figures times the ratio
 * after/before of that branch's own measurement (docs/performance.md "sixth pass").
 */
const SPEC_SECONDS = {
  activity: 11,
  'before-app-starts': 10,
  consent: 32,
  'consent-fields': 17,
  'consent-receipt-status': 14,
  'consent-receipts': 20,
  'consent-withdrawal': 28,
  'credential-pdf': 18,
  'credential-status': 11,
  credentials: 36,
  'demos-kyc-business': 28,
  'demos-wallet-marketplace': 39,
  'developer-tools': 28,
  'english-words-1': 94,
  'english-words-2': 109,
  'english-words-3': 94,
  'find-share-link': 17,
  foundation: 36,
  'info-pages': 11,
  landing: 9,
  'language-fonts': 5,
  languages: 18,
  notifications: 9,
  'offline-verify': 26,
  oid4vp: 62,
  outbox: 42,
  prerender: 45,
  'profile-settings': 39,
  'public-pages': 57,
  'public-pages-budget': 9,
  pwa: 45,
  'read-aloud': 3,
  'receive-authorization-code': 7,
  'receive-credential': 26,
  'receive-from-issuer': 42,
  'recovery-codes': 36,
  'rtl-layout': 18,
  'secure-storage': 20,
  sessions: 9,
  'settings-act': 67,
  'share-links': 25,
  'sign-in-ui': 9,
  theme: 10,
  'verify-document': 10,
};
const DEFAULT_SPEC_SECONDS = 20;

/** A spec file argument (`tests/x.spec.ts`, `tests/x.spec.ts:12`), not an option or its value. */
const isSpec = (arg) => !arg.startsWith('-') && /\.spec\.ts(:\d+)*$/.test(arg);

/**
 * `paths` (spec files, perhaps with a line) dealt into at most `parts` lists, longest first to
 * the list with the least time so far; empty lists are left out.
 */
function dealSpecs(parts, paths) {
  const files = paths
    .map((path) => ({
      path,
      seconds: SPEC_SECONDS[/([\w-]+)\.spec\.ts/.exec(path)?.[1] ?? ''] ?? DEFAULT_SPEC_SECONDS,
    }))
    .sort((a, b) => b.seconds - a.seconds || a.path.localeCompare(b.path));
  const dealt = Array.from({ length: parts }, () => ({ seconds: 0, paths: [] }));
  for (const file of files) {
    const least = dealt.reduce((min, part) => (part.seconds < min.seconds ? part : min));
    least.seconds += file.seconds;
    least.paths.push(file.path);
  }
  return dealt.map((part) => part.paths.sort()).filter((paths) => paths.length > 0);
}

const named = passed.filter(isSpec);
const options = passed.filter((arg) => !isSpec(arg));
const allSpecs = () =>
  readdirSync(join(here, 'tests'))
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => `tests/${name}`);
/** Each part's spec files; undefined for one part, which gets the arguments as they are. */
const specsOf = shards > 1 ? dealSpecs(shards, named.length > 0 ? named : allSpecs()) : undefined;
const parts = specsOf?.length ?? 1;

/** Runs `command` with `args` (output to this run's); resolves to its exit status. */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: here, stdio: 'inherit', ...options });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/**
 * With several parts, their data folder is made once (tests/data-folder.ts: the embedded
 * database created and seeded, the verifier's and issuer's keys minted) and each part's server
 * starts on a copy of it (E2E_SEED_DIR), beside the web build.
 */
const SEED_DIR = '.e2e-data-seed';
async function makeSeed() {
  const command = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('./tests/data-folder.ts').then((m) => process.stdout.write(m.freshDataFolderCommand('${SEED_DIR}')))`,
    ],
    { cwd: here, encoding: 'utf8' },
  );
  if (command.status !== 0) {
    process.stderr.write(command.stderr);
    return command.status ?? 1;
  }
  return run('sh', ['-c', command.stdout], {
    env: { ...process.env, OTP_PROVIDER: 'disabled', DEMO_VERIFIER_KEYS: 'off' },
  });
}

const prepared = await Promise.all([
  process.env.E2E_NO_BUILD === '1'
    ? 0
    : run('npm', ['run', 'build', '-w', 'apps/web'], { cwd: join(here, '..') }),
  parts > 1 ? makeSeed() : 0,
]);
const unprepared = prepared.find((status) => status !== 0);
if (unprepared !== undefined) process.exit(unprepared);

/**
 * A test's time limit when parts run side by side: the servers and Chromiums share the cores,
 * so a long flow (the OpenID4VP exchange: portal, holder, share, poll) takes longer than alone
 * (playwright.config.ts: 30 s): 30 s per part.
 */
const SHARED_MACHINE_TIMEOUT_MS = 30_000 * parts;
/**
 * An assertion's wait when parts run side by side: 5 s (Playwright's default) per part. At 5 s,
 * four parts on two busy cores failed a sign-in still on its way to /dashboard, the app not yet
 * started on a slow first load, a verdict after its SPEC 9 second; each then ran again on retry,
 * a whole test for a few seconds of wait. A check that holds passes as soon as it holds.
 */
const SHARED_MACHINE_EXPECT_MS = 5_000 * parts;

/**
 * Wall seconds per spec file, from the list reporter's lines ("✓ 3 tests/x.spec.ts:12:1 › … (4.5s)"),
 * printed at the end (SPEC_SECONDS holds CPU seconds, from cpu-reporter.mjs).
 */
const specSeconds = new Map();
function noteTime(line) {
  const test = /\s(?:✓|✘)\s+\d+ tests\/([\w-]+)\.spec\.ts.*\((\d+(?:\.\d+)?)(ms|s|m)\)\s*$/.exec(
    line,
  );
  if (!test) return;
  const seconds = Number(test[2]) * { ms: 0.001, s: 1, m: 60 }[test[3]];
  specSeconds.set(test[1], (specSeconds.get(test[1]) ?? 0) + seconds);
}

/** Runs part `index` (1-based) and resolves to its exit status; its lines are prefixed. */
function runPart(index) {
  const args = [
    'playwright',
    'test',
    ...(specsOf ? [...(specsOf[index - 1] ?? []), ...options] : passed),
    ...(parts > 1 ? [`--timeout=${SHARED_MACHINE_TIMEOUT_MS}`] : []),
  ];
  const started = Date.now();
  const child = spawn('npx', args, {
    cwd: here,
    env: {
      ...process.env,
      E2E_NO_BUILD: '1',
      E2E_PORT: String(basePort + index - 1),
      ...(parts > 1 ? { E2E_EXPECT_TIMEOUT: String(SHARED_MACHINE_EXPECT_MS) } : {}),
      E2E_DATA_DIR: parts > 1 ? `.e2e-data-${index}` : (process.env.E2E_DATA_DIR ?? '.e2e-data'),
      ...(parts > 1 ? { E2E_SEED_DIR: SEED_DIR } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = parts > 1 ? `[part ${index}/${parts}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        noteTime(line);
        process.stdout.write(`${prefix}${line}\n`);
      }
    });
    stream.on('end', () => {
      if (rest) process.stdout.write(`${prefix}${rest}\n`);
    });
  }
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`${prefix}ended after ${seconds} s with status ${code}\n`);
      resolve(code ?? 1);
    }),
  );
}

const statuses = await Promise.all(Array.from({ length: parts }, (_, i) => runPart(i + 1)));
if (specSeconds.size > 0) {
  const table = [...specSeconds.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, seconds]) => `${name} ${Math.round(seconds)}`)
    .join(', ');
  process.stdout.write(`wall seconds per spec file: ${table}\n`);
}
const failed = statuses.find((status) => status !== 0);
process.exit(failed ?? 0);
