/**
 * The product's wallet receives from the product's own issuers over OpenID4VCI 1.0 (DECISIONS
 * 9.1; docs/oid4vci.md): an issuer organisation makes an offer with its API key (POST
 * /issuer/offers, both formats by default, with a transaction code), the holder stores it, sees
 * the issuer as trusted (the trust list) and the credential it will receive, types the code and
 * accepts; both formats are received and stored as one SPEC card (the W3C document and its SD-JWT
 * VC exactly as issued, bound to the holder's keys), and SPEC 5's one-per-type rule then refuses a
 * second one. An offer in ldp_vc only is received as a SPEC card too. Run on PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */

import { credentialIdFromDocumentId } from '@pehchaan/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialOffers, oid4vciIssuances, oid4vciOffers } from '../src/db/schema';
import { createIssuerApiKey } from '../src/issuer/create-issuer-api-key';
import { OFFER_ENDED_DETAIL } from '../src/lib/oid4vci/exchange';
import { OFFER_GONE_DETAIL } from '../src/wallet/receive-credential-offer';
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
import { expectProblem } from './helpers/problem';

const VOTER_CLAIMS = {
  name: 'Rahul Sharma',
  voter_id: 'ABC1234567',
  date_of_birth: '1990-05-15',
  address: '12 MG Road, Bengaluru',
  constituency: 'Bengaluru South',
};

/** The JSON of one part (header or payload) of a compact JWS. */
function jwtPart(jwt: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[index] ?? '', 'base64url').toString('utf8'));
}

