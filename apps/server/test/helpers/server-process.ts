/**
 * The real server as a child process (`node --import tsx src/server.ts`), for the lifecycle and
 * durability tests: a free port, a DATA_DIR of the test's choosing, output captured, and a
 * registry so every child still running is killed when the suite ends.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, DEMO_OTP } from '@pehchaan/core';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = resolve(SERVER_DIR, 'src/server.ts');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/** SIGKILLs every child still running (afterAll). */
export function killAllServers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** A TCP port free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Starts the server; does not wait for it (see waitUntilReady). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: '/nonexistent/pehchaan-web-dist',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      done({ code, signal });
    });
  });
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Polls /health until it answers 200. @throws when the process exits first or on timeout. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 45_000): Promise<void> {
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before it was ready:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
}

/** Logs the first demo account in; returns its user id and bearer token. */
export async function loginDemoOver(
  server: ServerProcess,
): Promise<{ userId: string; token: string }> {
  const account = DEMO_ACCOUNTS[0] as (typeof DEMO_ACCOUNTS)[number];
  const response = await fetch(`${server.url}/api/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      aadhaarNumber: account.aadhaarNumber,
      phoneNumber: account.phoneNumber,
      otp: DEMO_OTP,
    }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  const body = (await response.json()) as { user_id: string; session_token: string };
  return { userId: body.user_id, token: body.session_token };
}

/**
 * A POST whose headers are sent at once and whose body is sent only when `finish()` is called:
 * a request the server holds in flight for as long as the test wants.
 */
export function slowPost(
  server: ServerProcess,
  path: string,
  token: string,
  body: unknown,
): { finish(): void; answer: Promise<{ status: number; body: string }> } {
  const text = JSON.stringify(body);
  const request = httpRequest(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      connection: 'close',
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolveAnswer, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let data = '';
      response.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      response.once('end', () => resolveAnswer({ status: response.statusCode ?? 0, body: data }));
      response.once('error', reject);
    });
  });
  request.flushHeaders();
  // The first byte goes now, so the request is surely in the server's hands.
  request.write(text.slice(0, 1));
  return { finish: () => request.end(text.slice(1)), answer };
}
