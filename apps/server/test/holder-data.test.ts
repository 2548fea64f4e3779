/**
 * The holder's data: credentials, issuance, consent requests, activity logs (SPEC 3, 5, 7 and 9,
 * DECISIONS 4, api-contract), on every backend.
 */
import { randomBytes } from 'node:crypto';
import {
  activityLogListSchema,
  consentRequestListSchema,
  credentialIdFromDocumentId,
  credentialListSchema,
  credentialRecordSchema,
  ISSUABLE_DOCUMENT_TYPES,
  MESSAGES,
  maskField,
  SAMPLE_USERS,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { credentials } from '../src/db/schema';
import { AppError } from '../src/lib/errors';
import { generateCredential } from '../src/wallet/generate-credential';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const yearsLater = (date: Date, years: number) => {
  const later = new Date(date);
  later.setUTCFullYear(later.getUTCFullYear() + years);
  return later;
};

describe.each(backends)('holder data on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) });
    token = await loginDemo(app);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  // Activity is listed newest first; distinct instants keep that order well defined.
  beforeEach(() => clock.advance(1000));

  const get = (url: string, auth = token) => app.inject({ url, headers: bearer(auth) });
  const generate = (query: string, auth = token) =>
    app.inject({
      method: 'POST',
      url: `/identity/generate-credential?${query}`,
      headers: bearer(auth),
    });

  it('lists the three seeded pending consent requests of user-001', async () => {
    const response = await get('/user/user-001/consent-requests');
    expect(response.statusCode).toBe(200);
    const body = consentRequestListSchema.parse(response.json());
    expect(body.count).toBe(3);
    expect(body.user_id).toBe('user-001');
    expect(body.consent_requests.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    expect(body.consent_requests.every((r) => r.userId === 'user-001')).toBe(true);
    expect(body.consent_requests[0]).toMatchObject({
      requester: expect.any(String),
      purpose: expect.any(String),
      fields: expect.arrayContaining(['Name']),
      status_updated_at: null,
      status_updated_by: null,
      last_viewed: null,
    });
  });

  it('lists no consent requests for another holder', async () => {
    const other = await loginDemo(app, SECONDARY);
    const response = await get('/user/user-002/consent-requests', other);
    expect(response.json()).toEqual({ consent_requests: [], count: 0, user_id: 'user-002' });
  });

  it('starts with only the Basic Identity, issued at login: permanent, 10 years, signed', async () => {
    const response = await get('/user/user-001/credentials');
    expect(response.statusCode).toBe(200);
    const body = credentialListSchema.parse(response.json());
    expect(body).toMatchObject({ count: 1, user_id: 'user-001' });
    const [basic] = body.credentials;
    expect(basic).toMatchObject({
      permanent: true,
      issuer: 'Digital Identity System',
      type: ['VerifiableCredential', 'BasicIdentityCredential'],
      proof: { type: 'DataIntegrityProof', cryptosuite: 'eddsa-jcs-2022' },
    });
    const issued = new Date(basic?.issuance_date ?? '');
    expect(basic?.expiration_date).toBe(isoSeconds(yearsLater(issued, 10)));
    const logs = (await get('/user/user-001/activity-logs')).json().activity_logs;
    expect(logs.map((log: { type: string }) => log.type)).toContain('basic_identity_created');
  });

  it('lists activity with the login entry, newest first', async () => {
    const response = await get('/user/user-001/activity-logs');
    const body = activityLogListSchema.parse(response.json());
    expect(body.user_id).toBe('user-001');
    expect(body.count).toBeGreaterThanOrEqual(1);
    // The login and the Basic Identity issued with it share one instant: either may list first.
    const newest = body.activity_logs.filter(
      (log) => log.timestamp === body.activity_logs[0]?.timestamp,
    );
    expect(newest.map((log) => log.type).sort()).toEqual(['basic_identity_created', 'login']);
    expect(newest.find((log) => log.type === 'login')).toMatchObject({
      userId: 'user-001',
      last_viewed: null,
    });
  });

  it('generates a PAN credential that persists and appears in the list', async () => {
    const before = (await get('/storage/status')).json().stats.collections;
    const response = await generate('user_id=user-001&document_type=pan');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Credential generated successfully');
    expect(body.credential_id).toMatch(/^cred-[0-9a-f]{32}$/);
    const credential = credentialRecordSchema.parse(body.credential);
    const user = SAMPLE_USERS[0];
    expect(credential).toEqual({
      id: body.credential_id,
      userId: 'user-001',
      type: ['VerifiableCredential', 'PanCardCredential'],
      issuer: 'Income Tax Department',
      issuance_date: isoSeconds(clock.now()),
      expiration_date: isoSeconds(yearsLater(clock.now(), 5)),
      credential_subject: {
        // Bound to the holder's own key (DECISIONS 8: received over OpenID4VCI).
        id: expect.stringMatching(/^did:key:z6Mk\w+$/),
        name: user?.name,
        document_type: 'PAN Card',
        // The record as the list answers it: identity numbers masked (DECISIONS 9.6).
        pan_number: maskField('pan_number', user?.panNumber),
        date_of_birth: user?.dateOfBirth,
        father_name: user?.fatherName,
      },
      proof: {
        type: 'DataIntegrityProof',
        cryptosuite: 'eddsa-jcs-2022',
        created: isoSeconds(clock.now()),
        verificationMethod: expect.stringMatching(/^did:key:z6Mk\w+#z6Mk\w+$/),
        proofPurpose: 'assertionMethod',
        proofValue: expect.stringMatching(/^z\w{80,90}$/),
        signature: body.credential.proof.proofValue,
        '@context': ['https://www.w3.org/ns/credentials/v2'],
      },
      permanent: false,
      last_viewed: null,
      public_link: true,
      // Checked on arrival at the issuer's status list (docs/status-lists.md).
      status: { value: 'valid', checked_at: expect.any(String) },
    });
    expect(body.verifiable_credential).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      // The issuer's id as issued (status lists); the card is named after it.
      id: expect.stringMatching(/^urn:uuid:/),
      issuer: { id: expect.stringMatching(/^did:key:z6Mk/), name: 'Income Tax Department' },
      credentialSubject: { ...credential.credential_subject, pan_number: user?.panNumber },
      proof: { proofValue: credential.proof?.proofValue },
    });

    expect(credentialIdFromDocumentId(body.verifiable_credential.id)).toBe(body.credential_id);

    const list = credentialListSchema.parse((await get('/user/user-001/credentials')).json());
    expect(list.count).toBe(2);
    expect(list.credentials[1]).toEqual(credential);

    const after = (await get('/storage/status')).json().stats.collections;
    expect(after.credentials).toBe(before.credentials + 1);
    expect(after.activity_logs).toBe(before.activity_logs + 1);

    const logs = (await get('/user/user-001/activity-logs')).json().activity_logs;
    expect(logs[0]).toMatchObject({
      type: 'credential_generated',
      description: 'Generated PAN Card credential',
    });
  });

  it("accepts SPEC 3's names, case-insensitive, and answers the type by that name", async () => {
    // Already held (issued above as 'pan'): the name resolves to the same type.
    for (const name of ['PAN%20Card', 'pan+card', 'PAN', '%20Pan%20%20Card%20']) {
      const response = await generate(`user_id=user-001&document_type=${name}`);
      expectProblem(response, 'duplicate_document', MESSAGES.duplicateDocument('PAN Card'));
    }
    const response = await generate('user_id=user-001&document_type=Voter%20ID%20Card');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      document_type: 'Voter ID Card',
      credential: { credential_subject: { document_type: 'Voter ID Card' } },
    });
  });

  it('refuses a second credential of the same type (409, SPEC 5 message)', async () => {
    const response = await generate('user_id=user-001&document_type=pan');
    expectProblem(
      response,
      'duplicate_document',
      'You already have a PAN Card. Only one document of each type is allowed.',
    );
    expect(response.json().detail).toBe(MESSAGES.duplicateDocument('PAN Card'));
    // The type held, as its catalogue key: the client names it in the holder's language.
    expect(response.json().document_type).toBe('pan');
  });

  it('stores the credential document encrypted (it holds personal data)', async () => {
    const [row] = await app.deps.db
      .select()
      .from(credentials)
      .where(eq(credentials.userId, 'user-001'));
    expect(row?.documentCiphertext).toMatch(/^v1\./);
    expect(row?.documentCiphertext).not.toContain(SAMPLE_USERS[0]?.panNumber);
  });

  it('issues an Aadhaar credential with the full number in its signed document, masked in its record', async () => {
    const response = await generate('user_id=user-001&document_type=aadhaar');
    expect(response.statusCode).toBe(200);
    expect(response.json().verifiable_credential.credentialSubject).toMatchObject({
      aadhaar_number: PRIMARY.aadhaarNumber,
      document_type: 'Aadhaar Card',
      nationality: 'Indian',
    });
    expect(response.json().credential.credential_subject).toMatchObject({
      aadhaar_number: `XXXX XXXX ${PRIMARY.aadhaarNumber.slice(8)}`,
      document_type: 'Aadhaar Card',
      nationality: 'Indian',
    });
  });

  it('picks a random issuable type the holder lacks when document_type is absent', async () => {
    const held = new Set(['pan', 'aadhaar']);
    const response = await generate('user_id=user-001');
    expect(response.statusCode).toBe(200);
    const name: string = response.json().credential.credential_subject.document_type;
    const type = ISSUABLE_DOCUMENT_TYPES.find((t) => t.name === name);
    expect(type).toBeDefined();
    expect(held.has(type?.key ?? '')).toBe(false);
  });

  it('refuses a second Basic Identity (the automatic one is already held)', async () => {
    const response = await generate('user_id=user-001&document_type=basic_identity');
    expectProblem(response, 'duplicate_document', MESSAGES.duplicateDocument('Basic Identity'));
  });

  it.each([
    [
      'an unknown document type',
      'user_id=user-001&document_type=diploma',
      /Unknown document_type/,
      '/querystring/document_type',
    ],
    ['a missing user_id', 'document_type=pan', /^user_id is required$/, '/querystring/user_id'],
  ])('answers 400 for %s, naming the field', async (_label, query, detail, pointer) => {
    const response = await generate(query);
    expectProblem(response, 'invalid_request', expect.stringMatching(detail), [
      { pointer, code: expect.any(String) },
    ]);
  });

  it('accepts an empty JSON body on generate-credential (the client sends the header)', async () => {
    const other = await loginDemo(app, SECONDARY);
    const response = await app.inject({
      method: 'POST',
      url: '/identity/generate-credential?user_id=user-002&document_type=ckyc',
      headers: { ...bearer(other), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 for generate-credential without a token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/identity/generate-credential?user_id=user-001&document_type=passport',
    });
    expect(response.statusCode).toBe(401);
  });

  it('the service answers User not found for an unknown holder', async () => {
    const attempt = generateCredential({ ...app.deps, userId: 'user-999', documentType: 'pan' });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      code: 'user_not_found',
      statusCode: 404,
      detail: 'User not found',
    });
  });

  it('answers 409 once every issuable type is held and none is chosen', async () => {
    const other = await loginDemo(app, SECONDARY);
    for (const type of ISSUABLE_DOCUMENT_TYPES) {
      await generate(`user_id=user-002&document_type=${type.key}`, other);
    }
    const response = await generate('user_id=user-002', other);
    expectProblem(response, 'duplicate_document', expect.stringContaining('already have a'));
    // No one type is held twice here: no type is named.
    expect(response.json()).not.toHaveProperty('document_type');
    const list = (await get('/user/user-002/credentials', other)).json();
    expect(list.count).toBe(ISSUABLE_DOCUMENT_TYPES.length + 1); // + the Basic Identity
  });
});
