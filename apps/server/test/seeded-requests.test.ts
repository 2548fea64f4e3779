/**
 * SPEC 3's seeded consent requests as real OpenID4VP requests (issue 16; docs/oid4vp.md "Seeded
 * requests"), on every backend: after the first seed, user-001's three pending requests are
 * linked to pending requests of the three seeded verifiers, while the consent list keeps their
 * SPEC fields; Approve delivers a verified SD-JWT VC presentation of the requested fields (the
 * Basic Identity when the holder has nothing better), Reject posts the wallet's refusal (listed
 * under the verifier's wallet_errors; it never ends the request), Reset Requests makes
 * new ones and closes the old, an expired link is renewed at Approve, and a database seeded
 * before this change (no links) still decides and gets links at Reset.
 */
import { randomBytes } from 'node:crypto';
import {
  type ConsentRequest,
  consentDecisionAnswerSchema,
  consentRequestListSchema,
  seedConsentRequests,
  type VerifierRequestAnswer,
  verifierRequestAnswerSchema,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { presentationRequests } from '../src/db/schema';
import { fieldLabelsOf } from '../src/lib/presentation-records';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { bearer, buildTestApp, HOUR_MS, loginDemo, MINUTE_MS, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

const BANK = 'consent-user-001-bank';
const TELECOM = 'consent-user-001-telecom';
const INSURER = 'consent-user-001-insurer';
const VERIFIER_OF: Record<string, string> = {
  [BANK]: 'State Bank of India',
  [TELECOM]: 'Bharti Airtel',
  [INSURER]: 'LIC of India',
};
const DAY_MS = 24 * HOUR_MS;

describe.each(backends)('seeded OpenID4VP consent requests on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  const keys: Record<string, string> = {};
  const clock = new TestClock();
  const seededAt = clock.now();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) });
    token = await loginDemo(app);
    for (const name of Object.values(VERIFIER_OF)) {
      keys[name] = (await createVerifierApiKey({ ...app.deps, verifierName: name })).apiKey;
    }
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const post = (url: string, payload?: unknown) =>
    app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const requests = async (): Promise<ConsentRequest[]> =>
    consentRequestListSchema.parse(
      (await app.inject({ url: '/user/user-001/consent-requests', headers: bearer(token) })).json(),
    ).consent_requests;
  /** The verifier request a consent request is linked to (null when unlinked). */
  const linkOf = async (consentRequestId: string) => {
    const [row] = await app.deps.db
      .select({ id: presentationRequests.verifierRequestId })
      .from(presentationRequests)
      .where(eq(presentationRequests.consentRequestId, consentRequestId));
    return row?.id ?? null;
  };
  /** GET /verifier/requests/{id} with the consent request's verifier's API key. */
  const verifierView = async (
    consentRequestId: string,
    id: string,
  ): Promise<VerifierRequestAnswer> => {
    const key = keys[VERIFIER_OF[consentRequestId] ?? ''] ?? '';
    const response = await app.inject({ url: `/verifier/requests/${id}`, headers: bearer(key) });
    expect(response.statusCode).toBe(200);
    return verifierRequestAnswerSchema.parse(response.json());
  };
  const addCredential = async (type: string) => {
    const response = await post(
      `/identity/generate-credential?user_id=user-001&document_type=${type}`,
    );
    expect(response.statusCode).toBe(200);
  };
  const approve = async (id: string, payload?: unknown) => {
    const response = await post(`/user/user-001/consent-requests/${id}/approve`, payload);
    expect(response.statusCode, response.body).toBe(200);
    return consentDecisionAnswerSchema.parse(response.json());
  };
  const reset = async () =>
    expect((await post('/user/user-001/consent-requests/reset')).statusCode).toBe(200);
  /** The shared verifier request's claim names per credential query id. */
  const sharedClaims = (answer: VerifierRequestAnswer) =>
    Object.fromEntries(
      Object.entries(answer.credentials ?? {}).map(([id, list]) => [
        id,
        Object.keys(list[0]?.claims ?? {}).sort(),
      ]),
    );

  it('links the three seeded requests to pending requests of the seeded verifiers, SPEC fields unchanged', async () => {
    const seeds = seedConsentRequests(seededAt, 'user-001');
    const listed = await requests();
    expect(listed.map((r) => [r.id, r.requester, r.purpose, r.fields, r.status])).toEqual(
      seeds.map((s) => [s.id, s.requester, s.purpose, s.fields, 'pending']),
    );
    expect(listed.map((r) => r.requested_at)).toEqual(seeds.map((s) => s.requested_at));
    for (const request of listed) {
      expect(request.status_updated_at).toBeNull();
      expect(request.presentation).toMatchObject({
        seeded: true,
        verifier: { name: request.requester, verified: true },
        purpose: request.purpose,
      });
      // The DCQL query asks for exactly the SPEC 3 fields of the request.
      if (request.presentation) expect(fieldLabelsOf(request.presentation)).toEqual(request.fields);
      const id = await linkOf(request.id);
      expect(id).not.toBeNull();
      const view = await verifierView(request.id, id ?? '');
      expect(view.status).toBe('pending');
      expect(Date.parse(view.expires_at) - seededAt.getTime()).toBe(30 * DAY_MS);
    }
    const purposes = await Promise.all(
      listed.map(async (r) => (await verifierView(r.id, (await linkOf(r.id)) ?? '')).purpose),
    );
    expect(purposes).toEqual([
      'open_savings_account',
      'sim_card_kyc',
      'insurance_policy_verification',
    ]);
  });

  it('Approve sends the Basic Identity when the holder has nothing better; the SPEC answer and log are unchanged', async () => {
    const id = (await linkOf(BANK)) ?? '';
    const body = await approve(BANK);
    expect(body.message).toBe('Consent request approved');
    expect(body.consent_request).toMatchObject({
      id: BANK,
      status: 'approved',
      status_updated_by: 'user-001',
    });
    expect(body.activity_log).toMatchObject({
      type: 'consent_approved',
      description: 'Approved consent request from State Bank of India for Open savings account',
    });
    const view = await verifierView(BANK, id);
    expect(view.status).toBe('shared');
    expect(sharedClaims(view)).toEqual({ basic_identity: ['date_of_birth', 'name'] });
    expect(view.checks?.length).toBeGreaterThan(1);
    expect(view.checks?.every((check) => check.passed)).toBe(true);
  });

  it('Reject tells the verifier the wallet declined and logs the SPEC rejection', async () => {
    const id = (await linkOf(TELECOM)) ?? '';
    const response = await post(`/user/user-001/consent-requests/${TELECOM}/reject`);
    expect(response.statusCode).toBe(200);
    const body = consentDecisionAnswerSchema.parse(response.json());
    expect(body.message).toBe('Consent request rejected');
    expect(body.consent_request.status).toBe('rejected');
    expect(body.activity_log.description).toBe(
      'Rejected consent request from Bharti Airtel for SIM card KYC verification',
    );
    const view = await verifierView(TELECOM, id);
    // An error answer never ends a verifier request (anyone holding its QR code could post
    // one): it is listed, and the request stays pending until it expires.
    expect(view).toMatchObject({ status: 'pending', credentials: null });
    expect(view.wallet_errors.map((entry) => entry.error)).toEqual(['access_denied']);
  });

  it('Reset Requests makes three new linked requests and closes the old pending ones', async () => {
    const before = {
      bank: (await linkOf(BANK)) ?? '',
      telecom: (await linkOf(TELECOM)) ?? '',
      insurer: (await linkOf(INSURER)) ?? '',
    };
    await reset();
    const after = await Promise.all([BANK, TELECOM, INSURER].map(linkOf));
    for (const [i, consentRequestId] of [BANK, TELECOM, INSURER].entries()) {
      const id = after[i] ?? '';
      expect(Object.values(before)).not.toContain(id);
      expect((await verifierView(consentRequestId, id)).status).toBe('pending');
    }
    // The shared one keeps its outcome; those still pending are closed: the declined one keeps
    // the wallet's error.
    expect((await verifierView(BANK, before.bank)).status).toBe('shared');
    const telecom = await verifierView(TELECOM, before.telecom);
    expect(telecom.status).toBe('expired');
    expect(telecom.wallet_errors.map((entry) => entry.error)).toEqual(['access_denied']);
    expect((await verifierView(INSURER, before.insurer)).status).toBe('expired');
    expect((await requests()).every((r) => r.status === 'pending' && r.presentation?.seeded)).toBe(
      true,
    );
  });

  it('Approve presents the preferred credentials the holder holds: Aadhaar and PAN, not the fallback', async () => {
    await addCredential('aadhaar');
    await addCredential('pan');
    const id = (await linkOf(BANK)) ?? '';
    await approve(BANK);
    const view = await verifierView(BANK, id);
    expect(view.status).toBe('shared');
    expect(sharedClaims(view)).toEqual({
      aadhaar: ['aadhaar_number', 'address', 'date_of_birth', 'name', 'phone'],
      pan: ['pan_number'],
    });
    expect(view.checks?.every((check) => check.passed)).toBe(true);
    // LIC: PAN is held, the CKYC record is not; the optional CKYC is left out.
    const insurer = (await linkOf(INSURER)) ?? '';
    await approve(INSURER);
    expect(sharedClaims(await verifierView(INSURER, insurer))).toEqual({
      pan: ['date_of_birth', 'name', 'pan_number'],
    });
  });

  it('an offline Approve decided long ago still delivers (nothing leaves the server)', async () => {
    const id = (await linkOf(TELECOM)) ?? '';
    const decidedAt = new Date(clock.now().getTime() - 20 * MINUTE_MS).toISOString();
    const body = await approve(TELECOM, { decided_at: decidedAt });
    expect(body.consent_request.status_updated_at).toBe(decidedAt);
    expect((await verifierView(TELECOM, id)).status).toBe('shared');
  });

  it('Approve after the seeded request expired renews it and delivers to a fresh verifier request', async () => {
    await reset();
    const old = (await linkOf(BANK)) ?? '';
    clock.advance(31 * DAY_MS);
    token = await loginDemo(app); // the session ended long ago
    expect((await verifierView(BANK, old)).status).toBe('expired');
    await approve(BANK);
    const renewed = (await linkOf(BANK)) ?? '';
    expect(renewed).not.toBe(old);
    expect((await verifierView(BANK, renewed)).status).toBe('shared');
  });

  it('a database seeded before the links existed decides as before, and Reset links it', async () => {
    await reset();
    await app.deps.db
      .delete(presentationRequests)
      .where(eq(presentationRequests.userId, 'user-001'));
    const plain = await requests();
    expect(plain.every((r) => r.presentation === undefined && r.status === 'pending')).toBe(true);
    const body = await approve(INSURER);
    expect(body.consent_request.status).toBe('approved');
    expect(body.activity_log.description).toBe(
      'Approved consent request from LIC of India for Insurance policy verification',
    );
    await reset();
    for (const id of [BANK, TELECOM, INSURER]) expect(await linkOf(id)).not.toBeNull();
  });
});
