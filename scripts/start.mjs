#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then runs
 * the API server (which also serves the built SPA) on PORT (default 5000).
 *
 * Flags: --no-build  skip the freshness check (CI and e2e build once beforehand).
 *
 * On the embedded database (no DATABASE_URL) it sets DEMO_VERIFIER_KEYS=on unless the
 * environment says otherwise: on a fresh data folder the server then prints one demo API key
 * for each seeded verifier organisation, once, so the verifier portal can be tried at once.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/scripts',
  'packages/core/src',
];

/** Newest modification time (ms) of the files under `path`, 0 when it does not exist. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > builtAt);
}

if (!process.argv.includes('--no-build') && webBuildIsStale()) {
  console.log('[start] building the web app (apps/web) ...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('[start] the web build failed; see the output above.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'apps/server/src/server.ts')],
  {
    cwd: process.cwd(),
    stdio: 'inherit',
    env: {
      ...process.env,
      DEMO_VERIFIER_KEYS:
        process.env.DEMO_VERIFIER_KEYS || (process.env.DATABASE_URL ? 'off' : 'on'),
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
