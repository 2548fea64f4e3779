/**
 * Every action reaches the holder's activity log with its own type and text, on every backend
 * (docs/api-contract.md "Activity entries"):
 * - share links: made (whichever screen asked: the card's Share and Show QR Code make the same
 *   call), viewed, withdrawn, used up and expired, each once; the expiry noticed by the server's
 *   job or when the log is read, never twice;
 * - grievances and erasure requests: sent by the holder, resolved by the organisation;
 * - a copy or download made on the device, recorded by the server from its own record;
 * - only a test entry can be posted by the holder (403 `activity_type_reserved` for any other
 *   type or message code, nothing written, the chain still intact);
 * - every entry says who wrote it (`written_by`), in the list and the export.
 */
import { randomBytes } from 'node:crypto';
import {
  type ActivityLog,
  activityChainVerdictSchema,
  activityLogAnswerSchema,
  activityLogListSchema,
  holderExportSchema,
  SERVER_ACTIVITY_TYPES,
  SHARE_LIFETIME_MS,
} from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const BANK = 'consent-user-001-bank';

describe.each(backends)('activity log entries of every action on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  let bankKey: string;
  let pan: string;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) });
    token = await loginDemo(app, PRIMARY);
    otherToken = await loginDemo(app, SECONDARY);
    bankKey = (await createVerifierApiKey({ ...app.deps, verifierName: 'State Bank of India' }))
      .apiKey;
    const generated = await post(
      '/identity/generate-credential?user_id=user-001&document_type=pan',
    );
    expect(generated.statusCode, generated.body).toBe(200);
    pan = generated.json().credential_id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  function post(url: string, payload?: unknown, auth = token) {
    return app.inject({
      method: 'POST',
      url,
      headers: bearer(auth),
      ...(payload ? { payload } : {}),
    });
  }
  /** Signs both holders in again after the clock moved past the idle timeout. */
  async function signInAgain() {
    token = await loginDemo(app, PRIMARY);
    otherToken = await loginDemo(app, SECONDARY);
  }
  async function log(auth = token, userId = PRIMARY.userId): Promise<ActivityLog[]> {
    const response = await app.inject({
      url: `/user/${userId}/activity-logs`,
      headers: bearer(auth),
    });
    expect(response.statusCode, response.body).toBe(200);
    return activityLogListSchema.parse(response.json()).activity_logs;
  }
  const ofType = async (type: string) => (await log()).filter((entry) => entry.type === type);
  async function verdict() {
    const response = await app.inject({
      url: `/user/${PRIMARY.userId}/activity-logs/verify`,
      headers: bearer(token),
    });
    return activityChainVerdictSchema.parse(response.json());
  }
  async function makeShare(payload: Record<string, unknown> = {}) {
    const response = await post(`/user/${PRIMARY.userId}/shares`, {
      credential_id: pan,
      fields: ['name', 'date_of_birth'],
      lifetime: '1h',
      ...payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().share as { id: string; expires_at: string };
  }

  describe('share links', () => {
    it('a link made (Share or Show QR Code: one call) is a credential_shared entry naming the document, fields and end', async () => {
      const share = await makeShare();
      const [entry] = await ofType('credential_shared');
      expect(entry).toMatchObject({
        message_code: 'share_created',
        message_params: {
          document_type: 'pan',
          claims: 'name,date_of_birth',
          until: share.expires_at,
        },
        description: `Made a share link to your PAN Card showing Name, Date of Birth, valid until ${share.expires_at.slice(0, 16).replace('T', ' ')} UTC`,
        timestamp: clock.now().toISOString(),
        written_by: 'server',
      });
    });

    it('a view is credential_viewed; the view that uses up the limit adds share_used_up, once', async () => {
      const share = await makeShare({ max_views: 2 });
      expect((await app.inject({ url: `/api/verify/${share.id}` })).statusCode).toBe(200);
      expect(await ofType('share_used_up')).toHaveLength(0);
      expect((await app.inject({ url: `/api/verify/${share.id}` })).statusCode).toBe(200);
      expect((await app.inject({ url: `/api/verify/${share.id}` })).statusCode).toBe(410);
      const viewed = await ofType('credential_viewed');
      expect(viewed).toHaveLength(2);
      expect(viewed[0]).toMatchObject({
        description: 'Your PAN Card link was viewed',
        written_by: 'server',
      });
      const usedUp = await ofType('share_used_up');
      expect(usedUp).toHaveLength(1);
      expect(usedUp[0]).toMatchObject({
        message_code: 'share_used_up',
        message_params: { document_type: 'pan', count: 2 },
        description: 'A share link to your PAN Card had its last allowed view (2 views)',
        written_by: 'server',
      });
    });

    it('withdrawing a link is share_withdrawn, once however often it is asked', async () => {
      const share = await makeShare();
      const url = `/user/${PRIMARY.userId}/shares/${share.id}/withdraw`;
      expect((await post(url)).statusCode).toBe(200);
      expect((await post(url)).statusCode).toBe(200);
      const withdrawn = await ofType('share_withdrawn');
      expect(withdrawn).toHaveLength(1);
      expect(withdrawn[0]).toMatchObject({
        message_code: 'share_withdrawn',
        description: 'Withdrew a share link to your PAN Card',
        written_by: 'server',
      });
      // Another holder's attempt writes nothing into either log.
      const before = (await log(otherToken, SECONDARY.userId)).length;
      expect(
        (await post(`/user/${SECONDARY.userId}/shares/${share.id}/withdraw`, undefined, otherToken))
          .statusCode,
      ).toBe(404);
      expect(await log(otherToken, SECONDARY.userId)).toHaveLength(before);
      expect(await ofType('share_withdrawn')).toHaveLength(1);
    });

    it("an expiry is share_expired once: noticed by the server's job, or when the log is read", async () => {
      // Links still active now; every earlier one is withdrawn, used up or still counted below.
      const before = (await ofType('share_expired')).length;
      await makeShare();
      clock.advance(SHARE_LIFETIME_MS['1h'] + 1000);
      await signInAgain();
      await app.consentJobs.run();
      // The links of the earlier tests that were neither withdrawn nor used up expired too.
      const afterJob = await ofType('share_expired');
      expect(afterJob.length).toBeGreaterThan(before);
      expect(afterJob[0]).toMatchObject({
        message_code: 'share_expired',
        message_params: { document_type: 'pan' },
        description: 'A share link to your PAN Card expired',
        written_by: 'server',
      });
      // The job again, and reading the log: nothing twice.
      await app.consentJobs.run();
      expect(await ofType('share_expired')).toHaveLength(afterJob.length);

      // Without the job: reading the log notices it.
      await makeShare();
      clock.advance(SHARE_LIFETIME_MS['1h'] + 1000);
      await signInAgain();
      expect(await ofType('share_expired')).toHaveLength(afterJob.length + 1);
      await app.consentJobs.run();
      expect(await ofType('share_expired')).toHaveLength(afterJob.length + 1);
      // A withdrawn link's expiry is not announced: its withdrawal was.
      const share = await makeShare();
      await post(`/user/${PRIMARY.userId}/shares/${share.id}/withdraw`);
      clock.advance(SHARE_LIFETIME_MS['1h'] + 1000);
      await signInAgain();
      await app.consentJobs.run();
      expect(await ofType('share_expired')).toHaveLength(afterJob.length + 1);
    });
  });

  describe('grievances and erasure requests', () => {
    it('sent by the holder and resolved by the organisation, each with its own type and text', async () => {
      const approve = await post(`/user/${PRIMARY.userId}/consent-requests/${BANK}/approve`);
      expect(approve.statusCode, approve.body).toBe(200);
      const purpose = approve.json().consent_request.purpose as string;

      const grievance = await post(`/user/${PRIMARY.userId}/rights-requests`, {
        kind: 'grievance',
        consent_request_id: BANK,
        message: 'Why do you keep my PAN?',
      });
      expect(grievance.statusCode, grievance.body).toBe(201);
      expect(await ofType('grievance_sent')).toMatchObject([
        {
          message_code: 'grievance_sent',
          message_params: { requester: 'State Bank of India', purpose },
          description: `Sent a grievance to State Bank of India about ${purpose}`,
          written_by: 'server',
        },
      ]);
      const erasure = await post(`/user/${PRIMARY.userId}/rights-requests`, {
        kind: 'erasure',
        consent_request_id: BANK,
        message: 'Please erase what I shared.',
      });
      expect(erasure.statusCode, erasure.body).toBe(201);
      expect(await ofType('erasure_requested')).toMatchObject([
        {
          description: `Asked State Bank of India to erase your data held for ${purpose}`,
          written_by: 'server',
        },
      ]);

      for (const request of [grievance, erasure]) {
        const id = request.json().rights_request.id as string;
        const url = `/verifier/rights-requests/${id}/resolve`;
        const resolved = await app.inject({
          method: 'POST',
          url,
          headers: bearer(bankKey),
          payload: { note: 'Done.' },
        });
        expect(resolved.statusCode, resolved.body).toBe(200);
        // Resolving again changes nothing and writes nothing.
        await app.inject({ method: 'POST', url, headers: bearer(bankKey), payload: {} });
      }
      expect(await ofType('grievance_resolved')).toMatchObject([
        {
          message_code: 'grievance_resolved',
          message_params: { requester: 'State Bank of India', purpose },
          description: `State Bank of India resolved your grievance about ${purpose}`,
          written_by: 'server',
        },
      ]);
      expect(await ofType('erasure_resolved')).toMatchObject([
        {
          description: `State Bank of India resolved your erasure request about ${purpose}`,
          written_by: 'server',
        },
      ]);
    });

    it('a refused request writes nothing', async () => {
      const before = (await log()).length;
      const refused = await post(`/user/${PRIMARY.userId}/rights-requests`, {
        kind: 'grievance',
        consent_request_id: 'consent-user-001-insurer',
        message: 'Undecided',
      });
      expect(refused.statusCode).toBe(404);
      expect(await log()).toHaveLength(before);
    });
  });

  describe('what the holder may write', () => {
    it.each([
      'consent_approved',
      'security_alert',
      'login',
      'credential_shared',
      'consent_withdrawn',
    ])(
      'refuses a holder-posted %s entry with 403 activity_type_reserved; nothing is written',
      async (type) => {
        const before = await log();
        const response = await post(`/user/${PRIMARY.userId}/activity-logs`, {
          type,
          description: 'Forged by the client',
        });
        expectProblem(
          response,
          'activity_type_reserved',
          `Only test entries (test_manual) can be added to your activity log; ${type} entries are written by the server when the event happens.`,
        );
        expect(await log()).toEqual(before);
        expect(await verdict()).toMatchObject({ intact: true });
      },
    );

    it('refuses a test entry dressed in a server message code', async () => {
      const before = (await log()).length;
      const response = await post(`/user/${PRIMARY.userId}/activity-logs`, {
        type: 'test_manual',
        description: 'Approved consent request from State Bank of India for Open savings account',
        message_code: 'consent_approved',
        message_params: { requester: 'State Bank of India', purpose: 'Open savings account' },
      });
      expectProblem(response, 'activity_type_reserved');
      expect(await log()).toHaveLength(before);
    });

    it('still refuses an unknown type as an invalid request', async () => {
      expectProblem(
        await post(`/user/${PRIMARY.userId}/activity-logs`, { type: 'hacked', description: 'x' }),
        'invalid_request',
      );
    });

    it('accepts a test entry, marked written by the holder', async () => {
      const response = await post(`/user/${PRIMARY.userId}/activity-logs`, {
        type: 'test_manual',
        description: 'My own note',
        message_code: 'test_manual',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(activityLogAnswerSchema.parse(response.json()).activity_log).toMatchObject({
        type: 'test_manual',
        written_by: 'holder',
      });
    });

    it("records a copy or download made on the device from the server's own record, written by the holder", async () => {
      for (const [type, description] of [
        ['credential_copied', 'Copied PAN Card as JSON'],
        ['credential_downloaded', 'Downloaded PAN Card'],
      ] as const) {
        const response = await post(`/user/${PRIMARY.userId}/credentials/${pan}/activity`, {
          type,
        });
        expect(response.statusCode, response.body).toBe(201);
        expect(activityLogAnswerSchema.parse(response.json()).activity_log).toMatchObject({
          type,
          message_code: type,
          message_params: { document_type: 'pan' },
          description,
          written_by: 'holder',
        });
      }
      // Another holder's credential, or a type the server writes: refused, nothing written.
      const before = (await log()).length;
      const foreign = await post(
        `/user/${SECONDARY.userId}/credentials/${pan}/activity`,
        { type: 'credential_copied' },
        otherToken,
      );
      expectProblem(foreign, 'credential_not_found');
      for (const payload of [
        { type: 'credential_shared' },
        { type: 'credential_copied', extra: 1 },
      ]) {
        expectProblem(
          await post(`/user/${PRIMARY.userId}/credentials/${pan}/activity`, payload),
          'invalid_request',
        );
      }
      expect(await log()).toHaveLength(before);
    });
  });

  describe('who wrote each entry', () => {
    it('every entry says it, in the list and the export; only test entries, copies and downloads are the holder’s', async () => {
      const entries = await log();
      const holderTypes = ['test_manual', 'credential_copied', 'credential_downloaded'];
      for (const entry of entries) {
        expect(entry.written_by, entry.type).toBe(
          holderTypes.includes(entry.type) ? 'holder' : 'server',
        );
      }
      expect(new Set(entries.map((entry) => entry.type))).toEqual(
        new Set([
          'login',
          'basic_identity_created',
          'credential_generated',
          'credential_shared',
          'credential_viewed',
          'share_used_up',
          'share_withdrawn',
          'share_expired',
          'consent_approved',
          'grievance_sent',
          'erasure_requested',
          'grievance_resolved',
          'erasure_resolved',
          'test_manual',
          'credential_copied',
          'credential_downloaded',
        ]),
      );
      expect(SERVER_ACTIVITY_TYPES).not.toContain('test_manual');

      const exported = await app.inject({
        url: `/user/${PRIMARY.userId}/export`,
        headers: bearer(token),
      });
      expect(exported.statusCode).toBe(200);
      const body = holderExportSchema.parse(exported.json());
      const writers = new Map(body.activity_logs.map((entry) => [entry.id, entry.written_by]));
      for (const entry of entries) expect(writers.get(entry.id)).toBe(entry.written_by);
      expect(exported.json().activity_chain).toMatchObject({ intact: true });
      expect(await verdict()).toMatchObject({ intact: true, first_broken_id: null });
    });
  });
});
