/**
 * The holder's two decisions race (consent/decide-consent-request.ts, docs/oid4vp.md "Seeded
 * requests"), on every backend: Approve on one device has handed its presentation to the
 * product's own verifier when Reject from another device is written first. The consent stays
 * rejected (SPEC 4: the decision is final), the late approval answers 409
 * consent_already_decided, and the verifier does not keep what it received: its claims are
 * erased, as for a consent withdrawn (DPDP Act s.8(7)(a)).
 */
import { randomBytes } from 'node:crypto';
import { verifierRequestAnswerSchema } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentationRequests } from '../src/db/schema';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { bearer, buildTestApp, loginDemo } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const TELECOM = 'consent-user-001-telecom';

describe.each(backends)('a reject that wins over an approval on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  let key: string;

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { masterKey: randomBytes(32) });
    token = await loginDemo(app);
    key = (await createVerifierApiKey({ ...app.deps, verifierName: 'Bharti Airtel' })).apiKey;
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const decide = (decision: 'approve' | 'reject') =>
    app.inject({
      method: 'POST',
      url: `/user/user-001/consent-requests/${TELECOM}/${decision}`,
      headers: bearer(token),
    });

  it('leaves the consent rejected and the verifier holding nothing', async () => {
    const [link] = await app.deps.db
      .select({ id: presentationRequests.verifierRequestId })
      .from(presentationRequests)
      .where(eq(presentationRequests.consentRequestId, TELECOM));
    expect(link?.id).toBeTruthy();

    // The verifier port's in-process delivery, with the other device's Reject landing right
    // after the verifier accepted the presentation and before the approval is written.
    const verifier = app.deps.roles.verifier;
    const original = verifier.localTransport;
    let rejected: Awaited<ReturnType<typeof decide>> | undefined;
    verifier.localTransport = (responseUri) => {
      const transport = original(responseUri);
      if (!transport) return transport;
      return {
        refusal: transport.refusal,
        fetch: (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
          const answer = await transport.fetch(input, init);
          if (!rejected && init?.body?.toString().includes('vp_token')) {
            rejected = await decide('reject');
          }
          return answer;
        }) as typeof fetch,
      };
    };
    try {
      const approved = await decide('approve');
      expectProblem(approved, 'consent_already_decided');
    } finally {
      verifier.localTransport = original;
    }
    expect(rejected?.statusCode, rejected?.body).toBe(200);
    expect(rejected?.json().consent_request.status).toBe('rejected');

    const answer = verifierRequestAnswerSchema.parse(
      (await app.inject({ url: `/verifier/requests/${link?.id}`, headers: bearer(key) })).json(),
    );
    expect(answer.credentials).toBeNull();
    expect(answer.erased_at).not.toBeNull();
  });
});
