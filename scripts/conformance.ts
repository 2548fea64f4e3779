/**
 * `npm run conformance`: the official W3C test suites against the product, offline, on loopback
 * (docs/conformance.md). Not part of `npm test`: CI has no copies of the suites.
 *
 *   W3C_SUITES_DIR=/work/w3c-suites npm run conformance
 *
 * W3C_SUITES_DIR holds git work trees of the suites and their helpers (never committed here):
 *   vc-di-eddsa-test-suite, vc-data-model-2.0-test-suite (w3c), vc-api-issuer-test-suite,
 *   vc-api-verifier-test-suite (w3c-ccg), and the helpers vc-test-suite-implementations (w3c)
 *   and data-integrity-test-suite-assertion (w3c-ccg).
 *
 * What it does:
 * 1. Prepares each suite: its package.json names the helpers as GitHub dependencies, which
 *    cannot be installed offline; they are rewritten to `file:../<helper>` (the one patch made
 *    to a suite), then `npm install --install-links` installs the rest from the npm registry
 *    (once; again whenever package.json changes).
 * 2. Makes a fresh data folder and a self-signed certificate for 127.0.0.1 (openssl): the
 *    suites send an implementation's configured headers (our bearer API key) only to https
 *    endpoints. Mints an issuer API key with `npm run issuer:key -- <CONFORMANCE_ISSUER>`
 *    (default UIDAI), then starts `npm start -- --no-build` (the API; the web app is not
 *    needed) on 127.0.0.1 with TLS_CERT_FILE/TLS_KEY_FILE.
 * 3. Writes each suite's localConfig.cjs (vc-test-suite-implementations' local implementation
 *    file): one implementation, 'Pehchaan', whose issuers are POST /credentials/issue with
 *    `Authorization: Bearer <key>` (eddsa-rdfc-2022 for the tags vc-api, vc2.0 and
 *    eddsa-rdfc-2022; eddsa-jcs-2022 for its tag), whose verifier is POST /credentials/verify
 *    and whose presentation verifier is POST /presentations/verify; VCDM 1.1 and 2.0.
 * 4. Runs each suite's mocha (tests/, its own timeout, --preserve-symlinks) with the JSON
 *    reporter, offline: scripts/conformance/offline-guard.cjs makes every DNS lookup but
 *    localhost fail at once and records the names, printed per suite.
 * 5. Prints per suite passed, failed and pending, every failing test with its reason, and last
 *    `N passed, M failed`. Stops the server, removes the data folder and the localConfig files.
 *
 * Environment: W3C_SUITES_DIR (required), CONFORMANCE_PORT (default: a free port),
 * CONFORMANCE_ISSUER (default UIDAI), CONFORMANCE_SUITES (comma-separated suite names, default
 * all four). Exit code 0 when no test failed, 1 otherwise, 2 when it could not run.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '../apps/server/bench/server-process.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The suites, in the order they run, with where their source comes from. */
const SUITES = [
  { name: 'vc-di-eddsa-test-suite', repository: 'w3c/vc-di-eddsa-test-suite' },
  { name: 'vc-data-model-2.0-test-suite', repository: 'w3c/vc-data-model-2.0-test-suite' },
  { name: 'vc-api-issuer-test-suite', repository: 'w3c-ccg/vc-api-issuer-test-suite' },
  { name: 'vc-api-verifier-test-suite', repository: 'w3c-ccg/vc-api-verifier-test-suite' },
] as const;

/** The helper packages the suites name as GitHub dependencies. */
const HELPERS = ['vc-test-suite-implementations', 'data-integrity-test-suite-assertion'] as const;

interface MochaTest {
  fullTitle: string;
  err?: { message?: string };
}
interface MochaReport {
  stats: { passes: number; failures: number; pending: number };
  failures: MochaTest[];
}

function fail(message: string): never {
  console.error(`conformance: ${message}`);
  process.exit(2);
}

