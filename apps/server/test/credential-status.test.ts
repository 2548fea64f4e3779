/**
 * The wallet knows a credential's status (DECISIONS 8; docs/status-lists.md "The
 * wallet"), on PGlite and, with TEST_DATABASE_URL, PostgreSQL:
 * - a University Degree (ldp_vc) from an OUTSIDE issuer (test/helpers/outside-issuer.ts) whose
 *   `credentialStatus` points at that issuer's Bitstring Status Lists
 *   (test/helpers/outside-status-list.ts, signed by the same did:key) is checked on arrival
 *   (valid), marked revoked by POST .../status-check after the issuer's list changes, with one
 *   `credential_status_changed` entry per change and the bell's item; suspended and reinstated;
 *   an unreachable list is 'unknown' and not logged; `if_due` does not fetch before the ttl;
 * - another holder's id is 404; a record never checked answers { unknown, null };
 * - the daily job checks the credentials whose check is due, and only those;
 * - a revoked or suspended card is refused for a share link, an OpenID4VP presentation and an
 *   offline QR code (409 with its code and plain detail), shown unavailable on the consent
 *   screen, its existing share link and bare link answer the same codes, and answer again once
 *   reinstated. The whole path runs: the card's issuer (the Income Tax Department, with an API key
 *   minted as `npm run issuer:key` mints it) suspends, reinstates and revokes it through
 *   POST /issuer/credentials/{id}/status, and the wallet learns each change by its status-check.
 */
import { computeRecentUpdates } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { receivedCredentials } from '../src/db/schema';
import { createIssuerApiKey } from '../src/issuer/create-issuer-api-key';
import { clearStatusListCache } from '../src/lib/status-list';
import { checkDueCredentialStatuses } from '../src/wallet/check-due-credential-statuses';
import { presentCredential } from '../src/wallet/present-credential';
import { LINK_DETAILS, UNSHAREABLE_DETAILS } from '../src/wallet/refuse-unshareable-credential';
import {
  bearer,
  buildTestApp,
  HOUR_MS,
  loginDemo,
  MINUTE_MS,
  PRIMARY,
  SECONDARY,
  TestClock,
} from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { type OutsideIssuer, startOutsideIssuer } from './helpers/outside-issuer';
import { type OutsideStatusLists, startOutsideStatusLists } from './helpers/outside-status-list';
import { problem } from './helpers/problem';

const clock = new TestClock();
let issuer: OutsideIssuer;
let lists: OutsideStatusLists;
/**
 * The next bit of the outside lists a degree gets: one counter for every backend, since the lists
 * (and the bits earlier tests set) are shared by all of them.
 */
let nextIndex = 100;

beforeAll(async () => {
  issuer = await startOutsideIssuer(clock.now);
  // The diploma issuer's own key signs its lists, so they verify against its credentials.
  lists = await startOutsideStatusLists(clock.now, issuer.keysOf('diploma'));
});
afterAll(async () => {
  issuer.close();
  await lists.stop();
});
beforeEach(() => {
  clearStatusListCache();
  lists.setMode('good');
  issuer.setExtraMembers('diploma', undefined);
});

