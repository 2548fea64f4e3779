/**
 * Identity numbers travel masked unless the holder reveals or chooses the full value
 * (DECISIONS 9.6; docs/security.md "Identity numbers"), on every backend:
 * - GET /user/{userId}/credentials answers them masked as the screens show them (Aadhaar last 4
 *   digits, phone two and two, PAN and the others partly hidden); the signed document keeps them;
 * - GET .../credentials/{id}/fields/{field} answers one in full to its holder only, logged as
 *   `credential_field_revealed`, `Cache-Control: no-store`, 20 a holder per 10 minutes;
 * - a share link shows them masked unless named in `full_values`, on the page's JSON and the
 *   QR payload alike;
 * - the bare link /verify/{credentialId} shows the name and masked identifiers only, dates
 *   without a time of day, logs each view for the holder, and answers 410 link_disabled once
 *   its holder turned it off (PUT .../credentials/{id}/public-link).
 */
import { findSampleUser, maskField } from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimitedDetail } from '../src/lib/errors';
import { RATE_LIMITS } from '../src/plugins/rate-limit';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const holder = findSampleUser(PRIMARY.userId);
if (!holder) throw new Error('sample user-001 missing');
const AADHAAR = holder.aadhaarId;
const PHONE = holder.phone;
const PAN = holder.panNumber;
const MASKED = {
  aadhaar: `XXXX XXXX ${AADHAAR.slice(8)}`,
  phone: `${PHONE.slice(0, 2)}XXXXXX${PHONE.slice(8)}`,
  pan: String(maskField('pan_number', PAN)),
};

interface Entry {
  type: string;
  description: string;
  message_code?: string;
  message_params?: Record<string, unknown>;
}

