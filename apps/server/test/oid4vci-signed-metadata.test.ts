/**
 * Signed Credential Issuer Metadata (OpenID4VCI 1.0 section 12.2.3; lib/oid4vci/offer.ts
 * readSignedMetadata; docs/oid4vci.md "Signed metadata"), on every backend, with the OUTSIDE
 * issuer (test/helpers/outside-issuer.ts, jose only) signing its metadata with an ES256 key that
 * the deployment's trust list names for it:
 * - signed as the whole answer (`application/jwt`) or as a `signed_metadata` member, it is
 *   checked and its values are used over the plain ones (the holder sees the signed display name),
 *   and the credential is received;
 * - a bad signature, another `sub`, an expired one, or a signer the wallet cannot check (an issuer
 *   not on the trust list) refuse the offer with issuer_metadata_invalid and store nothing.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addTrustedIssuer } from '../src/platform/add-trusted-issuer';
import { bearer, buildTestApp, loginDemo, PRIMARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { type OutsideIssuer, startOutsideIssuer } from './helpers/outside-issuer';
import { expectProblem } from './helpers/problem';

const clock = new TestClock();
let issuer: OutsideIssuer;

beforeAll(async () => {
  issuer = await startOutsideIssuer(clock.now);
});
afterAll(() => issuer.close());
beforeEach(() => issuer.setSignedMetadata({ as: 'none' }));

describe.each(backends)('OpenID4VCI signed issuer metadata on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  const base = `/user/${PRIMARY.userId}`;

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, oid4vciAllowLoopback: true });
    token = await loginDemo(app);
    // The deployment trusts the library, and names the key that signs its metadata.
    await addTrustedIssuer({
      ...app.deps,
      entry: {
        identifier: issuer.issuerId('library'),
        names: { en: 'City Library' },
        jwks: { keys: [issuer.metadataKey] },
        documentTypes: [`${issuer.origin}/vct/library-card`],
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await opened.dispose();
  });

  const receive = (slug: 'library' | 'uidai') =>
    app.inject({
      method: 'POST',
      url: `${base}/credential-offers`,
      headers: bearer(token),
      payload: { offer: issuer.makeOffer(slug).link },
    });
  const deleteAll = async () => {
    const listed = await app.inject({ url: `${base}/credentials`, headers: bearer(token) });
    for (const credential of listed.json().credentials as { id: string; received?: unknown }[]) {
      if (!credential.received) continue;
      await app.inject({
        method: 'DELETE',
        url: `${base}/credentials/${credential.id}`,
        headers: bearer(token),
      });
    }
  };

  it.each([
    ['the whole answer (application/jwt)', 'jwt'],
    ['a signed_metadata member', 'member'],
  ] as const)('uses metadata signed as %s over the plain values, then receives', async (_, as) => {
    issuer.setSignedMetadata({ as });
    const offered = await receive('library');
    expect(offered.statusCode, offered.body).toBe(201);
    expect(offered.json().issuer).toMatchObject({ trusted: true });
    // The signed metadata's name of the credential, not the plain document's "Library Card".
    expect(offered.json().credentials[0].name).toBe('Library Card (signed)');
    const accepted = await app.inject({
      method: 'POST',
      url: `${base}/credential-offers/${offered.json().id}/accept`,
      headers: bearer(token),
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().credentials[0].received).toMatchObject({
      format: 'dc+sd-jwt',
      name: 'Library Card (signed)',
    });
    await deleteAll();
  });

  it.each([
    ['a bad signature', { as: 'jwt', spoil: 'signature' }],
    ['another sub', { as: 'jwt', spoil: 'sub' }],
    ['an expired one', { as: 'member', spoil: 'expired' }],
    ['a bad signature in a member', { as: 'member', spoil: 'signature' }],
  ] as const)('refuses the offer for %s, storing nothing', async (_, mode) => {
    issuer.setSignedMetadata(mode);
    const before = await app.inject({ url: `${base}/credential-offers`, headers: bearer(token) });
    expectProblem(await receive('library'), 'issuer_metadata_invalid');
    const after = await app.inject({ url: `${base}/credential-offers`, headers: bearer(token) });
    expect(after.json()).toEqual(before.json());
  });

  it('refuses signed metadata whose signer it cannot check (an issuer not on the trust list)', async () => {
    issuer.setSignedMetadata({ as: 'jwt' });
    expectProblem(await receive('uidai'), 'issuer_metadata_invalid');
    // Plain metadata from the same issuer is received as before.
    issuer.setSignedMetadata({ as: 'none' });
    const offered = await receive('uidai');
    expect(offered.statusCode, offered.body).toBe(201);
    expect(offered.json().issuer).toMatchObject({ trusted: false });
  });
});
