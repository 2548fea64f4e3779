/**
 * A body over the limit (BODY_LIMIT_BYTES, 64 KiB) gets a complete 413 problem 'body_too_large'
 * that its sender reads, whatever its media type and on every route, never a connection reset
 * under a client still writing (plugins/body-parser.ts; docs/security.md "Slow clients and
 * large bodies"). Over a real socket to a listening server: the body is written in paced
 * chunks, as over a network slower than the server, and the client must write all of it
 * without EPIPE or ECONNRESET and then read the whole answer. A client that asks
 * `Expect: 100-continue` is answered before it writes anything.
 */
import { DEMO_OTP } from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCARD_LIMIT_BYTES } from '../src/plugins/body-parser';
import { buildTestApp, loginDemo, PRIMARY } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import {
  openConnection,
  type RawAnswer,
  type RawConnection,
  requestHead,
  writePaced,
} from './helpers/raw-http';

const pglite = backends[0];
if (!pglite) throw new Error('no PGlite backend');

/** 1 MB of text, and a JSON array of 150,000 numbers (about 1 MB). */
const MEGABYTE_TEXT = Buffer.alloc(1_000_000, 'a');
const NUMBERS = Buffer.from(JSON.stringify(Array.from({ length: 150_000 }, (_, i) => i * 7)));

const BODIES = [
  ['text/plain', MEGABYTE_TEXT],
  ['application/octet-stream', MEGABYTE_TEXT],
  ['application/json', NUMBERS],
  ['application/x-www-form-urlencoded', Buffer.from(`a=${'b'.repeat(1_000_000)}`)],
] as const;

