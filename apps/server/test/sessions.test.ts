/**
 * Session listing and revocation (every session of a user can be listed and revoked;
 * OWASP ASVS V7.4): GET /user/{userId}/sessions, DELETE /user/{userId}/sessions/{sessionId} and
 * POST /user/{userId}/sessions/revoke-others, on every backend.
 */
import { DEMO_OTP } from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_NOT_FOUND_DETAIL } from '../src/accounts/revoke-sessions';
import { bearer, buildTestApp, MINUTE_MS, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0';

interface ListedSession {
  id: string;
  kind: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  user_agent: string | null;
  current: boolean;
}

describe.each(backends)('sessions on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const login = async (account = PRIMARY, userAgent = DESKTOP) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      headers: { 'user-agent': userAgent },
      payload: {
        aadhaarNumber: account.aadhaarNumber,
        phoneNumber: account.phoneNumber,
        otp: DEMO_OTP,
      },
    });
    expect(response.statusCode).toBe(200);
    return response.json().session_token as string;
  };
  const list = async (token: string, userId = PRIMARY.userId) => {
    const response = await app.inject({ url: `/user/${userId}/sessions`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json().sessions as ListedSession[];
  };
  const sessionStatus = async (token: string) =>
    (await app.inject({ url: '/api/auth/session', headers: bearer(token) })).statusCode;
  /** Ends every session of PRIMARY so each test starts from a known set. */
  const signOutEverywhere = async () => {
    const token = await login();
    await app.inject({
      method: 'POST',
      url: `/user/${PRIMARY.userId}/sessions/revoke-others`,
      headers: bearer(token),
    });
    return token;
  };

  it("lists the holder's live sessions, newest use first, without tokens", async () => {
    const first = await signOutEverywhere();
    clock.advance(1000);
    const phone = await login(PRIMARY, ANDROID);
    const sessions = await list(phone);

    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => [s.user_agent, s.current])).toEqual([
      [ANDROID, true],
      [DESKTOP, false],
    ]);
    expect(sessions[0]).toMatchObject({
      id: expect.stringMatching(/^sess-/),
      kind: 'demo',
      created_at: clock.now().toISOString(),
      last_used_at: clock.now().toISOString(),
      expires_at: new Date(clock.now().getTime() + 30 * MINUTE_MS).toISOString(),
    });
    const body = JSON.stringify(sessions);
    expect(body).not.toContain(first);
    expect(body).not.toContain(phone);
  });

  it('leaves out sessions that ended: logged out or idle for 30 minutes', async () => {
    const idle = await signOutEverywhere();
    const loggedOut = await login();
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(loggedOut) });
    clock.advance(31 * MINUTE_MS);
    const current = await login();
    expect(await sessionStatus(idle)).toBe(401);
    const sessions = await list(current);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.current).toBe(true);
  });

  it('ends one session: its token answers 401 and a logout entry is written', async () => {
    const other = await signOutEverywhere();
    const current = await login(PRIMARY, ANDROID);
    const target = (await list(current)).find((s) => !s.current);
    if (!target) throw new Error('no other session');

    clock.advance(1000); // after the login entries, so the log's newest entry is this one
    const response = await app.inject({
      method: 'DELETE',
      url: `/user/${PRIMARY.userId}/sessions/${target.id}`,
      headers: bearer(current),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Session ended', revoked: 1 });
    expect(await sessionStatus(other)).toBe(401);
    expect(await sessionStatus(current)).toBe(200);
    expect((await list(current)).map((s) => s.id)).not.toContain(target.id);

    const logs = await app.inject({
      url: `/user/${PRIMARY.userId}/activity-logs`,
      headers: bearer(current),
    });
    expect(logs.json().activity_logs[0]).toMatchObject({
      type: 'logout',
      description: 'Signed out a session',
    });

    // Ending it again, or an id that does not exist: 404, nothing else changes.
    for (const id of [target.id, 'sess-does-not-exist']) {
      const again = await app.inject({
        method: 'DELETE',
        url: `/user/${PRIMARY.userId}/sessions/${id}`,
        headers: bearer(current),
      });
      expectProblem(again, 'session_not_found', SESSION_NOT_FOUND_DETAIL);
    }
  });

  it("cannot end another holder's session, even by its id", async () => {
    const mine = await signOutEverywhere();
    const theirs = await login(SECONDARY);
    const theirId = (await list(theirs, SECONDARY.userId))[0]?.id;
    if (!theirId) throw new Error('no session of user-002');

    const response = await app.inject({
      method: 'DELETE',
      url: `/user/${PRIMARY.userId}/sessions/${theirId}`,
      headers: bearer(mine),
    });
    expect(response.statusCode).toBe(404);
    expect(await sessionStatus(theirs)).toBe(200);
  });

  it('ends every other session and keeps the current one', async () => {
    const current = await signOutEverywhere();
    const others = [await login(PRIMARY, ANDROID), await login(PRIMARY, DESKTOP)];
    const response = await app.inject({
      method: 'POST',
      url: `/user/${PRIMARY.userId}/sessions/revoke-others`,
      headers: bearer(current),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Ended 2 other sessions', revoked: 2 });
    for (const token of others) expect(await sessionStatus(token)).toBe(401);
    expect(await sessionStatus(current)).toBe(200);
    expect(await list(current)).toHaveLength(1);

    const none = await app.inject({
      method: 'POST',
      url: `/user/${PRIMARY.userId}/sessions/revoke-others`,
      headers: bearer(current),
    });
    expect(none.json()).toEqual({ message: 'Ended 0 other sessions', revoked: 0 });
  });
});
