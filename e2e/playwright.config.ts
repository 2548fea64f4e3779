import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './tests/chromium';
import { freshDataFolderCommand } from './tests/data-folder';

/**
 * Browser tests: the product in Debian's Chromium (its headless shell unless CHROMIUM_PATH says
 * otherwise: tests/chromium.ts) against the real server, started as `npm start` starts it, on its
 * own port with a fresh embedded database.
 */
const PORT = Number(process.env.E2E_PORT ?? 5123);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';
/** E2E_NO_BUILD=1: use the web build as it is (several runs on one machine build once). */
const START_FLAGS = process.env.E2E_NO_BUILD === '1' ? ' --no-build' : '';
/**
 * Before the server starts, its data folder is made afresh with the verifier's and the issuer's
 * API keys minted (tests/data-folder.ts); or, when run.mjs has made one such folder for all its
 * parts (E2E_SEED_DIR), a copy of that one.
 */
const SEED_DIR = process.env.E2E_SEED_DIR;
const PREPARE_DATA = SEED_DIR
  ? `rm -rf ${DATA_DIR} && cp -r ${SEED_DIR} ${DATA_DIR}`
  : freshDataFolderCommand(DATA_DIR);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // An assertion's wait (Playwright's default 5 s); run.mjs lengthens it when parts share the
  // machine (E2E_EXPECT_TIMEOUT). Only a failing check waits it out.
  expect: { timeout: Number(process.env.E2E_EXPECT_TIMEOUT ?? 5_000) },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // E2E_CHROMIUM_ARGS: more switches, space-separated, to measure (docs/performance.md: the
      // in-process GPU and software compositing were measured and not kept).
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-gpu',
        ...(process.env.E2E_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean),
      ],
    },
    trace: 'off',
    // The app's service worker precaches the whole build (about 270 files, 4.6 MB) into every fresh
    // browser context, a quarter of a short spec's CPU. Only the specs of the offline app
    // (pwa, offline-verify, prerender, outbox, consent, foundation) need it: they say
    // `test.use({ serviceWorkers: 'allow' })`. E2E_SERVICE_WORKERS=allow gives it to every spec.
    serviceWorkers: process.env.E2E_SERVICE_WORKERS === 'allow' ? 'allow' : 'block',
  },
  webServer: {
    command: `${PREPARE_DATA} && node ../scripts/start.mjs${START_FLAGS}`,
    url: `http://127.0.0.1:${PORT}/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Share links and OpenID4VP requests are built on PUBLIC_ORIGIN: the address the browser
    // reaches this server at. The wallet takes this server's own request objects and hands its
    // answers over in process, loopback or not; OID4VP_ALLOW_LOOPBACK lets it reach the OUTSIDE
    // verifier oid4vp.spec.ts runs on 127.0.0.1 (off by default, whatever HOST is).
    env: {
      PORT: String(PORT),
      DATA_DIR,
      OTP_PROVIDER: 'disabled',
      PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
      OID4VP_ALLOW_LOOPBACK: 'true',
      // Likewise the OUTSIDE credential issuer receive-authorization-code.spec.ts runs on 127.0.0.1.
      OID4VCI_ALLOW_LOOPBACK: 'true',
      // Passkeys need a domain as their relying party (WebAuthn refuses IP addresses): the
      // passkey specs open the app at http://localhost:<port> (tests/settings-act.spec.ts).
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: `http://localhost:${PORT}`,
      // The key above is minted before the start, so no demo keys would be printed anyway;
      // keys never reach the tests' logs.
      DEMO_VERIFIER_KEYS: 'off',
    },
  },
});