describe('bodies over the limit', () => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let port: number;
  let token: string;

  beforeAll(async () => {
    opened = await pglite.open();
    app = await buildTestApp(opened.database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    port = address.port;
    token = await loginDemo(app, PRIMARY);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  /** The sign-in, a holder's list (read, and reordered with a list body), an unknown route. */
  const routes = (): { method: string; path: string; auth: Record<string, string> }[] => [
    { method: 'POST', path: '/api/auth/verify-otp', auth: {} },
    {
      method: 'GET',
      path: `/user/${PRIMARY.userId}/credentials`,
      auth: { authorization: `Bearer ${token}` },
    },
    {
      method: 'PUT',
      path: `/user/${PRIMARY.userId}/credentials/order`,
      auth: { authorization: `Bearer ${token}` },
    },
    { method: 'POST', path: '/no/such/route', auth: {} },
  ];

  const expect413 = (answer: RawAnswer | undefined, what: string) => {
    expect(answer, what).toBeDefined();
    expect(answer?.status, what).toBe(413);
    expect(answer?.complete, what).toBe(true);
    expect(answer?.headers['content-type'], what).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(answer?.body ?? ''), what).toMatchObject({
      status: 413,
      code: 'body_too_large',
      detail: 'Request body is too large',
    });
  };

  /** Sends the head, then the body in paced chunks; the whole exchange as the client saw it. */
  const exchange = async (head: string, body: Buffer) => {
    const connection: RawConnection = await openConnection(port);
    connection.socket.write(head);
    const written = await writePaced(connection, body);
    const answer = await connection.answered;
    connection.socket.end();
    await connection.closed;
    return { written, answer, errors: connection.errors };
  };

  for (const [type, body] of BODIES) {
    it(`answers a complete 413 to ${body.length} bytes of ${type} on every route, with the whole body written`, async () => {
      for (const route of routes()) {
        const what = `${route.method} ${route.path} ${type}`;
        const { written, answer, errors } = await exchange(
          requestHead(route.method, route.path, {
            ...route.auth,
            'content-type': type,
            'content-length': body.length,
          }),
          body,
        );
        expect(errors, what).toEqual([]);
        expect(written, what).toBe(body.length);
        expect413(answer, what);
      }
    });
  }

  it('answers a complete 413 to a chunked body that declares no length', async () => {
    for (const type of ['application/json', 'text/plain']) {
      const chunk = (data: Buffer) =>
        Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
      const body = Buffer.concat([
        ...Array.from({ length: 16 }, (_, i) =>
          chunk(NUMBERS.subarray(i * 60_000, (i + 1) * 60_000)),
        ),
        Buffer.from('0\r\n\r\n'),
      ]);
      const { written, answer, errors } = await exchange(
        requestHead('POST', '/api/auth/verify-otp', {
          'content-type': type,
          'transfer-encoding': 'chunked',
        }),
        body,
      );
      expect(errors, type).toEqual([]);
      expect(written, type).toBe(body.length);
      expect413(answer, type);
    }
  });

  it('still answers a body under the limit and keeps the connection for the next request', async () => {
    const login = Buffer.from(
      JSON.stringify({
        aadhaarNumber: PRIMARY.aadhaarNumber,
        phoneNumber: PRIMARY.phoneNumber,
        otp: DEMO_OTP,
      }),
    );
    const connection = await openConnection(port);
    const head = requestHead('POST', '/api/auth/verify-otp', {
      'content-type': 'application/json',
      'content-length': login.length,
    });
    connection.socket.write(Buffer.concat([Buffer.from(head), login]));
    expect((await connection.answered)?.status).toBe(200);
    expect(connection.socket.destroyed).toBe(false);
    connection.socket.end();
    await connection.closed;
    expect(connection.errors).toEqual([]);
  });

  it('answers a client that expects 100-continue before it writes its body', async () => {
    const connection = await openConnection(port);
    connection.socket.write(
      requestHead('POST', '/api/auth/verify-otp', {
        'content-type': 'text/plain',
        'content-length': MEGABYTE_TEXT.length,
        expect: '100-continue',
      }),
    );
    const answer = await connection.answered;
    expect(answer?.interim).toEqual([]);
    expect413(answer, '100-continue');
    expect(answer?.headers.connection).toBe('close');
    await connection.closed;
    expect(connection.errors).toEqual([]);
  });

  it('tells a 100-continue client with an acceptable body to go on, only when it is read', async () => {
    const body = Buffer.from('[]');
    const ask = async (headers: Record<string, string>) => {
      const connection = await openConnection(port);
      connection.socket.write(
        requestHead('PUT', `/user/${PRIMARY.userId}/credentials/order`, {
          ...headers,
          'content-type': 'application/json',
          'content-length': body.length,
          expect: '100-continue',
        }),
      );
      // Wait for the interim answer, or the final one when the request is refused first.
      for (let i = 0; i < 100 && !/^HTTP\/1\.1 \d+/m.test(connection.received()); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const interim = connection.received().startsWith('HTTP/1.1 100');
      if (interim) connection.socket.write(body);
      const answer = await connection.answered;
      connection.socket.end();
      await connection.closed;
      return { interim, answer };
    };
    // Without a session the 401 comes before the body is asked for.
    const refused = await ask({});
    expect(refused.interim).toBe(false);
    expect(refused.answer?.status).toBe(401);
    // With one, the body is asked for, sent and judged (an empty order is not a valid one).
    const accepted = await ask({ authorization: `Bearer ${token}` });
    expect(accepted.interim).toBe(true);
    expect(accepted.answer?.interim).toEqual([100]);
    expect(accepted.answer?.status).toBe(400);
  });

  it(`answers at once, and closes, a body declared over ${DISCARD_LIMIT_BYTES} bytes`, async () => {
    const connection = await openConnection(port);
    connection.socket.write(
      requestHead('POST', '/api/auth/verify-otp', {
        'content-type': 'application/json',
        'content-length': 5 * DISCARD_LIMIT_BYTES,
      }),
    );
    const answer = await connection.answered;
    expect413(answer, 'declared 10 MiB');
    expect(answer?.headers.connection).toBe('close');
    await connection.closed;
  });
});
