/**
 * Signed credentials (DECISIONS 4, api-contract "Credentials, signing and verification") on every
 * backend: issuer keys, delete and order rules, the signed document, public verification by id, the
 * W3C VC API POST /credentials/verify, tamper detection and expiry under a controllable clock.
 */
import { randomBytes } from 'node:crypto';
import {
  credentialIdFromDocumentId,
  credentialListSchema,
  ISSUERS,
  maskCredentialSubject,
  verifyCredential,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { credentials, issuerKeys } from '../src/db/schema';
import { CONSENT_REGISTRY_KEY } from '../src/lib/issuer-keys';
import { credentialAad } from '../src/lib/records';
import { bearer, buildTestApp, loginDemo, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem, expectRefusal } from './helpers/problem';

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

describe.each(backends)('signed credentials on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  const clock = new TestClock();
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey });
    token = await loginDemo(app);
    otherToken = await loginDemo(app, SECONDARY);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const get = (url: string, auth = token) => app.inject({ url, headers: bearer(auth) });
  const generate = async (type: string, auth = token, user = 'user-001') => {
    const response = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${user}&document_type=${type}`,
      headers: bearer(auth),
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const list = async (auth = token, user = 'user-001') =>
    credentialListSchema.parse((await get(`/user/${user}/credentials`, auth)).json());

  it('gives each SPEC 3 issuer its own did:key, private key encrypted, kept across restarts', async () => {
    const all = await app.deps.db.select().from(issuerKeys);
    // The consent registry's key (receipts) lives beside them but is never a trusted issuer.
    expect(all.map((row) => row.issuer).sort()).toEqual([...ISSUERS, CONSENT_REGISTRY_KEY].sort());
    const rows = all.filter((row) => row.issuer !== CONSENT_REGISTRY_KEY);
    expect(new Set(rows.map((row) => row.did)).size).toBe(ISSUERS.length);
    for (const row of rows) {
      expect(row.did).toMatch(/^did:key:z6Mk[1-9A-HJ-NP-Za-km-z]+$/);
      expect(row.privateKeyCiphertext).toMatch(/^v1\./);
    }
    expect([...app.deps.issuers.trustedIssuers].sort()).toEqual(rows.map((r) => r.did).sort());
    const again = await buildTestApp(opened.database, { now: clock.now, masterKey });
    try {
      expect([...again.deps.issuers.trustedIssuers].sort()).toEqual(
        [...app.deps.issuers.trustedIssuers].sort(),
      );
    } finally {
      await again.close();
    }
  });

  it('issues documents that core verifyCredential accepts, signed by the type issuer', async () => {
    const body = await generate('voter_id');
    const document = body.verifiable_credential;
    expect(document.issuer).toEqual({
      id: app.deps.issuers.get('Election Commission of India').did,
      name: 'Election Commission of India',
    });
    expect(document.proof.verificationMethod).toBe(
      app.deps.issuers.get('Election Commission of India').verificationMethod,
    );
    const verdict = await verifyCredential(document, {
      trustedIssuers: app.deps.issuers.trustedIssuers,
      now: clock.now(),
    });
    expect(verdict.status).toBe('verified');
  });

  it('GET .../credentials/{id}/document answers the stored signed document', async () => {
    const { credentials: held } = await list();
    const voter = held.find((c) => c.type.includes('VoterIdCredential'));
    const response = await get(`/user/user-001/credentials/${voter?.id}/document`);
    expect(response.statusCode).toBe(200);
    const { verifiable_credential: document } = response.json();
    // The issuer's id as issued (status lists); the card is named after it.
    expect(document.id).toMatch(/^urn:uuid:/);
    expect(credentialIdFromDocumentId(document.id)).toBe(voter?.id);
    expect(document.proof.proofValue).toBe(voter?.proof?.proofValue);
    // The signed document holds the numbers as issued; the list answers them masked (DECISIONS 9.6).
    expect(maskCredentialSubject(document.credentialSubject)).toEqual(voter?.credential_subject);
    expect(document.credentialSubject.voter_id).toMatch(/^[A-Z]{3}\d{7}$/);
    expect(voter?.credential_subject.voter_id).toBe('DLHXXXXX67');

    const missing = await get('/user/user-001/credentials/cred-nope/document');
    expectProblem(missing, 'credential_not_found', 'Credential not found');
    // Another holder's credential id under one's own path: not found, never its document.
    const other = await get(`/user/user-002/credentials/${voter?.id}/document`, otherToken);
    expect(other.statusCode).toBe(404);
    const forbidden = await get(`/user/user-001/credentials/${voter?.id}/document`, otherToken);
    expect(forbidden.statusCode).toBe(403);
  });

  it('DELETE: Basic Identity 400, unknown 404, another user 403, others deleted and logged', async () => {
    const { credentials: held } = await list();
    const basic = held.find((c) => c.permanent);
    const del = (id: string, user = 'user-001', auth = token) =>
      app.inject({
        method: 'DELETE',
        url: `/user/${user}/credentials/${id}`,
        headers: bearer(auth),
      });

    const permanent = await del(basic?.id ?? '');
    expectProblem(
      permanent,
      'invalid_input',
      'Basic Identity credential is permanent and cannot be deleted',
    );
    expectProblem(
      await del('cred-00000000000000000000000000000000'),
      'credential_not_found',
      'Credential not found',
    );

    const pan = await generate('pan');
    expect((await del(pan.credential_id, 'user-001', otherToken)).statusCode).toBe(403);
    expect((await del(pan.credential_id, 'user-002', otherToken)).statusCode).toBe(404);

    clock.advance(1000);
    const deleted = await del(pan.credential_id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({
      message: 'Credential deleted successfully',
      credential_id: pan.credential_id,
    });
    expect((await list()).credentials.map((c) => c.id)).not.toContain(pan.credential_id);
    const logs = (await get('/user/user-001/activity-logs')).json().activity_logs;
    expect(logs[0]).toMatchObject({
      type: 'credential_deleted',
      description: 'Deleted PAN Card credential',
    });
  });

  it('PUT .../credentials/order stores the order; the Basic Identity stays first', async () => {
    const a = await generate('passport');
    const b = await generate('ckyc');
    const { credentials: before } = await list();
    const basicId = before[0]?.id ?? '';
    const others = before.slice(1).map((c) => c.id);
    const wanted = [b.credential_id, basicId, a.credential_id];
    const response = await app.inject({
      method: 'PUT',
      url: '/user/user-001/credentials/order',
      headers: bearer(token),
      payload: { credential_ids: wanted },
    });
    expect(response.statusCode).toBe(200);
    const rest = others.filter((id) => id !== a.credential_id && id !== b.credential_id);
    const stored = [basicId, b.credential_id, a.credential_id, ...rest];
    expect(response.json()).toEqual({ credential_ids: stored });
    const after = await list();
    expect(after.credentials.map((c) => c.id)).toEqual(stored);
    expect(after.credentials.map((c) => c.position)).toEqual(stored.map((_, i) => i));

    const unknown = await app.inject({
      method: 'PUT',
      url: '/user/user-001/credentials/order',
      headers: bearer(token),
      payload: { credential_ids: ['cred-unknown'] },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'PUT',
      url: '/user/user-001/credentials/order',
      headers: bearer(token),
      payload: { credential_ids: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('GET /api/verify/{id}: public verdict with the name and masked identifiers only', async () => {
    const aadhaar = await generate('aadhaar');
    const response = await app.inject({ url: `/api/verify/${aadhaar.credential_id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      credential_id: aadhaar.credential_id,
      verified: true,
      status: 'verified',
      checks: { signature: true, trusted_issuer: true, validity: true },
      errors: [],
      credential: {
        id: aadhaar.credential_id,
        type: ['VerifiableCredential', 'AadhaarCredential'],
        issuer: 'UIDAI',
        issuer_id: app.deps.issuers.get('UIDAI').did,
        // Days only (DECISIONS 9.6): no time of day to tie the holder's links together.
        issuance_date: aadhaar.credential.issuance_date.slice(0, 10),
        expiration_date: aadhaar.credential.expiration_date.slice(0, 10),
        document_type: 'Aadhaar Card',
      },
    });
    expect(body).not.toHaveProperty('verifiable_credential');
    expect(Object.keys(body.credential.credential_subject_masked).sort()).toEqual([
      'aadhaar_number',
      'document_type',
      'name',
      'phone',
    ]);
    const masked: string = body.credential.credential_subject_masked.aadhaar_number;
    expect(masked).toMatch(/^XXXX XXXX \d{4}$/);
    expect(JSON.stringify(body.credential)).not.toContain(
      aadhaar.verifiable_credential.credentialSubject.aadhaar_number,
    );

    const missing = await app.inject({ url: '/api/verify/cred-00000000000000000000000000000000' });
    expectProblem(missing, 'credential_not_found', 'Credential not found');
  });

  it('a changed byte in a stored document subject gives invalid_signature', async () => {
    const dl = await generate('driving_license');
    const id: string = dl.credential_id;
    const [row] = await app.deps.db.select().from(credentials).where(eq(credentials.id, id));
    const text = app.deps.vault.decrypt(row?.documentCiphertext ?? '', credentialAad(id));
    const name: string = dl.verifiable_credential.credentialSubject.name;
    const changedName = `${name.slice(0, -1)}${name.endsWith('a') ? 'b' : 'a'}`;
    const tampered = text.replace(`"name":"${name}"`, `"name":"${changedName}"`);
    expect(tampered).not.toBe(text);
    await app.deps.db
      .update(credentials)
      .set({ documentCiphertext: app.deps.vault.encrypt(tampered, credentialAad(id)) })
      .where(eq(credentials.id, id));
    const body = (await app.inject({ url: `/api/verify/${id}` })).json();
    expect(body).toMatchObject({
      verified: false,
      status: 'invalid_signature',
      checks: { signature: false, trusted_issuer: true, validity: true },
    });
    expect(body.errors.length).toBeGreaterThan(0);
  });

  describe('POST /credentials/verify (W3C VC API)', () => {
    const verify = (payload: unknown) =>
      app.inject({ method: 'POST', url: '/credentials/verify', payload: payload as object });

    it('200 with the verdict for a valid credential', async () => {
      const body = await generate('birth_certificate');
      const response = await verify({
        verifiableCredential: body.verifiable_credential,
        options: {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        verified: true,
        status: 'verified',
        checks: { signature: true, trusted_issuer: true, validity: true, status: true },
        credential_status: { value: 'valid', checked_at: expect.any(String) },
        errors: [],
        warnings: [],
        trust: {
          issuer: body.verifiable_credential.issuer.id,
          name: 'Municipal Corporation',
          trusted: true,
        },
      });
    });

    it('422 (or 400 when malformed) problem with the verdict when it does not verify', async () => {
      const { credentials: held } = await list();
      const document = (await get(`/user/user-001/credentials/${held[0]?.id}/document`)).json()
        .verifiable_credential;
      document.credentialSubject.name = 'Someone Else';
      const changed = await verify({ verifiableCredential: document });
      expectProblem(changed, 'credential_not_verified');
      expect(changed.json()).toMatchObject({
        verified: false,
        verification: {
          verified: false,
          status: 'invalid_signature',
          checks: { signature: false },
        },
      });
      const { proof: _proof, ...unsigned } = document;
      const noProof = await verify({ verifiableCredential: unsigned });
      expectRefusal(noProof, 'credential_not_verified', 'The credential has no proof');
      expect(noProof.json().verification.status).toBe('invalid_signature');
      const notVc = await verify({ verifiableCredential: { hello: 'world' } });
      expectProblem(notVc, 'invalid_credential');
      expect(notVc.json().verification.status).toBe('malformed');
    });

    it('400 for a malformed body', async () => {
      for (const payload of [{}, { verifiableCredential: 'x' }, { verifiableCredential: [1] }]) {
        const response = await verify(payload);
        expectProblem(response, 'invalid_request');
      }
    });
  });

  it('another holder cannot list or issue for user-001 (403)', async () => {
    expect((await get('/user/user-001/credentials', otherToken)).statusCode).toBe(403);
    const response = await app.inject({
      method: 'POST',
      url: '/identity/generate-credential?user_id=user-001&document_type=pan',
      headers: bearer(otherToken),
    });
    expect(response.statusCode).toBe(403);
  });

  it('a holder listed without a login still gets a Basic Identity', async () => {
    const { credentials: held } = await list(otherToken, 'user-002');
    expect(held[0]).toMatchObject({ permanent: true });
    expect(held.filter((c) => c.permanent)).toHaveLength(1);
  });
});

describe.each(backends)('credential expiry on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  it('GET /api/verify says expired once validUntil (5 years) has passed', async () => {
    const token = await loginDemo(app);
    const response = await app.inject({
      method: 'POST',
      url: '/identity/generate-credential?user_id=user-001&document_type=pan',
      headers: bearer(token),
    });
    const id: string = response.json().credential_id;
    expect((await app.inject({ url: `/api/verify/${id}` })).json().status).toBe('verified');
    clock.advance(5 * YEAR_MS + 24 * 3600 * 1000);
    const body = (await app.inject({ url: `/api/verify/${id}` })).json();
    expect(body).toMatchObject({
      verified: false,
      status: 'expired',
      checks: { signature: true, trusted_issuer: true, validity: false },
    });
    expect(body.errors[0]).toMatch(/expired on/);
  });
});
