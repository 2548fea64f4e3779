/**
 * The wallet receives a W3C Data Integrity credential (`ldp_vc`) over OpenID4VCI 1.0 from an
 * OUTSIDE issuer (DECISIONS 8; docs/oid4vci.md "ldp_vc"): test/helpers/outside-issuer.ts's
 * `issuers/diploma` on 127.0.0.1, which signs a University Degree (a type outside the SPEC's
 * ten) by hand with eddsa-jcs-2022 under its own did:key, bound to the did:key of the wallet's
 * proof key. The holder sees it offered as ldp_vc, accepts it, and finds it among the received
 * credentials (format ldp_vc, its issuer untrusted, the claims of its credentialSubject), stored
 * exactly as sent; the issuer is told credential_accepted. The trust list decides what the card
 * says of its issuer, and an unlisted offerer cannot hand over a credential signed as a listed
 * issuer. A credential whose proof does not
 * verify, bound to another key, of another type than offered or over 64 KiB is refused with its
 * code, the offer left as it was and nothing stored. Run on PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL.
 */
import { publicJwkToDidKey } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { receivedCredentials } from '../src/db/schema';
import { loadHolderKey } from '../src/lib/holder-keys';
import { receivedCredentialAad } from '../src/lib/received-records';
import { addTrustedIssuer } from '../src/platform/add-trusted-issuer';
import { removeTrustedIssuer } from '../src/platform/remove-trusted-issuer';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { type OutsideIssuer, startOutsideIssuer, type Tamper } from './helpers/outside-issuer';
import { expectProblem } from './helpers/problem';

const REJECTED = "The issuer's credential was not accepted: ";
const clock = new TestClock();
let issuer: OutsideIssuer;

beforeAll(async () => {
  issuer = await startOutsideIssuer(clock.now);
});
afterAll(() => issuer.close());
beforeEach(() => {
  issuer.setTamper('none');
  issuer.notifications.length = 0;
});