function run(command: string, args: string[], cwd: string, env = process.env): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) {
    fail(`${command} ${args.join(' ')} (in ${cwd}) failed:\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

/** The checked-out commit of a work tree, or 'unknown'. */
function commitOf(dir: string): string {
  const result = spawnSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : 'unknown';
}

/**
 * Points the suite's GitHub dependencies on the helpers at the local copies and installs its
 * packages when they are missing or its package.json changed.
 */
function prepareSuite(suitesDir: string, suite: string): void {
  const dir = join(suitesDir, suite);
  const manifestPath = join(dir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  let patched = false;
  for (const helper of HELPERS) {
    const spec = manifest.dependencies?.[helper];
    if (spec?.startsWith('github:') && manifest.dependencies) {
      manifest.dependencies[helper] = `file:../${helper}`;
      patched = true;
    }
  }
  if (patched) {
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`[${suite}] package.json: helpers from file:../ instead of GitHub`);
  }
  const missing = Object.keys(manifest.dependencies ?? {}).some(
    (name) => !existsSync(join(dir, 'node_modules', name, 'package.json')),
  );
  if (patched || missing) {
    console.log(`[${suite}] npm install (from the npm registry) ...`);
    run('npm', ['install', '--install-links', '--no-audit', '--no-fund', '--omit=dev'], dir);
  }
}

/** A self-signed P-256 certificate for 127.0.0.1 and localhost, valid two days. */
function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    dir,
  );
  return { cert, key };
}

/** The product's environment: its own data folder (PGlite), no outside database or key. */
function productEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, MASTER_KEY: _key, ...env } = process.env;
  return { ...env, LOG_LEVEL: 'warn', ...extra };
}

/** `npm run issuer:key -- <issuer>`: the issuer's DID and a new API key. */
function mintIssuerKey(issuer: string, dataDir: string): { did: string; apiKey: string } {
  const out = run(
    'npm',
    ['run', '--silent', 'issuer:key', '--', issuer],
    root,
    productEnv({ DATA_DIR: dataDir }),
  );
  const did = /: (did:key:\S+)/.exec(out)?.[1];
  const apiKey = out.trim().split('\n').at(-1)?.trim();
  if (!did || !apiKey?.startsWith('pik_')) fail(`unexpected issuer:key output:\n${out}`);
  return { did, apiKey };
}

/** vc-test-suite-implementations' local implementation file for the product at `base`. */
function localConfig(base: string, issuerDid: string, apiKey: string): string {
  const vc = ['1.1', '2.0'];
  const headers = { Authorization: `Bearer ${apiKey}` };
  const issuer = (tags: string[], cryptosuite: string) => ({
    id: issuerDid,
    endpoint: `${base}/credentials/issue`,
    headers,
    options: { cryptosuite },
    supports: { vc },
    tags,
  });
  const verifierTags = ['vc-api', 'vc2.0', 'eddsa-rdfc-2022', 'eddsa-jcs-2022'];
  const config = {
    settings: { enableInteropTests: false, testAllImplementations: false },
    implementations: [
      {
        name: 'Pehchaan',
        implementation: 'Pehchaan (npm start)',
        issuers: [
          issuer(['vc-api', 'vc2.0', 'eddsa-rdfc-2022'], 'eddsa-rdfc-2022'),
          issuer(['eddsa-jcs-2022'], 'eddsa-jcs-2022'),
        ],
        verifiers: [
          {
            id: 'pehchaan:verifier',
            endpoint: `${base}/credentials/verify`,
            supports: { vc },
            tags: verifierTags,
          },
        ],
        vpVerifiers: [
          {
            id: 'pehchaan:verifier',
            endpoint: `${base}/presentations/verify`,
            supports: { vc },
            tags: verifierTags,
          },
        ],
      },
    ],
  };
  return `// Written by Pehchaan's npm run conformance; removed after the run.\nmodule.exports = ${JSON.stringify(config, null, 2)};\n`;
}

/** Runs one suite's mocha with the JSON reporter; resolves its report. */
function runSuite(
  suitesDir: string,
  suite: string,
  reportPath: string,
  networkLog: string,
): Promise<MochaReport> {
  const dir = join(suitesDir, suite);
  const guard = join(root, 'scripts/conformance/offline-guard.cjs');
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--require',
        guard,
        join(dir, 'node_modules/mocha/bin/mocha.js'),
        'tests/',
        '--timeout',
        '15000',
        '--preserve-symlinks',
        '--reporter',
        'json',
        '--reporter-option',
        `output=${reportPath}`,
      ],
      {
        cwd: dir,
        env: { ...process.env, CONFORMANCE_NETWORK_LOG: networkLog },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', () => {
      if (!existsSync(reportPath)) {
        fail(`${suite}: mocha wrote no report:\n${stderr.slice(-4000)}`);
      }
      resolve(JSON.parse(readFileSync(reportPath, 'utf8')) as MochaReport);
    });
  });
}

