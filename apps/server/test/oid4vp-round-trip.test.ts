/**
 * The product's verifier and the product's wallet, end to end over real HTTP (issue 16, DECISIONS
 * 7, docs/oid4vp.md): a registered verifier organisation (a seeded bank) creates an OpenID4VP
 * request for one of its registered purposes; the holder's wallet receives the wallet link,
 * which it resolves by fetching the signed request object from the request_uri over loopback;
 * the consent request names the verified bank, the registered purpose and its retention; the
 * holder unticks the optional claim and approves; the bank's status shows exactly the approved
 * claim, verified. A declined request reads as declined.
 *
 * The outside-implementation halves of this exchange (an outside wallet answering the product's
 * verifier, the product's wallet answering an outside verifier) are verifier-api.test.ts and
 * oid4vp-present.test.ts; this file checks that the two product halves agree with each other.
 */
import {
  consentRequestSchema,
  createVerifierRequestAnswerSchema,
  verifierRequestAnswerSchema,
} from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { bearer, buildTestApp, loginDemo } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { freePort } from './helpers/server-process';

describe.each(backends)('OpenID4VP between the product verifier and wallet on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let origin: string;
  let holderToken: string;
  let bankKey: string;
  let holderName: string;

  beforeAll(async () => {
    opened = await backend.open();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    app = await buildTestApp(opened.database, { publicOrigin: origin, oid4vpAllowLoopback: true });
    await app.listen({ port, host: '127.0.0.1' });
    holderToken = await loginDemo(app);
    const generated = await app.inject({
      method: 'POST',
      url: '/identity/generate-credential?user_id=user-001&document_type=pan',
      headers: bearer(holderToken),
    });
    expect(generated.statusCode).toBe(200);
    holderName = generated.json().credential.credential_subject.name;
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

  const receive = async (link: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/user/user-001/presentation-requests',
      headers: bearer(holderToken),
      payload: { link },
    });
    expect(response.statusCode, response.body).toBe(201);
    return consentRequestSchema.parse(response.json().consent_request ?? response.json());
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

  it('reads as declined at the bank when the holder rejects', async () => {
    const request = await bankRequest();
    const consent = await receive(request.wallet_url);
    const rejected = await app.inject({
      method: 'POST',
      url: `/user/user-001/consent-requests/${consent.id}/reject`,
      headers: bearer(holderToken),
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const answer = await status(request.id);
    expect(answer.status).toBe('declined');
    expect(answer.credentials).toBeNull();
  });
});
