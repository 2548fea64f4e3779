/**
 * "Add Credentials" goes over OpenID4VCI 1.0 (SPEC 5 and 7, DECISIONS 8; docs/oid4vci.md "Add
 * Credentials"): POST /identity/generate-credential (and the automatic Basic Identity at login)
 * has the SPEC's issuer offer the holder's sample data and the wallet receive it over the
 * protocol, so nothing is minted inside the wallet. Checked from the issuer's side (its offer and
 * issuance rows: both formats delivered, no copy kept after delivery, the wallet's
 * `credential_accepted` notification, and `credential_deleted` when the holder deletes the card)
 * and the holder's (the stored document the one answered, the SD-JWT VC signed by the issuer's
 * key, bound to the holder's did:key and key, verifying at /api/verify/{id} and POST /credentials/verify; the
 * SPEC's activity entry and no trace of a received offer). With rate limits on, the wallet's own
 * in-process calls to the issuers are not counted against anyone. Run on PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */
import { credentialIdFromDocumentId, didKeyToPublicJwk, publicJwkToDidKey } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { compactVerify, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  credentialOffers,
  credentials,
  oid4vciIssuances,
  oid4vciOffers,
  receivedCredentials,
} from '../src/db/schema';
import { loadHolderKey } from '../src/lib/holder-keys';
import { credentialAad } from '../src/lib/records';
import { sdJwtAad } from '../src/lib/sd-jwt-vc';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

/** The JSON of one part (header or payload) of a compact JWS. */
function jwtPart(jwt: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[index] ?? '', 'base64url').toString('utf8'));
}

