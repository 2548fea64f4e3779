/**
 * Slow and greedy clients are cut (plugins/connection-limits.ts; docs/security.md "Slow clients
 * and large bodies"): over real sockets to listening servers, a client that trickles its body,
 * goes silent after its headers, trickles its headers or idles between requests is answered
 * 408 (a problem) and closed once its timeout passes; a client at its cap of open connections
 * gets no more; behind a trusted proxy the cap counts each forwarded client's requests in flight.
 * The timeouts here are short (1-1.5 s) to keep the suite fast; the last test shows the
 * defaults cut a client within 30 s of its first byte.
 */
import { randomBytes } from 'node:crypto';
import { DEMO_OTP } from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS, loadConfig } from '../src/config';
import { connectionsCheckingIntervalMs, trustedProxyTest } from '../src/plugins/connection-limits';
import { buildTestApp, PRIMARY } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { openConnection, type RawConnection, requestHead } from './helpers/raw-http';

const pglite = backends[0];
if (!pglite) throw new Error('no PGlite backend');

const SHORT: ConnectionLimits = {
  requestTimeoutMs: 1500,
  headersTimeoutMs: 1000,
  connectionTimeoutMs: 3000,
  keepAliveTimeoutMs: 1000,
  maxConnectionsPerClient: 50,
};
/** How late Node may notice a passed timeout (its checking interval), plus scheduling slack. */
const LATE_MS = connectionsCheckingIntervalMs(SHORT) + 400;

const LOGIN = Buffer.from(
  JSON.stringify({
    aadhaarNumber: PRIMARY.aadhaarNumber,
    phoneNumber: PRIMARY.phoneNumber,
    otp: DEMO_OTP,
  }),
);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes one byte of `data` every `everyMs` until the socket closes or `data` runs out. */
async function trickle(connection: RawConnection, data: string, everyMs: number): Promise<void> {
  for (const character of data) {
    if (connection.socket.destroyed) return;
    connection.socket.write(character);
    await pause(everyMs);
  }
}

