/**
 * The offline verifier /verify runs in the browser (core's verifyOfflineQr;
 * docs/offline-verification.md) against what this server really makes and serves, on every
 * backend: an offline QR from POST /user/{userId}/credentials/{id}/offline-presentation, checked
 * with GET /trust-list and the issuer's GET /status-lists/{issuer}/{n} as a verifier saved them
 * while online, then with no server at all: verified with the fields ticked; revoked and
 * suspended at the issuer API once the saved list is fetched again; 'Presentation expired' after
 * 10 minutes on screen; a printed copy weeks later, its status not checked offline with a list
 * older than its ttl.
 */
import {
  type OfflineVerdict,
  type SavedStatusList,
  statusListUriOfOfflineQr,
  trustListSchema,
  verifyOfflineQr,
} from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssuerApiKey } from '../src/issuer/create-issuer-api-key';
import { bearer, buildTestApp, loginDemo, MINUTE_MS, PRIMARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

const ORIGIN = 'http://localhost:5000';

describe.each(backends)('offline verification of an offline QR on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  let issuerKey: string;
  /** The PAN card's id in the wallet, and its id as issued (urn:uuid:..., both forms). */
  let cardId: string;
  let issuedId: string;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now });
    token = await loginDemo(app);
    issuerKey = (await createIssuerApiKey({ ...app.deps, issuer: 'Income Tax Department' })).apiKey;
    const response = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${PRIMARY.userId}&document_type=pan`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    cardId = response.json().credential_id;
    issuedId = response.json().verifiable_credential.id;
    expect(issuedId).toMatch(/^urn:uuid:/);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  async function offlineQr(medium: 'screen' | 'print' = 'screen'): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: `/user/${PRIMARY.userId}/credentials/${cardId}/offline-presentation`,
      headers: bearer(token),
      payload: { fields: ['name', 'date_of_birth'], medium },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().qr;
  }

  /** What a verifier saves while online: the trust list and the code's status list, now. */
  async function saveLists(qr: string) {
    const trustList = trustListSchema.parse((await app.inject({ url: '/trust-list' })).json());
    const uri = statusListUriOfOfflineQr(qr);
    expect(uri).toMatch(new RegExp(`^${ORIGIN}/status-lists/income-tax-department/\\d+$`));
    const served = await app.inject({ url: new URL(uri ?? '').pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/statuslist\+jwt/);
    const list: SavedStatusList = {
      uri: uri ?? '',
      jwt: served.body,
      fetched_at: clock.now().toISOString(),
    };
    return { trustList, trustListFetchedAt: clock.now().toISOString(), statusLists: [list] };
  }

  const verifyOffline = (text: string, saved: Awaited<ReturnType<typeof saveLists>>) =>
    verifyOfflineQr({ text, ...saved, publicOrigin: ORIGIN, now: clock.now() });

  async function setStatus(status: 'revoked' | 'suspended' | 'valid') {
    const response = await app.inject({
      method: 'POST',
      url: `/issuer/credentials/${encodeURIComponent(issuedId)}/status`,
      headers: bearer(issuerKey),
      payload: { status },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  const failed = (verdict: OfflineVerdict) =>
    verdict.checks.filter((check) => check.outcome !== 'passed').map((check) => check.name);

  it('verifies the ticked fields against the saved trust list and status list', async () => {
    const qr = await offlineQr();
    const saved = await saveLists(qr);
    clock.advance(2 * MINUTE_MS);
    const verdict = await verifyOffline(qr, saved);
    expect(verdict.failure).toBeNull();
    expect(failed(verdict)).toEqual([]);
    expect(verdict.verified).toBe(true);
    expect(verdict.issuer?.name).toBe('Income Tax Department');
    expect(verdict.document_type).toBe('pan');
    expect(verdict.claims.map((claim) => claim.name)).toEqual(['name', 'date_of_birth']);
    expect(verdict.medium).toBe('screen');
    expect(verdict.nonce).toMatch(/^[A-Z0-9]{6}$/);
    expect(verdict.status).toMatchObject({ value: 'valid', reason: null, list_age_seconds: 120 });

    // A code changed in transit is refused.
    const changed = `${qr.slice(0, 60)}${qr[60] === 'A' ? 'B' : 'A'}${qr.slice(61)}`;
    expect((await verifyOffline(changed, saved)).verified).toBe(false);
  });

  it('after 10 minutes on screen: Presentation expired', async () => {
    const qr = await offlineQr();
    const saved = await saveLists(qr);
    clock.advance(11 * MINUTE_MS);
    const verdict = await verifyOffline(qr, saved);
    expect(verdict.failure).toBe('presentation_expired');
  });

  it('a printed copy verifies weeks later; status not checked with a list past its ttl', async () => {
    const qr = await offlineQr('print');
    const saved = await saveLists(qr);
    clock.advance(21 * 24 * 60 * MINUTE_MS);
    const verdict = await verifyOffline(qr, saved);
    expect(verdict.verified).toBe(true);
    expect(verdict.medium).toBe('print');
    expect(verdict.status).toMatchObject({ value: 'valid', reason: 'stale_list' });
    expect(failed(verdict)).toEqual(['status']);
  });

  it('suspended, then revoked at the issuer: refused once the list is saved again', async () => {
    token = await loginDemo(app); // a new session, three weeks on
    const qr = await offlineQr();
    await setStatus('suspended');
    const suspended = await verifyOffline(qr, await saveLists(qr));
    expect(suspended.failure).toBe('credential_suspended');
    await setStatus('revoked');
    const revoked = await verifyOffline(qr, await saveLists(qr));
    expect(revoked.verified).toBe(false);
    expect(revoked.failure).toBe('credential_revoked');
    expect(revoked.claims).toEqual([]);
  });
});
