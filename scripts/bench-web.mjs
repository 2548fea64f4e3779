/**
 * `npm run bench:web` (ADR 0005, ADR 0010, docs/performance.md): Lighthouse 11 and Lighthouse 12
 * (the version outside measurements use; the devDependency `lighthouse12`, an npm alias), each
 * page measured with both, one after the other, so the two can be compared under the same load;
 * mobile preset (simulated slow 4G and a 4x slower CPU), performance category, on /, /login,
 * /about, /verify/{id} and a consent receipt's /verify page of the product started as
 * `npm start` starts it (a fresh embedded database in a temporary folder, a free port). Run with
 * tsx (`tsx scripts/bench-web.mjs`): it imports freePort and waitForHealth from
 * apps/server/bench/server-process.ts, which `npm run bench:api` shares.
 *
 * Prints per page: the performance score, LCP, TBT, CLS and all JavaScript transferred (median of
 * the simulated runs), and the JavaScript transferred before the first render: script responses
 * that had finished arriving before First Contentful Paint, in one extra run with DevTools
 * throttling (the same slow 4G and CPU applied for real, so request timings are real; the
 * simulated runs' timings are those of the unthrottled local load). Lighthouse does not interact
 * with a page, so its "JS total" is the JavaScript a page loads before the visitor interacts.
 * Targets (docs/performance.md "The public pages at 30 KB"; every version): / and /login score
 * 100 and TBT < 100 ms; /verify/{id} and the receipt page score >= 98, TBT <= 100 ms, CLS 0
 * (< 0.001) and at most 30 KB of JavaScript (compressed, as sent); every page LCP <= 2.0 s, CLS < 0.05 and less than
 * 100 KB of JavaScript before the first render (/about: score >= 95). Exits 1 when a target is
 * missed, so it can gate a release; it is a benchmark, not part of `npm test` (the JavaScript
 * budget is also a test: e2e/tests/public-pages-budget.spec.ts).
 *
 * /verify/{id} (the public verifier page, not prerendered) is measured with a real shared
 * credential: the primary demo holder signs in through the API and the id of their Basic
 * Identity is used; `{id}` in BENCH_PAGES is replaced by it. `{receipt}` is replaced by the id of
 * one of the holder's consent receipts: the holder approves a presentation request of the demo
 * verifier first when they have none (the page is skipped, with a note, when that fails).
 *
 * Env: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_RUNS (runs per page, median reported,
 * default 3; a run Lighthouse could not record is made again, up to 3 attempts), BENCH_PAGES
 * (comma-separated paths, default /,/login,/about,/verify/{id},/verify/{receipt}),
 * BENCH_LIGHTHOUSE (the versions to run, comma-separated, default 11,12), WEB_DIST (another build to
 * serve, e.g. an older one to compare with under the same load), BENCH_PORT and
 * BENCH_CHROME_PORT (the product's and Chromium's debugging ports on a shared machine; free
 * ones by default),
 * BENCH_DETAIL=1 (also print each run's main-thread long tasks and per-script CPU time, the
 * inputs of TBT, as Lighthouse's `long-tasks` and `bootup-time` audits report them, and the
 * requests started before the observed LCP, which the simulated LCP may wait for).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse11 from 'lighthouse';
import lighthouse12 from 'lighthouse12';
import { freePort, waitForHealth } from '../apps/server/bench/server-process.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const PAGES = (process.env.BENCH_PAGES ?? '/,/login,/about,/verify/{id},/verify/{receipt}')
  .split(',')
  .filter(Boolean);
/** The primary demo account of the README (DECISIONS 2); the demo OTP is 123456. */
const DEMO_HOLDER = { aadhaarNumber: '234567890125', phoneNumber: '9876543210', otp: '123456' };
/** The Lighthouse versions measured (BENCH_LIGHTHOUSE). */
const LIGHTHOUSES = { 11: lighthouse11, 12: lighthouse12 };
const VERSIONS = (process.env.BENCH_LIGHTHOUSE ?? '11,12').split(',').filter(Boolean);
for (const version of VERSIONS) {
  if (!LIGHTHOUSES[version]) throw new Error(`BENCH_LIGHTHOUSE: no Lighthouse ${version} (11, 12)`);
}
/** Every page's budget (ADR 0005): LCP, CLS, JavaScript before the first render. */
const TARGETS = { score: 95, lcpMs: 2000, cls: 0.05, jsBeforeRenderKb: 100 };
/**
 * The public pages' own targets (docs/performance.md, ADR 0010): `/` and `/login` at 100; the
 * /verify pages a stranger opens at >= 98 with at most 30 KB of JavaScript before any
 * interaction.
 */
