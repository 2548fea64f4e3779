/**
 * Share links (docs/api-contract.md "Share links") on every backend: a holder makes a link that
 * discloses only the fields they chose, for 1h/1d/7d/30d, with an optional view limit; every
 * view is counted and logged; a link can be withdrawn; lists and withdrawals are the holder's
 * only. The bare /verify/{credentialId} answer discloses only the name and masked identifiers,
 * and no public route shows a sample user's full Aadhaar number, mobile or PAN unless a share
 * named it in full_values (DECISIONS 9.6; identity-masking.test.ts tests that choice).
 */
import { findSampleUser, maskField, SHARE_LIFETIME_MS } from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  HOUR_MS,
  loginDemo,
  PRIMARY,
  SECONDARY,
  TestClock,
} from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const ORIGIN = 'https://pehchaan.example';
const holder = findSampleUser(PRIMARY.userId);
if (!holder) throw new Error('sample user-001 missing');
/** The full numbers no public answer may hold unless a share disclosed them. */
const SECRETS = {
  aadhaar: holder.aadhaarId,
  phone: holder.phone,
  pan: holder.panNumber,
} as const;

describe.each(backends)('share links on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  const clock = new TestClock();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, publicOrigin: ORIGIN });
    token = await loginDemo(app);
    otherToken = await loginDemo(app, SECONDARY);
    for (const type of ['aadhaar', 'pan', 'birth_certificate']) {
      const response = await app.inject({
        method: 'POST',
        url: `/identity/generate-credential?user_id=${PRIMARY.userId}&document_type=${type}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      ids[type] = response.json().credential_id;
    }
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const create = (payload: object, auth = token, userId = PRIMARY.userId) =>
    app.inject({
      method: 'POST',
      url: `/user/${userId}/shares`,
      headers: bearer(auth),
      payload,
    });
  const share = async (payload: Record<string, unknown>) => {
    const response = await create({ lifetime: '7d', ...payload });
    expect(response.statusCode).toBe(201);
    return response.json().share;
  };
  const listShares = async (auth = token, userId = PRIMARY.userId) =>
    app.inject({ url: `/user/${userId}/shares`, headers: bearer(auth) });
  const withdraw = (shareId: string, auth = token, userId = PRIMARY.userId) =>
    app.inject({
      method: 'POST',
      url: `/user/${userId}/shares/${shareId}/withdraw`,
      headers: bearer(auth),
    });
  const view = (id: string) => app.inject({ url: `/api/verify/${id}` });
  const activity = async () =>
    (
      await app.inject({ url: `/user/${PRIMARY.userId}/activity-logs`, headers: bearer(token) })
    ).json().activity_logs as { type: string; description: string }[];

  it('creates a share with its own unguessable id and a link under PUBLIC_ORIGIN', async () => {
    const created = await create({
      credential_id: ids.pan,
      fields: ['name', 'date_of_birth'],
      lifetime: '1d',
      max_views: 3,
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.message).toBe('Share link created');
    expect(body.share).toMatchObject({
      credential_id: ids.pan,
      document_type: 'PAN Card',
      fields: ['name', 'date_of_birth'],
      created_at: clock.now().toISOString(),
      expires_at: new Date(clock.now().getTime() + SHARE_LIFETIME_MS['1d']).toISOString(),
      max_views: 3,
      views: 0,
      withdrawn_at: null,
      status: 'active',
    });
    expect(body.share.id).toMatch(/^share-[0-9a-f]{32}$/);
    expect(body.share.url).toBe(`${ORIGIN}/verify/${body.share.id}`);
  });

  it('refuses a field the credential lacks, a bad lifetime, no fields, and a credential of another holder', async () => {
    expectProblem(
      await create({ credential_id: ids.pan, fields: ['address'], lifetime: '7d' }),
      'invalid_input',
      'This credential has no field named address',
    );
    expectProblem(
      await create({ credential_id: ids.pan, fields: ['name'], lifetime: '2d' }),
      'invalid_request',
    );
    expectProblem(
      await create({ credential_id: ids.pan, fields: [], lifetime: '7d' }),
      'invalid_request',
    );
    expectProblem(
      await create({ credential_id: ids.pan, fields: ['name'], lifetime: '7d', max_views: 0 }),
      'invalid_request',
    );
    // SECONDARY cannot share PRIMARY's credential from their own path.
    expectProblem(
      await create(
        { credential_id: ids.pan, fields: ['name'], lifetime: '7d' },
        otherToken,
        SECONDARY.userId,
      ),
      'credential_not_found',
      'Credential not found',
    );
  });

  it("lists the holder's shares only, newest first; another holder can neither list nor withdraw them", async () => {
    const mine = await share({ credential_id: ids.aadhaar, fields: ['name'] });
    const listed = await listShares();
    expect(listed.statusCode).toBe(200);
    const body = listed.json();
    expect(body.user_id).toBe(PRIMARY.userId);
    expect(body.shares[0].id).toBe(mine.id);
    expect(body.count).toBe(body.shares.length);
    expect(
      body.shares.every((s: { credential_id: string }) =>
        Object.values(ids).includes(s.credential_id),
      ),
    ).toBe(true);

    const theirs = (await listShares(otherToken, SECONDARY.userId)).json();
    expect(theirs.shares).toEqual([]);
    expectProblem(await listShares(otherToken), 'forbidden');
    expectProblem(await withdraw(mine.id, otherToken), 'forbidden');
    expectProblem(
      await withdraw(mine.id, otherToken, SECONDARY.userId),
      'share_not_found',
      'Share link not found',
    );
    expect((await view(mine.id)).statusCode).toBe(200);
  });

  it('shows a stranger only the chosen fields, counts each view and logs it for the holder', async () => {
    const s = await share({ credential_id: ids.aadhaar, fields: ['name', 'date_of_birth'] });
    const first = await view(s.id);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      credential_id: s.id,
      verified: true,
      status: 'verified',
      credential: { id: s.id, issuer: 'UIDAI', document_type: 'Aadhaar Card' },
      disclosed: { name: holder.name, date_of_birth: holder.dateOfBirth },
      share: { id: s.id, views: 1, max_views: null, expires_at: s.expires_at },
    });
    expect(Object.keys(body.disclosed).sort()).toEqual(['date_of_birth', 'name']);
    expect(Object.keys(body.credential.credential_subject_masked).sort()).toEqual([
      'date_of_birth',
      'document_type',
      'name',
    ]);
    expect(body).not.toHaveProperty('verifiable_credential');
    for (const secret of [...Object.values(SECRETS), holder.address, ids.aadhaar]) {
      expect(first.body).not.toContain(secret);
    }

    expect((await view(s.id)).json().share.views).toBe(2);
    const listed = (await listShares()).json().shares.find((x: { id: string }) => x.id === s.id);
    expect(listed.views).toBe(2);
    const logs = await activity();
    expect(logs[0]).toMatchObject({
      type: 'credential_viewed',
      description: 'Your Aadhaar Card link was viewed',
    });
    expect(logs.filter((l) => l.type === 'credential_viewed').length).toBeGreaterThanOrEqual(2);
  });

  it('a share that discloses the Aadhaar number shows it masked unless named in full_values (DECISIONS 9.6)', async () => {
    const s = await share({ credential_id: ids.aadhaar, fields: ['aadhaar_number'] });
    const body = (await view(s.id)).json();
    expect(body.credential.credential_subject_masked.aadhaar_number).toBe(
      `XXXX XXXX ${SECRETS.aadhaar.slice(8)}`,
    );
    expect(body.disclosed).toEqual({ aadhaar_number: `XXXX XXXX ${SECRETS.aadhaar.slice(8)}` });
    const full = await share({
      credential_id: ids.aadhaar,
      fields: ['aadhaar_number'],
      full_values: ['aadhaar_number'],
    });
    expect((await view(full.id)).json().disclosed).toEqual({ aadhaar_number: SECRETS.aadhaar });
  });

  it('refuses a view past the limit and does not count it', async () => {
    const s = await share({ credential_id: ids.pan, fields: ['name'], max_views: 2 });
    expect((await view(s.id)).statusCode).toBe(200);
    expect((await view(s.id)).json().share).toMatchObject({ views: 2, max_views: 2 });
    expectProblem(await view(s.id), 'share_used_up', 'This link has reached its view limit');
    const listed = (await listShares()).json().shares.find((x: { id: string }) => x.id === s.id);
    expect(listed).toMatchObject({ views: 2, status: 'used_up' });
  });

  it('answers Credential expired once the lifetime has passed (test clock)', async () => {
    const s = await share({ credential_id: ids.pan, fields: ['name'], lifetime: '1h' });
    clock.advance(HOUR_MS - 2000);
    expect((await view(s.id)).statusCode).toBe(200);
    clock.advance(2000);
    expectProblem(await view(s.id), 'share_expired', 'Credential expired');
    expectProblem(
      await app.inject({ url: `/api/verify/${s.id}/payload` }),
      'share_expired',
      'Credential expired',
    );
    // The sessions idled out meanwhile (30 minutes).
    token = await loginDemo(app);
    otherToken = await loginDemo(app, SECONDARY);
    const listed = (await listShares()).json().shares.find((x: { id: string }) => x.id === s.id);
    expect(listed).toMatchObject({ views: 1, status: 'expired' });
  });

  it('withdrawal stops the link at once, also after it was viewed; withdrawing again changes nothing', async () => {
    const s = await share({ credential_id: ids.pan, fields: ['name', 'pan_number'] });
    const before = await view(s.id);
    expect(before.json().disclosed.pan_number).toBe(maskField('pan_number', SECRETS.pan));
    const withdrawn = await withdraw(s.id);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({
      message: 'Share link withdrawn',
      share: { id: s.id, status: 'withdrawn', withdrawn_at: clock.now().toISOString() },
    });
    expectProblem(await view(s.id), 'share_withdrawn', 'The holder withdrew this link');
    expectProblem(await view(s.id), 'share_withdrawn', 'The holder withdrew this link');
    expectProblem(await app.inject({ url: `/api/verify/${s.id}/payload` }), 'share_withdrawn');
    clock.advance(1000);
    const again = await withdraw(s.id);
    expect(again.json().share.withdrawn_at).toBe(withdrawn.json().share.withdrawn_at);
    expectProblem(await withdraw('share-0000'), 'share_not_found');
    expectProblem(await view('share-00000000000000000000000000000000'), 'credential_not_found');
  });

  it('deleting the credential ends its links', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${PRIMARY.userId}&document_type=voter_id`,
      headers: bearer(token),
    });
    const voterId: string = response.json().credential_id;
    const s = await share({ credential_id: voterId, fields: ['name'] });
    await app.inject({
      method: 'DELETE',
      url: `/user/${PRIMARY.userId}/credentials/${voterId}`,
      headers: bearer(token),
    });
    expectProblem(await view(s.id), 'credential_not_found');
  });

  it('the bare credential id answers the verdict, issuer, dates, name and masked identifiers only', async () => {
    for (const type of ['aadhaar', 'pan', 'birth_certificate']) {
      const response = await view(ids[type] ?? '');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ verified: true, status: 'verified' });
      expect(body).not.toHaveProperty('verifiable_credential');
      expect(body).not.toHaveProperty('disclosed');
      const subject = body.credential.credential_subject_masked;
      expect(subject.name).toBe(holder.name);
      for (const field of ['date_of_birth', 'address', 'father_name', 'mother_name', 'gender']) {
        expect(subject, `${type} ${field}`).not.toHaveProperty(field);
      }
      for (const secret of [
        holder.dateOfBirth,
        holder.address,
        holder.fatherName,
        holder.motherName,
        holder.birthRegistrationNumber,
        ...Object.values(SECRETS),
      ]) {
        expect(response.body, `${type}`).not.toContain(secret);
      }
    }
    const aadhaar = (await view(ids.aadhaar ?? '')).json().credential.credential_subject_masked;
    expect(aadhaar.aadhaar_number).toBe(`XXXX XXXX ${SECRETS.aadhaar.slice(8)}`);
    expect(aadhaar.phone).toMatch(/^\d{2}X{6}\d{2}$/);
  });

  it('the JSON form is the SPEC 3 QR payload, identifiers masked, only what the link discloses', async () => {
    const s = await share({
      credential_id: ids.aadhaar,
      fields: ['name', 'aadhaar_number', 'address'],
    });
    const response = await app.inject({ url: `/api/verify/${s.id}/payload` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      type: 'digital_credential',
      version: '1.0',
      credential_id: s.id,
      document_type: 'Aadhaar Card',
      issuer: 'UIDAI',
      issuance_date: expect.any(String),
      expiration_date: expect.any(String),
      subject: {
        name: holder.name,
        aadhaar_number: `XXXX XXXX ${SECRETS.aadhaar.slice(8)}`,
        address: holder.address,
      },
      verification_url: `${ORIGIN}/verify/${s.id}`,
      timestamp: clock.now().toISOString(),
    });
    const listed = (await listShares()).json().shares.find((x: { id: string }) => x.id === s.id);
    expect(listed.views).toBe(1);

    const bare = (await app.inject({ url: `/api/verify/${ids.aadhaar}/payload` })).json();
    expect(bare.subject).toEqual({
      name: holder.name,
      aadhaar_number: `XXXX XXXX ${SECRETS.aadhaar.slice(8)}`,
      phone: expect.stringMatching(/^\d{2}X{6}\d{2}$/),
    });
    expect(bare.verification_url).toBe(`${ORIGIN}/verify/${ids.aadhaar}`);
  });

  it('the link itself answers its JSON form to a client that asks for JSON, and counts the view', async () => {
    const s = await share({ credential_id: ids.pan, fields: ['name'] });
    const json = await app.inject({
      url: `/verify/${s.id}`,
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers.vary).toMatch(/Accept/);
    expect(json.headers['cache-control']).toBe('no-store');
    expect(json.json()).toMatchObject({
      type: 'digital_credential',
      credential_id: s.id,
      subject: { name: holder.name },
      verification_url: `${ORIGIN}/verify/${s.id}`,
    });
    expect(Object.keys(json.json().subject)).toEqual(['name']);
    const listed = (await listShares()).json().shares.find((x: { id: string }) => x.id === s.id);
    expect(listed.views).toBe(1);

    // A browser's Accept gets the page (here no web build: the app's 404), and no view is counted.
    const page = await app.inject({
      url: `/verify/${s.id}`,
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(page.headers['content-type']).not.toMatch(/^application\/json/);
    const after = (await listShares()).json().shares.find((x: { id: string }) => x.id === s.id);
    expect(after.views).toBe(1);

    await withdraw(s.id);
    expectProblem(
      await app.inject({ url: `/verify/${s.id}`, headers: { accept: 'application/json' } }),
      'share_withdrawn',
    );
  });

  it('no public route shows a full Aadhaar number, mobile or PAN of a sample user unless a share disclosed it', async () => {
    const narrow = await share({ credential_id: ids.aadhaar, fields: ['name', 'gender'] });
    const narrowPan = await share({ credential_id: ids.pan, fields: ['date_of_birth'] });
    const stored = Object.values(ids);
    const publicCalls: {
      method: 'GET' | 'POST';
      url: string;
      payload?: object;
      headers?: Record<string, string>;
    }[] = [
      ...stored.flatMap((id) => [
        { method: 'GET' as const, url: `/api/verify/${id}` },
        { method: 'GET' as const, url: `/api/verify/${id}/payload` },
      ]),
      ...[narrow.id, narrowPan.id].flatMap((id) => [
        { method: 'GET' as const, url: `/api/verify/${id}` },
        { method: 'GET' as const, url: `/api/verify/${id}/payload` },
      ]),
      { method: 'GET', url: '/api/verify/unknown-id' },
      { method: 'GET', url: '/health' },
      { method: 'GET', url: '/storage/status' },
      { method: 'GET', url: '/verify/unknown-id' },
      { method: 'GET', url: `/verify/${narrow.id}` },
      ...[...stored, narrow.id, narrowPan.id].map((id) => ({
        method: 'GET' as const,
        url: `/verify/${id}`,
        headers: { accept: 'application/json' },
      })),
      { method: 'POST', url: '/credentials/verify', payload: { verifiableCredential: {} } },
      { method: 'POST', url: '/presentations/verify', payload: { verifiablePresentation: {} } },
    ];
    const document = (await app.inject({ url: '/docs/json' })).json();
    for (const [path, operations] of Object.entries(
      document.paths as Record<string, Record<string, { security?: unknown[] }>>,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        if (method !== 'get' || (operation.security?.length ?? 0) > 0) continue;
        if (path.includes('{')) continue;
        publicCalls.push({ method: 'GET', url: path });
      }
    }
    for (const call of publicCalls) {
      const response = await app.inject(call);
      for (const secret of Object.values(SECRETS)) {
        expect(response.body, `${call.method} ${call.url}`).not.toContain(secret);
      }
    }
  });
});