describe.each(backends)('identity numbers on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  const clock = new TestClock();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    opened = await backend.open();
    // Rate limits on, as a deployment has them (the reveal's limit is tested here).
    app = await buildTestApp(opened.database, {
      now: clock.now,
      rateLimits: true,
      publicOrigin: 'https://pehchaan.example',
    });
    token = await loginDemo(app);
    otherToken = await loginDemo(app, SECONDARY);
    for (const type of ['aadhaar', 'pan']) {
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

  const get = (url: string, auth = token) => app.inject({ url, headers: bearer(auth) });
  const reveal = (credentialId: string, field: string, auth = token, userId = PRIMARY.userId) =>
    get(`/user/${userId}/credentials/${credentialId}/fields/${field}`, auth);
  const setPublicLink = (
    credentialId: string,
    enabled: unknown,
    auth = token,
    userId = PRIMARY.userId,
  ) =>
    app.inject({
      method: 'PUT',
      url: `/user/${userId}/credentials/${credentialId}/public-link`,
      headers: bearer(auth),
      payload: { enabled },
    });
  const activity = async (): Promise<Entry[]> =>
    (await get(`/user/${PRIMARY.userId}/activity-logs`)).json().activity_logs;
  const share = async (payload: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'POST',
      url: `/user/${PRIMARY.userId}/shares`,
      headers: bearer(token),
      payload: { lifetime: '7d', ...payload },
    });
    expect(response.statusCode).toBe(201);
    return response.json().share;
  };

  it('the list answers identity numbers masked as the screens show them; the signed document keeps them', async () => {
    for (const read of [1, 2]) {
      // The second read comes from the read cache: the same masked answer.
      const response = await get(`/user/${PRIMARY.userId}/credentials`);
      expect(response.statusCode, `read ${read}`).toBe(200);
      for (const secret of [AADHAAR, PHONE, PAN]) expect(response.body).not.toContain(secret);
      const list = response.json().credentials as {
        id: string;
        credential_subject: Record<string, string>;
        public_link?: boolean;
      }[];
      const aadhaar = list.find((c) => c.id === ids.aadhaar);
      const pan = list.find((c) => c.id === ids.pan);
      expect(aadhaar?.credential_subject).toMatchObject({
        name: holder.name,
        aadhaar_number: MASKED.aadhaar,
        phone: MASKED.phone,
        date_of_birth: holder.dateOfBirth,
      });
      expect(pan?.credential_subject.pan_number).toBe(MASKED.pan);
      expect(aadhaar?.public_link).toBe(true);
    }
    const document = (
      await get(`/user/${PRIMARY.userId}/credentials/${ids.aadhaar}/document`)
    ).json().verifiable_credential;
    expect(document.credentialSubject.aadhaar_number).toBe(AADHAAR);

    // A new credential's generation answer carries the record as the list does.
    const generated = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${PRIMARY.userId}&document_type=ckyc`,
      headers: bearer(token),
    });
    expect(generated.statusCode).toBe(200);
    const record = generated.json().credential;
    expect(record.credential_subject.ckyc_number).toBe(maskField('ckyc_number', holder.ckycNumber));
  });

  it('reveals one identity number in full to its holder only, logged and never cached', async () => {
    const before = (await activity()).length;
    const response = await reveal(ids.aadhaar ?? '', 'aadhaar_number');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      credential_id: ids.aadhaar,
      field: 'aadhaar_number',
      value: AADHAAR,
    });
    expect((await reveal(ids.aadhaar ?? '', 'phone')).json().value).toBe(PHONE);
    expect((await reveal(ids.pan ?? '', 'pan_number')).json().value).toBe(PAN);

    const logs = await activity();
    expect(logs.length).toBe(before + 3);
    expect(logs[2]).toMatchObject({
      type: 'credential_field_revealed',
      description: 'Revealed Aadhaar number on your Aadhaar Card',
      message_code: 'credential_field_revealed',
      message_params: { document_type: 'aadhaar', claim: 'aadhaar_number' },
    });
    expect(logs[0]?.description).toBe('Revealed PAN Number on your PAN Card');
    // The log names the field, never its value.
    expect(JSON.stringify(logs)).not.toContain(AADHAAR);

    // Another holder's credential under their own path: not found; under this path: forbidden.
    expectProblem(
      await reveal(ids.aadhaar ?? '', 'aadhaar_number', otherToken, SECONDARY.userId),
      'credential_not_found',
      'Credential not found',
    );
    expectProblem(await reveal(ids.aadhaar ?? '', 'aadhaar_number', otherToken), 'forbidden');
    expectProblem(
      await reveal('cred-00000000000000000000000000000000', 'phone'),
      'credential_not_found',
    );
    // A claim that is not an identity number, one the credential lacks, a malformed name.
    expectProblem(await reveal(ids.aadhaar ?? '', 'name'), 'unknown_claim');
    expectProblem(await reveal(ids.pan ?? '', 'aadhaar_number'), 'unknown_claim');
    expectProblem(await reveal(ids.aadhaar ?? '', 'Aadhaar-Number'), 'invalid_request');
    expect((await activity()).length).toBe(before + 3);
  });

  it('limits reveals per holder: 20 per 10 minutes, then 429 with Retry-After', async () => {
    expect(RATE_LIMITS.revealField).toEqual({ max: 20, timeWindow: 10 * 60_000 });
    // A fresh window (the calls of the tests above counted in the one before).
    clock.advance(RATE_LIMITS.revealField.timeWindow);
    token = await loginDemo(app);
    otherToken = await loginDemo(app, SECONDARY);
    for (let i = 0; i < RATE_LIMITS.revealField.max; i++) {
      // From many addresses: the limit is the holder's, not an address's.
      const response = await app.inject({
        url: `/user/${PRIMARY.userId}/credentials/${ids.aadhaar}/fields/phone`,
        headers: bearer(token),
        remoteAddress: `203.0.113.${i + 1}`,
      });
      expect(response.statusCode, `reveal ${i + 1}`).toBe(200);
    }
    const refused = await reveal(ids.aadhaar ?? '', 'aadhaar_number');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('600');
    expectProblem(refused, 'rate_limited', rateLimitedDetail(600));
    expect(refused.body).not.toContain(AADHAAR);
    // Another holder's budget is their own, and an unauthenticated caller spends nothing.
    const theirs = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${SECONDARY.userId}&document_type=aadhaar`,
      headers: bearer(otherToken),
    });
    const theirId: string = theirs.json().credential_id;
    expect((await reveal(theirId, 'aadhaar_number', otherToken, SECONDARY.userId)).statusCode).toBe(
      200,
    );
    const anonymous = await app.inject({
      url: `/user/${PRIMARY.userId}/credentials/${ids.aadhaar}/fields/phone`,
    });
    expect(anonymous.statusCode).toBe(401);
    clock.advance(RATE_LIMITS.revealField.timeWindow);
    token = await loginDemo(app);
    expect((await reveal(ids.aadhaar ?? '', 'aadhaar_number')).statusCode).toBe(200);
  });

  it('a share shows identity numbers masked by default, in full only when named in full_values', async () => {
    const masked = await share({
      credential_id: ids.aadhaar,
      fields: ['name', 'aadhaar_number', 'phone'],
    });
    expect(masked.full_values).toEqual([]);
    const page = await app.inject({ url: `/api/verify/${masked.id}` });
    for (const secret of [AADHAAR, PHONE]) expect(page.body).not.toContain(secret);
    expect(page.json().disclosed).toEqual({
      name: holder.name,
      aadhaar_number: MASKED.aadhaar,
      phone: MASKED.phone,
    });
    const payload = (await app.inject({ url: `/api/verify/${masked.id}/payload` })).json();
    expect(payload.subject).toEqual({
      name: holder.name,
      aadhaar_number: MASKED.aadhaar,
      phone: MASKED.phone,
    });

    const full = await share({
      credential_id: ids.aadhaar,
      fields: ['name', 'aadhaar_number', 'phone'],
      full_values: ['aadhaar_number'],
    });
    expect(full.full_values).toEqual(['aadhaar_number']);
    const shown = (await app.inject({ url: `/api/verify/${full.id}` })).json();
    expect(shown.disclosed).toEqual({
      name: holder.name,
      aadhaar_number: AADHAAR,
      phone: MASKED.phone,
    });
    // The summary stays masked; the chosen full value is in `disclosed` only.
    expect(shown.credential.credential_subject_masked.aadhaar_number).toBe(MASKED.aadhaar);
    for (const json of [
      await app.inject({ url: `/api/verify/${full.id}/payload` }),
      await app.inject({ url: `/verify/${full.id}`, headers: { accept: 'application/json' } }),
    ]) {
      expect(json.json().subject).toEqual({
        name: holder.name,
        aadhaar_number: AADHAAR,
        phone: MASKED.phone,
      });
    }

    // full_values names chosen identity numbers only.
    const refuse = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/user/${PRIMARY.userId}/shares`,
        headers: bearer(token),
        payload: { credential_id: ids.aadhaar, lifetime: '7d', ...payload },
      });
    expectProblem(
      await refuse({ fields: ['name'], full_values: ['aadhaar_number'] }),
      'invalid_request',
    );
    expectProblem(await refuse({ fields: ['name'], full_values: ['name'] }), 'invalid_request');
    expectProblem(
      await refuse({ fields: ['phone'], full_values: ['phone', 'phone'] }),
      'invalid_request',
    );
  });

  it('the bare link shows the name and masked identifiers, dates without a time of day, and logs each view', async () => {
    const viewsBefore = (await activity()).filter(
      (e) => e.message_code === 'credential_link_viewed',
    ).length;
    const response = await app.inject({ url: `/api/verify/${ids.aadhaar}` });
    expect(response.statusCode).toBe(200);
    const credential = response.json().credential;
    expect(credential.credential_subject_masked).toEqual({
      name: holder.name,
      document_type: 'Aadhaar Card',
      aadhaar_number: MASKED.aadhaar,
      phone: MASKED.phone,
    });
    expect(credential.issuance_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(credential.expiration_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const payload = await app.inject({ url: `/api/verify/${ids.aadhaar}/payload` });
    expect(payload.json()).toMatchObject({
      issuance_date: credential.issuance_date,
      expiration_date: credential.expiration_date,
      subject: { name: holder.name, aadhaar_number: MASKED.aadhaar, phone: MASKED.phone },
    });
    const json = await app.inject({
      url: `/verify/${ids.aadhaar}`,
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(200);
    for (const answer of [response, payload, json]) {
      for (const secret of [AADHAAR, PHONE, holder.dateOfBirth, holder.address]) {
        expect(answer.body).not.toContain(secret);
      }
      // No instant anywhere but the payload's own timestamp (when it was made) and when the
      // issuer's status list was checked (docs/status-lists.md), neither of them the holder's.
      const { timestamp: _made, credential_status: _checked, ...rest } = answer.json();
      expect(JSON.stringify(rest)).not.toMatch(/T\d{2}:\d{2}/);
    }
    // A second view of the API answer (from the read cache) is logged too: once per view.
    await app.inject({ url: `/api/verify/${ids.aadhaar}` });
    const views = (await activity()).filter((e) => e.message_code === 'credential_link_viewed');
    expect(views.length).toBe(viewsBefore + 4);
    expect(views[0]).toMatchObject({
      type: 'credential_viewed',
      description: 'The public verify link of your Aadhaar Card was viewed',
      message_params: { document_type: 'aadhaar' },
    });
  });

  it('a holder turns the bare link off (410 link_disabled, nothing logged) and on again; share links stay', async () => {
    const link = await share({ credential_id: ids.pan, fields: ['name'] });
    const off = await setPublicLink(ids.pan ?? '', false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ credential_id: ids.pan, public_link: false });
    const listed = (await get(`/user/${PRIMARY.userId}/credentials`)).json().credentials;
    expect(listed.find((c: { id: string }) => c.id === ids.pan).public_link).toBe(false);

    const logged = (await activity()).length;
    for (const call of [
      { url: `/api/verify/${ids.pan}` },
      { url: `/api/verify/${ids.pan}/payload` },
      { url: `/verify/${ids.pan}`, headers: { accept: 'application/json' } },
    ]) {
      const response = await app.inject(call);
      expectProblem(response, 'link_disabled', 'The holder turned this link off');
      expect(response.body).not.toContain(holder.name);
    }
    expect((await activity()).length).toBe(logged);
    // A share link of the same credential is not affected.
    expect((await app.inject({ url: `/api/verify/${link.id}` })).statusCode).toBe(200);
    // Turning it off again changes nothing; the other credential's link is on.
    expect((await setPublicLink(ids.pan ?? '', false)).json().public_link).toBe(false);
    expect((await app.inject({ url: `/api/verify/${ids.aadhaar}` })).statusCode).toBe(200);

    // Only the holder may turn it: another holder gets 404 under their path, 403 under this one.
    expectProblem(
      await setPublicLink(ids.pan ?? '', true, otherToken, SECONDARY.userId),
      'credential_not_found',
    );
    expectProblem(await setPublicLink(ids.pan ?? '', true, otherToken), 'forbidden');
    expectProblem(await setPublicLink(ids.pan ?? '', 'yes'), 'invalid_request');
    expectProblem(
      await setPublicLink('cred-00000000000000000000000000000000', true),
      'credential_not_found',
    );

    const on = await setPublicLink(ids.pan ?? '', true);
    expect(on.json()).toEqual({ credential_id: ids.pan, public_link: true });
    expect((await app.inject({ url: `/api/verify/${ids.pan}` })).statusCode).toBe(200);
  });
});