function targetsOf(page) {
  if (page === '/' || page === '/login') return { ...TARGETS, score: 100, tbtMs: 99 };
  if (page.startsWith('/verify/')) {
    return { ...TARGETS, score: 98, tbtMs: 100, cls: 0.001, jsKb: 30 };
  }
  return TARGETS;
}

/** Starts `npm start`'s script on `port`; resolves once /health answers. */
async function startProduct(port, dataDir) {
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(child, port, { timeoutMs: 240_000, intervalMs: 500 });
  return child;
}

/**
 * The id of the demo holder's Basic Identity credential (the one every holder has), read through
 * the API as the holder: POST /api/auth/verify-otp, then GET /user/{userId}/credentials.
 * @throws when the server refuses the demo sign-in or the holder has no Basic Identity.
 */
async function sharedCredentialId(port) {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_HOLDER),
  });
  if (!login.ok) throw new Error(`demo sign-in answered ${login.status}`);
  const { user_id: userId, session_token: token } = await login.json();
  const answer = await fetch(`${base}/user/${userId}/credentials`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!answer.ok) throw new Error(`GET /user/${userId}/credentials answered ${answer.status}`);
  const { credentials } = await answer.json();
  const basic = credentials.find((c) => c.credential_subject?.document_type === 'Basic Identity');
  if (!basic) throw new Error('the demo holder has no Basic Identity credential');
  return basic.id;
}

/**
 * The id of one of the demo holder's consent receipts (GET /user/{userId}/consent-receipts), for
 * the receipt page /verify/{receipt}: when they have none (the fresh database this script
 * starts), they approve their seeded bank request first (POST .../consent-requests/{id}/approve,
 * as the consent screen does); null when that fails too.
 */
async function consentReceiptId(port) {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_HOLDER),
  });
  if (!login.ok) throw new Error(`demo sign-in answered ${login.status}`);
  const { user_id: userId, session_token: token } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const receipts = async () => {
    const answer = await fetch(`${base}/user/${userId}/consent-receipts`, { headers });
    if (!answer.ok) return [];
    return (await answer.json()).consent_receipts ?? [];
  };
  let list = await receipts();
  if (list.length === 0) {
    const bank = `consent-${userId}-bank`;
    await fetch(`${base}/user/${userId}/consent-requests/${bank}/approve`, {
      method: 'POST',
      headers,
    });
    list = await receipts();
  }
  return list[0]?.id ?? null;
}

/** The figures of one Lighthouse result. */
function figures(lhr) {
  const audits = lhr.audits;
  const requests = audits['network-requests']?.details?.items ?? [];
  const fcpMs = audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? Infinity;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const bytes = (list) => list.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    jsKb: bytes(scripts) / 1024,
    jsBeforeRenderKb: bytes(scripts.filter((r) => r.networkEndTime < fcpMs)) / 1024,
  };
}

/** BENCH_DETAIL=1: where the main thread was blocked (ms are the simulated 4x-CPU figures). */
function printDetail(lhr) {
  const short = (url) => String(url ?? '').replace(/^https?:\/\/[^/]+/, '') || '(page)';
  for (const task of lhr.audits['long-tasks']?.details?.items ?? []) {
    console.log(
      `    long task ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms  ${short(task.url)}`,
    );
  }
  for (const item of lhr.audits['bootup-time']?.details?.items ?? []) {
    console.log(
      `    script ${short(item.url)}: total ${Math.round(item.total)} ms, evaluation ${Math.round(item.scripting)} ms, parse+compile ${Math.round(item.scriptParseCompile)} ms`,
    );
  }
  for (const item of lhr.audits['mainthread-work-breakdown']?.details?.items ?? []) {
    console.log(`    main thread ${item.groupLabel}: ${Math.round(item.duration)} ms`);
  }
  // What the simulation may put on the paint path: every request started before the observed
  // LCP (Lighthouse's pessimistic LCP graph holds them all), e.g. a font or a script.
  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
  console.log(
    `    observed FCP ${Math.round(observed.observedFirstContentfulPaint)} ms, LCP ${Math.round(observed.observedLargestContentfulPaint)} ms; requests started before LCP:`,
  );
  for (const request of lhr.audits['network-requests']?.details?.items ?? []) {
    if (request.networkRequestTime >= observed.observedLargestContentfulPaint) continue;
    console.log(
      `      ${short(request.url)} ${request.resourceType} ${Math.round(request.networkRequestTime)} to ${Math.round(request.networkEndTime)} ms, ${((request.transferSize ?? 0) / 1024).toFixed(1)} KB`,
    );
  }
}

