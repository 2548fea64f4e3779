/**
 * The trust list (DECISIONS 9.3; docs/security.md "The trust list") on every backend: the product's
 * nine issuers are on it from the first start, with their identifiers, keys, names and types, and
 * stay in step over restarts; an issuer added with `npm run issuer:trust` (its command function)
 * is trusted for its types, and only those, by the W3C verify endpoint (`trusted_issuer`) and the
 * public verify link /api/verify/{id}; removed, it is untrusted again; the command's refusals.
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import {
  buildCredentialDocument,
  createEddsaJcs2022Proof,
  credentialIssuerIdentifier,
  DOCUMENT_TYPES,
  didKeyVerificationMethod,
  ed25519PublicKeyToDidKey,
  ISSUER_DISPLAY_NAMES,
  ISSUERS,
  type JsonObject,
  trustListSchema,
  UI_LANGUAGES,
  vctOf,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, type IssuerTrustIo, runIssuerTrust } from '../scripts/issuer-trust';
import { credentials, trustedIssuers } from '../src/db/schema';
import { credentialAad } from '../src/lib/records';
import { isTrustedIssuer, loadTrustList } from '../src/lib/trust-list';
import { PUBLIC_CACHE } from '../src/plugins/security-headers';
import { buildTestApp, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

/** An issuer outside the product: a fresh Ed25519 did:key. */
function newIssuer() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32));
  const did = ed25519PublicKeyToDidKey(raw);
  return {
    did,
    verificationMethod: didKeyVerificationMethod(did),
    sign: (data: Uint8Array) => new Uint8Array(sign(null, data, privateKey)),
  };
}

/** The command's output, collected. */
function collectingIo(files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: IssuerTrustIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readFile: (path) => {
      const text = files[path];
      if (text === undefined) throw new Error(`ENOENT: no such file, open '${path}'`);
      return text;
    },
  };
  return { io, out, err };
}

const OUTSIDE_ID = 'https://tax-office.example/issuer';
const OUTSIDE_NAME = 'Example Tax Office';

