/**
 * npm run bench:verify: verifications per second, on this machine, of
 *   1. raw node:crypto Ed25519 verification (the baseline: a 64-byte message, one KeyObject);
 *   2. core's verifyCredential on a signed Aadhaar credential, one at a time, with the
 *      synchronous node:crypto ProofCrypto, and for reference with the default WebCrypto one;
 *   3. POST /credentials/verify under concurrent load: autocannon (a child process, so it does
 *      not share the server's event loop) against the app started in-process on a free port
 *      (the server verifies with node:crypto offloaded to the thread pool).
 * Prints each rate and its ratio to the raw rate (targets: verifyCredential >= 70%, HTTP >= 35%).
 * About 25 seconds. Options (env): BENCH_SECONDS (per in-process run, default 3),
 * BENCH_HTTP_SECONDS (default 10), BENCH_CONNECTIONS (default 32).
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { createRequire } from 'node:module';
import { DEMO_ACCOUNTS, DEMO_OTP, verifyCredential } from '@pehchaan/core';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { nodeProofCrypto } from '../src/lib/issuer-keys';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

/** Runs `step` repeatedly for `seconds`; answers operations per second. */
async function rate(seconds: number, step: () => unknown): Promise<number> {
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  let count = 0;
  while (performance.now() < end) {
    // 64 operations between clock reads keeps timing overhead out of the figure.
    for (let i = 0; i < 64; i++) await step();
    count += 64;
  }
  return count / ((performance.now() - start) / 1000);
}

function rawEd25519(seconds: number): Promise<number> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const data = Buffer.alloc(64, 7);
  const signature = sign(null, data, privateKey);
  return rate(seconds, () => {
    if (!verify(null, data, publicKey, signature)) throw new Error('raw verify failed');
  });
}

interface AutocannonResult {
  requests: { average: number };
  non2xx: number;
  errors: number;
}

function autocannon(url: string, body: string): Promise<AutocannonResult> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [bin, '-j', '-c', String(CONNECTIONS), '-d', String(HTTP_SECONDS), '-m', 'POST'];
  args.push('-H', 'content-type=application/json', '-b', body, url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`autocannon exited with ${code}`));
      else resolve(JSON.parse(out) as AutocannonResult);
    });
  });
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(9);
const pct = (n: number, base: number) => `${((100 * n) / base).toFixed(0)}%`;

async function main() {
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: 'memory://', LOG_LEVEL: 'silent', PORT: '8000' }),
    databaseUrl: undefined,
    host: '127.0.0.1',
  };
  const app = await buildApp({ config });
  try {
    const account = DEMO_ACCOUNTS[0];
    if (!account) throw new Error('no demo account');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: {
        aadhaarNumber: account.aadhaarNumber,
        phoneNumber: account.phoneNumber,
        otp: DEMO_OTP,
      },
    });
    const { user_id: userId, session_token: token } = login.json();
    const issued = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${userId}&document_type=aadhaar`,
      headers: { authorization: `Bearer ${token}` },
    });
    const document: unknown = issued.json().verifiable_credential;
    const options = {
      trustedIssuers: app.deps.issuers.trustedIssuers,
      now: new Date(),
      crypto: nodeProofCrypto(),
    };
    const check = await verifyCredential(document, options);
    if (!check.verified) throw new Error(`the bench credential does not verify: ${check.status}`);

    console.log(
      `Verification throughput (${SECONDS}s per in-process run, node ${process.version})`,
    );
    const raw = await rawEd25519(SECONDS);
    const core = await rate(SECONDS, async () => {
      if (!(await verifyCredential(document, options)).verified) throw new Error('not verified');
    });
    const { crypto: _node, ...webOptions } = options;
    const web = await rate(SECONDS, async () => {
      if (!(await verifyCredential(document, webOptions)).verified) throw new Error('not verified');
    });

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const body = JSON.stringify({ verifiableCredential: document, options: {} });
    const http = await autocannon(`${address}/credentials/verify`, body);
    if (http.non2xx > 0 || http.errors > 0) {
      throw new Error(`HTTP run had ${http.non2xx} non-2xx answers and ${http.errors} errors`);
    }
    const httpRate = http.requests.average;

    console.log(`  raw node:crypto Ed25519 verify          ${fmt(raw)} /s  (baseline)`);
    console.log(
      `  verifyCredential (node:crypto)          ${fmt(core)} /s  ${pct(core, raw)} of raw (target >= 70%)`,
    );
    console.log(
      `  verifyCredential (WebCrypto, reference) ${fmt(web)} /s  ${pct(web, raw)} of raw`,
    );
    console.log(
      `  POST /credentials/verify (${CONNECTIONS} conns)   ${fmt(httpRate)} /s  ${pct(httpRate, raw)} of raw (target >= 35%)`,
    );
    const ok = core / raw >= 0.7 && httpRate / raw >= 0.35;
    console.log(ok ? 'Targets met.' : 'Targets NOT met.');
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
