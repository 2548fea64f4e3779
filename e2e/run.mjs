#!/usr/bin/env node
/**
 * `npm test -w e2e` (and so the root `npm test`): the browser tests in E2E_SHARDS parts run side
 * by side (default 2, CI's two cores), each a `playwright test --shard=i/n` with its own server,
 * port (E2E_PORT + i - 1, from 5123) and fresh data folder (.e2e-data-i), so no part sees another's
 * holders. The web app is built once beforehand (each part's server starts with --no-build).
 *
 * Arguments after the script are passed to every part (`node run.mjs tests/theme.spec.ts`).
 * E2E_SHARDS=1 runs everything in one part, as `npx playwright test` does.
 * Exit status: 0 when every part passed, else the first failing part's status.
 */
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 5123);
const passed = process.argv.slice(2);

if (process.env.E2E_NO_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: join(here, '..'),
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * A test's time limit when parts run side by side: two servers and two Chromiums share the
 * cores, so a long flow (the OpenID4VP exchange: portal, holder, share, poll) takes up to twice
 * as long as alone (playwright.config.ts: 30 s).
 */
const SHARED_MACHINE_TIMEOUT_MS = 60_000;

/** Runs part `index` (1-based) and resolves to its exit status; its lines are prefixed. */
function runPart(index) {
  const args = [
    'playwright',
    'test',
    ...(shards > 1 ? [`--shard=${index}/${shards}`, `--timeout=${SHARED_MACHINE_TIMEOUT_MS}`] : []),
  ];
  const child = spawn('npx', [...args, ...passed], {
    cwd: here,
    env: {
      ...process.env,
      E2E_NO_BUILD: '1',
      E2E_PORT: String(basePort + index - 1),
      E2E_DATA_DIR: shards > 1 ? `.e2e-data-${index}` : (process.env.E2E_DATA_DIR ?? '.e2e-data'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = shards > 1 ? `[part ${index}/${shards}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => {
      if (rest) process.stdout.write(`${prefix}${rest}\n`);
    });
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const statuses = await Promise.all(Array.from({ length: shards }, (_, i) => runPart(i + 1)));
const failed = statuses.find((status) => status !== 0);
process.exit(failed ?? 0);
