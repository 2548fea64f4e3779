/**
 * The product's verifier and the product's wallet, end to end (issue 16, DECISIONS 7,
 * docs/oid4vp.md): a registered verifier organisation (a seeded bank) creates an OpenID4VP
 * request for one of its registered purposes; the holder's wallet receives the wallet link,
 * which it resolves by taking the signed request object from the request_uri in process (the
 * very GET the network would carry: nothing listens on PUBLIC_ORIGIN and loopback fetching is
 * off, as under `npm start`; oid4vp-request-uri.test.ts compares it with the route's answer);
 * the consent request names the verified bank, the registered purpose and its retention; the
 * holder unticks the optional claim and approves; the bank's status shows exactly the approved
 * claim, verified. A holder's rejection is final for the holder; at the bank the request stays
 * pending with the wallet's error listed (an error answer never ends a request).
 *
 * One request, one holder: a second holder's wallet that opens a used link, or approves after the
 * first holder shared, gets 409 request_already_answered, and nothing of theirs (a refusal's
 * receipt, an erasure request) joins the first holder's record at the bank. Resolving the first
 * holder's erasure request erases the bank's claims (erased_at set) and the holder's list says
 * what was erased and when; resolving the second holder's says nothing was held.
 *
 * The outside-implementation halves of this exchange (an outside wallet answering the product's
 * verifier, the product's wallet answering an outside verifier) are verifier-api.test.ts and
 * oid4vp-present.test.ts; this file checks that the two product halves agree with each other.
 */
import {
  consentRequestSchema,
  createVerifierRequestAnswerSchema,
  rightsRequestListSchema,
  verifierRequestAnswerSchema,
  verifierRightsRequestAnswerSchema,
  verifierRightsRequestListSchema,
} from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { bearer, buildTestApp, loginDemo, SECONDARY } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';
import { freePort } from './helpers/server-process';

