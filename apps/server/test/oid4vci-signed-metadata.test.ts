/**
 * Signed Credential Issuer Metadata (OpenID4VCI 1.0 section 12.2.3; lib/oid4vci/offer.ts
 * readSignedMetadata; docs/oid4vci.md "Signed metadata"), on every backend, with the OUTSIDE
 * issuer (test/helpers/outside-issuer.ts, jose only) signing its metadata with an ES256 key that
 * the deployment's trust list names for it:
 * - signed as the whole answer (`application/jwt`) or as a `signed_metadata` member, it is
 *   checked and its values are used over the plain ones (the holder sees the signed display name),
 *   and the credential is received;
 * - a bad signature, another `sub`, an expired one, or a signer the wallet cannot check (an issuer
 *   not on the trust list) refuse the offer with issuer_metadata_invalid and store nothing;
 * - an `x5c` chain (made with openssl: a test CA and a leaf naming the issuer's URL) is trusted
 *   when its CA is one the wallet trusts for TLS, and refused otherwise.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addTrustedIssuer } from '../src/platform/add-trusted-issuer';
import { receiveCredentialOffer } from '../src/wallet/receive-credential-offer';
import { bearer, buildTestApp, loginDemo, PRIMARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { type OutsideIssuer, startOutsideIssuer } from './helpers/outside-issuer';
import { expectProblem } from './helpers/problem';

// Today: the x5c certificates openssl makes are valid from now.
const clock = new TestClock(Date.now());
let issuer: OutsideIssuer;

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A test CA and a P-256 leaf it certifies, naming `uri` as its subjectAltName (openssl). */
function makeChain(uri: string): { caPem: string; chain: string[]; privateKeyPem: string } {
  const dir = mkdtempSync(join(tmpdir(), 'metadata-x5c-'));
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
    run(
      ['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2']
        .concat(['-subj', '/CN=Metadata Test CA', '-addext', 'basicConstraints=critical,CA:TRUE'])
        .concat(['-addext', 'keyUsage=critical,keyCertSign']),
    );
    run(['req', ...ec, '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=issuer']);
    writeFileSync(join(dir, 'ext.cnf'), `subjectAltName=URI:${uri}\n`);
    run(
      ['x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key'].concat([
        '-CAcreateserial',
        '-out',
        'leaf.pem',
        '-days',
        '1',
        '-extfile',
        'ext.cnf',
      ]),
    );
    const der = (file: string) =>
      new X509Certificate(readFileSync(join(dir, file))).raw.toString('base64');
    return {
      caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'),
      chain: [der('leaf.pem'), der('ca.pem')],
      privateKeyPem: readFileSync(join(dir, 'leaf.key'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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

  it.skipIf(!hasOpenssl)(
    'trusts an x5c chain to a CA it trusts for TLS, and refuses one to any other CA',
    async () => {
      // UIDAI's outside issuer is not on the trust list: its certificate alone vouches for it.
      const { caPem, chain, privateKeyPem } = makeChain(issuer.issuerId('uidai'));
      const other = makeChain(issuer.issuerId('library'));
      // The certificates are valid from the second openssl made them.
      clock.advance(60_000);
      issuer.setSignedMetadata({ as: 'jwt', x5c: { chain, privateKeyPem } });
      const view = await receiveCredentialOffer({
        ...app.deps,
        userId: PRIMARY.userId,
        link: issuer.makeOffer('uidai').link,
        fetchOptions: { trustedCa: caPem },
      });
      expect(view.credentials[0]?.name).toBe('Aadhaar (signed)');
      // Through the API the wallet trusts Node's CA bundle only: the test CA is not in it.
      expectProblem(await receive('uidai'), 'issuer_metadata_invalid');
      // A certificate naming another issuer is refused even from a trusted CA.
      issuer.setSignedMetadata({
        as: 'jwt',
        x5c: { chain: other.chain, privateKeyPem: other.privateKeyPem },
      });
      await expect(
        receiveCredentialOffer({
          ...app.deps,
          userId: PRIMARY.userId,
          link: issuer.makeOffer('uidai').link,
          fetchOptions: { trustedCa: other.caPem },
        }),
      ).rejects.toMatchObject({ code: 'issuer_metadata_invalid' });
    },
  );
});