/** The first line of a failure's message, without the stack. */
function reason(test: MochaTest): string {
  return (test.err?.message ?? 'no message').split('\n').slice(0, 3).join(' | ');
}

async function main(): Promise<void> {
  const suitesDir = process.env.W3C_SUITES_DIR;
  if (!suitesDir) fail('set W3C_SUITES_DIR to the folder holding the suites (docs/conformance.md)');
  const wanted = process.env.CONFORMANCE_SUITES?.split(',').map((name) => name.trim());
  const suites = SUITES.filter((suite) => !wanted || wanted.includes(suite.name));
  for (const name of [...suites.map((suite) => suite.name), ...HELPERS]) {
    if (!existsSync(join(suitesDir, name, 'package.json'))) {
      fail(`${join(suitesDir, name)} is missing (a work tree of that repository)`);
    }
  }
  console.log('Suites and helpers (commit):');
  for (const suite of suites)
    console.log(`  ${suite.repository} ${commitOf(join(suitesDir, suite.name))}`);
  for (const helper of HELPERS) console.log(`  ${helper} ${commitOf(join(suitesDir, helper))}`);
  for (const suite of suites) prepareSuite(suitesDir, suite.name);

  const work = mkdtempSync(join(tmpdir(), 'pehchaan-conformance-'));
  const dataDir = join(work, 'data');
  const { cert, key } = makeCertificate(work);
  const issuerName = process.env.CONFORMANCE_ISSUER ?? 'UIDAI';
  const { did, apiKey } = mintIssuerKey(issuerName, dataDir);
  const port = Number(process.env.CONFORMANCE_PORT ?? (await freePort()));
  const base = `https://127.0.0.1:${port}`;
  const serverLog = join(work, 'server.log');
  console.log(`Issuer ${issuerName} (${did}); npm start on ${base}; server log ${serverLog}`);

  let server: ChildProcess | undefined;
  const configs = suites.map((suite) => join(suitesDir, suite.name, 'localConfig.cjs'));
  // npm start runs sh, then start.mjs, then the server: stop the whole process group.
  const cleanUp = () => {
    if (server?.pid !== undefined && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    for (const path of configs) rmSync(path, { force: true });
  };
  process.on('exit', cleanUp);
  try {
    server = spawn('npm', ['start', '--', '--no-build'], {
      cwd: root,
      env: productEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        TLS_CERT_FILE: cert,
        TLS_KEY_FILE: key,
        PUBLIC_ORIGIN: base,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    server.stdout?.on('data', (chunk) => appendFileSync(serverLog, chunk));
    server.stderr?.on('data', (chunk) => appendFileSync(serverLog, chunk));
    await waitForHealth(server, port, {
      timeoutMs: 120_000,
      intervalMs: 500,
      https: true,
      hint: ` (log: ${serverLog})`,
    });
    for (const path of configs) writeFileSync(path, localConfig(base, did, apiKey));

    let passed = 0;
    let failed = 0;
    for (const suite of suites) {
      const networkLog = join(work, `${suite.name}.network`);
      const started = Date.now();
      const report = await runSuite(
        suitesDir,
        suite.name,
        join(work, `${suite.name}.json`),
        networkLog,
      );
      const { passes, failures, pending } = report.stats;
      passed += passes;
      failed += failures;
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(
        `\n${suite.repository}: ${passes} passed, ${failures} failed, ${pending} pending (${seconds} s)`,
      );
      for (const test of report.failures)
        console.log(`  FAIL ${test.fullTitle}\n       ${reason(test)}`);
      if (existsSync(networkLog)) {
        const names = [...new Set(readFileSync(networkLog, 'utf8').split('\n').filter(Boolean))];
        console.log(`  offline: refused lookups of ${names.join(', ')}`);
      }
    }
    console.log(`\n${passed} passed, ${failed} failed`);
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    // 'close': every process of the group that held the server's output has exited.
    const exited =
      server && server.exitCode === null
        ? new Promise((resolve) => server?.once('close', resolve))
        : Promise.resolve();
    cleanUp();
    // The data folder goes once the server has closed its database.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
