/**
 * SD-JWT VCs (DECISIONS D7.2, D7.3; draft-ietf-oauth-sd-jwt-vc, RFC 9901), on every backend,
 * checked by an independent verifier built directly on @sd-jwt/sd-jwt-vc, jose and @scure/base
 * (none of the product's code): the issuer signature against the key resolved from `kid`
 * (did:key), `iss`, `vct`, `cnf`, each subject claim a disclosure, the dates of the W3C
 * document; presentCredential discloses only the chosen claims with a key-binding JWT (nonce,
 * aud, sd_hash, the holder's cnf key); tampering fails; the holder key is stored encrypted; one
 * holder cannot fetch another's; the Type Metadata at /vct answers valid metadata.
 */
import { createHash, createPrivateKey } from 'node:crypto';
import {
  createEddsaJcs2022Proof,
  holderDid,
  toSecondsIso,
  UI_LANGUAGES,
  type VerifiableCredential,
} from '@pehchaan/core';
import type { TypeMetadataFormat } from '@sd-jwt/sd-jwt-vc';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials, holderKeys } from '../src/db/schema';
import { UNKNOWN_TYPE_DETAIL } from '../src/issuer/get-credential-type-metadata';
import { isAppError } from '../src/lib/errors';
import { credentialAad } from '../src/lib/records';
import { resolveIssuerKey } from '../src/lib/sd-jwt-vc';
import { presentCredential } from '../src/wallet/present-credential';
import { bearer, buildTestApp, loginDemo, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { independentSdJwtVerifier, jwkOfDidKey } from './helpers/independent-sd-jwt-verifier';
import { expectProblem } from './helpers/problem';

const ORIGIN = 'https://wallet.pehchaan.example';
const SUBJECT_CLAIMS_PAN = ['name', 'document_type', 'pan_number', 'date_of_birth', 'father_name'];

// ---------------------------------------------------------------------------------------------
// The independent verifier: did:key -> JWK by hand (multibase base58btc, multicodec 0xed01),
// signatures by jose, SD-JWT rules by @sd-jwt/sd-jwt-vc.

/** The independent verifier, fetching Type Metadata from `app` when given. */
function independentVerifier(trustedDids: readonly string[], app?: FastifyInstance) {
  return independentSdJwtVerifier(
    trustedDids,
    app &&
      (async (uri: string) => {
        const response = await app.inject({ url: new URL(uri).pathname });
        expect(response.statusCode).toBe(200);
        return response.json() as TypeMetadataFormat;
      }),
  );
}

/** The parts of a compact SD-JWT: issuer JWT, disclosures, KB-JWT ('' when none). */
function split(compact: string) {
  const parts = compact.split('~');
  return { jwt: parts[0] ?? '', disclosures: parts.slice(1, -1), kb: parts.at(-1) ?? '' };
}

/** A disclosure decoded: [salt, name, value] (RFC 9901 4.2.1). */
const decodeDisclosure = (d: string) =>
  JSON.parse(Buffer.from(d, 'base64url').toString('utf8')) as [string, string, unknown];

const sha256b64u = (text: string) => createHash('sha256').update(text, 'ascii').digest('base64url');

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

// ---------------------------------------------------------------------------------------------

describe.each(backends)('SD-JWT VC on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  const clock = new TestClock();
  let pan: { id: string; document: Record<string, unknown> & { issuer: { id: string } } };
  let trusted: string[];

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, publicOrigin: ORIGIN });
    token = await loginDemo(app);
    otherToken = await loginDemo(app, SECONDARY);
    const generated = await app.inject({
      method: 'POST',
      url: '/identity/generate-credential?user_id=user-001&document_type=pan',
      headers: bearer(token),
    });
    expect(generated.statusCode).toBe(200);
    pan = { id: generated.json().credential_id, document: generated.json().verifiable_credential };
    trusted = [...app.deps.issuers.trustedIssuers];
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const getSdJwt = (credentialId: string, auth = token, userId = 'user-001') =>
    app.inject({
      url: `/user/${userId}/credentials/${credentialId}/sd-jwt`,
      headers: bearer(auth),
    });
  const now = () => Math.floor(clock.now().getTime() / 1000);

  describe('issuance', () => {
    it('answers the holder their SD-JWT VC as application/dc+sd-jwt, verified from its kid', async () => {
      const response = await getSdJwt(pan.id);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/dc\+sd-jwt/);
      const compact = response.body;

      const result = await independentVerifier(trusted, app).verify(compact, {
        currentDate: now(),
      });
      const header = result.header as Record<string, unknown>;
      const issuerDid = pan.document.issuer.id;
      expect(header).toEqual({
        alg: 'EdDSA',
        typ: 'dc+sd-jwt',
        kid: `${issuerDid}#${issuerDid.slice('did:key:'.length)}`,
      });
      // The library fetched /vct/pan through vctFetcher and checked it against its schema.
      expect(result.typeMetadata?.vctValues).toEqual([`${ORIGIN}/vct/pan`]);

      const subject = pan.document.credentialSubject as Record<string, unknown>;
      const { id: _id, ...claims } = subject;
      expect(result.payload).toEqual({
        iss: issuerDid,
        vct: `${ORIGIN}/vct/pan`,
        iat: seconds(String(pan.document.validFrom)),
        nbf: seconds(String(pan.document.validFrom)),
        exp: seconds(String(pan.document.validUntil)),
        cnf: { jwk: { kty: 'OKP', crv: 'Ed25519', x: expect.any(String) } },
        // Its status entry (IETF Token Status List), a plain claim: docs/status-lists.md.
        status: {
          status_list: {
            idx: expect.any(Number),
            uri: `${ORIGIN}/status-lists/income-tax-department/1`,
          },
        },
        ...claims,
      });
    });

    it('makes every subject claim but id its own disclosure, none in clear', async () => {
      const { jwt, disclosures, kb } = split((await getSdJwt(pan.id)).body);
      expect(kb).toBe('');
      const payload = decodeJwt(jwt);
      expect(payload._sd_alg).toBe('sha-256');
      for (const claim of [...SUBJECT_CLAIMS_PAN, 'id']) expect(payload).not.toHaveProperty(claim);
      const decoded = disclosures.map(decodeDisclosure);
      expect(decoded.map(([, name]) => name).sort()).toEqual([...SUBJECT_CLAIMS_PAN].sort());
      expect((payload._sd as string[]).sort()).toEqual(disclosures.map(sha256b64u).sort());
      const subject = pan.document.credentialSubject as Record<string, unknown>;
      for (const [, name, value] of decoded) expect(value, name).toEqual(subject[name]);
    });

    it('binds every credential of a holder to one key, and two holders to two', async () => {
      const list = await app.inject({ url: '/user/user-001/credentials', headers: bearer(token) });
      const ids: string[] = list.json().credentials.map((c: { id: string }) => c.id);
      expect(ids).toHaveLength(2);
      const cnfOf = async (id: string, auth = token, user = 'user-001') =>
        JSON.stringify(decodeJwt(split((await getSdJwt(id, auth, user)).body).jwt).cnf);
      const keys = new Set(await Promise.all(ids.map((id) => cnfOf(id))));
      expect(keys.size).toBe(1);
      const other = await app.inject({
        url: '/user/user-002/credentials',
        headers: bearer(otherToken),
      });
      const otherId: string = other.json().credentials[0].id;
      expect(keys.has(await cnfOf(otherId, otherToken, 'user-002'))).toBe(false);
    });

    it('issues a credential that predates SD-JWT VCs on first fetch, then keeps it', async () => {
      // A row as stored before credentials came over OpenID4VCI: the document bound to the
      // product's holder DID, signed by the issuer's key, and no SD-JWT VC.
      const issuer = app.deps.issuers.get('Income Tax Department');
      const { proof: _proof, ...unsigned } = pan.document;
      const legacy = await createEddsaJcs2022Proof(
        {
          ...unsigned,
          credentialSubject: {
            ...(pan.document.credentialSubject as Record<string, unknown>),
            id: holderDid('user-001'),
          },
        } as unknown as VerifiableCredential,
        {
          verificationMethod: issuer.verificationMethod,
          created: toSecondsIso(clock.now()),
          sign: issuer.sign,
          crypto: app.deps.proofCrypto,
        },
      );
      await app.deps.db
        .update(credentials)
        .set({
          sdJwtCiphertext: null,
          documentCiphertext: app.deps.vault.encrypt(JSON.stringify(legacy), credentialAad(pan.id)),
        })
        .where(eq(credentials.id, pan.id));
      const first = await getSdJwt(pan.id);
      expect(first.statusCode).toBe(200);
      const verified = await independentVerifier(trusted).verify(first.body, {
        currentDate: now(),
      });
      expect((verified.payload as Record<string, unknown>).pan_number).toBe(
        (pan.document.credentialSubject as Record<string, unknown>).pan_number,
      );
      const [row] = await app.deps.db.select().from(credentials).where(eq(credentials.id, pan.id));
      expect(row?.sdJwtCiphertext).toMatch(/^v1\./);
      expect((await getSdJwt(pan.id)).body).toBe(first.body);
    });

    it('fails verification when a disclosure is altered or the issuer is not trusted', async () => {
      const compact = (await getSdJwt(pan.id)).body;
      const { jwt, disclosures } = split(compact);
      const index = disclosures.findIndex((d) => decodeDisclosure(d)[1] === 'pan_number');
      const [salt] = decodeDisclosure(disclosures[index] ?? '');
      const forged = Buffer.from(JSON.stringify([salt, 'pan_number', 'ZZZZZ9999Z'])).toString(
        'base64url',
      );
      const tampered = [jwt, ...disclosures.map((d, i) => (i === index ? forged : d)), ''].join(
        '~',
      );
      // @sd-jwt 0.19 drops a disclosure whose digest the JWT does not hold instead of refusing
      // it (RFC 9901 7.1 says refuse): the forged value is never accepted either way, and its
      // digest is not in _sd. With a KB-JWT, sd_hash makes it fail (next suite).
      const result = await independentVerifier(trusted).verify(tampered, { currentDate: now() });
      expect(result.payload).not.toHaveProperty('pan_number');
      expect(decodeJwt(jwt)._sd).not.toContain(sha256b64u(forged));
      await expect(independentVerifier([]).verify(compact, { currentDate: now() })).rejects.toThrow(
        /Signature/,
      );
    });
  });

  describe('presentCredential', () => {
    const present = (disclose: string[], overrides: Record<string, unknown> = {}) =>
      presentCredential({
        ...app.deps,
        userId: 'user-001',
        documentType: 'pan',
        disclose,
        nonce: 'n-0S6_WzA2Mj',
        audience: 'x509_san_dns:bank.example',
        ...overrides,
      });

    it('discloses only the chosen claims, with a KB-JWT verified by the cnf key', async () => {
      const presentation = await present(['name', 'date_of_birth']);
      const result = await independentVerifier(trusted).verify(presentation, {
        currentDate: now(),
        keyBindingNonce: 'n-0S6_WzA2Mj',
      });
      const payload = result.payload as Record<string, unknown>;
      const subject = pan.document.credentialSubject as Record<string, unknown>;
      expect(payload.name).toBe(subject.name);
      expect(payload.date_of_birth).toBe(subject.date_of_birth);
      for (const hidden of ['pan_number', 'father_name', 'document_type']) {
        expect(payload).not.toHaveProperty(hidden);
      }
      const { disclosures, kb } = split(presentation);
      expect(disclosures.map((d) => decodeDisclosure(d)[1]).sort()).toEqual([
        'date_of_birth',
        'name',
      ]);
      expect(decodeProtectedHeader(kb)).toEqual({ typ: 'kb+jwt', alg: 'EdDSA' });
      expect(decodeJwt(kb)).toEqual({
        iat: now(),
        nonce: 'n-0S6_WzA2Mj',
        aud: 'x509_san_dns:bank.example',
        sd_hash: sha256b64u(presentation.slice(0, presentation.lastIndexOf('~') + 1)),
      });
      expect(result.kb?.payload.aud).toBe('x509_san_dns:bank.example');
    });

    it('answers a presentation that fails with another nonce or an altered disclosure', async () => {
      const presentation = await present(['name']);
      await expect(
        independentVerifier(trusted).verify(presentation, {
          currentDate: now(),
          keyBindingNonce: 'another-nonce',
        }),
      ).rejects.toThrow(/Nonce/);
      const { jwt, disclosures, kb } = split(presentation);
      const [salt] = decodeDisclosure(disclosures[0] ?? '');
      const forged = Buffer.from(JSON.stringify([salt, 'name', 'Someone Else'])).toString(
        'base64url',
      );
      await expect(
        independentVerifier(trusted).verify([jwt, forged, kb].join('~'), {
          currentDate: now(),
          keyBindingNonce: 'n-0S6_WzA2Mj',
        }),
      ).rejects.toThrow();
    });

    it('refuses a claim the credential does not have, and a type the holder lacks', async () => {
      const codeOf = (promise: Promise<unknown>) =>
        promise.then(
          () => 'resolved',
          (error: unknown) => (isAppError(error) ? error.code : String(error)),
        );
      expect(await codeOf(present(['name', 'aadhaar_number']))).toBe('unknown_claim');
      expect(await codeOf(present(['name'], { documentType: 'passport' }))).toBe(
        'credential_not_found',
      );
      expect(await codeOf(present(['name'], { nonce: '' }))).toBe('invalid_input');
    });
  });

  describe('holder keys and access', () => {
    it('stores the holder key encrypted: no private key bytes in clear in the row', async () => {
      const [row] = await app.deps.db
        .select()
        .from(holderKeys)
        .where(eq(holderKeys.userId, 'user-001'));
      expect(row?.alg).toBe('EdDSA');
      expect(row?.privateKeyCiphertext).toMatch(/^v1\./);
      const pkcs8 = app.deps.vault.decrypt(row?.privateKeyCiphertext ?? '', 'holder-key:user-001');
      const jwk = createPrivateKey({
        key: Buffer.from(pkcs8, 'base64'),
        format: 'der',
        type: 'pkcs8',
      }).export({ format: 'jwk' });
      const seed = Buffer.from(jwk.d ?? '', 'base64url');
      expect(seed).toHaveLength(32);
      const stored = JSON.stringify(row);
      for (const form of [
        pkcs8,
        seed.toString('base64'),
        seed.toString('base64url'),
        seed.toString('hex'),
      ]) {
        expect(stored).not.toContain(form);
      }
      expect(row?.publicJwk).toEqual({ kty: 'OKP', crv: 'Ed25519', x: jwk.x });
    });

    it("refuses another holder's SD-JWT VC: 403 on their path, 404 on one's own", async () => {
      expectProblem(await getSdJwt(pan.id, otherToken), 'forbidden');
      expectProblem(await getSdJwt(pan.id, otherToken, 'user-002'), 'credential_not_found');
      const anonymous = await app.inject({ url: `/user/user-001/credentials/${pan.id}/sd-jwt` });
      expectProblem(anonymous, 'unauthenticated');
    });

    it('resolves a kid to a trusted issuer key only', () => {
      const did = pan.document.issuer.id;
      const resolved = resolveIssuerKey(app.deps.issuers, `${did}#${did.slice(8)}`);
      expect(resolved).toEqual({
        name: 'Income Tax Department',
        did,
        publicJwk: jwkOfDidKey(did),
      });
      const stranger = 'did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp';
      expect(resolveIssuerKey(app.deps.issuers, stranger)).toBeUndefined();
      expect(resolveIssuerKey(app.deps.issuers, 'not a did')).toBeUndefined();
    });
  });

  describe('type metadata', () => {
    it('lists every type at /vct with its vct and claims', async () => {
      const response = await app.inject({ url: '/vct' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.count).toBe(10);
      expect(body.types).toContainEqual({
        document_type: 'pan',
        vct: `${ORIGIN}/vct/pan`,
        name: 'PAN Card',
        claims: SUBJECT_CLAIMS_PAN,
      });
    });

    it('answers /vct/{type} whose vct is its URL, in every UI language', async () => {
      for (const type of ['pan', 'aadhaar', 'basic_identity', 'marksheet_12th']) {
        const response = await app.inject({ url: `/vct/${type}` });
        expect(response.statusCode, type).toBe(200);
        const metadata = response.json();
        expect(metadata.vct).toBe(`${ORIGIN}/vct/${type}`);
        expect(metadata.display.map((d: { locale: string }) => d.locale)).toEqual([
          ...UI_LANGUAGES,
        ]);
        for (const claim of metadata.claims) {
          expect(claim.sd).toBe('always');
          expect(claim.display.map((d: { lang: string }) => d.lang)).toEqual([...UI_LANGUAGES]);
        }
      }
      const pan = (await app.inject({ url: '/vct/pan' })).json();
      expect(pan.display[1]).toMatchObject({ locale: 'hi', name: 'पैन कार्ड' });
      expect(pan.claims.map((c: { path: string[] }) => c.path[0])).toEqual(SUBJECT_CLAIMS_PAN);
    });

    it('documents the new operations in the OpenAPI document', async () => {
      const document = (await app.inject({ url: '/docs/json' })).json();
      const sdJwt = document.paths['/user/{userId}/credentials/{id}/sd-jwt'].get;
      expect(sdJwt.operationId).toBe('getCredentialSdJwt');
      expect(Object.keys(sdJwt.responses['200'].content)).toEqual(['application/dc+sd-jwt']);
      expect(document.paths['/vct'].get).toMatchObject({
        operationId: 'listCredentialTypes',
        tags: ['metadata'],
      });
      expect(document.paths['/vct/{type}'].get).toMatchObject({
        operationId: 'getCredentialTypeMetadata',
        tags: ['metadata'],
      });
    });

    it('answers an unknown type with the 404 problem, whose detail does not echo the type', async () => {
      for (const type of ['ration_card', '234567890125']) {
        expectProblem(
          await app.inject({ url: `/vct/${type}` }),
          'credential_type_not_found',
          UNKNOWN_TYPE_DETAIL,
        );
      }
    });
  });
});
