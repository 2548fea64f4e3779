/**
 * Withdraw, expire and use counts of a consent (issue 17, DECISIONS 7), on every backend, with
 * SPEC 3's seeded requests (real OpenID4VP requests of the seeded verifiers, answered in-process):
 * - withdraw: the consent reads withdrawn (time, actor), the activity log says so, its share
 *   links stop, the bank's request reads withdrawn with its claims erased, and a signed
 *   withdrawal notice (a SET checked here with jose against the wallet's did:key) reaches the
 *   bank's notification URL, a real HTTP server on loopback; a second withdrawal is 409;
 * - delivery: a 503 is retried after the backoff by the clock, a 400 gives up at once; the
 *   holder sees the status and a log entry either way;
 * - refusals: a pending or rejected consent (409), another holder's consent (403 / 404);
 * - uses: the verified presentation and each view of a share link made under the consent,
 *   on the consent and in the bank's view;
 * - expiry by the clock (TestClock): the reminder seven days before, then expired, erased at
 *   the verifier, and no longer withdrawable.
 */

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import {
  type ConsentRequest,
  consentReceiptListSchema,
  consentRequestListSchema,
  consentWithdrawalAnswerSchema,
  DAY_MS,
  didKeyToPublicJwk,
  readConsentReceipt,
  verifierRequestAnswerSchema,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { compactVerify, decodeJwt, decodeProtectedHeader, importJWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '../src/consent/deliver-withdrawal-notices';
import { presentationRequests } from '../src/db/schema';
import { WITHDRAWAL_EVENT } from '../src/lib/withdrawal-notice';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { setVerifierNotificationUrl } from '../src/verifier/register-verifier';
import { bearer, buildTestApp, loginDemo, MINUTE_MS, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';
import { freePort } from './helpers/server-process';

const BANK = 'consent-user-001-bank';
const TELECOM = 'consent-user-001-telecom';
const INSURER = 'consent-user-001-insurer';

/** A verifier's notification endpoint: records each POST and answers the next queued status. */
class NotificationReceiver {
  readonly received: { contentType: string | undefined; body: string }[] = [];
  statuses: number[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    const port = await freePort();
    this.server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        this.received.push({ contentType: request.headers['content-type'], body });
        const status = this.statuses.shift() ?? 202;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(
          status === 400 ? JSON.stringify({ err: 'invalid_audience', description: 'no' }) : '',
        );
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${port}/pehchaan/withdrawals`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe.each(backends)('consent withdrawal, expiry and uses on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  let bankKey: string;
  const clock = new TestClock();
  const receiver = new NotificationReceiver();

  beforeAll(async () => {
    await receiver.start();
    opened = await backend.open();
    app = await buildTestApp(opened.database, {
      now: clock.now,
      masterKey: randomBytes(32),
      oid4vpAllowLoopback: true,
    });
    token = await loginDemo(app);
    otherToken = await loginDemo(app, SECONDARY);
    bankKey = (await createVerifierApiKey({ ...app.deps, verifierName: 'State Bank of India' }))
      .apiKey;
    await setVerifierNotificationUrl({
      ...app.deps,
      name: 'State Bank of India',
      notificationUrl: receiver.url,
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
    await receiver.stop();
  });
  beforeEach(() => clock.advance(1000));

  const post = (url: string, payload?: unknown, as = token) =>
    app.inject({ method: 'POST', url, headers: bearer(as), ...(payload ? { payload } : {}) });

  const consents = async (): Promise<ConsentRequest[]> => {
    const response = await app.inject({
      url: '/user/user-001/consent-requests',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return consentRequestListSchema.parse(response.json()).consent_requests;
  };
  const consent = async (id: string) => {
    const found = (await consents()).find((c) => c.id === id);
    if (!found) throw new Error(`no consent ${id}`);
    return found;
  };
  const logTexts = async () => {
    const response = await app.inject({
      url: '/user/user-001/activity-logs',
      headers: bearer(token),
    });
    return (response.json().activity_logs as { description: string; type: string }[]).map(
      (log) => `${log.type}: ${log.description}`,
    );
  };
  /** The verifier's view of the request a consent answered (the bank's key by default). */
  const bankView = async (consentId: string, key = () => bankKey) => {
    const [row] = await app.deps.db
      .select({ id: presentationRequests.verifierRequestId })
      .from(presentationRequests)
      .where(eq(presentationRequests.consentRequestId, consentId));
    if (!row?.id) throw new Error(`consent ${consentId} answered no hosted request`);
    const response = await app.inject({
      url: `/verifier/requests/${row.id}`,
      headers: bearer(key()),
    });
    expect(response.statusCode).toBe(200);
    return verifierRequestAnswerSchema.parse(response.json());
  };
  const approve = async (id: string) => {
    const response = await post(`/user/user-001/consent-requests/${id}/approve`);
    expect(response.statusCode, response.body).toBe(200);
  };
  const withdraw = (id: string, payload?: unknown, as = token, user = 'user-001') =>
    post(`/user/${user}/consent-requests/${id}/withdraw`, payload, as);

  it('withdraws an approved consent: logged, erased at the bank, a signed notice delivered, twice is 409', async () => {
    await approve(BANK);
    const approved = await consent(BANK);
    expect(approved.status).toBe('approved');
    expect(approved.uses).toBe(1);
    const before = await bankView(BANK);
    expect(before.status).toBe('shared');
    expect(before.credentials).not.toBeNull();

    clock.advance(MINUTE_MS);
    const response = await withdraw(BANK);
    expect(response.statusCode, response.body).toBe(200);
    const answer = consentWithdrawalAnswerSchema.parse(response.json());
    expect(answer.consent_request).toMatchObject({
      status: 'withdrawn',
      withdrawn_at: clock.now().toISOString(),
      withdrawn_by: 'user-001',
      // SPEC 4: the decision's own stamp stays.
      status_updated_at: approved.status_updated_at,
      withdrawal_notice: { status: 'pending' },
    });
    expect(answer.consent_request.verifier_erased_at).toBe(clock.now().toISOString());
    // The list says the same, read from the approval's presentation digest.
    expect((await consent(BANK)).verifier_erased_at).toBe(clock.now().toISOString());
    expect(answer.activity_log.description).toBe(
      `Withdrew consent from State Bank of India for ${approved.purpose}`,
    );
    expect(answer.activity_log.type).toBe('consent_withdrawn');
    // The withdrawal's signed receipt (issue 17), which the holder and the bank both hold.
    expect(answer.consent_receipt).toMatchObject({
      consent_request_id: BANK,
      event: 'withdrawn',
      issued_at: clock.now().toISOString(),
      data_fiduciary: 'State Bank of India',
    });
    expect(readConsentReceipt(answer.consent_receipt.receipt)?.events.at(-1)?.state).toBe(
      'withdrawn',
    );

    const after = await bankView(BANK);
    expect(after).toMatchObject({
      status: 'withdrawn',
      credentials: null,
      erased_at: clock.now().toISOString(),
      consent: { status: 'withdrawn', uses: 1 },
    });
    expect(after.consent_receipts?.map((r) => r.event)).toEqual(['approved', 'withdrawn']);

    expectProblem(await withdraw(BANK), 'consent_already_withdrawn');

    // The route started a delivery; one more run makes sure it finished.
    await app.consentJobs.run();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery?.contentType).toBe('application/secevent+jwt');
    const jws = delivery?.body ?? '';
    const header = decodeProtectedHeader(jws);
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'secevent+jwt' });
    const claims = decodeJwt(jws);
    expect(typeof claims.iss).toBe('string');
    expect(header.kid?.startsWith(`${claims.iss}#`)).toBe(true);
    const key = await importJWK(didKeyToPublicJwk(String(claims.iss)), 'EdDSA');
    await expect(compactVerify(jws, key)).resolves.toBeDefined();
    const [presentation] = await app.deps.db
      .select()
      .from(presentationRequests)
      .where(eq(presentationRequests.consentRequestId, BANK));
    expect(claims.aud).toBe(presentation?.clientId);
    expect(claims.events).toEqual({
      [WITHDRAWAL_EVENT]: expect.objectContaining({
        consent_id: BANK,
        nonce: presentation?.nonce,
        purpose: approved.purpose,
        withdrawn_at: Math.floor(clock.now().getTime() / 1000),
      }),
    });
    // The bank can pin the signer: GET /verifier/me names the wallet's DID.
    const me = await app.inject({ url: '/verifier/me', headers: bearer(bankKey) });
    expect(me.json()).toMatchObject({ wallet_did: claims.iss, notification_url: receiver.url });

    expect((await consent(BANK)).withdrawal_notice).toMatchObject({
      status: 'delivered',
      attempts: 1,
      delivered_at: expect.any(String),
    });
    expect(await logTexts()).toContain(
      'withdrawal_delivered: Withdrawal notice delivered to State Bank of India',
    );
  });

  it('retries a refused delivery after the backoff, by the clock, and gives up on a 400', async () => {
    await post('/user/user-001/consent-requests/reset');
    receiver.received.length = 0;
    await approve(BANK);
    receiver.statuses = [503, 202];
    await withdraw(BANK);
    await app.consentJobs.run();
    expect(receiver.received).toHaveLength(1);
    const waiting = (await consent(BANK)).withdrawal_notice;
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Date.parse(waiting?.next_attempt_at ?? '')).toBe(
      clock.now().getTime() + (RETRY_DELAYS_MS[0] ?? 0),
    );

    // Not yet due: nothing is sent.
    await app.consentJobs.run();
    expect(receiver.received).toHaveLength(1);
    clock.advance(RETRY_DELAYS_MS[0] ?? 0);
    await app.consentJobs.run();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
    expect((await consent(BANK)).withdrawal_notice).toMatchObject({
      status: 'delivered',
      attempts: 2,
    });

    await post('/user/user-001/consent-requests/reset');
    await approve(BANK);
    receiver.statuses = [400];
    await withdraw(BANK);
    await app.consentJobs.run();
    expect((await consent(BANK)).withdrawal_notice).toMatchObject({
      status: 'failed',
      next_attempt_at: null,
    });
    expect(await logTexts()).toContain(
      'withdrawal_undelivered: Withdrawal notice could not be delivered to State Bank of India',
    );
  });

  it('keeps an offline withdrawal time between the approval and now', async () => {
    await post('/user/user-001/consent-requests/reset');
    await approve(BANK);
    const approvedAt = clock.now().getTime();
    clock.advance(10 * MINUTE_MS);
    const offline = new Date(approvedAt + 2 * MINUTE_MS).toISOString();
    const response = await withdraw(BANK, { withdrawn_at: offline });
    expect(response.statusCode).toBe(200);
    expect(response.json().consent_request.withdrawn_at).toBe(offline);
    expectProblem(await withdraw(INSURER, { withdrawn_at: 'yesterday' }), 'invalid_request');
  });

  it('refuses to withdraw a pending or rejected consent, and another holder reaches none', async () => {
    await post('/user/user-001/consent-requests/reset');
    expectProblem(await withdraw(TELECOM), 'consent_not_approved');
    await post(`/user/user-001/consent-requests/${INSURER}/reject`);
    expectProblem(await withdraw(INSURER), 'consent_not_approved');
    expectProblem(await withdraw('consent-nobody'), 'consent_request_not_found');

    await approve(TELECOM);
    // Another holder: their token on user-001's path is 403; on their own path the id is unknown.
    expectProblem(await withdraw(TELECOM, undefined, otherToken), 'forbidden');
    expectProblem(
      await withdraw(TELECOM, undefined, otherToken, 'user-002'),
      'consent_request_not_found',
    );
    expect((await consent(TELECOM)).status).toBe('approved');
  });

  it('counts each use: the verified presentation and each view of a share link made under it', async () => {
    await post('/user/user-001/consent-requests/reset');
    await approve(BANK);
    const credentials = await app.inject({
      url: '/user/user-001/credentials',
      headers: bearer(token),
    });
    const basic = (credentials.json().credentials as { id: string }[])[0];
    const created = await post('/user/user-001/shares', {
      credential_id: basic?.id,
      fields: ['name'],
      lifetime: '7d',
      consent_request_id: BANK,
    });
    expect(created.statusCode, created.body).toBe(201);
    const shareId: string = created.json().share.id;
    expect(created.json().share.consent_request_id).toBe(BANK);

    for (let view = 0; view < 2; view += 1) {
      clock.advance(MINUTE_MS);
      expect((await app.inject({ url: `/api/verify/${shareId}` })).statusCode).toBe(200);
    }
    const used = await consent(BANK);
    expect(used.uses).toBe(3);
    expect(used.last_used_at).toBe(clock.now().toISOString());
    expect((await bankView(BANK)).consent).toMatchObject({
      uses: 3,
      last_used_at: clock.now().toISOString(),
    });

    // A link under a pending consent is refused.
    const refused = await post('/user/user-001/shares', {
      credential_id: basic?.id,
      fields: ['name'],
      lifetime: '7d',
      consent_request_id: TELECOM,
    });
    expectProblem(refused, 'consent_not_approved');

    // Withdrawal stops the link: the next view is refused and not counted.
    await withdraw(BANK);
    expectProblem(await app.inject({ url: `/api/verify/${shareId}` }), 'share_withdrawn');
    expect((await consent(BANK)).uses).toBe(3);
  });

  it('lets one of two simultaneous withdrawals win; the other is 409', async () => {
    await post('/user/user-001/consent-requests/reset');
    await approve(BANK);
    const answers = await Promise.all([withdraw(BANK), withdraw(BANK)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const texts = await logTexts();
    expect(texts.filter((t) => t.startsWith('consent_withdrawn:')).length).toBeGreaterThan(0);
    const chain = await app.inject({
      url: '/user/user-001/activity-logs/verify',
      headers: bearer(token),
    });
    expect(chain.json().intact).toBe(true);
  });

  it('reminds seven days before the end, then expires the consent by the clock', async () => {
    await post('/user/user-001/consent-requests/reset');
    await approve(TELECOM);
    const approved = await consent(TELECOM);
    expect(approved.validity_days).toBeGreaterThan(7);
    const end = Date.parse(approved.valid_until ?? '');
    expect(end).toBe(
      Date.parse(approved.status_updated_at ?? '') + (approved.validity_days ?? 0) * DAY_MS,
    );

    const telecomKey = (await createVerifierApiKey({ ...app.deps, verifierName: 'Bharti Airtel' }))
      .apiKey;
    clock.advance(end - 7 * DAY_MS - clock.now().getTime() + MINUTE_MS);
    // Months later: a new session.
    token = await loginDemo(app);
    expect((await consent(TELECOM)).status).toBe('approved');
    const reminder = `consent_expiring: Consent to Bharti Airtel for ${approved.purpose} expires on ${approved.valid_until?.slice(0, 10)}`;
    expect(await logTexts()).toContain(reminder);
    // Once only.
    await app.consentJobs.run();
    expect((await logTexts()).filter((text) => text === reminder)).toHaveLength(1);

    clock.advance(end - clock.now().getTime());
    token = await loginDemo(app);
    const expired = await consent(TELECOM);
    expect(expired.status).toBe('expired');
    expect(await bankView(TELECOM, () => telecomKey)).toMatchObject({
      status: 'consent_expired',
      credentials: null,
      erased_at: approved.valid_until,
      consent: { status: 'expired' },
    });
    expect(await logTexts()).toContain(
      `consent_expired: Consent to Bharti Airtel for ${approved.purpose} expired`,
    );
    // The expiry is receipted too, at the end of the consent's validity.
    const receipts = consentReceiptListSchema
      .parse(
        (
          await app.inject({ url: '/user/user-001/consent-receipts', headers: bearer(token) })
        ).json(),
      )
      .consent_receipts.filter((r) => r.consent_request_id === TELECOM);
    expect(receipts.map((r) => [r.event, r.issued_at])).toContainEqual([
      'expired',
      approved.valid_until,
    ]);
    expectProblem(await withdraw(TELECOM), 'consent_expired');
    // Renewal is a new request: Reset makes the seeded request pending again.
    await post('/user/user-001/consent-requests/reset');
    expect((await consent(TELECOM)).status).toBe('pending');
  });
});