describe.each(backends)("the wallet knows a credential's status on $name", (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  /** Bearer key of the PAN Card's issuer (POST /issuer/credentials/{id}/status). */
  let panIssuerKey: string;
  const base = `/user/${PRIMARY.userId}`;

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, oid4vciAllowLoopback: true });
    token = await loginDemo(app);
    panIssuerKey = (await createIssuerApiKey({ ...app.deps, issuer: 'Income Tax Department' }))
      .apiKey;
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  /** Receives a University Degree whose status entries point at bit `index` of both lists. */
  async function receiveDegree(index: number) {
    issuer.setExtraMembers('diploma', { credentialStatus: lists.credentialStatus(index) });
    const received = await app.inject({
      method: 'POST',
      url: `${base}/credential-offers`,
      headers: bearer(token),
      payload: { offer: issuer.makeOffer('diploma').link },
    });
    expect(received.statusCode, received.body).toBe(201);
    const accepted = await app.inject({
      method: 'POST',
      url: `${base}/credential-offers/${received.json().id}/accept`,
      headers: bearer(token),
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    return accepted.json().credentials[0] as { id: string; status: unknown };
  }
  const statusCheck = (id: string, payload?: object, auth = token, userId = PRIMARY.userId) =>
    app.inject({
      method: 'POST',
      url: `/user/${userId}/credentials/${id}/status-check`,
      headers: bearer(auth),
      ...(payload ? { payload } : {}),
    });
  const statusEntries = async () =>
    (
      (await app.inject({ url: `${base}/activity-logs`, headers: bearer(token) })).json()
        .activity_logs as { type: string; message_params: unknown; description: string }[]
    ).filter((log) => log.type === 'credential_status_changed');

  it('checks a credential on arrival, then marks it revoked once its issuer’s list says so: one entry, the bell', async () => {
    clock.advance(MINUTE_MS);
    const index = nextIndex++;
    const degree = await receiveDegree(index);
    expect(degree.status).toEqual({ value: 'valid', checked_at: clock.now().toISOString() });
    const before = (await statusEntries()).length;

    lists.setBit('revocation', index, true);
    clock.advance(MINUTE_MS);
    const checked = await statusCheck(degree.id);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.headers['cache-control']).toBe('no-store');
    expect(checked.json()).toEqual({
      credential_id: degree.id,
      status: { value: 'revoked', checked_at: clock.now().toISOString() },
    });
    // The list shows it; checking again logs nothing more.
    const listed = (await app.inject({ url: `${base}/credentials`, headers: bearer(token) })).json()
      .credentials as { id: string; status: unknown }[];
    expect(listed.find((c) => c.id === degree.id)?.status).toEqual(checked.json().status);
    clock.advance(MINUTE_MS);
    expect((await statusCheck(degree.id)).json().status.value).toBe('revoked');

    const entries = await statusEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({
      message_params: { document_type: 'University Degree', status: 'revoked' },
      description: 'University Degree was revoked by its issuer',
    });

    // The bell (core's Recent Updates over the holder's lists) shows it.
    const logs = (await app.inject({ url: `${base}/activity-logs`, headers: bearer(token) })).json()
      .activity_logs;
    const bell = computeRecentUpdates(
      { credentials: [], consentRequests: [], activityLogs: logs },
      clock.now().getTime(),
    );
    expect(bell.items.map((item) => item.title)).toContain(
      'University Degree was revoked by its issuer',
    );
  });

  it('follows a suspension and its reinstatement; an unreadable list is unknown and never logged', async () => {
    clock.advance(MINUTE_MS);
    const index = nextIndex++;
    const degree = await receiveDegree(index);
    const before = (await statusEntries()).length;

    lists.setBit('suspension', index, true);
    clock.advance(MINUTE_MS);
    expect((await statusCheck(degree.id)).json().status.value).toBe('suspended');

    // The list cannot be read for a while: unknown, no entry; back as before: no entry either.
    lists.setMode('not_found');
    clock.advance(MINUTE_MS);
    expect((await statusCheck(degree.id)).json().status.value).toBe('unknown');
    lists.setMode('good');
    clock.advance(MINUTE_MS);
    expect((await statusCheck(degree.id)).json().status.value).toBe('suspended');

    lists.setBit('suspension', index, false);
    clock.advance(MINUTE_MS);
    expect((await statusCheck(degree.id)).json().status.value).toBe('valid');

    const entries = (await statusEntries()).slice(0, -before || undefined);
    expect(entries.map((entry) => entry.description)).toEqual([
      'University Degree is valid again',
      'University Degree was suspended by its issuer',
    ]);
  });

  it('if_due does not fetch the list again before its ttl; another holder gets 404', async () => {
    clock.advance(MINUTE_MS);
    const degree = await receiveDegree(nextIndex++);
    const hits = () => lists.hits.get('/lists/revocation') ?? 0;
    const seen = hits();
    clock.advance(1000);
    const opened = await statusCheck(degree.id, { if_due: true });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(hits()).toBe(seen);
    // The list's ttl (300 s) passed: opening the card checks again.
    clock.advance(6 * MINUTE_MS);
    await statusCheck(degree.id, { if_due: true });
    expect(hits()).toBe(seen + 1);

    const other = await loginDemo(app, SECONDARY);
    const refused = await statusCheck(degree.id, undefined, other, SECONDARY.userId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(problem('credential_not_found', 'Credential not found'));
    expect((await statusCheck('cred-nothing')).statusCode).toBe(404);
    expect((await statusCheck(degree.id, { other: 1 })).statusCode).toBe(400);
  });

  it('the daily job checks the credentials whose check is due, and only those', async () => {
    clock.advance(MINUTE_MS);
    const degree = await receiveDegree(nextIndex++);
    const checkedAt = async () =>
      (
        await app.deps.db
          .select({ at: receivedCredentials.statusCheckedAt })
          .from(receivedCredentials)
          .where(eq(receivedCredentials.id, degree.id))
      )[0]?.at?.toISOString();
    const arrival = await checkedAt();
    clock.advance(HOUR_MS);
    await checkDueCredentialStatuses(app.deps);
    expect(await checkedAt()).toBe(arrival);

    clock.advance(24 * HOUR_MS);
    await checkDueCredentialStatuses(app.deps);
    expect(await checkedAt()).toBe(clock.now().toISOString());
    token = await loginDemo(app);
  });

  it('the card’s issuer suspends, reinstates and revokes it through its API: sharing and its links refused while suspended or revoked', async () => {
    clock.advance(MINUTE_MS);
    const generated = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${PRIMARY.userId}&document_type=pan`,
      headers: bearer(token),
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const card = generated.json().credential;
    // Issued by the Income Tax Department over OpenID4VCI with a status entry, checked on
    // arrival: valid.
    expect(card.status).toEqual({ value: 'valid', checked_at: clock.now().toISOString() });
    const document = await app.inject({
      url: `${base}/credentials/${card.id}/document`,
      headers: bearer(token),
    });
    expect(document.statusCode, document.body).toBe(200);
    const issuedId: string = document.json().verifiable_credential.id;
    expect(issuedId).toMatch(/^urn:uuid:/);
    /** The issuer's side (docs/status-lists.md "The issuer API"), then the holder's check. */
    const changeAtIssuer = async (status: 'revoked' | 'suspended' | 'valid') => {
      const set = await app.inject({
        method: 'POST',
        url: `/issuer/credentials/${encodeURIComponent(issuedId)}/status`,
        headers: bearer(panIssuerKey),
        payload: { status },
      });
      expect(set.statusCode, set.body).toBe(200);
      clock.advance(MINUTE_MS);
      const checked = await statusCheck(card.id);
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json().status).toEqual({
        value: status,
        checked_at: clock.now().toISOString(),
      });
    };

    const shareBody = { credential_id: card.id, fields: ['name'], lifetime: '7d' };
    const made = await app.inject({
      method: 'POST',
      url: `${base}/shares`,
      headers: bearer(token),
      payload: shareBody,
    });
    expect(made.statusCode, made.body).toBe(201);
    const shareId = made.json().share.id;
    const before = (await statusEntries()).length;

    // Suspended first (revoked is final), reinstated, then revoked.
    for (const value of ['suspended', 'revoked'] as const) {
      await changeAtIssuer(value);
      const code = value === 'revoked' ? 'credential_revoked' : 'credential_suspended';
      const refused = await app.inject({
        method: 'POST',
        url: `${base}/shares`,
        headers: bearer(token),
        payload: shareBody,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(problem(code, UNSHAREABLE_DETAILS[value]));
      // Presenting it over OpenID4VP (what approving a consent request that includes it does).
      await expect(
        presentCredential({
          ...app.deps,
          userId: PRIMARY.userId,
          documentType: 'pan',
          disclose: ['name'],
          nonce: 'nonce-1',
          audience: 'x509_san_dns:verifier.example',
        }),
      ).rejects.toMatchObject({ code, statusCode: 409, detail: UNSHAREABLE_DETAILS[value] });
      // Nor shown as an offline QR code.
      const offline = await app.inject({
        method: 'POST',
        url: `${base}/credentials/${card.id}/offline-presentation`,
        headers: bearer(token),
        payload: { fields: ['name'] },
      });
      expect(offline.statusCode, offline.body).toBe(409);
      expect(offline.json()).toEqual(problem(code, UNSHAREABLE_DETAILS[value]));
      // The consent screen shows it as unavailable, with the reason.
      const requests = (
        await app.inject({ url: `${base}/consent-requests`, headers: bearer(token) })
      ).json().consent_requests as {
        presentation?: { credentials: { document_type: string | null; unavailable?: string }[] };
      }[];
      const asked = requests
        .flatMap((request) => request.presentation?.credentials ?? [])
        .filter((credential) => credential.document_type === 'pan');
      expect(asked.length).toBeGreaterThan(0);
      for (const credential of asked) expect(credential.unavailable).toBe(value);
      for (const id of [shareId, card.id]) {
        const link = await app.inject({ url: `/api/verify/${id}` });
        expect(link.statusCode, link.body).toBe(409);
        expect(link.json()).toEqual(problem(code, LINK_DETAILS[value]));
      }

      if (value === 'suspended') {
        // Reinstated: the share link answers again, and a new one can be made.
        await changeAtIssuer('valid');
        expect((await app.inject({ url: `/api/verify/${shareId}` })).statusCode).toBe(200);
        const again = await app.inject({
          method: 'POST',
          url: `${base}/shares`,
          headers: bearer(token),
          payload: shareBody,
        });
        expect(again.statusCode, again.body).toBe(201);
      }
    }
    expect(UNSHAREABLE_DETAILS.revoked).toBe(
      'This credential was revoked by its issuer, so it cannot be shared.',
    );

    // Each change the wallet saw is logged once, newest first.
    const entries = (await statusEntries()).slice(0, -before || undefined);
    expect(entries.map((entry) => entry.description)).toEqual([
      'PAN Card was revoked by its issuer',
      'PAN Card is valid again',
      'PAN Card was suspended by its issuer',
    ]);
    // Revoked is final at the issuer.
    const reinstate = await app.inject({
      method: 'POST',
      url: `/issuer/credentials/${encodeURIComponent(issuedId)}/status`,
      headers: bearer(panIssuerKey),
      payload: { status: 'valid' },
    });
    expect(reinstate.statusCode).toBe(409);
    expect(reinstate.json().code).toBe('credential_revoked');
  });
});
