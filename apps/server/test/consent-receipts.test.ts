/**
 * Consent receipts and the data principal's rights requests (issue 17; docs/api-contract.md
 * "Consent receipts", "Grievances and erasure requests"), on every backend:
 * - every decision yields a receipt (ISO/IEC TS 27560 with DPV), a W3C VC signed by the consent
 *   registry: its contents (pseudonymous data principal, data fiduciary with its grievance
 *   contact, purpose, claim names, legal basis, notice language, events, how to withdraw) and
 *   the SHA-256 of the exact vp_token the verifier received;
 * - it verifies at POST /credentials/verify (trust names the consent registry), also in its
 *   eddsa-rdfc-2022 form with the context this server serves, and one changed byte fails;
 * - a withdrawal's receipt (the other half of issue 17 calls issueConsentReceipt) carries the
 *   approval's items and digest;
 * - grievances and erasure requests through their life: sent by the holder with the receipt,
 *   listed to that organisation only, resolved with a note the holder reads;
 * - another holder's receipts and requests are unreachable (403 on their path, 404 by id).
 */
import { randomBytes } from 'node:crypto';
import {
  addEddsaRdfc2022Proof,
  type ConsentReceiptRecord,
  consentDecisionAnswerSchema,
  consentReceiptContexts,
  consentReceiptListSchema,
  publicConsentReceiptSchema,
  readConsentReceipt,
  rightsRequestAnswerSchema,
  rightsRequestListSchema,
  verifierRequestAnswerSchema,
  verifierRightsRequestListSchema,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueConsentReceipt } from '../src/consent/issue-consent-receipt';
import { consentRequests, presentationRequests } from '../src/db/schema';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

const BANK = 'consent-user-001-bank';
const TELECOM = 'consent-user-001-telecom';
const INSURER = 'consent-user-001-insurer';
const ORIGIN = 'http://localhost:5000';

