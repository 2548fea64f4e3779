/**
 * Slow and greedy clients (docs/security.md "Slow clients and large bodies"; OWASP ASVS 5.0
 * V13.1 "resource limits"): every client is cut within a bounded time, and no client holds more
 * than its share of connections. Values in config.ts ConnectionLimits (REQUEST_TIMEOUT_MS,
 * HEADERS_TIMEOUT_MS, CONNECTION_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS_PER_CLIENT).
 *
 * Timeouts (Node's http server, set through Fastify's options; `timeoutOptions`):
 * - the whole request, headers and body, must arrive within REQUEST_TIMEOUT_MS of its first
 *   byte (`requestTimeout`), its headers within HEADERS_TIMEOUT_MS (`headersTimeout`); Node
 *   checks both every `connectionsCheckingInterval`, here at most a second (Node's default of
 *   30 s would let a client stay half a minute past them). A client that trickles its body or
 *   goes silent after its headers is answered 408 and its connection closed;
 * - a connection with no traffic either way for CONNECTION_TIMEOUT_MS is closed (a client that
 *   stops reading its answer), one idle between requests after KEEP_ALIVE_TIMEOUT_MS.
 * Those cut-offs are answered as problems (`answerClientError`: 408, and 431 or 400 for headers
 * that are too large or not HTTP), code 'client_error', before the connection closes.
 *
 * The per-client cap (`registerConnectionLimits`): at most MAX_CONNECTIONS_PER_CLIENT open
 * connections per client IP address. A connection over the cap is closed at once, before
 * anything of it is read: reading its request would spend what the cap protects. Behind a
 * proxy named in TRUST_PROXY (as the rest of the app, plugins/rate-limit.ts), the proxy's own
 * connections carry many clients and are not counted; each forwarded client (request.ip, from
 * X-Forwarded-For) may have as many requests in flight, and one more is answered 429
 * 'rate_limited' with Retry-After.
 */
import { STATUS_CODES } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';
import { PROBLEM_CONTENT_TYPE } from '@pehchaan/core';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ConnectionLimits } from '../config';
import { AppError, problemOf } from '../lib/errors';

/**
 * How often Node looks for requests past their timeouts (ms): a quarter of the shorter timeout,
 * at most a second (so a request is cut at most a second late), at least 50 ms.
 */
export function connectionsCheckingIntervalMs(limits: ConnectionLimits): number {
  const shorter = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return Math.max(50, Math.min(1000, Math.floor(shorter / 4)));
}

/**
 * The options of Node's http (or https) server: the header and request timeouts, the idle time
 * between requests and the checking interval (node:http createServer).
 */
export function httpServerOptions(limits: ConnectionLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: connectionsCheckingIntervalMs(limits),
  };
}

/**
 * Fastify's own options for the same limits: it sets `requestTimeout` and `keepAliveTimeout` on
 * the server after creating it, `connectionTimeout` as the server's socket timeout, and answers
 * the server's client errors with `clientErrorHandler`.
 */
export function timeoutOptions(limits: ConnectionLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    clientErrorHandler: answerClientError,
  } satisfies Partial<FastifyServerOptions>;
}

/** The `detail` of each cut-off answer, by Node's error code. */
const CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The request headers are too large' },
};
const MALFORMED = { status: 400, detail: 'The request is not valid HTTP' };

/**
 * Fastify's `clientErrorHandler`: a connection Node gives up on (a request past its timeout,
 * headers too large, not HTTP) gets a problem answer ('client_error' with the status: 408, 431
 * or 400) with the API's security headers, then is closed. Nothing is written to a connection
 * already reset, or one whose answer has begun.
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  this.log.info({ code: 'client_error', status }, 'connection cut');
  if (socket.writable) {
    const body = JSON.stringify(problemOf('client_error', detail, { status }));
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        `Content-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'X-Frame-Options: DENY',
        "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy();
}

/** An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, a dual-stack socket's) as plain IPv4. */
function clientAddress(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** The prefix length of an IPv4 netmask written as an address (255.255.0.0 -> 16). */
function prefixLength(mask: string): number {
  if (!mask.includes('.')) return Number(mask);
  return mask
    .split('.')
    .map((part) => Number(part).toString(2).replace(/0/g, ''))
    .join('').length;
}

/**
 * A test for "this address is a proxy named in TRUST_PROXY": `trustProxy` as config.ts gives
 * it (false, or addresses and CIDRs separated by commas, as Fastify's trustProxy takes them).
 * @throws when an entry is not an IP address or CIDR (Fastify refuses those at start too).
 */
export function trustedProxyTest(trustProxy: false | string): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  const proxies = new BlockList();
  for (const entry of trustProxy.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, prefixLength(prefix), type);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && proxies.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** The 429 detail of a forwarded client over the cap; Retry-After says the same. */
export const TOO_MANY_CONNECTIONS_DETAIL =
  'Too many requests at once from this address. Please try again in 1 second.';

/** A refused client is named in the log at most this often (ms). */
const WARN_EVERY_MS = 60_000;

/**
 * Caps open connections per client IP at `maxPerClient` (0: no cap) on the app's server, and
 * requests in flight per forwarded client behind a proxy `trustProxy` names (module docstring).
 * Register before the routes: it adds an onRequest hook.
 */
export function registerConnectionLimits(
  app: FastifyInstance,
  options: { maxPerClient: number; trustProxy: false | string },
): void {
  const { maxPerClient } = options;
  if (maxPerClient <= 0) return;
  const isTrustedProxy = trustedProxyTest(options.trustProxy);
  const open = new Map<string, number>();
  const warned = new Map<string, number>();

  /** Counts one more for `client`; false (and nothing counted) when it is at the cap. */
  const take = (client: string): boolean => {
    const count = open.get(client) ?? 0;
    if (count >= maxPerClient) {
      const now = Date.now();
      if (now - (warned.get(client) ?? 0) >= WARN_EVERY_MS) {
        if (warned.size > 10_000) warned.clear();
        warned.set(client, now);
        app.log.warn({ maxPerClient }, 'connection refused: a client is at its connection cap');
      }
      return false;
    }
    open.set(client, count + 1);
    return true;
  };
  const release = (client: string) => {
    const count = (open.get(client) ?? 1) - 1;
    if (count <= 0) open.delete(client);
    else open.set(client, count);
  };

  app.server.on('connection', (socket: Socket) => {
    const peer = clientAddress(socket.remoteAddress);
    if (peer === undefined || isTrustedProxy(peer)) return;
    if (!take(peer)) {
      socket.destroy();
      return;
    }
    socket.once('close', () => release(peer));
  });

  app.addHook('onRequest', (request, reply, done) => {
    const peer = clientAddress(request.raw.socket?.remoteAddress);
    if (peer === undefined || !isTrustedProxy(peer)) {
      done();
      return;
    }
    const client = clientAddress(request.ip) ?? request.ip;
    if (!take(client)) {
      done(new AppError('rate_limited', TOO_MANY_CONNECTIONS_DETAIL, 1));
      return;
    }
    let released = false;
    const once = () => {
      if (released) return;
      released = true;
      release(client);
    };
    // 'close' comes when the answer is sent or the connection ends first.
    reply.raw.once('close', once);
    reply.raw.once('finish', once);
    done();
  });
}
