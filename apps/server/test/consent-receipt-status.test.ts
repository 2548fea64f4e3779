/**
 * A receipt states the consent's present state, and only the consent registry's key makes a
 * receipt (DECISIONS 7.8, 7.13; docs/api-contract.md "Consent receipts"), on every backend:
 * - GET /api/consent-receipts/{id} answers `consent_status` beside the signed receipt and its
 *   verdict: the "consent given" receipt of a withdrawn consent reads withdrawn, since the
 *   withdrawal, with the withdrawal's receipt as the later one; that later receipt reads null;
 *   a refusal reads refused; beside it, the registered verifier the data fiduciary is (null for
 *   an organisation no verifier registered as);
 * - the chain of a consent is its receipts' own (the consent record id they carry): after Reset
 *   Requests and a new approval, and after the consent request row was deleted, the old receipts
 *   still read withdrawn, never given;
 * - a consent past its validity reads expired at its given receipt before the server's job runs;
 * - a document typed ConsentReceipt signed with an identity issuer's key (UIDAI's, even naming
 *   itself the consent registry) is not a trusted receipt, at POST /credentials/verify and at
 *   the receipt's public link.
 */
import { randomBytes } from 'node:crypto';
import {
  type ConsentReceiptRecord,
  consentDecisionAnswerSchema,
  consentReceiptListSchema,
  consentRequestListSchema,
  consentWithdrawalAnswerSchema,
  createEddsaJcs2022Proof,
  type JsonObject,
  publicConsentReceiptSchema,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consentReceipts, consentRequests } from '../src/db/schema';
import { bearer, buildTestApp, loginDemo, MINUTE_MS, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectRefusal } from './helpers/problem';

const BANK = 'consent-user-001-bank';
const TELECOM = 'consent-user-001-telecom';
const INSURER = 'consent-user-001-insurer';
const SHOP = 'consent-user-001-shop';
const NOT_TRUSTED = expect.stringMatching(
  /^Not a trusted receipt: a consent receipt is signed only by the consent registry's key, and this one is signed by did:key:/,
);