describe.each(backends)('OpenID4VCI: the wallet receives an ldp_vc on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  const base = `/user/${PRIMARY.userId}`;

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, oid4vciAllowLoopback: true });
    token = await loginDemo(app);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const receive = (offer: string) =>
    app.inject({
      method: 'POST',
      url: `${base}/credential-offers`,
      headers: bearer(token),
      payload: { offer },
    });
  const accept = (id: string) =>
    app.inject({
      method: 'POST',
      url: `${base}/credential-offers/${id}/accept`,
      headers: bearer(token),
      payload: {},
    });
  const view = (id: string) =>
    app.inject({ url: `${base}/credential-offers/${id}`, headers: bearer(token) });
  const list = async () =>
    (await app.inject({ url: `${base}/credentials`, headers: bearer(token) })).json()
      .credentials as Record<string, unknown>[];

  it('receives a University Degree as ldp_vc: listed as received, stored as sent, the issuer told', async () => {
    const received = await receive(issuer.makeOffer('diploma').link);
    expect(received.statusCode, received.body).toBe(201);
    const offerView = received.json();
    expect(offerView).toMatchObject({
      credential_issuer: issuer.issuerId('diploma'),
      issuer: { trusted: false },
      credentials: [
        {
          configuration_id: 'UniversityDegree_ldp_vc',
          format: 'ldp_vc',
          name: 'University Degree',
        },
      ],
    });

    const accepted = await accept(offerView.id);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [record] = accepted.json().credentials;
    const holderKey = await loadHolderKey({ ...app.deps, userId: PRIMARY.userId });
    expect(record).toMatchObject({
      id: expect.stringMatching(/^cred-/),
      issuer: issuer.issuerId('diploma'),
      credential_subject: {
        id: publicJwkToDidKey(holderKey.publicJwk),
        name: 'Rahul Sharma',
        degree: 'B.Tech',
        university: 'Example University',
      },
      received: {
        format: 'ldp_vc',
        credential_issuer: issuer.issuerId('diploma'),
        trusted: false,
        name: 'University Degree',
        vct: null,
        state: 'issued',
      },
    });
    expect((await list()).find((c) => c.id === record.id)).toEqual(record);

    // Stored exactly as the issuer sent it, in received_credentials.
    const [row] = await app.deps.db
      .select()
      .from(receivedCredentials)
      .where(eq(receivedCredentials.id, record.id));
    expect(row?.format).toBe('ldp_vc');
    expect(
      app.deps.vault.decrypt(row?.issuedCiphertext ?? '', receivedCredentialAad(record.id)),
    ).toBe(issuer.issued.at(-1));
    expect(issuer.notifications).toEqual([
      {
        slug: 'diploma',
        body: { notification_id: expect.any(String), event: 'credential_accepted' },
      },
    ]);
  });

  it('its W3C document is answered exactly as the issuer sent it, and the W3C verifier accepts it', async () => {
    const received = await receive(issuer.makeOffer('diploma').link);
    const accepted = await accept(received.json().id);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const id = accepted.json().credentials[0].id as string;
    const sent = issuer.issued.at(-1) ?? '';

    // Download JSON: the issuer's bytes, in the endpoint's JSON envelope.
    const document = await app.inject({
      url: `${base}/credentials/${id}/document`,
      headers: bearer(token),
    });
    expect(document.statusCode, document.body).toBe(200);
    expect(document.headers['content-type']).toMatch(/^application\/json/);
    expect(document.body).toBe(`{"verifiable_credential":${sent}}`);

    // The W3C verifier (VC API) verifies it as issued: did:key, eddsa-jcs-2022.
    const verdict = await app.inject({
      method: 'POST',
      url: '/credentials/verify',
      payload: { verifiableCredential: document.json().verifiable_credential },
    });
    expect(verdict.statusCode, verdict.body).toBe(200);
    expect(verdict.json()).toMatchObject({
      verified: true,
      checks: { signature: true },
      trust: { trusted: false },
    });
    // It has no SD-JWT form: GET .../sd-jwt keeps answering its problem.
    await expectProblem(
      await app.inject({ url: `${base}/credentials/${id}/sd-jwt`, headers: bearer(token) }),
      'received_credential_unsupported',
    );
    // Another holder cannot read it: not found, as for any id they do not hold.
    const other = await loginDemo(app, SECONDARY);
    await expectProblem(
      await app.inject({
        url: `/user/${SECONDARY.userId}/credentials/${id}/document`,
        headers: bearer(other),
      }),
      'credential_not_found',
    );
  });

  it('two copies of the degree in one Credential Response are one credential: the first kept as sent', async () => {
    issuer.setTamper('two');
    const before = (await list()).length;
    const received = await receive(issuer.makeOffer('diploma').link);
    const accepted = await accept(received.json().id);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const records = accepted.json().credentials;
    expect(records).toHaveLength(1);
    expect(await list()).toHaveLength(before + 1);
    const [first, second] = issuer.issued.slice(-2);
    expect(first).not.toBe(second);
    const document = await app.inject({
      url: `${base}/credentials/${records[0].id}/document`,
      headers: bearer(token),
    });
    expect(document.body).toBe(`{"verifiable_credential":${first}}`);
  });

  it('the trust list decides: trusted for its type it says so; a trusted DID from another issuer is refused', async () => {
    // The diploma issuer's DID, as its credentials name it.
    const did = JSON.parse(issuer.issued.at(-1) ?? '{}').issuer as string;
    expect(did).toMatch(/^did:key:z6Mk/);
    await addTrustedIssuer({
      ...app.deps,
      entry: {
        identifier: issuer.issuerId('diploma'),
        names: { en: 'Example University' },
        dids: [did],
        documentTypes: ['UniversityDegreeCredential'],
      },
    });
    const received = await receive(issuer.makeOffer('diploma').link);
    const accepted = await accept(received.json().id);
    expect(accepted.statusCode, accepted.body).toBe(201);
    // Not one of the SPEC's ten types: a received credential, shown as trusted.
    expect(accepted.json().credentials[0].received).toMatchObject({
      format: 'ldp_vc',
      trusted: true,
      issuer_name: 'Example University',
    });

    // The same DID listed under another issuer: the unlisted offerer cannot hand over a
    // credential signed as that trusted issuer.
    await removeTrustedIssuer({ ...app.deps, identifier: issuer.issuerId('diploma') });
    await addTrustedIssuer({
      ...app.deps,
      entry: {
        identifier: 'https://university.example',
        names: { en: 'Example University' },
        dids: [did],
        documentTypes: ['UniversityDegreeCredential'],
      },
    });
    const again = await receive(issuer.makeOffer('diploma').link);
    const before = await list();
    await expectProblem(
      await accept(again.json().id),
      'credential_rejected',
      `${REJECTED}it names another issuer than the one that offered it.`,
    );
    expect(await list()).toEqual(before);
    await removeTrustedIssuer({ ...app.deps, identifier: 'https://university.example' });
  });

  describe('bad input: refused with a code, the offer left as it was, nothing stored', () => {
    async function refusedAccept(
      spoil: Tamper,
      code: Parameters<typeof expectProblem>[1],
      detail: string,
    ) {
      issuer.setTamper(spoil);
      const received = await receive(issuer.makeOffer('diploma').link);
      expect(received.statusCode, received.body).toBe(201);
      const id = received.json().id as string;
      const before = await list();
      const offerView = (await view(id)).json();
      await expectProblem(await accept(id), code, detail);
      expect((await view(id)).json()).toEqual(offerView);
      expect(await list()).toEqual(before);
      // The issuer heard the credential failed.
      expect(issuer.notifications.at(-1)?.body).toMatchObject({ event: 'credential_failure' });
    }

    it('a Data Integrity proof that does not verify (a claim changed after signing)', async () => {
      await refusedAccept(
        'claim',
        'credential_rejected',
        `${REJECTED}its signature does not verify.`,
      );
    });

    it('a credentialSubject.id that is not the did:key of the proved key', async () => {
      await refusedAccept(
        'cnf',
        'credential_rejected',
        `${REJECTED}it is bound to another key than your wallet proved it holds.`,
      );
    });

    it('a credential of another type than the configuration offered', async () => {
      await refusedAccept(
        'vct',
        'credential_rejected',
        `${REJECTED}it is of another credential type than the one offered.`,
      );
    });

    it('a credential over 64 KiB', async () => {
      await refusedAccept(
        'big',
        'credential_too_large',
        'The issuer sent a credential larger than 64 KiB, which Pehchaan does not store.',
      );
    });
  });
});
