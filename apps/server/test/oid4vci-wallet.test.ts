/**
 * The wallet receives credentials over OpenID4VCI 1.0 (DECISIONS 9.1; core api/credential-offers.ts;
 * docs/oid4vci.md), on every backend, from an OUTSIDE issuer (test/helpers/outside-issuer.ts, on
 * node:http, jose and @sd-jwt/*, no product code): two Credential Issuers on 127.0.0.1
 * (OID4VCI_ALLOW_LOOPBACK=true),
 * - `issuers/library`: EdDSA, `dc+sd-jwt` Library Card (a type outside the SPEC's ten), its keys
 *   at /.well-known/jwt-vc-issuer, display names in English and Hindi;
 * - `issuers/uidai`: UIDAI's Aadhaar SD-JWT profile: ES256 proofs only, `typ vc+sd-jwt`, `kid`
 *   in the JWKS its metadata names (jwks_uri), `cnf.jwk` on P-256, `id`, `status`;
 * each with credential offers by value and by uri, issuer and authorization server metadata, a
 * token endpoint (pre-authorized code, with or without a transaction code, one use), a nonce
 * endpoint, a credential endpoint that checks the proof JWT itself, and a notification endpoint.
 *
 * The holder stores an offer and sees the issuer and claims, accepts it (typing the code when
 * asked), finds the credential in the list with `received` set, reads its SD-JWT byte for byte,
 * and deletes it (the issuer is told); a received Aadhaar is presented with its own disclosures
 * and a KB-JWT by the P-256 key it is bound to. Each bad input is refused with its code, the offer left as
 * it was and nothing stored.
 */

import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OFFER_ENDED_DETAIL } from '../src/lib/oid4vci/exchange';
import {
  bearer,
  buildTestApp,
  loginDemo,
  MINUTE_MS,
  PRIMARY,
  SECONDARY,
  TestClock,
} from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import {
  type Grant,
  type OutsideIssuer,
  startOutsideIssuer,
  type Tamper,
} from './helpers/outside-issuer';
import { expectProblem } from './helpers/problem';

// ---------------------------------------------------------------- the outside issuer

const clock = new TestClock();
let issuer: OutsideIssuer;
const issuerId = (slug: string) => issuer.issuerId(slug);
const makeOffer: OutsideIssuer['makeOffer'] = (slug, options) => issuer.makeOffer(slug, options);

beforeAll(async () => {
  issuer = await startOutsideIssuer(clock.now);
});

afterAll(() => issuer.close());

beforeEach(() => {
  issuer.setTamper('none');
  issuer.notifications.length = 0;
});

// ---------------------------------------------------------------- the wallet

