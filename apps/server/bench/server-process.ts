/**
 * Helpers the benchmarks share to run the product as a child process: `npm run bench:api`
 * (./api.ts) and `npm run bench:web` (scripts/bench-web.mjs, run with tsx so it can import this
 * file).
 */
import type { ChildProcess } from 'node:child_process';
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

/** How long and how often waitForHealth polls; `hint` ends its error messages (e.g. a log path). */
export interface WaitForHealthOptions {
  timeoutMs: number;
  intervalMs: number;
  hint?: string;
}

/**
 * Resolves once `GET http://127.0.0.1:<port>/health` answers 2xx.
 * @throws when `child` exits first, or (after sending it SIGTERM) when `timeoutMs` passes.
 */
export async function waitForHealth(
  child: ChildProcess,
  port: number,
  { timeoutMs, intervalMs, hint = '' }: WaitForHealthOptions,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}${hint}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not answer /health within ${timeoutMs / 1000} s${hint}`);
}
