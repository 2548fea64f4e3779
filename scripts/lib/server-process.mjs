/**
 * Helpers the benchmark scripts share to run the product as a child process.
 *
 * - `freePort()`: resolves a free TCP port on 127.0.0.1.
 * - `waitForHealth(child, port, { timeoutMs, intervalMs, hint })`: resolves once
 *   `GET http://127.0.0.1:<port>/health` answers 2xx. Throws when the child exits first, or
 *   (after sending it SIGTERM) when `timeoutMs` passes; `hint` is appended to the messages
 *   (e.g. where the server's log is).
 */
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(child, port, { timeoutMs, intervalMs, hint = '' }) {
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