describe('slow and greedy clients', () => {
  let opened: OpenedDatabase;
  const apps: FastifyInstance[] = [];
  // One database for every app here: one master key.
  const masterKey = randomBytes(32);

  /** A listening app with these limits (and TRUST_PROXY); its port. */
  const listen = async (connections: ConnectionLimits, trustProxy: false | string = false) => {
    const app = await buildTestApp(opened.database, { connections, trustProxy, masterKey });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return address.port;
  };

  beforeAll(async () => {
    opened = await pglite.open();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await opened?.dispose();
  });

  /** The 408 problem Node's timeout answers, read before the close. */
  const expectTimeoutAnswer = async (connection: RawConnection) => {
    const answer = await connection.answered;
    expect(answer?.status).toBe(408);
    expect(answer?.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer?.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer?.body ?? '')).toMatchObject({ status: 408, code: 'client_error' });
  };

  describe('timeouts', () => {
    let port: number;
    beforeAll(async () => {
      port = await listen(SHORT);
    });

    it('cuts a client that trickles its body, one byte every 200 ms', async () => {
      const connection = await openConnection(port);
      connection.socket.write(
        requestHead('POST', '/api/auth/verify-otp', {
          'content-type': 'application/json',
          'content-length': LOGIN.length,
        }),
      );
      void trickle(connection, LOGIN.toString('latin1'), 200);
      const openMs = await connection.closed;
      // The body would have taken LOGIN.length * 200 ms (over 15 s) to arrive.
      expect(openMs).toBeGreaterThanOrEqual(SHORT.requestTimeoutMs - 100);
      expect(openMs).toBeLessThan(SHORT.requestTimeoutMs + LATE_MS);
      await expectTimeoutAnswer(connection);
    });

    it('cuts a client that goes silent after its headers', async () => {
      const connection = await openConnection(port);
      connection.socket.write(
        requestHead('POST', '/api/auth/verify-otp', {
          'content-type': 'application/json',
          'content-length': LOGIN.length,
        }),
      );
      const openMs = await connection.closed;
      expect(openMs).toBeGreaterThanOrEqual(SHORT.requestTimeoutMs - 100);
      expect(openMs).toBeLessThan(SHORT.requestTimeoutMs + LATE_MS);
      await expectTimeoutAnswer(connection);
    });

    it('cuts a client that trickles its headers (slowloris) at the headers timeout', async () => {
      const connection = await openConnection(port);
      connection.socket.write('GET /health HTTP/1.1\r\nhost: localhost\r\n');
      void trickle(connection, `x-slow: ${'a'.repeat(100)}\r\n`, 100);
      const openMs = await connection.closed;
      expect(openMs).toBeGreaterThanOrEqual(SHORT.headersTimeoutMs - 100);
      expect(openMs).toBeLessThan(SHORT.headersTimeoutMs + LATE_MS);
      await expectTimeoutAnswer(connection);
    });

    it('closes a connection idle after its answer once the keep-alive time is over', async () => {
      const connection = await openConnection(port);
      connection.socket.write(requestHead('GET', '/health'));
      expect((await connection.answered)?.status).toBe(200);
      const openMs = await connection.closed;
      // The answer said `Keep-Alive: timeout=1`; Node waits a second more, so the client,
      // which was told, closes first.
      expect(connection.received()).toMatch(/keep-alive: timeout=1\r\n/i);
      expect(openMs).toBeGreaterThanOrEqual(SHORT.keepAliveTimeoutMs);
      expect(openMs).toBeLessThan(SHORT.keepAliveTimeoutMs + 1000 + LATE_MS);
      expect(connection.errors).toEqual([]);
    });

    it('closes a connection that never sends a byte', async () => {
      const connection = await openConnection(port);
      const openMs = await connection.closed;
      expect(openMs).toBeLessThan(SHORT.headersTimeoutMs + LATE_MS);
    });

    it('serves a client that sends its request at a normal pace', async () => {
      const connection = await openConnection(port);
      connection.socket.write(
        requestHead('POST', '/api/auth/verify-otp', {
          'content-type': 'application/json',
          'content-length': LOGIN.length,
        }),
      );
      await pause(300);
      connection.socket.write(LOGIN);
      expect((await connection.answered)?.status).toBe(200);
      connection.socket.end();
      await connection.closed;
    });
  });

  describe('the per-client cap', () => {
    const CAP = 3;

    it('closes a connection over the cap at once, and takes one again when another closes', async () => {
      const port = await listen({ ...DEFAULT_CONNECTION_LIMITS, maxConnectionsPerClient: CAP });
      const held = await Promise.all(Array.from({ length: CAP }, () => openConnection(port)));
      // Let the server count them before the next one arrives.
      await pause(50);
      const over = await openConnection(port);
      const overMs = await over.closed;
      expect(overMs).toBeLessThan(500);
      expect(over.received()).toBe('');
      for (const connection of held) {
        connection.socket.write(requestHead('GET', '/health'));
        expect((await connection.answered)?.status).toBe(200);
      }
      const [first] = held;
      first?.socket.end();
      await first?.closed;
      const again = await openConnection(port);
      again.socket.write(requestHead('GET', '/health'));
      expect((await again.answered)?.status).toBe(200);
      for (const connection of [...held.slice(1), again]) connection.socket.end();
    });

    it("behind a TRUST_PROXY proxy, counts each forwarded client's requests in flight, not the proxy's connections", async () => {
      const port = await listen(
        { ...DEFAULT_CONNECTION_LIMITS, maxConnectionsPerClient: CAP },
        '127.0.0.1',
      );
      const forwardedFor = (client: string) => ({ 'x-forwarded-for': client });
      // The proxy holds more connections than the cap: none is refused.
      const slow = await Promise.all(Array.from({ length: CAP + 2 }, () => openConnection(port)));
      // CAP of them carry a request of one client whose body has not arrived yet.
      for (const connection of slow.slice(0, CAP)) {
        connection.socket.write(
          requestHead('POST', '/api/auth/verify-otp', {
            ...forwardedFor('203.0.113.9'),
            'content-type': 'application/json',
            'content-length': LOGIN.length,
          }),
        );
      }
      await pause(100);
      const [extraA, extraB] = slow.slice(CAP);
      // One more of that client's requests is refused, with the time to retry.
      extraA?.socket.write(requestHead('GET', '/health', forwardedFor('203.0.113.9')));
      const refused = await extraA?.answered;
      expect(refused?.status).toBe(429);
      expect(refused?.headers['retry-after']).toBe('1');
      expect(JSON.parse(refused?.body ?? '')).toMatchObject({ code: 'rate_limited' });
      // Another client through the same proxy is served.
      extraB?.socket.write(requestHead('GET', '/health', forwardedFor('198.51.100.4')));
      expect((await extraB?.answered)?.status).toBe(200);
      // Once the requests complete, the client is served again.
      for (const connection of slow.slice(0, CAP)) connection.socket.write(LOGIN);
      for (const connection of slow.slice(0, CAP)) {
        expect((await connection.answered)?.status).toBe(200);
      }
      const after = await openConnection(port);
      after.socket.write(requestHead('GET', '/health', forwardedFor('203.0.113.9')));
      expect((await after.answered)?.status).toBe(200);
      for (const connection of [...slow, after]) connection.socket.end();
    });
  });

  it('knows the proxies TRUST_PROXY names as Fastify reads them (addresses, CIDRs, netmasks)', () => {
    const isProxy = trustedProxyTest('127.0.0.1, 10.0.0.0/8,192.168.0.0/255.255.0.0,2001:db8::/32');
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.9.9', '2001:db8::7']) {
      expect(isProxy(address), address).toBe(true);
    }
    for (const address of ['127.0.0.2', '11.0.0.1', '192.169.0.1', '2001:db9::1', 'junk']) {
      expect(isProxy(address), address).toBe(false);
    }
    expect(trustedProxyTest(false)('127.0.0.1')).toBe(false);
  });

  it('by default cuts a trickling or silent client within 30 s of its first byte', async () => {
    const defaults = loadConfig({}).connections;
    expect(defaults).toEqual(DEFAULT_CONNECTION_LIMITS);
    const late = connectionsCheckingIntervalMs(defaults);
    expect(defaults.requestTimeoutMs + late).toBeLessThanOrEqual(30_000);
    expect(defaults.headersTimeoutMs + late).toBeLessThanOrEqual(30_000);
    expect(defaults.connectionTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(defaults.maxConnectionsPerClient).toBe(50);
    // And the server built from them has them.
    const app = await buildTestApp(opened.database, { connections: defaults, masterKey });
    apps.push(app);
    expect(app.server.requestTimeout).toBe(defaults.requestTimeoutMs);
    expect(app.server.headersTimeout).toBe(defaults.headersTimeoutMs);
    expect(app.server.timeout).toBe(defaults.connectionTimeoutMs);
    expect(app.server.keepAliveTimeout).toBe(defaults.keepAliveTimeoutMs);
  });
});