describe.each(backends)(
  "OpenID4VCI: the wallet receives from the product's issuer on $name",
  (backend) => {
    let opened: OpenedDatabase;
    let app: FastifyInstance;
    let token: string;
    let issuerKey: string;
    const clock = new TestClock();
    const base = `/user/${PRIMARY.userId}`;

    beforeAll(async () => {
      opened = await backend.open();
      // Loopback stays off: this server's own issuers are reached in process.
      app = await buildTestApp(opened.database, { now: clock.now, oid4vciAllowLoopback: false });
      token = await loginDemo(app);
      issuerKey = (
        await createIssuerApiKey({ ...app.deps, issuer: 'Election Commission of India' })
      ).apiKey;
    });

    afterAll(async () => {
      await app.close();
      await opened.dispose();
    });

    /** An offer of VOTER_CLAIMS with a transaction code, in `formats` (default: both). */
    async function makeOffer(
      formats?: string[],
    ): Promise<{ openid_credential_offer: string; tx_code: string }> {
      const response = await app.inject({
        method: 'POST',
        url: '/issuer/offers',
        headers: bearer(issuerKey),
        payload: { document_type: 'Voter ID Card', claims: VOTER_CLAIMS, tx_code: true, formats },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    }

    const receive = (offer: string) =>
      app.inject({
        method: 'POST',
        url: `${base}/credential-offers`,
        headers: bearer(token),
        payload: { offer },
      });
    const accept = (id: string, txCode: string) =>
      app.inject({
        method: 'POST',
        url: `${base}/credential-offers/${id}/accept`,
        headers: bearer(token),
        payload: { tx_code: txCode },
      });

    it('offer, review, code, accept: a trusted Voter ID Card, stored as a SPEC card in both formats as issued; a second is refused', async () => {
      const offer = await makeOffer();
      const received = await receive(offer.openid_credential_offer);
      expect(received.statusCode, received.body).toBe(201);
      const view = received.json();
      expect(view).toMatchObject({
        credential_issuer: 'http://localhost:5000/oid4vci/issuers/election-commission-of-india',
        issuer: { name: 'Election Commission of India', trusted: true },
        tx_code: { length: 6, input_mode: 'numeric' },
        grant: 'pre-authorized_code',
        // The issuer's offer ends after its 10 minutes (its expires_at), before the wallet's hour.
        expires_at: new Date(clock.now().getTime() + 10 * MINUTE_MS).toISOString(),
        expires_by: 'issuer',
      });
      // Offered in both formats, one issuance: the holder sees one credential.
      expect(view.credentials).toHaveLength(1);
      expect(view.credentials[0]).toMatchObject({ format: 'dc+sd-jwt', name: 'Voter ID Card' });
      expect(view.credentials[0].claims.map((claim: { path: string }) => claim.path)).toEqual(
        expect.arrayContaining(['voter_id', 'constituency']),
      );

      // A wrong code: refused, the offer kept; the right one receives the credential.
      const wrong = String((Number(offer.tx_code) + 1) % 1_000_000).padStart(6, '0');
      await expectProblem(await accept(view.id, wrong), 'tx_code_invalid');
      const accepted = await accept(view.id, offer.tx_code);
      expect(accepted.statusCode, accepted.body).toBe(201);
      const { credentials: stored } = accepted.json();
      // A trusted issuer's SPEC type: one SPEC card (the W3C document and its SD-JWT VC), with
      // every feature of one, not a received credential.
      expect(stored).toHaveLength(1);
      const [record] = stored;
      expect(record.id).toMatch(/^cred-[0-9a-f]{32}$/);
      expect(record.received).toBeUndefined();
      expect(record).toMatchObject({
        type: ['VerifiableCredential', 'VoterIdCredential'],
        issuer: 'Election Commission of India',
        credential_subject: { name: 'Rahul Sharma', document_type: 'Voter ID Card' },
      });

      // Listed; the document and the SD-JWT as issued: signed by the issuer's key, bound to the
      // holder's key (its did:key in the document, its JWK in cnf).
      const listed = await app.inject({ url: `${base}/credentials`, headers: bearer(token) });
      expect(listed.json().credentials.map((c: { id: string }) => c.id)).toContain(record.id);
      const document = await app.inject({
        url: `${base}/credentials/${record.id}/document`,
        headers: bearer(token),
      });
      expect(document.statusCode, document.body).toBe(200);
      const signed = document.json().verifiable_credential;
      const issuerDid = app.deps.issuers.get('Election Commission of India').did;
      expect(signed).toMatchObject({
        id: expect.stringMatching(/^urn:uuid:/),
        issuer: { id: issuerDid },
        credentialSubject: { id: expect.stringMatching(/^did:key:z6Mk/), ...VOTER_CLAIMS },
        proof: { cryptosuite: 'eddsa-jcs-2022' },
      });
      // The card's id is the issuer's urn:uuid, as core reads it.
      expect(credentialIdFromDocumentId(signed.id)).toBe(record.id);
      const sdJwt = await app.inject({
        url: `${base}/credentials/${record.id}/sd-jwt`,
        headers: bearer(token),
      });
      expect(sdJwt.statusCode, sdJwt.body).toBe(200);
      const issuerJwt = sdJwt.body.split('~')[0] ?? '';
      const payload = jwtPart(issuerJwt, 1);
      expect(payload.iss).toBe(issuerDid);
      expect(payload.vct).toBe('http://localhost:5000/vct/voter_id');
      expect(payload.cnf).toMatchObject({ jwk: expect.objectContaining({ kty: 'OKP' }) });
      const verdict = await app.inject({ url: `/api/verify/${record.id}` });
      expect(verdict.json()).toMatchObject({ verified: true, status: 'verified' });

      // SPEC 5: one Voter ID Card per holder, whichever way it came.
      const offer2 = await makeOffer();
      const second = await receive(offer2.openid_credential_offer);
      expect(second.statusCode, second.body).toBe(201);
      const refused = await accept(second.json().id, offer2.tx_code);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'credential_exists' });

      // Deleting the card tells the issuer credential_deleted for both credentials it issued.
      const deleted = await app.inject({
        method: 'DELETE',
        url: `${base}/credentials/${record.id}`,
        headers: bearer(token),
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const delivered = await app.deps.db
        .select({ event: oid4vciIssuances.notificationEvent })
        .from(oid4vciIssuances)
        .innerJoin(oid4vciOffers, eq(oid4vciOffers.id, oid4vciIssuances.offerId))
        .where(
          and(eq(oid4vciOffers.documentType, 'voter_id'), isNotNull(oid4vciIssuances.deliveredAt)),
        );
      expect(delivered).toEqual([{ event: 'credential_deleted' }, { event: 'credential_deleted' }]);
    });

    it('an offer in ldp_vc only is received: a SPEC card with the W3C document and no SD-JWT VC minted', async () => {
      const other = await loginDemo(app, SECONDARY);
      const otherBase = `/user/${SECONDARY.userId}`;
      const offer = await makeOffer(['ldp_vc']);
      const received = await app.inject({
        method: 'POST',
        url: `${otherBase}/credential-offers`,
        headers: bearer(other),
        payload: { offer: offer.openid_credential_offer },
      });
      expect(received.statusCode, received.body).toBe(201);
      expect(received.json().credentials).toMatchObject([{ format: 'ldp_vc' }]);
      const accepted = await app.inject({
        method: 'POST',
        url: `${otherBase}/credential-offers/${received.json().id}/accept`,
        headers: bearer(other),
        payload: { tx_code: offer.tx_code },
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
      const [record] = accepted.json().credentials;
      expect(record.received).toBeUndefined();
      expect(record.type).toEqual(['VerifiableCredential', 'VoterIdCredential']);
      const verdict = await app.inject({ url: `/api/verify/${record.id}` });
      expect(verdict.json()).toMatchObject({ verified: true, status: 'verified' });
      // Issued in W3C form only: the wallet signs no SD-JWT VC of its own for it.
      await expectProblem(
        await app.inject({
          url: `${otherBase}/credentials/${record.id}/sd-jwt`,
          headers: bearer(other),
        }),
        'received_credential_unsupported',
        'This credential has no SD-JWT form: its issuer issued it as a W3C credential only.',
      );
    });

    it('an offer the issuer has ended (3 wrong codes) or that expired is refused as expired when opened, nothing stored', async () => {
      // The holder's stored offers (the wallet role's table).
      const listed = async () =>
        (
          await app.deps.db
            .select({ id: credentialOffers.id })
            .from(credentialOffers)
            .where(eq(credentialOffers.userId, PRIMARY.userId))
        ).map((row) => row.id);
      // The Voter ID Card of the first test goes, or SPEC 5 would refuse before the issuer is asked.
      const held = await app.inject({ url: `${base}/credentials`, headers: bearer(token) });
      for (const credential of held.json().credentials) {
        if (credential.credential_subject.document_type !== 'Voter ID Card') continue;
        const deleted = await app.inject({
          method: 'DELETE',
          url: `${base}/credentials/${credential.id}`,
          headers: bearer(token),
        });
        expect(deleted.statusCode, deleted.body).toBeLessThan(300);
      }
      // Three wrong codes end the offer at the issuer; scanning it again is plainly refused.
      const ended = await makeOffer();
      const view = (await receive(ended.openid_credential_offer)).json();
      const wrong = String((Number(ended.tx_code) + 1) % 1_000_000).padStart(6, '0');
      // Two wrong codes may be typed again; the third ends the offer at the issuer, and from then
      // even the right code is refused as expired (ask the issuer for a new one), not as wrong.
      for (let i = 0; i < 2; i += 1) {
        expectProblem(await accept(view.id, wrong), 'tx_code_invalid');
      }
      expectProblem(await accept(view.id, wrong), 'offer_expired', OFFER_ENDED_DETAIL);
      expectProblem(await accept(view.id, ended.tx_code), 'offer_expired', OFFER_ENDED_DETAIL);
      const before = await listed();
      expectProblem(
        await receive(ended.openid_credential_offer),
        'offer_expired',
        OFFER_GONE_DETAIL,
      );
      expect(await listed()).toEqual(before);

      // Past the issuer's 10 minutes: the same.
      const late = await makeOffer();
      clock.advance(11 * MINUTE_MS);
      expectProblem(
        await receive(late.openid_credential_offer),
        'offer_expired',
        OFFER_GONE_DETAIL,
      );
      expect(await listed()).toEqual(before);
    });
  },
);