describe.each(backends)('what a receipt says of the consent now, on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) });
    token = await loginDemo(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const post = (url: string, payload?: unknown) =>
    app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const decide = async (id: string, decision: 'approve' | 'reject') => {
    const response = await post(`/user/user-001/consent-requests/${id}/${decision}`);
    expect(response.statusCode, response.body).toBe(200);
    const receipt = consentDecisionAnswerSchema.parse(response.json()).consent_receipt;
    if (!receipt) throw new Error(`no receipt for ${decision} ${id}`);
    return receipt;
  };
  const withdraw = async (id: string) => {
    const response = await post(`/user/user-001/consent-requests/${id}/withdraw`);
    expect(response.statusCode, response.body).toBe(200);
    return consentWithdrawalAnswerSchema.parse(response.json()).consent_receipt;
  };
  /** The public answer of a receipt's link. */
  const publicReceipt = async (id: string) => {
    const response = await app.inject({ url: `/api/consent-receipts/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return publicConsentReceiptSchema.parse(response.json());
  };

  let given: ConsentReceiptRecord;
  let withdrawal: ConsentReceiptRecord;
  let withdrawnAt: string;

  it('the latest receipt of a consent given reads given, since the approval, with no later receipt', async () => {
    const approvedAt = clock.now().toISOString();
    given = await decide(BANK, 'approve');
    const answer = await publicReceipt(given.id);
    expect(answer).toMatchObject({ verified: true, trust: { trusted: true } });
    // The registered organisation the data fiduciary is, for the page to name it.
    expect(answer.registered_verifier_id).toBe('verifier-sbi');
    expect(answer.consent_status).toEqual({
      value: 'given',
      since: approvedAt,
      later_receipt_id: null,
    });
  });

  it('the "consent given" receipt of a withdrawn consent reads withdrawn, since the withdrawal, with the later receipt; that one reads null', async () => {
    clock.advance(5 * MINUTE_MS);
    withdrawnAt = clock.now().toISOString();
    withdrawal = await withdraw(BANK);

    const old = await publicReceipt(given.id);
    // The receipt itself is as authentic as before: it records the consent given.
    expect(old).toMatchObject({ verified: true, status: 'verified', receipt: given.receipt });
    expect(old.consent_status).toEqual({
      value: 'withdrawn',
      since: withdrawnAt,
      later_receipt_id: withdrawal.id,
    });

    const latest = await publicReceipt(withdrawal.id);
    expect(latest.consent_status).toEqual({
      value: 'withdrawn',
      since: withdrawnAt,
      later_receipt_id: null,
    });
  });

  it('a refusal reads refused, since the decision', async () => {
    const rejectedAt = clock.now().toISOString();
    const refusal = await decide(TELECOM, 'reject');
    expect((await publicReceipt(refusal.id)).consent_status).toEqual({
      value: 'refused',
      since: rejectedAt,
      later_receipt_id: null,
    });
  });

  it("after Reset Requests and a new approval, the old receipts keep their own consent's state", async () => {
    const reset = await post('/user/user-001/consent-requests/reset');
    expect(reset.statusCode, reset.body).toBe(200);
    const bank = consentRequestListSchema
      .parse(reset.json())
      .consent_requests.find((c) => c.id === BANK);
    expect(bank?.status).toBe('pending');
    // Pending again, but the consent the receipts record was withdrawn.
    expect((await publicReceipt(given.id)).consent_status).toEqual({
      value: 'withdrawn',
      since: withdrawnAt,
      later_receipt_id: withdrawal.id,
    });

    clock.advance(MINUTE_MS);
    const again = await decide(BANK, 'approve');
    expect((await publicReceipt(again.id)).consent_status).toMatchObject({
      value: 'given',
      later_receipt_id: null,
    });
    // A new consent: not a later receipt of the old one.
    expect((await publicReceipt(given.id)).consent_status.later_receipt_id).toBe(withdrawal.id);
    expect((await publicReceipt(withdrawal.id)).consent_status.later_receipt_id).toBeNull();
  });

  it('a receipt whose consent request was deleted still reads withdrawn from its chain, never given', async () => {
    await app.deps.db.insert(consentRequests).values({
      id: SHOP,
      userId: 'user-001',
      requester: 'Acme Stores',
      purpose: 'Loyalty card',
      fields: ['Name', 'Phone'],
      requestedAt: clock.now(),
      status: 'pending',
    });
    clock.advance(1000);
    const shopGiven = await decide(SHOP, 'approve');
    clock.advance(MINUTE_MS);
    const shopWithdrawnAt = clock.now().toISOString();
    const shopWithdrawal = await withdraw(SHOP);
    await app.deps.db.delete(consentRequests).where(eq(consentRequests.id, SHOP));

    const list = await app.inject({
      url: '/user/user-001/consent-receipts',
      headers: bearer(token),
    });
    const kept = consentReceiptListSchema
      .parse(list.json())
      .consent_receipts.filter((r) => [shopGiven.id, shopWithdrawal.id].includes(r.id));
    expect(kept.map((r) => r.consent_request_id)).toEqual([null, null]);

    expect((await publicReceipt(shopGiven.id)).consent_status).toEqual({
      value: 'withdrawn',
      since: shopWithdrawnAt,
      later_receipt_id: shopWithdrawal.id,
    });
    // An organisation no verifier registered as: its receipts name no registered verifier.
    const raw = await app.inject({ url: `/api/consent-receipts/${shopGiven.id}` });
    expect(raw.json()).toHaveProperty('registered_verifier_id', null);
  });

  it('a document typed ConsentReceipt signed with an issuer key is not a trusted receipt', async () => {
    const uidai = app.deps.issuers.get('UIDAI');
    const { proof: _proof, ...unsigned } = given.receipt;
    const forged = await createEddsaJcs2022Proof(
      {
        ...unsigned,
        // It may call itself the consent registry: only the key counts.
        issuer: { id: uidai.did, name: 'Pehchaan consent registry' },
        credentialSubject: {
          ...(unsigned.credentialSubject as JsonObject),
          identifier: randomBytes(16).toString('hex'),
        },
      } as JsonObject,
      {
        verificationMethod: uidai.verificationMethod,
        created: '2025-06-01T10:00:00Z',
        sign: uidai.sign,
      },
    );
    const verify = (checks?: string[]) =>
      app.inject({
        method: 'POST',
        url: '/credentials/verify',
        payload: { verifiableCredential: forged, ...(checks ? { options: { checks } } : {}) },
      });

    const refused = await verify(['proof', 'trusted_issuer']);
    expectRefusal(refused, 'credential_not_verified', NOT_TRUSTED);
    expect(refused.json().verification).toMatchObject({
      status: 'untrusted_issuer',
      checks: { signature: true, trusted_issuer: false },
      trust: { issuer: uidai.did, trusted: false },
    });
    expect(refused.json().verification.trust.name).toBeUndefined();

    // Asked for the proof only: the signature holds, but the answer still says it is not trusted.
    const proofOnly = await verify();
    expect(proofOnly.statusCode, proofOnly.body).toBe(200);
    expect(proofOnly.json()).toMatchObject({
      verified: true,
      trust: { issuer: uidai.did, trusted: false },
    });
    expect(proofOnly.json().warnings).toContainEqual(NOT_TRUSTED);

    // Stored under a receipt id, its public link does not trust it either.
    const id = `receipt-${randomBytes(16).toString('hex')}`;
    await app.deps.db.insert(consentReceipts).values({
      id,
      userId: 'user-001',
      consentRequestId: null,
      event: 'approved',
      dataFiduciary: 'State Bank of India',
      issuedAt: clock.now(),
      document: forged,
    });
    const stored = await publicReceipt(id);
    expect(stored).toMatchObject({
      verified: false,
      status: 'untrusted_issuer',
      trust: { issuer: uidai.did, trusted: false },
    });
    expect(stored.errors).toContainEqual(NOT_TRUSTED);

    // The genuine receipt, signed with the consent registry's key, is trusted.
    const genuine = await publicReceipt(given.id);
    expect(genuine.trust).toEqual({
      issuer: app.deps.consentRegistry.did,
      trusted: true,
      name: 'Pehchaan consent registry',
    });
  });

  it('a consent past its validity reads expired at its given receipt, before the server job runs', async () => {
    const insured = await decide(INSURER, 'approve');
    const consents = consentRequestListSchema.parse(
      (await app.inject({ url: '/user/user-001/consent-requests', headers: bearer(token) })).json(),
    ).consent_requests;
    const validUntil = consents.find((c) => c.id === INSURER)?.valid_until;
    if (!validUntil) throw new Error('the approved consent has no validity');
    clock.advance(Date.parse(validUntil) - clock.now().getTime() + MINUTE_MS);

    const status = (await publicReceipt(insured.id)).consent_status;
    expect(status).toMatchObject({ value: 'expired', since: validUntil });
    token = await loginDemo(app);
    const receipts = consentReceiptListSchema.parse(
      (await app.inject({ url: '/user/user-001/consent-receipts', headers: bearer(token) })).json(),
    ).consent_receipts;
    const expiry = receipts.find((r) => r.consent_request_id === INSURER && r.event === 'expired');
    expect(status.later_receipt_id).toBe(expiry?.id);
    expect(expiry).toBeDefined();
  });
});