describe.each(backends)('consent receipts and rights requests on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  let bankKey: string;
  let telecomKey: string;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) });
    token = await loginDemo(app, PRIMARY);
    otherToken = await loginDemo(app, SECONDARY);
    bankKey = (await createVerifierApiKey({ ...app.deps, verifierName: 'State Bank of India' }))
      .apiKey;
    telecomKey = (await createVerifierApiKey({ ...app.deps, verifierName: 'Bharti Airtel' }))
      .apiKey;
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const post = (url: string, payload?: unknown, auth = token) =>
    app.inject({ method: 'POST', url, headers: bearer(auth), ...(payload ? { payload } : {}) });
  const get = (url: string, auth = token) => app.inject({ url, headers: bearer(auth) });
  const decide = async (id: string, decision: 'approve' | 'reject', payload?: unknown) => {
    const response = await post(`/user/user-001/consent-requests/${id}/${decision}`, payload);
    expect(response.statusCode, response.body).toBe(200);
    return consentDecisionAnswerSchema.parse(response.json());
  };
  const receiptsOf = async (auth = token, userId = 'user-001') =>
    consentReceiptListSchema.parse((await get(`/user/${userId}/consent-receipts`, auth)).json())
      .consent_receipts;
  const linkOf = async (consentRequestId: string) => {
    const [row] = await app.deps.db
      .select({ id: presentationRequests.verifierRequestId })
      .from(presentationRequests)
      .where(eq(presentationRequests.consentRequestId, consentRequestId));
    return row?.id ?? '';
  };

  let approval: ConsentReceiptRecord;
  let refusal: ConsentReceiptRecord;

  it('Approve issues a receipt: DPV consent record, pseudonymous data principal, claim names only', async () => {
    await post('/identity/generate-credential?user_id=user-001&document_type=pan');
    const answer = await decide(BANK, 'approve', { notice_language: 'hi' });
    expect(answer.consent_receipt).toBeDefined();
    approval = answer.consent_receipt as ConsentReceiptRecord;
    expect(approval).toMatchObject({
      consent_request_id: BANK,
      event: 'approved',
      data_fiduciary: 'State Bank of India',
      verifier_id: 'verifier-sbi',
      url: `${ORIGIN}/verify/${approval.id}`,
    });
    expect(approval.id).toMatch(/^receipt-[0-9a-f]{32}$/);
    const receipt = approval.receipt;
    expect(receipt.type).toEqual(['VerifiableCredential', 'ConsentReceipt']);
    expect(receipt['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      `${ORIGIN}/contexts/consent-receipt/v1`,
    ]);
    expect(receipt.issuer).toEqual({
      id: app.deps.consentRegistry.did,
      name: 'Pehchaan consent registry',
    });
    expect(receipt.proof).toMatchObject({
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-jcs-2022',
      verificationMethod: app.deps.consentRegistry.verificationMethod,
    });
    const view = readConsentReceipt(receipt);
    expect(view).toMatchObject({
      receiptId: approval.id,
      dataFiduciary: { name: 'State Bank of India', contact: 'grievance@sbi.example' },
      purpose: { code: 'open_savings_account', text: 'Open savings account' },
      legalBasis: 'ExplicitlyExpressedConsent',
      noticeLanguage: 'hi',
      state: 'given',
      withdrawAt: `${ORIGIN}/consent/who-has-my-data`,
    });
    expect(view?.dataPrincipal).toMatch(/^urn:pehchaan:data-principal:[0-9a-f]{32}$/);
    expect(view?.events.map((event) => event.state)).toEqual(['requested', 'given']);
    // What was disclosed: claim names with the credential they came from (PAN Card, then the
    // Basic Identity's name and date of birth, as the seeded DCQL query's options go).
    expect(view?.items.length).toBeGreaterThan(0);
    expect(view?.items.every((item) => item.source !== null)).toBe(true);
    expect(view?.items.map((item) => item.claim)).toContain('pan_number');
    // Never a value, the Aadhaar number or the holder's user id.
    const text = JSON.stringify(receipt);
    expect(text).not.toContain(PRIMARY.aadhaarNumber.replace(/\D/g, ''));
    expect(text).not.toContain('user-001');
    expect(text).not.toMatch(/[A-Z]{3}P[A-Z][0-9]{4}[A-Z]/);
  });

  it('names the SHA-256 of the exact vp_token the verifier received; the verifier gets its copy', async () => {
    const response = await get(`/verifier/requests/${await linkOf(BANK)}`, bankKey);
    const verifierView = verifierRequestAnswerSchema.parse(response.json());
    expect(verifierView.status).toBe('shared');
    expect(approval.presentation_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(verifierView.vp_token_sha256).toBe(approval.presentation_sha256);
    expect(readConsentReceipt(approval.receipt)?.presentationSha256).toBe(
      approval.presentation_sha256,
    );
    expect(verifierView.consent_receipts?.map((r) => [r.id, r.event])).toEqual([
      [approval.id, 'approved'],
    ]);
    expect(verifierView.consent_receipts?.[0]?.receipt).toEqual(approval.receipt);
  });

  it('verifies at POST /credentials/verify (trust names the consent registry); one changed byte fails', async () => {
    const verify = (verifiableCredential: unknown) =>
      app.inject({
        method: 'POST',
        url: '/credentials/verify',
        payload: { verifiableCredential, options: { checks: ['proof', 'trusted_issuer'] } },
      });
    const ok = await verify(approval.receipt);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().trust).toEqual({
      issuer: app.deps.consentRegistry.did,
      trusted: true,
      name: 'Pehchaan consent registry',
    });
    const bytes = JSON.stringify(approval.receipt);
    const changed = bytes.replace('Open savings account', 'Open savings accounu');
    expect(changed).not.toBe(bytes);
    const refused = await verify(JSON.parse(changed));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'credential_not_verified',
      verification: { status: 'invalid_signature' },
    });
  });

  it('is JSON-LD with the context this server serves: an eddsa-rdfc-2022 proof verifies too', async () => {
    const context = await app.inject({ url: '/contexts/consent-receipt/v1' });
    expect(context.statusCode).toBe(200);
    expect(context.headers['content-type']).toContain('application/ld+json');
    expect(context.json()).toEqual(
      consentReceiptContexts(ORIGIN).get(`${ORIGIN}/contexts/consent-receipt/v1`),
    );
    const registry = app.deps.consentRegistry;
    const both = await addEddsaRdfc2022Proof(approval.receipt, {
      verificationMethod: registry.verificationMethod,
      created: '2025-06-01T10:00:00Z',
      sign: registry.sign,
      contexts: consentReceiptContexts(ORIGIN),
    });
    const response = await app.inject({
      method: 'POST',
      url: '/credentials/verify',
      payload: { verifiableCredential: both },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('the public receipt link answers the receipt and its verdict; an unknown id is 404', async () => {
    const response = await app.inject({ url: `/api/consent-receipts/${approval.id}` });
    expect(response.statusCode).toBe(200);
    const answer = publicConsentReceiptSchema.parse(response.json());
    expect(answer).toMatchObject({
      receipt_id: approval.id,
      verified: true,
      status: 'verified',
      trust: { trusted: true, name: 'Pehchaan consent registry' },
    });
    expect(answer.receipt).toEqual(approval.receipt);
    const unknown = await app.inject({
      url: `/api/consent-receipts/receipt-${randomBytes(16).toString('hex')}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('consent_receipt_not_found');
  });

  it('Reject issues a refusal receipt: no presentation, the items asked for; one pseudonym per organisation', async () => {
    const answer = await decide(TELECOM, 'reject');
    refusal = answer.consent_receipt as ConsentReceiptRecord;
    expect(refusal).toMatchObject({ event: 'rejected', presentation_sha256: null });
    const view = readConsentReceipt(refusal.receipt);
    expect(view?.state).toBe('refused');
    expect(view?.presentationSha256).toBeNull();
    expect(view?.noticeLanguage).toBe('en');
    expect(refusal.receipt.disclosedPresentation).toBeUndefined();
    expect(view?.items.map((item) => item.claim)).toContain('aadhaar_number');
    // The data principal id differs per organisation and is stable for one.
    const bankPrincipal = readConsentReceipt(approval.receipt)?.dataPrincipal;
    expect(view?.dataPrincipal).not.toBe(bankPrincipal);
    expect(view?.dataPrincipal).toMatch(/^urn:pehchaan:data-principal:/);
  });

  it("a withdrawal's receipt keeps the approval's items and digest, with the events so far", async () => {
    const at = clock.now();
    const withdrawal = await issueConsentReceipt({
      ...app.deps,
      userId: 'user-001',
      consentRequestId: BANK,
      event: 'withdrawn',
      at,
    });
    const approved = readConsentReceipt(approval.receipt);
    const view = readConsentReceipt(withdrawal.receipt);
    expect(withdrawal.presentation_sha256).toBe(approval.presentation_sha256);
    expect(view?.items).toEqual(approved?.items);
    expect(view?.dataPrincipal).toBe(approved?.dataPrincipal);
    expect(view?.recordId).toBe(approved?.recordId);
    expect(view?.noticeLanguage).toBe('hi');
    expect(view?.events.map((event) => event.state)).toEqual(['requested', 'given', 'withdrawn']);
    expect(view?.events.at(-1)?.at).toBe(`${at.toISOString().slice(0, 19)}Z`);
    const verifierView = verifierRequestAnswerSchema.parse(
      (await get(`/verifier/requests/${await linkOf(BANK)}`, bankKey)).json(),
    );
    expect(verifierView.consent_receipts?.map((r) => r.event)).toEqual(['approved', 'withdrawn']);
  });

  it("lists the holder's receipts newest first; another holder's are unreachable", async () => {
    const mine = await receiptsOf();
    expect(mine.map((r) => r.event)).toEqual(['withdrawn', 'rejected', 'approved']);
    expect((await get('/user/user-001/consent-receipts', otherToken)).statusCode).toBe(403);
    expect(await receiptsOf(otherToken, 'user-002')).toEqual([]);
    expect((await app.inject({ url: '/user/user-001/consent-receipts' })).statusCode).toBe(401);
  });

  it('a grievance goes to the organisation with the receipt; it resolves it and the holder sees the note', async () => {
    const sent = await post('/user/user-001/rights-requests', {
      kind: 'grievance',
      consent_request_id: BANK,
      receipt_id: approval.id,
      message: '  My account was not opened; why do you still keep my PAN?  ',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { rights_request: grievance, message } = rightsRequestAnswerSchema.parse(sent.json());
    expect(message).toBe('Grievance sent');
    expect(grievance).toMatchObject({
      kind: 'grievance',
      status: 'open',
      data_fiduciary: 'State Bank of India',
      consent_request_id: BANK,
      receipt_id: approval.id,
      purpose: 'Open savings account',
      message: 'My account was not opened; why do you still keep my PAN?',
      resolved_at: null,
    });

    const listed = verifierRightsRequestListSchema.parse(
      (await get('/verifier/rights-requests', bankKey)).json(),
    );
    expect(listed.rights_requests.map((r) => r.id)).toEqual([grievance.id]);
    expect(listed.rights_requests[0]).toMatchObject({
      status: 'open',
      data_principal: readConsentReceipt(approval.receipt)?.dataPrincipal,
      receipt_id: approval.id,
      verifier_request_id: await linkOf(BANK),
    });
    expect(listed.rights_requests[0]?.receipt).toEqual(approval.receipt);
    // Not another organisation's.
    const telecomList = verifierRightsRequestListSchema.parse(
      (await get('/verifier/rights-requests', telecomKey)).json(),
    );
    expect(telecomList.rights_requests).toEqual([]);
    const foreign = await post(`/verifier/rights-requests/${grievance.id}/resolve`, {}, telecomKey);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('rights_request_not_found');
    expect((await app.inject({ url: '/verifier/rights-requests' })).statusCode).toBe(401);

    clock.advance(2 * 24 * 3_600_000);
    // Sessions end after 30 idle minutes (DECISIONS 3): sign in again.
    token = await loginDemo(app, PRIMARY);
    otherToken = await loginDemo(app, SECONDARY);
    const resolved = await post(
      `/verifier/rights-requests/${grievance.id}/resolve`,
      { note: 'Your PAN was deleted on 3 June.' },
      bankKey,
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().rights_request).toMatchObject({
      status: 'resolved',
      resolution_note: 'Your PAN was deleted on 3 June.',
    });
    // Again: unchanged (idempotent).
    const again = await post(`/verifier/rights-requests/${grievance.id}/resolve`, {}, bankKey);
    expect(again.json().rights_request.resolution_note).toBe('Your PAN was deleted on 3 June.');

    const holderList = rightsRequestListSchema.parse(
      (await get('/user/user-001/rights-requests')).json(),
    );
    expect(holderList.rights_requests).toHaveLength(1);
    expect(holderList.rights_requests[0]).toMatchObject({
      status: 'resolved',
      resolution_note: 'Your PAN was deleted on 3 June.',
      created_at: grievance.created_at,
    });
    expect(
      Date.parse(holderList.rights_requests[0]?.resolved_at ?? '') -
        Date.parse(grievance.created_at),
    ).toBeGreaterThanOrEqual(2 * 24 * 3_600_000);
  });

  it('an erasure request defaults to the latest receipt; refused without one, or to an unregistered organisation', async () => {
    const erasure = await post('/user/user-001/rights-requests', {
      kind: 'erasure',
      consent_request_id: BANK,
      message: 'Please erase what I shared with you.',
    });
    expect(erasure.statusCode, erasure.body).toBe(201);
    expect(erasure.json()).toMatchObject({
      message: 'Erasure request sent',
      rights_request: { kind: 'erasure', status: 'open' },
    });
    // The latest receipt of the consent: the withdrawal's.
    const latest = (await receiptsOf()).find((r) => r.consent_request_id === BANK);
    expect(erasure.json().rights_request.receipt_id).toBe(latest?.id);

    // Still pending: nothing decided, no receipt.
    const pending = await post('/user/user-001/rights-requests', {
      kind: 'grievance',
      consent_request_id: INSURER,
      message: 'Why do you ask for my PAN?',
    });
    expect(pending.statusCode).toBe(404);
    expect(pending.json().code).toBe('consent_receipt_not_found');

    // A SPEC 3 request from an organisation that is not a registered verifier.
    await app.deps.db.insert(consentRequests).values({
      id: 'consent-user-001-shop',
      userId: 'user-001',
      requester: 'Acme Stores',
      purpose: 'Loyalty card',
      fields: ['Name', 'Phone'],
      requestedAt: clock.now(),
      status: 'pending',
    });
    const shop = await decide('consent-user-001-shop', 'approve');
    expect(readConsentReceipt(shop.consent_receipt?.receipt)).toMatchObject({
      dataFiduciary: { id: 'urn:pehchaan:data-fiduciary:acme-stores', name: 'Acme Stores' },
      items: [
        { claim: 'Name', label: 'Name', source: null },
        { claim: 'Phone', label: 'Phone', source: null },
      ],
      presentationSha256: null,
    });
    const unregistered = await post('/user/user-001/rights-requests', {
      kind: 'erasure',
      consent_request_id: 'consent-user-001-shop',
      message: 'Erase my phone number.',
    });
    expect(unregistered.statusCode).toBe(422);
    expect(unregistered.json().code).toBe('data_fiduciary_not_registered');
  });

  it("another holder can neither send about nor read this holder's consents", async () => {
    const body = { kind: 'grievance', consent_request_id: BANK, message: 'Hello' };
    const onTheirPath = await post('/user/user-001/rights-requests', body, otherToken);
    expect(onTheirPath.statusCode).toBe(403);
    const underOwnPath = await post('/user/user-002/rights-requests', body, otherToken);
    expect(underOwnPath.statusCode).toBe(404);
    expect(underOwnPath.json().code).toBe('consent_request_not_found');
    expect((await get('/user/user-001/rights-requests', otherToken)).statusCode).toBe(403);
    const theirs = rightsRequestListSchema.parse(
      (await get('/user/user-002/rights-requests', otherToken)).json(),
    );
    expect(theirs.rights_requests).toEqual([]);
  });

  it('refuses malformed rights requests with invalid_request', async () => {
    const cases = [
      { kind: 'complaint', consent_request_id: BANK, message: 'x' },
      { kind: 'grievance', consent_request_id: BANK, message: '   ' },
      { kind: 'grievance', consent_request_id: BANK, message: 'x'.repeat(2001) },
      { kind: 'grievance', consent_request_id: BANK, message: 'x', extra: 1 },
    ];
    for (const payload of cases) {
      const response = await post('/user/user-001/rights-requests', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    }
  });
});
