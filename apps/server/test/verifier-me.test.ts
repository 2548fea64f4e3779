/**
 * GET /verifier/me (docs/api-contract.md "Verifiers (OpenID4VP)") on every backend: an API key
 * reads its own organisation and exactly its registered purposes (texts, retention, the claims
 * each may ask for), which the verifier portal at /verifier offers; no key, an unknown key or a
 * revoked key is 401 'unauthenticated'.
 */
import { randomBytes } from 'node:crypto';
import { VERIFIER_SEEDS, verifierOrganisationSchema } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifierApiKeys } from '../src/db/schema';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { registerVerifier } from '../src/verifier/register-verifier';
import { buildTestApp } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

describe.each(backends)('GET /verifier/me on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { masterKey: randomBytes(32) });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const me = (key?: string) =>
    app.inject({
      url: '/verifier/me',
      headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
    });

  it("answers the key's organisation with its registered purposes and their claims", async () => {
    const { apiKey } = await createVerifierApiKey({
      ...app.deps,
      verifierName: 'State Bank of India',
    });
    const response = await me(apiKey);
    expect(response.statusCode).toBe(200);
    const organisation = verifierOrganisationSchema.parse(response.json());
    const seed = VERIFIER_SEEDS.find((v) => v.name === 'State Bank of India');
    expect(organisation).toEqual({
      id: 'verifier-sbi',
      name: 'State Bank of India',
      grievance_contact: 'grievance@sbi.example',
      did: expect.stringMatching(/^did:key:z6Mk/),
      purposes: [
        {
          code: 'open_savings_account',
          text: 'Open savings account',
          text_hi: 'बचत खाता खोलना',
          retention_days: 1825,
          claims: seed?.purposes[0]?.claims,
        },
      ],
      // Issue 17: where withdrawal notices go (none registered) and the DID that signs them.
      notification_url: null,
      wallet_did: expect.stringMatching(/^did:key:z6Mk/),
    });
  });

  it("never shows another organisation's purposes", async () => {
    const { apiKey } = await createVerifierApiKey({ ...app.deps, verifierName: 'Bharti Airtel' });
    const organisation = verifierOrganisationSchema.parse((await me(apiKey)).json());
    expect(organisation.name).toBe('Bharti Airtel');
    expect(organisation.purposes.map((p) => p.code)).toEqual(['sim_card_kyc']);

    const added = await registerVerifier({
      ...app.deps,
      verifier: {
        name: 'Acme Bank',
        grievanceContact: 'grievance@acme.example',
        purpose: {
          code: 'open_account',
          textEn: 'Open an account',
          textHi: 'खाता खोलना',
          claims: { pan: ['name'] },
          retentionDays: 365,
        },
      },
    });
    const acme = verifierOrganisationSchema.parse((await me(added.apiKey)).json());
    expect(acme.purposes).toEqual([
      {
        code: 'open_account',
        text: 'Open an account',
        text_hi: 'खाता खोलना',
        retention_days: 365,
        claims: { pan: ['name'] },
      },
    ]);
  });

  it('answers 401 without a key, with an unknown key and with a revoked key', async () => {
    expectProblem(await me(), 'unauthenticated');
    expectProblem(
      await me(`pvk_00000000_${randomBytes(32).toString('base64url')}`),
      'unauthenticated',
    );
    const { apiKey, prefix } = await createVerifierApiKey({
      ...app.deps,
      verifierName: 'LIC of India',
    });
    expect((await me(apiKey)).statusCode).toBe(200);
    await app.deps.db
      .update(verifierApiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(verifierApiKeys.prefix, prefix));
    expectProblem(await me(apiKey), 'unauthenticated');
  });
});