describe.each(backends)('OpenID4VP between the product verifier and wallet on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let origin: string;
  let holderToken: string;
  let secondToken: string;
  let bankKey: string;
  let holderName: string;

  beforeAll(async () => {
    opened = await backend.open();
    origin = `http://127.0.0.1:${await freePort()}`;
    app = await buildTestApp(opened.database, { publicOrigin: origin, oid4vpAllowLoopback: false });
    holderToken = await loginDemo(app);
    const generated = await app.inject({
      method: 'POST',
      url: '/identity/generate-credential?user_id=user-001&document_type=pan',
      headers: bearer(holderToken),
    });
    expect(generated.statusCode).toBe(200);
    holderName = generated.json().credential.credential_subject.name;
    secondToken = await loginDemo(app, SECONDARY);
    const secondPan = await app.inject({
      method: 'POST',
      url: '/identity/generate-credential?user_id=user-002&document_type=pan',
      headers: bearer(secondToken),
    });
    expect(secondPan.statusCode).toBe(200);
    bankKey = (await createVerifierApiKey({ ...app.deps, verifierName: 'State Bank of India' }))
      .apiKey;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  /** The bank asks for the PAN's name (required) and date of birth (optional). */
  const bankRequest = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/verifier/requests',
      headers: bearer(bankKey),
      payload: {
        purpose: 'open_savings_account',
        dcql_query: {
          credentials: [
            {
              id: 'pan',
              format: 'dc+sd-jwt',
              meta: { vct_values: [`${origin}/vct/pan`] },
              claims: [
                { id: 'name', path: ['name'] },
                { id: 'dob', path: ['date_of_birth'] },
              ],
              claim_sets: [['name', 'dob'], ['name']],
            },
          ],
        },
      },
    });
    expect(response.statusCode).toBe(201);
    return createVerifierRequestAnswerSchema.parse(response.json());
  };

  /** The holder's wallet (user-001, or user-002 with `second`) receives the link. */
  const receiveAs = (link: string, second = false) =>
    app.inject({
      method: 'POST',
      url: `/user/${second ? 'user-002' : 'user-001'}/presentation-requests`,
      headers: bearer(second ? secondToken : holderToken),
      payload: { link },
    });
  const receive = async (link: string, second = false) => {
    const response = await receiveAs(link, second);
    expect(response.statusCode, response.body).toBe(201);
    return consentRequestSchema.parse(response.json().consent_request ?? response.json());
  };
  const decide = (consentId: string, decision: 'approve' | 'reject', second = false, body = {}) =>
    app.inject({
      method: 'POST',
      url: `/user/${second ? 'user-002' : 'user-001'}/consent-requests/${consentId}/${decision}`,
      headers: bearer(second ? secondToken : holderToken),
      payload: body,
    });
  const askErasure = async (consentId: string, second = false) => {
    const response = await app.inject({
      method: 'POST',
      url: `/user/${second ? 'user-002' : 'user-001'}/rights-requests`,
      headers: bearer(second ? secondToken : holderToken),
      payload: { kind: 'erasure', consent_request_id: consentId, message: 'Erase my data.' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().rights_request.id as string;
  };
  const bankRightsRequests = async () =>
    verifierRightsRequestListSchema.parse(
      (await app.inject({ url: '/verifier/rights-requests', headers: bearer(bankKey) })).json(),
    ).rights_requests;
  const resolve = async (id: string) => {
    const response = await app.inject({
      method: 'POST',
      url: `/verifier/rights-requests/${id}/resolve`,
      headers: bearer(bankKey),
      payload: { note: 'Done.' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return verifierRightsRequestAnswerSchema.parse(response.json()).rights_request;
  };

  const status = async (id: string) => {
    const response = await app.inject({
      url: `/verifier/requests/${id}`,
      headers: bearer(bankKey),
    });
    expect(response.statusCode).toBe(200);
    return verifierRequestAnswerSchema.parse(response.json());
  };

  it('shares exactly the claims the holder left ticked, verified by the bank', async () => {
    const request = await bankRequest();
    expect(request.wallet_url.startsWith(`${origin}/present?`)).toBe(true);

    const consent = await receive(request.wallet_url);
    expect(consent.status).toBe('pending');
    expect(consent.requester).toBe('State Bank of India');
    expect(consent.purpose).toBe('Open savings account');
    expect(consent.presentation).toMatchObject({
      verifier: { name: 'State Bank of India', verified: true },
      purpose: 'Open savings account',
      retention_days: 1825,
    });
    const claims = consent.presentation?.credentials[0]?.claims ?? [];
    expect(claims.map((claim) => [claim.name, claim.required])).toEqual([
      ['name', true],
      ['date_of_birth', false],
    ]);

    const approved = await app.inject({
      method: 'POST',
      url: `/user/user-001/consent-requests/${consent.id}/approve`,
      headers: bearer(holderToken),
      payload: { claims: ['name'] },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const answer = await status(request.id);
    expect(answer.status).toBe('shared');
    expect(answer.credentials?.pan?.[0]?.claims).toEqual({ name: holderName });
    expect(answer.checks?.length).toBeGreaterThan(0);
    expect(answer.checks?.filter((check) => !check.passed)).toEqual([]);
  });

  it("keeps the holder's rejection final for the holder; the bank's request stays pending with the wallet's error", async () => {
    const request = await bankRequest();
    const consent = await receive(request.wallet_url);
    const rejected = await decide(consent.id, 'reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().consent_request.status).toBe('rejected');
    const answer = await status(request.id);
    expect(answer.status).toBe('pending');
    expect(answer.credentials).toBeNull();
    expect(answer.wallet_errors.map((entry) => entry.error)).toEqual(['access_denied']);
    // The refusal's receipt is the holder's; the bank's request joins no consent by it.
    expect(answer.consent_receipts).toEqual([]);
    expect(answer.consent).toBeNull();
  });

  it('answers a second holder 409 request_already_answered; nothing of theirs joins the first holder', async () => {
    const request = await bankRequest();
    // Both holders' wallets receive the link while it is pending.
    const first = await receive(request.wallet_url);
    const second = await receive(request.wallet_url, true);
    const approved = await decide(first.id, 'approve', false, { claims: ['name'] });
    expect(approved.statusCode, approved.body).toBe(200);

    // The second holder approves too late: the bank already has its answer.
    const late = await decide(second.id, 'approve', true, { claims: ['name'] });
    expectProblem(late, 'request_already_answered');
    expect(late.statusCode).toBe(409);
    // Their refusal stands for them, and they send an erasure request about it.
    const refused = await decide(second.id, 'reject', true);
    expect(refused.statusCode, refused.body).toBe(200);
    const secondErasure = await askErasure(second.id, true);

    // A third look at the used link, by a wallet that had not seen it: 409 at once.
    const used = await bankRequest();
    await decide((await receive(used.wallet_url)).id, 'approve', false, { claims: ['name'] });
    const tooLate = await receiveAs(used.wallet_url, true);
    expectProblem(tooLate, 'request_already_answered');
    expect(tooLate.statusCode).toBe(409);

    // The bank's record is the first holder's only.
    const answer = await status(request.id);
    expect(answer.status).toBe('shared');
    expect(answer.credentials?.pan?.[0]?.claims).toEqual({ name: holderName });
    expect(answer.consent_receipts?.map((receipt) => receipt.event)).toEqual(['approved']);
    expect(answer.consent_receipts?.[0]?.presentation_sha256).toBe(answer.vp_token_sha256);
    expect(answer.consent?.status).toBe('approved');
    expect(answer.wallet_errors).toEqual([]);
    const listed = (await bankRightsRequests()).find((entry) => entry.id === secondErasure);
    expect(listed?.verifier_request_id).toBeNull();

    // Resolving the second holder's erasure request erases nothing of the first holder's.
    const resolvedSecond = await resolve(secondErasure);
    expect(resolvedSecond.erasure).toEqual({ nothing_held: true });
    expect((await status(request.id)).credentials?.pan?.[0]?.claims).toEqual({ name: holderName });
    const secondList = rightsRequestListSchema.parse(
      (
        await app.inject({ url: '/user/user-002/rights-requests', headers: bearer(secondToken) })
      ).json(),
    ).rights_requests;
    expect(secondList.find((entry) => entry.id === secondErasure)?.erasure).toEqual({
      nothing_held: true,
    });
  });

  it("erases the bank's claims when it resolves the holder's erasure request, and the holder sees what and when", async () => {
    const request = await bankRequest();
    const consent = await receive(request.wallet_url);
    expect((await decide(consent.id, 'approve')).statusCode).toBe(200);
    expect((await status(request.id)).credentials?.pan?.[0]?.claims).toMatchObject({
      name: holderName,
    });

    const erasureId = await askErasure(consent.id);
    const listed = (await bankRightsRequests()).find((entry) => entry.id === erasureId);
    expect(listed).toMatchObject({ status: 'open', verifier_request_id: request.id });

    const resolved = await resolve(erasureId);
    expect(resolved.status).toBe('resolved');
    expect(resolved.erasure).toMatchObject({ claims: ['date_of_birth', 'name'] });
    const erasedAt = (resolved.erasure as { erased_at: string }).erased_at;

    const answer = await status(request.id);
    expect(answer).toMatchObject({ status: 'shared', credentials: null, erased_at: erasedAt });
    // Resolving again changes nothing, and erases nothing twice.
    expect((await resolve(erasureId)).erasure).toEqual(resolved.erasure);

    const mine = rightsRequestListSchema.parse(
      (
        await app.inject({ url: '/user/user-001/rights-requests', headers: bearer(holderToken) })
      ).json(),
    ).rights_requests;
    expect(mine.find((entry) => entry.id === erasureId)).toMatchObject({
      status: 'resolved',
      resolution_note: 'Done.',
      erasure: { erased_at: erasedAt, claims: ['date_of_birth', 'name'] },
    });
  });
});