describe.each(backends)('Add Credentials over OpenID4VCI on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now });
    token = await loginDemo(app);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  /** The issuer's issuances of its offers of `documentType`, and whether it kept a copy. */
  async function issuancesOf(documentType: string) {
    const rows = await app.deps.db
      .select({ issuance: oid4vciIssuances, offer: oid4vciOffers })
      .from(oid4vciIssuances)
      .innerJoin(oid4vciOffers, eq(oid4vciOffers.id, oid4vciIssuances.offerId))
      .where(eq(oid4vciOffers.documentType, documentType));
    return rows.map(({ issuance, offer }) => ({
      issuer: offer.issuer,
      configurationId: issuance.configurationId,
      delivered: issuance.deliveredAt !== null,
      event: issuance.notificationEvent,
      keptCopy: issuance.credentialCiphertext !== null,
    }));
  }

  it('the Basic Identity made at login came from the Digital Identity System over OpenID4VCI', async () => {
    const issued = await issuancesOf('basic_identity');
    expect(issued.map((i) => i.configurationId).sort()).toEqual([
      'basic_identity_ldp_vc',
      'basic_identity_sd_jwt',
    ]);
    for (const issuance of issued) {
      expect(issuance).toMatchObject({
        issuer: 'Digital Identity System',
        delivered: true,
        event: 'credential_accepted',
      });
    }
  });

  it('a PAN Card: both formats delivered and accepted, stored byte for byte, bound to the holder, verifying', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${PRIMARY.userId}&document_type=pan`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      message: 'Credential generated successfully',
      document_type: 'PAN Card',
    });
    const id: string = body.credential_id;

    // The issuer's side: one offer of the Income Tax Department, both formats delivered, the
    // wallet told it credential_accepted for each, and no copy of either kept once delivered.
    const issued = await issuancesOf('pan');
    expect(issued).toHaveLength(2);
    for (const issuance of issued) {
      expect(issuance).toMatchObject({
        issuer: 'Income Tax Department',
        delivered: true,
        event: 'credential_accepted',
        keptCopy: false,
      });
    }

    // The holder's side: the stored document is the one answered, and the SD-JWT VC is signed by
    // the issuer's key (its did:key in `iss`).
    const [row] = await app.deps.db.select().from(credentials).where(eq(credentials.id, id));
    if (!row) throw new Error('not stored');
    expect(JSON.parse(app.deps.vault.decrypt(row.documentCiphertext, credentialAad(id)))).toEqual(
      body.verifiable_credential,
    );
    const sdJwt = app.deps.vault.decrypt(row.sdJwtCiphertext ?? '', sdJwtAad(id));
    const issuerDid = app.deps.issuers.get('Income Tax Department').did;
    await compactVerify(
      sdJwt.split('~')[0] ?? '',
      await importJWK({ ...didKeyToPublicJwk(issuerDid) }, 'EdDSA'),
    );
    // Its id is the document's own: the issuer's urn:uuid as core reads it.
    expect(body.verifiable_credential.id).toMatch(/^urn:uuid:/);
    expect(credentialIdFromDocumentId(body.verifiable_credential.id)).toBe(id);

    // Bound to the holder: the did:key of their Ed25519 key, and that key in the SD-JWT's cnf.
    const holderKey = await loadHolderKey({ ...app.deps, userId: PRIMARY.userId });
    expect(body.verifiable_credential.credentialSubject.id).toBe(
      publicJwkToDidKey(holderKey.publicJwk),
    );
    const payload = jwtPart(sdJwt.split('~')[0] ?? '', 1);
    expect(payload.cnf).toEqual({ jwk: { ...holderKey.publicJwk } });
    expect(payload.iss).toBe(issuerDid);

    // It verifies where any verifier checks it.
    const link = await app.inject({ url: `/api/verify/${id}` });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toMatchObject({ verified: true, status: 'verified' });
    const w3c = await app.inject({
      method: 'POST',
      url: '/credentials/verify',
      payload: { verifiableCredential: body.verifiable_credential },
    });
    expect(w3c.statusCode, w3c.body).toBe(200);
    expect(w3c.json()).toMatchObject({ verified: true });

    // The SPEC's activity entry, and nothing of an offer the holder received.
    const logs = (
      await app.inject({
        url: `/user/${PRIMARY.userId}/activity-logs`,
        headers: bearer(token),
      })
    ).json().activity_logs as { type: string; description: string }[];
    expect(logs).toContainEqual(
      expect.objectContaining({
        type: 'credential_generated',
        description: 'Generated PAN Card credential',
      }),
    );
    expect(logs.map((log) => log.type)).not.toContain('credential_received');
    expect(logs.map((log) => log.type)).not.toContain('credential_offer_received');
    const offers = await app.deps.db
      .select()
      .from(credentialOffers)
      .where(eq(credentialOffers.userId, PRIMARY.userId));
    expect(offers).toEqual([]);
    const received = await app.deps.db
      .select()
      .from(receivedCredentials)
      .where(eq(receivedCredentials.userId, PRIMARY.userId));
    expect(received).toEqual([]);
  });

  it("deleting an added card tells its issuer credential_deleted; the holder's delete never waits on the issuer", async () => {
    const added = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${PRIMARY.userId}&document_type=passport`,
      headers: bearer(token),
    });
    expect(added.statusCode, added.body).toBe(200);
    const id: string = added.json().credential_id;
    // What telling the issuer later needs is kept, encrypted (no access token in clear).
    const [row] = await app.deps.db.select().from(credentials).where(eq(credentials.id, id));
    expect(row?.issuerExchangeCiphertext).toEqual(expect.any(String));
    expect(row?.issuerExchangeCiphertext).not.toContain('credential_deleted');

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/user/${PRIMARY.userId}/credentials/${id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The Passport Seva issuer recorded credential_deleted for both credentials of the card.
    const issued = await issuancesOf('passport');
    expect(issued).toHaveLength(2);
    for (const issuance of issued) expect(issuance.event).toBe('credential_deleted');

    // Added again and deleted after the issuer stopped taking the access token (its 15 minutes):
    // the issuer refuses the notification, the holder's delete still succeeds.
    const again = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${PRIMARY.userId}&document_type=passport`,
      headers: bearer(token),
    });
    expect(again.statusCode, again.body).toBe(200);
    clock.advance(16 * 60 * 1000);
    const later = await app.inject({
      method: 'DELETE',
      url: `/user/${PRIMARY.userId}/credentials/${again.json().credential_id}`,
      headers: bearer(token),
    });
    expect(later.statusCode, later.body).toBe(200);
    const list = await app.inject({
      url: `/user/${PRIMARY.userId}/credentials`,
      headers: bearer(token),
    });
    expect(
      list
        .json()
        .credentials.map(
          (c: { credential_subject: { document_type: string } }) =>
            c.credential_subject.document_type,
        ),
    ).not.toContain('Passport');
  });

  it('with rate limits on, two holders add every type: the in-process issuer calls count against no one', async () => {
    const fresh = await backend.open();
    const limited = await buildTestApp(fresh.database, { now: clock.now, rateLimits: true });
    try {
      for (const account of [PRIMARY, SECONDARY]) {
        const session = await loginDemo(limited, account);
        for (;;) {
          const response = await limited.inject({
            method: 'POST',
            url: `/identity/generate-credential?user_id=${account.userId}`,
            headers: bearer(session),
          });
          if (response.statusCode === 409) break;
          expect(response.statusCode, response.body).toBe(200);
        }
        const list = await limited.inject({
          url: `/user/${account.userId}/credentials`,
          headers: bearer(session),
        });
        expect(list.json().count).toBe(10);
      }
    } finally {
      await limited.close();
      await fresh.dispose();
    }
  });
});