/** Attempts per run: Lighthouse asks to run again after a failed trace (e.g. NO_NAVSTART). */
const ATTEMPTS = 3;

/**
 * One Lighthouse run of `url` (performance category) in the Chromium on `chromePort`.
 * @throws when Lighthouse could not measure the page in ATTEMPTS attempts (its runtime error).
 */
async function measure(lighthouse, url, chromePort) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, {
      port: chromePort,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
    });
    if (!lhr.runtimeError) return lhr;
    const problem = `Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`;
    if (attempt >= ATTEMPTS) throw new Error(problem);
    console.log(`    ${problem} (attempt ${attempt} of ${ATTEMPTS}; again)`);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pehchaan-bench-web-'));
  const server = await startProduct(port, dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // chrome-launcher picks a free port when none is given.
    port: process.env.BENCH_CHROME_PORT ? Number(process.env.BENCH_CHROME_PORT) : undefined,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
    ],
  });
  let failed = false;
  try {
    console.log(
      `Lighthouse ${VERSIONS.join(' and ')}, mobile preset, median of ${RUNS} run(s) per page`,
    );
    console.log(
      'page          LH  score   LCP (s)  TBT (ms)  CLS     JS total (KB)  JS before render (KB)',
    );
    const credentialId = PAGES.some((p) => p.includes('{id}'))
      ? await sharedCredentialId(port)
      : '';
    const receiptId = PAGES.some((p) => p.includes('{receipt}'))
      ? await consentReceiptId(port)
      : '';
    for (const page of PAGES) {
      if (page.includes('{receipt}') && !receiptId) {
        console.log(`${page.padEnd(12)}  skipped: the demo holder has no consent receipt`);
        continue;
      }
      const path = page.replace('{id}', credentialId).replace('{receipt}', receiptId ?? '');
      const targets = targetsOf(path);
      for (const version of VERSIONS) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) {
          const lhr = await measure(
            LIGHTHOUSES[version],
            `http://127.0.0.1:${port}${path}`,
            chrome.port,
          );
          runs.push(figures(lhr));
          if (process.env.BENCH_DETAIL === '1') {
            console.log(`  ${page}, Lighthouse ${lhr.lighthouseVersion}, run ${i + 1}:`);
            printDetail(lhr);
          }
        }
        const m = Object.fromEntries(
          Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]),
        );
        const misses = [
          m.score < targets.score && `score < ${targets.score}`,
          m.lcpMs > targets.lcpMs && `LCP > ${targets.lcpMs / 1000} s`,
          targets.tbtMs !== undefined && m.tbtMs > targets.tbtMs && `TBT > ${targets.tbtMs} ms`,
          m.cls >= targets.cls && `CLS >= ${targets.cls}`,
          targets.jsKb !== undefined && m.jsKb > targets.jsKb && `JS > ${targets.jsKb} KB`,
          m.jsBeforeRenderKb >= targets.jsBeforeRenderKb &&
            `JS before render >= ${targets.jsBeforeRenderKb} KB`,
        ].filter(Boolean);
        failed ||= misses.length > 0;
        console.log(
          [
            page.padEnd(12),
            version.padStart(2),
            String(m.score).padStart(5),
            (m.lcpMs / 1000).toFixed(2).padStart(9),
            Math.round(m.tbtMs).toString().padStart(9),
            m.cls.toFixed(3).padStart(6),
            m.jsKb.toFixed(1).padStart(14),
            m.jsBeforeRenderKb.toFixed(1).padStart(22),
            misses.length ? `  MISSED: ${misses.join(', ')}` : '',
          ].join('  '),
        );
      }
    }
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(failed ? 'Some targets missed.' : 'Targets met.');
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