describe.each(backends)('OpenID4VCI: the wallet receives on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  const userId = PRIMARY.userId;
  const base = () => `/user/${userId}`;

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, oid4vciAllowLoopback: true });
    token = await loginDemo(app);
  });

  afterAll(async () => {
    await app.close();
    await opened.dispose();
  });

  const receive = (offer: string) =>
    app.inject({
      method: 'POST',
      url: `${base()}/credential-offers`,
      headers: bearer(token),
      payload: { offer },
    });
  const accept = (id: string, txCode?: string) =>
    app.inject({
      method: 'POST',
      url: `${base()}/credential-offers/${id}/accept`,
      headers: bearer(token),
      payload: txCode === undefined ? {} : { tx_code: txCode },
    });
  const view = (id: string) =>
    app.inject({ url: `${base()}/credential-offers/${id}`, headers: bearer(token) });
  const list = async () => {
    const response = await app.inject({ url: `${base()}/credentials`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json().credentials as Record<string, unknown>[];
  };

  /** Stores an offer and answers its id. */
  async function stored(link: string): Promise<string> {
    const response = await receive(link);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }

  it('receives a dc+sd-jwt by value: the view, accept, the list, the SD-JWT as issued, delete', async () => {
    const { link } = makeOffer('library');
    const received = await receive(link);
    expect(received.statusCode, received.body).toBe(201);
    const offerView = received.json();
    expect(offerView).toEqual({
      id: expect.stringMatching(/^offer-/),
      credential_issuer: issuerId('library'),
      issuer: { name: 'City Library', trusted: false, logo: 'https://library.example/logo.png' },
      credentials: [
        {
          configuration_id: 'LibraryCard',
          format: 'dc+sd-jwt',
          name: 'Library Card',
          claims: [
            { path: 'given_name', label: 'GIVEN NAME' },
            { path: 'family_name', label: 'FAMILY NAME' },
            { path: 'member_no', label: 'MEMBER NO' },
          ],
        },
      ],
      tx_code: null,
      grant: 'pre-authorized_code',
      // The issuer said nothing of its offer's end: only the wallet's keeping limit is known.
      expires_at: new Date(clock.now().getTime() + 60 * MINUTE_MS).toISOString(),
      expires_by: 'wallet',
    });
    expect((await view(offerView.id)).json()).toEqual(offerView);

    const before = (await list()).length;
    const accepted = await accept(offerView.id);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [record] = accepted.json().credentials;
    expect(record).toMatchObject({
      id: expect.stringMatching(/^cred-/),
      userId,
      issuer: issuerId('library'),
      proof: null,
      credential_subject: {
        name: 'Rahul Sharma',
        document_type: 'Library Card',
        given_name: 'Rahul',
        family_name: 'Sharma',
        member_no: 'LIB-00042',
      },
      received: {
        format: 'dc+sd-jwt',
        credential_issuer: issuerId('library'),
        issuer_name: 'City Library',
        trusted: false,
        name: 'Library Card',
        vct: `${issuer.origin}/vct/library-card`,
        claim_labels: {
          given_name: 'GIVEN NAME',
          family_name: 'FAMILY NAME',
          member_no: 'MEMBER NO',
        },
        state: 'issued',
      },
    });
    const listed = await list();
    expect(listed).toHaveLength(before + 1);
    expect(listed.find((c) => c.id === record.id)).toEqual(record);
    // The offer is used up: gone.
    await expectProblem(await view(offerView.id), 'offer_not_found');
    // The issuer heard it was accepted.
    expect(issuer.notifications).toEqual([
      {
        slug: 'library',
        body: { notification_id: expect.any(String), event: 'credential_accepted' },
      },
    ]);

    const sdJwt = await app.inject({
      url: `${base()}/credentials/${record.id}/sd-jwt`,
      headers: bearer(token),
    });
    expect(sdJwt.statusCode).toBe(200);
    expect(sdJwt.body).toBe(issuer.issued.at(-1));

    const logs = await app.inject({ url: `${base()}/activity-logs`, headers: bearer(token) });
    const descriptions = (logs.json().activity_logs as { description: string }[]).map(
      (l) => l.description,
    );
    expect(descriptions).toContain('Received a credential offer from City Library');
    expect(descriptions).toContain('Received Library Card credential from City Library');

    const deleted = await app.inject({
      method: 'DELETE',
      url: `${base()}/credentials/${record.id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await list()).some((c) => c.id === record.id)).toBe(false);
    expect(issuer.notifications.at(-1)).toEqual({
      slug: 'library',
      body: { notification_id: expect.any(String), event: 'credential_deleted' },
    });
  });

  it("an offer saying when it ends (expires_at): kept until then, the view says it is the issuer's end; a past one is refused", async () => {
    const end = Math.floor(clock.now().getTime() / 1000) + 5 * 60;
    const view = (await receive(makeOffer('library', { expiresAt: end }).link)).json();
    expect(view.expires_at).toBe(new Date(end * 1000).toISOString());
    expect(view.expires_by).toBe('issuer');
    // Past it the wallet refuses the stored offer as expired, before asking the issuer.
    clock.advance(6 * MINUTE_MS);
    await expectProblem(await accept(view.id), 'offer_expired');
    // An offer whose end has passed is not stored.
    await expectProblem(
      await receive(makeOffer('library', { expiresAt: end }).link),
      'offer_expired',
    );
  });

  it('by reference: once the issuer has ended the offer, the right code is refused as expired, not as a wrong code', async () => {
    const { link, code } = makeOffer('library', { txCode: '271828', byUri: true });
    const id = await stored(link);
    const before = await list();
    // The offer still answers at its credential_offer_uri: a wrong code may be typed again.
    await expectProblem(await accept(id, '000000'), 'tx_code_invalid');
    // The issuer ends it (expired, or too many wrong codes): retrying cannot succeed.
    issuer.endOffer(code);
    const refused = await accept(id, '271828');
    expect(refused.statusCode).toBe(410);
    await expectProblem(refused, 'offer_expired', OFFER_ENDED_DETAIL);
    expect(await list()).toEqual(before);
  });

  it('receives by reference with a transaction code: a wrong code may be typed again', async () => {
    const { link } = makeOffer('library', { txCode: '493817', byUri: true });
    const id = await stored(link);
    const offerView = (await view(id)).json();
    expect(offerView.tx_code).toEqual({
      length: 6,
      input_mode: 'numeric',
      description: 'Sent by SMS',
    });
    const before = await list();

    await expectProblem(await accept(id), 'tx_code_invalid');
    await expectProblem(await accept(id, '000000'), 'tx_code_invalid');
    expect((await view(id)).json()).toEqual(offerView);
    expect(await list()).toEqual(before);

    const accepted = await accept(id, '493817');
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().credentials[0].received.name).toBe('Library Card');
    // A Library Card is no SPEC type: a second one is added beside it.
    const again = await stored(makeOffer('library').link);
    expect((await accept(again)).statusCode).toBe(201);
    expect(
      (await list()).filter(
        (c) => (c.received as { name?: string } | undefined)?.name === 'Library Card',
      ),
    ).toHaveLength(2);
  });

  it("receives UIDAI's ES256 vc+sd-jwt Aadhaar bound to the holder's P-256 key; one Aadhaar only", async () => {
    const id = await stored(makeOffer('uidai').link);
    const accepted = await accept(id);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [record] = accepted.json().credentials;
    expect(record.received).toMatchObject({
      format: 'vc+sd-jwt',
      vct: 'https://uidai.example/vct/aadhaar',
      name: 'Aadhaar',
    });
    // Identity numbers are masked in the list as the product masks them.
    expect(record.credential_subject.aadhaar_number).toBe('XXXX XXXX 0125');
    const credential = issuer.issued.at(-1) as string;
    const header = decodeProtectedHeader(credential.split('~')[0] as string);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'vc+sd-jwt', kid: 'uidai-2025-1' });
    const payload = JSON.parse(
      Buffer.from(credential.split('.')[1] as string, 'base64url').toString(),
    );
    expect(payload.cnf.jwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
    const sdJwt = await app.inject({
      url: `${base()}/credentials/${record.id}/sd-jwt`,
      headers: bearer(token),
    });
    expect(sdJwt.body).toBe(credential);

    // Presented over OpenID4VP (the wallet's port, after the holder approved a request): its
    // own disclosures, only those asked for, and a KB-JWT signed by the P-256 key it is bound to.
    const presentation = await app.deps.roles.wallet.presentCredential({
      userId,
      documentType: 'aadhaar',
      disclose: ['name'],
      nonce: 'verifier-nonce-1',
      audience: 'x509_san_dns:verifier.example',
    });
    const parts = presentation.split('~');
    const kbJwt = parts.at(-1) as string;
    expect(parts[0]).toBe(credential.split('~')[0]);
    expect(
      parts.slice(1, -1).map((d) => JSON.parse(Buffer.from(d, 'base64url').toString())),
    ).toEqual([[expect.any(String), 'name', 'Rahul Sharma']]);
    const jwks = (await (await fetch(`${issuerId('uidai')}/jwks`)).json()) as { keys: JWK[] };
    await compactVerify(parts[0] as string, await importJWK(jwks.keys[0] as JWK, 'ES256'));
    expect(decodeProtectedHeader(kbJwt)).toMatchObject({ typ: 'kb+jwt', alg: 'ES256' });
    const { payload: kb } = await jwtVerify(kbJwt, await importJWK(payload.cnf.jwk, 'ES256'), {
      audience: 'x509_san_dns:verifier.example',
      currentDate: clock.now(),
    });
    expect(kb.nonce).toBe('verifier-nonce-1');
    expect(kb.sd_hash).toBe(
      createHash('sha256')
        .update(presentation.slice(0, presentation.length - kbJwt.length))
        .digest('base64url'),
    );

    // SPEC 5: a second Aadhaar is refused before the issuer's one-time code is spent.
    const second = makeOffer('uidai');
    const secondId = await stored(second.link);
    await expectProblem(
      await accept(secondId),
      'credential_exists',
      'You already have a Aadhaar Card. Only one document of each type is allowed.',
    );
    expect(issuer.grants.get(second.code)?.used).toBe(false);
    expect((await view(secondId)).statusCode).toBe(200);
    // Add Credentials counts it too.
    const generated = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${userId}&document_type=aadhaar`,
      headers: bearer(token),
    });
    await expectProblem(
      generated,
      'duplicate_document',
      'You already have a Aadhaar Card. Only one document of each type is allowed.',
    );
  });

  it('the other credential features on a received one: each works or answers a clear problem', async () => {
    const accepted = await accept(await stored(makeOffer('library').link));
    const id = accepted.json().credentials[0].id as string;
    const headers = bearer(token);
    const at = (path: string) => `${base()}/credentials/${id}${path}`;
    await expectProblem(
      await app.inject({ url: at('/document'), headers }),
      'received_credential_unsupported',
    );
    await expectProblem(
      await app.inject({ url: at('/fields/member_no'), headers }),
      'received_credential_unsupported',
    );
    await expectProblem(
      await app.inject({
        method: 'PUT',
        url: at('/public-link'),
        headers,
        payload: { enabled: false },
      }),
      'received_credential_unsupported',
    );
    await expectProblem(
      await app.inject({
        method: 'POST',
        url: `${base()}/shares`,
        headers,
        payload: { credential_id: id, fields: ['name'], lifetime: '1h' },
      }),
      'received_credential_unsupported',
    );
    const copied = await app.inject({
      method: 'POST',
      url: at('/activity'),
      headers,
      payload: { type: 'credential_copied' },
    });
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json().activity_log.description).toBe('Copied Library Card as JSON');
    // The holder's order covers received credentials too.
    const ids = (await list()).map((c) => String(c.id));
    const wanted = [id, ...ids.filter((other) => other !== id)];
    const ordered = await app.inject({
      method: 'PUT',
      url: `${base()}/credentials/order`,
      headers,
      payload: { credential_ids: wanted },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const after = (await list()).map((c) => String(c.id));
    // The Basic Identity stays first, then the received one the holder put first.
    expect(after[1]).toBe(id);
    expect(new Set(after)).toEqual(new Set(ids));
    const exported = await app.inject({ url: `${base()}/export`, headers });
    expect(exported.statusCode).toBe(200);
  });

  it('deferred issuance: stored pending, then refreshed from the Deferred Credential Endpoint', async () => {
    issuer.setTamper('deferred');
    issuer.setDeferredReady(false);
    const accepted = await accept(await stored(makeOffer('library').link));
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [pending] = accepted.json().credentials;
    expect(pending.received).toMatchObject({ state: 'pending', name: 'Library Card' });
    const refresh = () =>
      app.inject({
        method: 'POST',
        url: `${base()}/credentials/${pending.id}/refresh`,
        headers: bearer(token),
      });
    await expectProblem(
      await app.inject({
        url: `${base()}/credentials/${pending.id}/sd-jwt`,
        headers: bearer(token),
      }),
      'received_credential_unsupported',
    );
    const waiting = await refresh();
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().credential.received.state).toBe('pending');

    issuer.setDeferredReady(true);
    const ready = await refresh();
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().credential).toMatchObject({
      id: pending.id,
      received: { state: 'issued', vct: `${issuer.origin}/vct/library-card` },
      credential_subject: { member_no: 'LIB-00042' },
    });
    const sdJwt = await app.inject({
      url: `${base()}/credentials/${pending.id}/sd-jwt`,
      headers: bearer(token),
    });
    expect(sdJwt.body).toBe(issuer.issued.at(-1));
    expect(issuer.notifications.at(-1)?.body.event).toBe('credential_accepted');
    // Issued now: a refresh answers it as listed.
    expect((await refresh()).json().credential.received.state).toBe('issued');
    issuer.setDeferredReady(false);
  });

  describe('several credentials in one Credential Response (OpenID4VCI 1.0 8.3)', () => {
    const sdJwtOf = async (id: string, headers = bearer(token), holder = base()) =>
      (await app.inject({ url: `${holder}/credentials/${id}/sd-jwt`, headers })).body;

    it('two copies of one credential are one card: the first kept, the issuer told once', async () => {
      issuer.setTamper('two');
      const before = (await list()).length;
      const accepted = await accept(await stored(makeOffer('library').link));
      expect(accepted.statusCode, accepted.body).toBe(201);
      const records = accepted.json().credentials;
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        received: { name: 'Library Card', state: 'issued' },
        credential_subject: { member_no: 'LIB-00042' },
      });
      expect(await list()).toHaveLength(before + 1);
      // The first instance, byte for byte; the second (its own salts) was not kept.
      const [first, second] = issuer.issued.slice(-2);
      expect(first).not.toBe(second);
      expect(await sdJwtOf(records[0].id)).toBe(first);
      expect(issuer.notifications.map((n) => n.body.event)).toEqual(['credential_accepted']);
    });

    it('two different credentials are each their own card, in the order sent', async () => {
      issuer.setTamper('two_different');
      const before = (await list()).length;
      const accepted = await accept(await stored(makeOffer('library').link));
      expect(accepted.statusCode, accepted.body).toBe(201);
      const records = accepted.json().credentials;
      expect(records).toHaveLength(2);
      expect(records[0].credential_subject.note).toBeUndefined();
      expect(records[1].credential_subject).toMatchObject({ note: 'Another credential' });
      expect(await list()).toHaveLength(before + 2);
      const [first, second] = issuer.issued.slice(-2);
      expect(await sdJwtOf(records[0].id)).toBe(first);
      expect(await sdJwtOf(records[1].id)).toBe(second);
    });

    it('SPEC 5 in one answer: two copies of an Aadhaar are one Aadhaar; two different ones are refused', async () => {
      const other = await loginDemo(app, SECONDARY);
      const holder = `/user/${SECONDARY.userId}`;
      const offerOf = async (link: string) => {
        const response = await app.inject({
          method: 'POST',
          url: `${holder}/credential-offers`,
          headers: bearer(other),
          payload: { offer: link },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().id as string;
      };
      const acceptAs = (id: string) =>
        app.inject({
          method: 'POST',
          url: `${holder}/credential-offers/${id}/accept`,
          headers: bearer(other),
          payload: {},
        });
      const listAs = async () =>
        (await app.inject({ url: `${holder}/credentials`, headers: bearer(other) })).json()
          .credentials as Record<string, unknown>[];

      // Two different Aadhaar Cards at once: refused, nothing stored, the offer kept.
      issuer.setTamper('two_different');
      const refusedId = await offerOf(makeOffer('uidai').link);
      const before = await listAs();
      await expectProblem(
        await acceptAs(refusedId),
        'credential_rejected',
        "The issuer's credential was not accepted: it sent several different Aadhaar Card credentials at once, and only one document of each type is allowed.",
      );
      expect(await listAs()).toEqual(before);
      expect(
        (
          await app.inject({
            url: `${holder}/credential-offers/${refusedId}`,
            headers: bearer(other),
          })
        ).statusCode,
      ).toBe(200);
      expect(issuer.notifications.at(-1)?.body.event).toBe('credential_failure');

      // Two copies of one Aadhaar: one card (no 409 from the one-per-type index, no 500).
      issuer.setTamper('two');
      const accepted = await acceptAs(await offerOf(makeOffer('uidai').link));
      expect(accepted.statusCode, accepted.body).toBe(201);
      const records = accepted.json().credentials;
      expect(records).toHaveLength(1);
      expect(records[0].received).toMatchObject({ format: 'vc+sd-jwt', name: 'Aadhaar' });
      expect(await listAs()).toHaveLength(before.length + 1);
      expect(await sdJwtOf(records[0].id, bearer(other), holder)).toBe(issuer.issued.at(-2));
      expect(issuer.notifications.at(-1)?.body.event).toBe('credential_accepted');
    });
  });

  describe('bad input: refused with a code, the offer left as it was, nothing stored', () => {
    async function refusedAccept(
      slug: 'library' | 'uidai',
      spoil: Tamper,
      code: Parameters<typeof expectProblem>[1],
      prepare?: (grantCode: string) => void,
    ) {
      issuer.setTamper(spoil);
      const offer = makeOffer(slug);
      const id = await stored(offer.link);
      prepare?.(offer.code);
      const before = await list();
      const offerView = (await view(id)).json();
      await expectProblem(await accept(id), code);
      expect((await view(id)).json()).toEqual(offerView);
      expect(await list()).toEqual(before);
    }

    it('a replayed pre-authorized code (the issuer answers invalid_grant)', async () => {
      await refusedAccept('library', 'none', 'offer_used', (code) => {
        (issuer.grants.get(code) as Grant).used = true;
      });
    });

    it('a stale c_nonce (the issuer answers invalid_nonce, also after a fresh one)', async () => {
      await refusedAccept('library', 'stale_nonce', 'issuer_refused');
    });

    it('a credential with a bad signature', async () => {
      await refusedAccept('library', 'signature', 'credential_rejected');
      await refusedAccept('library', 'signature', 'credential_rejected');
    });

    it('a credential bound to another key (cnf)', async () => {
      await refusedAccept('library', 'cnf', 'credential_rejected');
    });

    it('a credential naming another issuer (iss)', async () => {
      await refusedAccept('library', 'iss', 'credential_rejected');
    });

    it('a credential of another type than offered (vct)', async () => {
      await refusedAccept('library', 'vct', 'credential_rejected');
    });

    it('a credential over 64 KiB', async () => {
      await refusedAccept('library', 'big', 'credential_too_large');
    });

    it('an expired offer', async () => {
      const id = await stored(makeOffer('library').link);
      clock.advance(61 * MINUTE_MS);
      try {
        // The session idled out meanwhile (30 minutes): sign in again.
        token = await loginDemo(app);
        await expectProblem(await view(id), 'offer_expired');
        await expectProblem(await accept(id), 'offer_expired');
      } finally {
        clock.advance(-61 * MINUTE_MS);
        token = await loginDemo(app);
      }
      expect((await view(id)).statusCode).toBe(200);
    });

    it('an issuer on a private address without OID4VCI_ALLOW_LOOPBACK', async () => {
      const id = await stored(makeOffer('library').link);
      app.deps.oid4vciAllowLoopback = false;
      try {
        await expectProblem(await receive(makeOffer('library').link), 'issuer_address_refused');
        await expectProblem(
          await receive(makeOffer('library', { byUri: true }).link),
          'issuer_address_refused',
        );
        await expectProblem(await accept(id), 'issuer_address_refused');
        // This server's own PUBLIC_ORIGIN (the product's issuers) is reached in process, never
        // over the network: its /vct list is fetched, and is no offer.
        await expectProblem(
          await receive(
            `openid-credential-offer://?credential_offer_uri=${encodeURIComponent('http://localhost:5000/vct')}`,
          ),
          'invalid_credential_offer',
        );
      } finally {
        app.deps.oid4vciAllowLoopback = true;
      }
      expect((await view(id)).statusCode).toBe(200);
    });

    it('links that are no offer, unknown offers, and decline', async () => {
      await expectProblem(await receive('https://example.com/nothing'), 'invalid_credential_offer');
      await expectProblem(
        await receive('openid-credential-offer://?credential_offer=%7Bnot-json'),
        'invalid_credential_offer',
      );
      await expectProblem(
        await receive(
          `openid-credential-offer://?credential_offer=${encodeURIComponent(JSON.stringify({ credential_issuer: issuerId('library') }))}`,
        ),
        'invalid_credential_offer',
      );
      await expectProblem(await view('offer-unknown'), 'offer_not_found');
      await expectProblem(await accept('offer-unknown'), 'offer_not_found');
      const id = await stored(makeOffer('library').link);
      const declined = await app.inject({
        method: 'POST',
        url: `${base()}/credential-offers/${id}/decline`,
        headers: bearer(token),
      });
      expect(declined.statusCode).toBe(204);
      await expectProblem(await view(id), 'offer_not_found');
    });
  });
});