describe.each(backends)('the trust list on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  const clock = new TestClock();
  const outside = newIssuer();
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const trustCommand = (args: string[], files?: Record<string, string>) => {
    const collected = collectingIo(files);
    return runIssuerTrust(args, app.deps, collected.io).then((code) => ({ code, ...collected }));
  };

  /** A credential of `documentType` for user-005 signed by the outside issuer (eddsa-jcs-2022). */
  const outsideCredential = (documentType: 'pan' | 'aadhaar'): Promise<JsonObject> => {
    const document = buildCredentialDocument({
      credentialId: `cred-${randomBytes(16).toString('hex')}`,
      documentType,
      userId: 'user-005',
      issuerDid: outside.did,
      claims:
        documentType === 'pan'
          ? { name: 'Meera Iyer', pan_number: 'ABCPE1234F' }
          : { name: 'Meera Iyer', aadhaar_number: '234567890124' },
      issuedAt: clock.now(),
    });
    return createEddsaJcs2022Proof(
      { ...document, issuer: { id: outside.did, name: OUTSIDE_NAME } },
      {
        verificationMethod: outside.verificationMethod,
        created: document.validFrom,
        sign: outside.sign,
      },
    );
  };

  const verify = async (verifiableCredential: JsonObject) => {
    const response = await app.inject({
      method: 'POST',
      url: '/credentials/verify',
      payload: { verifiableCredential, options: { checks: ['proof', 'trusted_issuer'] } },
    });
    return { status: response.statusCode, body: response.json() };
  };

  /** Stores `document` as user-005's credential (as the wallet would) and returns its id. */
  const store = async (document: JsonObject, documentType: string) => {
    const id = `cred-${randomBytes(16).toString('hex')}`;
    await app.deps.db.insert(credentials).values({
      id,
      userId: 'user-005',
      documentType,
      documentCiphertext: app.deps.vault.encrypt(JSON.stringify(document), credentialAad(id)),
      issuedAt: clock.now(),
      expiresAt: null,
    });
    return id;
  };
  const verifyLink = async (id: string) => {
    const response = await app.inject({ url: `/api/verify/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('holds the product’s nine issuers from the first start: identifier, did:key, key, names, types', async () => {
    const list = await loadTrustList(app.deps);
    expect(list.issuers).toHaveLength(ISSUERS.length);
    for (const name of ISSUERS) {
      const { did } = app.deps.issuers.get(name);
      const entry = list.issuers.find((issuer) => issuer.names.en === name);
      expect(entry, name).toMatchObject({
        identifier: credentialIssuerIdentifier(app.deps.publicOrigin, name),
        dids: [did],
        origin: 'product',
        jwksUrl: null,
        documentTypes: DOCUMENT_TYPES.filter((type) => type.issuer === name).map((t) => t.key),
      });
      expect(entry?.names).toEqual(ISSUER_DISPLAY_NAMES[name]);
      expect(Object.keys(entry?.names ?? {}).sort()).toEqual([...UI_LANGUAGES].sort());
      expect(entry?.jwks?.keys).toEqual([
        expect.objectContaining({
          kty: 'OKP',
          crv: 'Ed25519',
          kid: didKeyVerificationMethod(did),
          alg: 'EdDSA',
        }),
      ]);
    }
    expect(list.issuers.find((i) => i.names.en === 'CBSE')?.documentTypes).toEqual([
      'marksheet_10th',
      'marksheet_12th',
    ]);
  });

  it('publishes the list at GET /trust-list (public, revalidated), in core’s trustListSchema', async () => {
    const response = await app.inject({ url: '/trust-list' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(PUBLIC_CACHE.live);
    const body = trustListSchema.parse(response.json());
    expect(body.count).toBe(ISSUERS.length);
    expect(body.issuers.map((issuer) => issuer.name)).toEqual([...ISSUERS]);
    expect(body.issuers[0]).toMatchObject({
      identifier: credentialIssuerIdentifier(app.deps.publicOrigin, 'UIDAI'),
      name: 'UIDAI',
      names: { hi: ISSUER_DISPLAY_NAMES.UIDAI.hi },
      dids: [app.deps.issuers.get('UIDAI').did],
      document_types: ['aadhaar'],
      origin: 'product',
      jwks_url: null,
    });
    // Public keys only.
    for (const issuer of body.issuers) {
      for (const key of issuer.jwks?.keys ?? []) expect(key).not.toHaveProperty('d');
    }
  });

  it('answers isTrusted by identifier, DID or key thumbprint, for the types each may issue', async () => {
    const uidai = app.deps.issuers.get('UIDAI').did;
    const identifier = credentialIssuerIdentifier(app.deps.publicOrigin, 'UIDAI');
    expect(await isTrustedIssuer(app.deps, { identifier }, 'aadhaar')).toMatchObject({
      trusted: true,
      name: 'UIDAI',
      identifier,
    });
    // Every spelling of the type: key, name, W3C type, this deployment's vct.
    for (const type of [
      'Aadhaar Card',
      'AadhaarCredential',
      vctOf(app.deps.publicOrigin, 'aadhaar'),
    ]) {
      expect((await isTrustedIssuer(app.deps, { did: uidai }, type)).trusted, type).toBe(true);
    }
    // On the list, but not for a PAN card.
    expect(await isTrustedIssuer(app.deps, { identifier }, 'pan')).toMatchObject({
      trusted: false,
      name: 'UIDAI',
    });
    const list = await loadTrustList(app.deps);
    const jwk = list.issuers.find((i) => i.identifier === identifier)?.jwks?.keys[0];
    const thumbprint = await calculateJwkThumbprint(jwk ?? {}, 'sha256');
    expect(
      (await isTrustedIssuer(app.deps, { jwkThumbprint: thumbprint }, 'aadhaar')).trusted,
    ).toBe(true);
    // Everything given must be the same issuer's.
    const panDid = app.deps.issuers.get('Income Tax Department').did;
    expect(await isTrustedIssuer(app.deps, { identifier, did: panDid })).toEqual({
      trusted: false,
      name: null,
      names: null,
      identifier: null,
    });
    expect((await isTrustedIssuer(app.deps, {})).trusted).toBe(false);
    // SD-JWT VCs (the verifier's OpenID4VP responses): iss and vct.
    expect(list.trustsSdJwt(panDid, vctOf(app.deps.publicOrigin, 'pan'))).toBe(true);
    expect(list.trustsSdJwt(uidai, vctOf(app.deps.publicOrigin, 'pan'))).toBe(false);
    expect(list.trustsSdJwt(outside.did, vctOf(app.deps.publicOrigin, 'pan'))).toBe(false);
  });

  it('trusts an issuer added with issuer:trust for its types only, on /credentials/verify and /api/verify; removed, no more', async () => {
    const pan = await outsideCredential('pan');
    const aadhaar = await outsideCredential('aadhaar');
    const panId = await store(pan, 'pan');
    const aadhaarId = await store(aadhaar, 'aadhaar');

    // Not on the list: a valid signature, an untrusted issuer.
    expect(await verify(pan)).toMatchObject({
      status: 422,
      body: {
        code: 'credential_not_verified',
        verification: {
          status: 'untrusted_issuer',
          trust: { issuer: outside.did, trusted: false },
        },
      },
    });
    expect(await verifyLink(panId)).toMatchObject({
      verified: false,
      status: 'untrusted_issuer',
      trust: { issuer: outside.did, trusted: false },
    });

    const added = await trustCommand([
      'add',
      '--id',
      OUTSIDE_ID,
      '--name',
      OUTSIDE_NAME,
      '--name-hi',
      'उदाहरण कर कार्यालय',
      '--did',
      outside.did,
      '--types',
      'pan',
    ]);
    expect(added, added.err.join('\n')).toMatchObject({
      code: EXIT.ok,
      out: [`Added ${OUTSIDE_ID} on the trust list`],
    });

    // Trusted for PAN, named by the list, on both answers (the link's cached verdict too).
    const trusted = await verify(pan);
    expect(trusted.status, JSON.stringify(trusted.body)).toBe(200);
    expect(trusted.body).toMatchObject({
      verified: true,
      checks: { trusted_issuer: true },
      trust: { issuer: outside.did, trusted: true, name: OUTSIDE_NAME },
    });
    expect(await verifyLink(panId)).toMatchObject({
      verified: true,
      status: 'verified',
      trust: { issuer: outside.did, trusted: true },
      credential: { issuer: OUTSIDE_NAME },
    });
    // Not for a type it may not issue.
    expect(await verify(aadhaar)).toMatchObject({
      status: 422,
      body: { verification: { status: 'untrusted_issuer', trust: { trusted: false } } },
    });
    expect(await verifyLink(aadhaarId)).toMatchObject({
      status: 'untrusted_issuer',
      trust: { trusted: false },
    });
    expect(await isTrustedIssuer(app.deps, { identifier: OUTSIDE_ID }, 'pan')).toMatchObject({
      trusted: true,
      name: OUTSIDE_NAME,
      names: { en: OUTSIDE_NAME, hi: 'उदाहरण कर कार्यालय' },
    });

    const listed = await trustCommand(['list']);
    expect(listed.code).toBe(EXIT.ok);
    expect(listed.out[0]).toBe(`${ISSUERS.length + 1} trusted issuer(s):`);
    expect(listed.out).toContain(`  id:    ${OUTSIDE_ID}`);

    const removed = await trustCommand(['remove', '--id', OUTSIDE_ID]);
    expect(removed).toMatchObject({
      code: EXIT.ok,
      out: [`Removed ${OUTSIDE_NAME} (${OUTSIDE_ID}) from the trust list`],
    });
    expect(await verify(pan)).toMatchObject({
      status: 422,
      body: { verification: { status: 'untrusted_issuer' } },
    });
    expect(await verifyLink(panId)).toMatchObject({ status: 'untrusted_issuer' });
    expect((await isTrustedIssuer(app.deps, { identifier: OUTSIDE_ID }, 'pan')).trusted).toBe(
      false,
    );
    // Removing it again: not on the list.
    expect(await trustCommand(['remove', '--id', OUTSIDE_ID])).toMatchObject({
      code: EXIT.failed,
      err: [`${OUTSIDE_ID} is not on the trust list (see: npm run issuer:trust -- list)`],
    });
  });

  it('adds an issuer known by its keys (a JWK Set file), found by their thumbprint, for a vct', async () => {
    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'key-1' };
    const vct = 'https://university.example/vct/degree';
    const added = await trustCommand(
      [
        'add',
        '--id',
        'https://university.example',
        '--name',
        'Example University',
        '--jwk-file',
        'jwks.json',
        '--types',
        `${vct},marksheet_12th`,
      ],
      { 'jwks.json': JSON.stringify({ keys: [jwk] }) },
    );
    expect(added.code, added.err.join('\n')).toBe(EXIT.ok);
    const jwkThumbprint = await calculateJwkThumbprint(jwk, 'sha256');
    const issuer = { identifier: 'https://university.example', jwkThumbprint };
    expect((await isTrustedIssuer(app.deps, issuer, vct)).trusted).toBe(true);
    expect((await isTrustedIssuer(app.deps, issuer, '12th Class Marksheet')).trusted).toBe(true);
    expect((await isTrustedIssuer(app.deps, issuer, 'pan')).trusted).toBe(false);
    expect((await isTrustedIssuer(app.deps, issuer, 'https://other.example/vct')).trusted).toBe(
      false,
    );
  });

  it('refuses bad input with the option at fault and exit code 2, and writes nothing', async () => {
    const before = await app.deps.db.select().from(trustedIssuers);
    const cases: [string[], RegExp, Record<string, string>?][] = [
      [
        [
          'add',
          '--id',
          'http://issuer.example',
          '--name',
          'X',
          '--did',
          outside.did,
          '--types',
          'pan',
        ],
        /^--id: must be a DID or an https URL/,
      ],
      [
        ['add', '--id', OUTSIDE_ID, '--name', 'X', '--did', outside.did, '--types', 'pan,pann'],
        /^--types: "pann" is not a document type/,
      ],
      [
        ['add', '--id', OUTSIDE_ID, '--name', 'X', '--types', 'pan'],
        /^--jwk-file: the issuer needs keys/,
      ],
      [
        ['add', '--id', OUTSIDE_ID, '--name', 'X', '--did', 'did:key:zNotAKey', '--types', 'pan'],
        /^--did: "did:key:zNotAKey" is not a DID/,
      ],
      [
        ['add', '--id', OUTSIDE_ID, '--name', ' ', '--did', outside.did, '--types', 'pan'],
        /^--name: /,
      ],
      [
        ['add', '--id', OUTSIDE_ID, '--name', 'X', '--jwk-file', 'k.json', '--types', 'pan'],
        /^--jwk-file: holds private or symmetric key material/,
        { 'k.json': '{"kty":"oct","k":"c2VjcmV0"}' },
      ],
      [
        ['add', '--id', OUTSIDE_ID, '--name', 'X', '--jwk-file', 'missing.json', '--types', 'pan'],
        /^Cannot read a JWK Set from --jwk-file missing.json/,
      ],
      [
        [
          'add',
          '--id',
          OUTSIDE_ID,
          '--name',
          'X',
          '--jwks-url',
          'https://a.example/j',
          '--jwk-file',
          'k.json',
          '--types',
          'pan',
        ],
        /^Give --jwks-url or --jwk-file, not both/,
      ],
      [['add', '--name', 'X', '--types', 'pan'], /^add needs --id/],
      [
        ['add', '--id', OUTSIDE_ID, '--name', 'X', '--name-xx', 'Y', '--types', 'pan'],
        /Unknown option '--name-xx'/,
      ],
      [['forget', '--id', OUTSIDE_ID], /^Unknown command: forget/],
      [[], /^Name a command/],
    ];
    for (const [args, message, files] of cases) {
      const result = await trustCommand(args, files);
      expect(result.code, args.join(' ')).toBe(EXIT.usage);
      expect(result.err[0], args.join(' ')).toMatch(message);
    }
    expect(await app.deps.db.select().from(trustedIssuers)).toEqual(before);
  });

  it('keeps the product’s issuers in step at every start, without putting a removed one back', async () => {
    const uidaiId = credentialIssuerIdentifier(app.deps.publicOrigin, 'UIDAI');
    const rowsOf = () =>
      app.deps.db
        .select()
        .from(trustedIssuers)
        .where(eq(trustedIssuers.origin, 'product'))
        .then((rows) => rows.sort((a, b) => a.identifier.localeCompare(b.identifier)));
    const before = await rowsOf();
    expect(await trustCommand(['remove', '--id', uidaiId])).toMatchObject({ code: EXIT.ok });

    clock.advance(60_000);
    const again = await buildTestApp(opened.database, { now: clock.now, masterKey });
    await again.close();
    const after = await rowsOf();
    // Same rows, same added_at; UIDAI stays removed.
    expect(after.map((r) => [r.identifier, r.addedAt.getTime()])).toEqual(
      before.map((r) => [r.identifier, r.addedAt.getTime()]),
    );
    expect(after.find((r) => r.identifier === uidaiId)?.removedAt).not.toBeNull();
    expect((await isTrustedIssuer(app.deps, { identifier: uidaiId }, 'aadhaar')).trusted).toBe(
      false,
    );

    // A new PUBLIC_ORIGIN: the product's issuers move to their new identifiers, the old rows go;
    // what the operator added stays, and so does a removal.
    const moved = await buildTestApp(opened.database, {
      now: clock.now,
      masterKey,
      publicOrigin: 'https://id.example',
    });
    try {
      const rows = await moved.deps.db.select().from(trustedIssuers);
      const product = rows.filter((row) => row.origin === 'product');
      expect(product.map((row) => row.identifier).sort()).toEqual(
        ISSUERS.map((name) => credentialIssuerIdentifier('https://id.example', name)).sort(),
      );
      expect(rows.some((row) => row.identifier === 'https://university.example')).toBe(true);
      // UIDAI, removed before, stays removed under its new identifier; the others are trusted.
      const list = await loadTrustList(moved.deps);
      const panDid = moved.deps.issuers.get('Income Tax Department').did;
      expect(list.isTrusted({ did: panDid }, 'pan')).toMatchObject({
        trusted: true,
        identifier: credentialIssuerIdentifier('https://id.example', 'Income Tax Department'),
      });
      expect(list.isTrusted({ did: moved.deps.issuers.get('UIDAI').did }).trusted).toBe(false);
    } finally {
      await moved.close();
    }
  });
});
