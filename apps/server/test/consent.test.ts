/**
 * Consent decisions, the activity log writes, Reset Requests and the seen-state (SPEC 3, 4, 9;
 * DECISIONS 6), on every backend: the state machine (pending -> approved | rejected,
 * final), 409 on a second decision, 403/404 across holders with nothing changed, and bad types.
 */
import { randomBytes } from 'node:crypto';
import {
  activityLogAnswerSchema,
  activityLogListSchema,
  consentDecisionAnswerSchema,
  consentRequestListSchema,
  consentResetAnswerSchema,
  credentialListSchema,
  HOLDER_ACTIVITY_TYPES,
  markSeenAnswerSchema,
} from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginDemo, MINUTE_MS, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const BANK = 'consent-user-001-bank';
const TELECOM = 'consent-user-001-telecom';
const INSURER = 'consent-user-001-insurer';

describe.each(backends)('consent and activity on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) });
    token = await loginDemo(app);
    otherToken = await loginDemo(app, SECONDARY);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const post = (url: string, payload?: unknown, auth = token) =>
    app.inject({ method: 'POST', url, headers: bearer(auth), ...(payload ? { payload } : {}) });
  const get = (url: string, auth = token) => app.inject({ url, headers: bearer(auth) });
  const requestsOf = async (userId: string, auth = token) =>
    consentRequestListSchema.parse((await get(`/user/${userId}/consent-requests`, auth)).json())
      .consent_requests;
  const logsOf = async (userId: string, auth = token) =>
    activityLogListSchema.parse((await get(`/user/${userId}/activity-logs`, auth)).json())
      .activity_logs;
  const reset = (userId = 'user-001', auth = token) =>
    post(`/user/${userId}/consent-requests/reset`, undefined, auth);

  describe('approve and reject', () => {
    beforeEach(async () => {
      expect((await reset()).statusCode).toBe(200);
    });

    it('approve moves a pending request to approved, stamps who and when, and logs it', async () => {
      const response = await post(`/user/user-001/consent-requests/${BANK}/approve`);
      expect(response.statusCode).toBe(200);
      const body = consentDecisionAnswerSchema.parse(response.json());
      expect(body.message).toBe('Consent request approved');
      expect(body.consent_request).toMatchObject({
        id: BANK,
        status: 'approved',
        status_updated_at: clock.now().toISOString(),
        status_updated_by: 'user-001',
      });
      expect(body.activity_log).toMatchObject({
        type: 'consent_approved',
        description: 'Approved consent request from State Bank of India for Open savings account',
        userId: 'user-001',
      });
      const stored = (await requestsOf('user-001')).find((r) => r.id === BANK);
      expect(stored?.status).toBe('approved');
      const [newest] = await logsOf('user-001');
      expect(newest).toEqual(body.activity_log);
    });

    it("keeps the holder's decision time (decided_at) when it lies between the request and now", async () => {
      const requested = (await requestsOf('user-001')).find((r) => r.id === BANK);
      const requestedAt = Date.parse(requested?.requested_at ?? '');
      // Decided offline an hour after the request came, sent now.
      const decidedAt = new Date(requestedAt + 60 * 60_000).toISOString();
      expect(Date.parse(decidedAt)).toBeLessThan(clock.now().getTime());
      const response = await post(`/user/user-001/consent-requests/${BANK}/approve`, {
        decided_at: decidedAt,
      });
      expect(response.statusCode).toBe(200);
      const body = consentDecisionAnswerSchema.parse(response.json());
      expect(body.consent_request.status_updated_at).toBe(decidedAt);
      expect(body.activity_log.timestamp).toBe(decidedAt);
    });

    it.each([
      ['in the future', (_requestedAt: number) => clock.now().getTime() + 60_000],
      ['before the request was made', (requestedAt: number) => requestedAt - 60_000],
    ])('uses the server time for a decided_at %s', async (_label, at) => {
      const requested = (await requestsOf('user-001')).find((r) => r.id === TELECOM);
      const decidedAt = new Date(at(Date.parse(requested?.requested_at ?? ''))).toISOString();
      const response = await post(`/user/user-001/consent-requests/${TELECOM}/reject`, {
        decided_at: decidedAt,
      });
      expect(response.statusCode).toBe(200);
      const body = consentDecisionAnswerSchema.parse(response.json());
      expect(body.consent_request.status).toBe('rejected');
      expect(body.consent_request.status_updated_at).toBe(clock.now().toISOString());
      expect(body.activity_log.timestamp).toBe(clock.now().toISOString());
    });

    it('refuses a decided_at that is no ISO 8601 time, or another key, naming the field', async () => {
      for (const [payload, pointer] of [
        [{ decided_at: 'yesterday' }, '/body/decided_at'],
        [{ decided_at: '2025-06-01T10:00:00' }, '/body/decided_at'],
        [{ status: 'approved' }, '/body'],
      ] as const) {
        const response = await post(`/user/user-001/consent-requests/${INSURER}/approve`, payload);
        expectProblem(
          response,
          'invalid_request',
          undefined,
          expect.arrayContaining([{ pointer, code: expect.any(String) }]),
        );
      }
      expect((await requestsOf('user-001')).find((r) => r.id === INSURER)?.status).toBe('pending');
    });

    it('reject moves a pending request to rejected and logs the Rejected text', async () => {
      const response = await post(`/user/user-001/consent-requests/${TELECOM}/reject`);
      expect(response.statusCode).toBe(200);
      const body = consentDecisionAnswerSchema.parse(response.json());
      expect(body.message).toBe('Consent request rejected');
      expect(body.consent_request.status).toBe('rejected');
      expect(body.activity_log).toMatchObject({
        type: 'consent_rejected',
        description: 'Rejected consent request from Bharti Airtel for SIM card KYC verification',
      });
    });

    it('a decision is final: a second approve or reject answers 409 and changes nothing', async () => {
      await post(`/user/user-001/consent-requests/${INSURER}/approve`);
      const logsBefore = await logsOf('user-001');
      for (const decision of ['reject', 'approve']) {
        const again = await post(`/user/user-001/consent-requests/${INSURER}/${decision}`);
        expectProblem(
          again,
          'consent_already_decided',
          'This consent request was already approved. Decisions are final.',
        );
      }
      const stored = (await requestsOf('user-001')).find((r) => r.id === INSURER);
      expect(stored?.status).toBe('approved');
      expect(await logsOf('user-001')).toEqual(logsBefore);
    });

    it('two concurrent decisions: exactly one wins, with one log entry', async () => {
      const aboutTheBank = async () =>
        (await logsOf('user-001')).filter((l) => l.description.includes('State Bank of India'));
      const before = await aboutTheBank();
      const [a, b] = await Promise.all([
        post(`/user/user-001/consent-requests/${BANK}/approve`),
        post(`/user/user-001/consent-requests/${BANK}/reject`),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect(await aboutTheBank()).toHaveLength(before.length + 1);
      const stored = (await requestsOf('user-001')).find((r) => r.id === BANK);
      const winner = a.statusCode === 200 ? a : b;
      expect(stored?.status).toBe(
        consentDecisionAnswerSchema.parse(winner.json()).consent_request.status,
      );
    });

    it("another holder's request: 403 on their path, 404 under one's own path, nothing changed", async () => {
      const viaTheirPath = await post(
        `/user/user-001/consent-requests/${BANK}/approve`,
        undefined,
        otherToken,
      );
      expect(viaTheirPath.statusCode).toBe(403);
      const viaOwnPath = await post(
        `/user/user-002/consent-requests/${BANK}/approve`,
        undefined,
        otherToken,
      );
      expectProblem(viaOwnPath, 'consent_request_not_found', 'Consent request not found');
      const stored = (await requestsOf('user-001')).find((r) => r.id === BANK);
      expect(stored?.status).toBe('pending');
      expect(await logsOf('user-002', otherToken)).not.toContainEqual(
        expect.objectContaining({ type: 'consent_approved' }),
      );
    });

    it('an unknown id answers 404; no token 401', async () => {
      const unknown = await post('/user/user-001/consent-requests/consent-nope/approve');
      expect(unknown.statusCode).toBe(404);
      const anonymous = await app.inject({
        method: 'POST',
        url: `/user/user-001/consent-requests/${BANK}/reject`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await requestsOf('user-001')).find((r) => r.id === BANK)?.status).toBe('pending');
    });
  });

  describe('reset', () => {
    it('restores the three seeded requests to pending for that holder only', async () => {
      await reset();
      await post(`/user/user-001/consent-requests/${BANK}/approve`);
      await post(`/user/user-001/consent-requests/${TELECOM}/reject`);
      // user-002 gets its own three, and deciding one of them...
      await reset('user-002', otherToken);
      await post(
        '/user/user-002/consent-requests/consent-user-002-bank/approve',
        undefined,
        otherToken,
      );

      const response = await reset();
      expect(response.statusCode).toBe(200);
      const body = consentResetAnswerSchema.parse(response.json());
      expect(body).toMatchObject({
        message: 'Consent requests reset',
        count: 3,
        user_id: 'user-001',
      });
      expect(body.consent_requests.map((r) => [r.id, r.status, r.status_updated_at])).toEqual([
        [BANK, 'pending', null],
        [TELECOM, 'pending', null],
        [INSURER, 'pending', null],
      ]);
      // ...is untouched by user-001's reset.
      const theirs = await requestsOf('user-002', otherToken);
      expect(theirs.find((r) => r.id === 'consent-user-002-bank')?.status).toBe('approved');
      expect(theirs.every((r) => r.userId === 'user-002')).toBe(true);
    });

    it("cannot reset another holder's requests (403)", async () => {
      expect((await reset('user-001', otherToken)).statusCode).toBe(403);
    });
  });

  describe('POST activity-logs', () => {
    it('records an entry of each type a holder may record, newest first in the list', async () => {
      for (const type of HOLDER_ACTIVITY_TYPES) {
        clock.advance(1000);
        const response = await post(
          '/user/user-002/activity-logs',
          { type, description: `  did ${type} ` },
          otherToken,
        );
        expect(response.statusCode).toBe(201);
        const body = activityLogAnswerSchema.parse(response.json());
        expect(body.activity_log).toMatchObject({
          type,
          description: `did ${type}`,
          userId: 'user-002',
          timestamp: clock.now().toISOString(),
          last_viewed: null,
        });
      }
      const logs = await logsOf('user-002', otherToken);
      expect(logs.slice(0, HOLDER_ACTIVITY_TYPES.length).map((l) => l.type)).toEqual(
        [...HOLDER_ACTIVITY_TYPES].reverse(),
      );
    });

    it.each([
      ['an unknown type', { type: 'hacked', description: 'x' }],
      ['no description', { type: 'test_manual' }],
      ['an empty description', { type: 'test_manual', description: '   ' }],
      ['a too long description', { type: 'test_manual', description: 'x'.repeat(501) }],
      ['no body', undefined],
    ])('rejects %s with 400 {detail}', async (_label, payload) => {
      const before = (await logsOf('user-002', otherToken)).length;
      const response = await post('/user/user-002/activity-logs', payload, otherToken);
      expectProblem(response, 'invalid_request', expect.any(String));
      expect(await logsOf('user-002', otherToken)).toHaveLength(before);
    });

    it("cannot write into another holder's log (403)", async () => {
      const before = (await logsOf('user-001')).length;
      const response = await post(
        '/user/user-001/activity-logs',
        { type: 'test_manual', description: 'x' },
        otherToken,
      );
      expect(response.statusCode).toBe(403);
      expect(await logsOf('user-001')).toHaveLength(before);
    });
  });

  describe('seen-state', () => {
    it('stamps last_viewed on every item of the given kinds, and only those', async () => {
      await reset();
      clock.advance(MINUTE_MS);
      const response = await post('/user/user-001/seen', { kinds: ['consent_requests'] });
      expect(response.statusCode).toBe(200);
      const body = markSeenAnswerSchema.parse(response.json());
      const at = clock.now().toISOString();
      expect(body).toEqual({ kinds: ['consent_requests'], last_viewed: at });
      expect((await requestsOf('user-001')).map((r) => r.last_viewed)).toEqual([at, at, at]);
      expect((await logsOf('user-001')).some((l) => l.last_viewed === at)).toBe(false);

      clock.advance(MINUTE_MS);
      await post('/user/user-001/seen', {
        kinds: ['credentials', 'activity_logs', 'consent_requests'],
      });
      const later = clock.now().toISOString();
      const creds = credentialListSchema.parse((await get('/user/user-001/credentials')).json());
      expect(creds.credentials.length).toBeGreaterThan(0);
      expect(creds.credentials.every((c) => c.last_viewed === later)).toBe(true);
      expect((await logsOf('user-001')).every((l) => l.last_viewed === later)).toBe(true);
      // Another holder's items keep their state.
      expect((await logsOf('user-002', otherToken)).every((l) => l.last_viewed === null)).toBe(
        true,
      );
    });

    it('a reset request is new again (last_viewed cleared)', async () => {
      await post('/user/user-001/seen', { kinds: ['consent_requests'] });
      await reset();
      expect((await requestsOf('user-001')).every((r) => r.last_viewed === null)).toBe(true);
    });

    it.each([
      ['an unknown kind', { kinds: ['passwords'] }],
      ['no kinds', { kinds: [] }],
      ['a repeated kind', { kinds: ['credentials', 'credentials'] }],
      ['no body', undefined],
    ])('rejects %s with 400', async (_label, payload) => {
      const response = await post('/user/user-001/seen', payload);
      expectProblem(response, 'invalid_request', expect.any(String));
    });

    it("another holder's seen-state: 403", async () => {
      const response = await post('/user/user-001/seen', { kinds: ['credentials'] }, otherToken);
      expect(response.statusCode).toBe(403);
    });
  });
});
