/**
 * Helpers the benchmarks share to run the product as a child process: `npm run bench:api`
 * (./api.ts), `npm run bench:web` (scripts/bench-web.mjs, run with tsx so it can import this
 * file) and `npm run conformance` (scripts/conformance.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { get as httpsGet } from 'node:https';
import { createServer } from 'node:net';

/** Resolves a TCP port on 127.0.0.1 that was free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * How long and how often waitForHealth polls; `hint` ends its error messages (e.g. a log path);
 * `https`: the server speaks TLS with a certificate of its own making (TLS_CERT_FILE), which is
 * not verified (npm run conformance).
 */
export interface WaitForHealthOptions {
  timeoutMs: number;
  intervalMs: number;
  hint?: string;
  https?: boolean;
}

/** True when GET `url` answers 2xx over TLS, the certificate not verified (a local server's). */
function httpsHealthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = httpsGet(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      resolve(status >= 200 && status < 300);
    });
    request.on('error', () => resolve(false));
  });
}

/**
 * Resolves once `GET http(s)://127.0.0.1:<port>/health` answers 2xx.
 * @throws when `child` exits first, or (after sending it SIGTERM) when `timeoutMs` passes.
 */
export async function waitForHealth(
  child: ChildProcess,
  port: number,
  { timeoutMs, intervalMs, hint = '', https = false }: WaitForHealthOptions,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}${hint}`);
    if (https) {
      if (await httpsHealthy(`https://127.0.0.1:${port}/health`)) return;
    } else {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/health`);
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not answer /health within ${timeoutMs / 1000} s${hint}`);
}
