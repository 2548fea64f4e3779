/**
 * The product's verifier (OpenID4VP response endpoint, docs/api-contract.md "Verifiers
 * (OpenID4VP)") accepts SD-JWT VCs of any issuer on the trust list, ES256, ES384 and EdDSA
 * (docs/security.md "The trust list"; DECISIONS 9.2 and 9.3), on every backend.
 *
 * The issuers and the holder are written here on node:crypto, jose and @sd-jwt/sd-jwt-vc, not
 * on the product's code:
 * - an issuer in UIDAI's Aadhaar SD-JWT shape: header alg ES256, typ vc+sd-jwt, kid in its JWK
 *   Set; payload iss (https), id, iat, exp, status (one test), _sd_alg, _sd, cnf.jwk on P-256, and a vct of
 *   its own; put on the trust list with its JWK Set by the platform function
 *   `npm run issuer:trust -- add` uses, declaring its vct for the catalogue type aadhaar;
 * - an EdDSA issuer at an https identifier with an Ed25519 JWK Set, and a did:jwk ES256 issuer;
 * - a holder with a P-256 key (ES256 KB-JWT) or an Ed25519 key (EdDSA KB-JWT).
 * The bank asks with a DCQL query of format dc+sd-jwt for the Aadhaar claims, the outside wallet
 * answers by direct_post, and the bank reads the claims back.
 *
 * The issuer's key is found by the rules the wallet uses too (lib/sd-jwt-issuer-key.ts): an
 * ES384 issuer on the list is accepted, and an `x5c` certificate naming the issuer's host and
 * holding a key the list holds for it.
 * Refused, each with its code and nothing recorded: a kid not in the issuer's JWK Set and an
 * https issuer with no keys on the list (issuer_key_not_found), an x5c that cannot be read, that
 * names another host or holds a key the list does not (issuer_key_not_found), a tampered
 * payload (presentation_invalid: issuer_signature), a KB-JWT by another key than cnf.jwk
 * (holder_binding), the issuer removed from the list, a `none` issuer signature
 * (signature_algorithm_not_accepted). A did:jwk or P-256 did:key issuer
 * not on the list: its signature checks and only issuer_trusted fails, as for any untrusted
 * issuer. A verifier may ask for UIDAI's own vct (the list declares it for aadhaar), not for a
 * vct the list does not declare for exactly one catalogue type.
 */
import { execFileSync } from 'node:child_process';
import {
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomUUID,
  sign,
  X509Certificate,
} from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createVerifierRequestAnswerSchema,
  type DcqlQuery,
  verifierRequestAnswerSchema,
} from '@pehchaan/core';
import { digest, generateSalt } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTrustedIssuer } from '../src/platform/add-trusted-issuer';
import { removeTrustedIssuer } from '../src/platform/remove-trusted-issuer';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { buildTestApp, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const ORIGIN = 'http://localhost:5000';
const UIDAI_ID = 'https://uidai.example';
const UIDAI_VCT = 'https://uidai.example/vct/aadhaar';
const UIDAI_KID = 'uidai-2026-01';
const UIDAI_NAME = 'Unique Identification Authority of India';

const SUBJECT = {
  name: 'Rajesh Kumar',
  aadhaar_number: '234567890125',
  phone: '9876543210',
  date_of_birth: '1990-05-15',
  address: '12 MG Road, Bengaluru',
};

type Alg = 'ES256' | 'ES384' | 'EdDSA';

interface KeyPair {
  alg: Alg;
  privateKey: KeyObject;
  /** The public JWK (no `d`). */
  jwk: Record<string, unknown>;
}

function newKey(alg: Alg): KeyPair {
  const pair =
    alg === 'EdDSA'
      ? generateKeyPairSync('ed25519')
      : generateKeyPairSync('ec', { namedCurve: alg === 'ES256' ? 'P-256' : 'P-384' });
  return {
    alg,
    privateKey: pair.privateKey,
    jwk: pair.publicKey.export({ format: 'jwk' }) as Record<string, unknown>,
  };
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** base58btc (the did:key multibase 'z' alphabet) of `bytes`. */
function base58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** The did:key of a P-256 public JWK (multicodec p256-pub 0x1200, compressed point). */
function p256DidKey(jwk: Record<string, unknown>): string {
  const x = Buffer.from(String(jwk.x), 'base64url');
  const y = Buffer.from(String(jwk.y), 'base64url');
  const point = Buffer.concat([Buffer.from([(y.at(-1) ?? 0) & 1 ? 0x03 : 0x02]), x]);
  return `did:key:z${base58(Buffer.concat([Buffer.from([0x80, 0x24]), point]))}`;
}

/** A JWS signer (base64url signature; ECDSA as r||s, RFC 7518 section 3.4). */
const signerOf = (key: KeyPair) => (data: string) =>
  (key.alg === 'EdDSA'
    ? sign(null, Buffer.from(data), key.privateKey)
    : sign(key.alg === 'ES256' ? 'sha256' : 'sha384', Buffer.from(data), {
        key: key.privateKey,
        dsaEncoding: 'ieee-p1363',
      })
  ).toString('base64url');

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * A self-signed X.509 certificate (base64 DER, as `x5c` carries it) for `host` (subjectAltName
 * DNS) holding `key`'s public key, made by the openssl command line.
 */
function certificateOf(key: KeyPair, host: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sd-jwt-x5c-'));
  try {
    const keyFile = join(dir, 'key.pem');
    writeFileSync(keyFile, key.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const pem = execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-key',
        keyFile,
        '-days',
        '1',
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host}`,
      ],
      { encoding: 'utf8' },
    );
    return new X509Certificate(pem).raw.toString('base64');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const AADHAAR_QUERY: DcqlQuery = {
  credentials: [
    {
      id: 'aadhaar',
      format: 'dc+sd-jwt',
      meta: { vct_values: [UIDAI_VCT] },
      claims: [{ path: ['name'] }, { path: ['aadhaar_number'] }],
    },
  ],
};

describe.each(backends)('the verifier and SD-JWT VCs of trusted issuers on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let bankKey: string;
  const clock = new TestClock();
  const uidai = newKey('ES256');
  const uidaiEd = newKey('EdDSA');
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  const addUidai = () =>
    addTrustedIssuer({
      ...app.deps,
      entry: {
        identifier: UIDAI_ID,
        names: { en: UIDAI_NAME },
        jwks: {
          keys: [
            { ...uidai.jwk, kid: UIDAI_KID, alg: 'ES256', use: 'sig' },
            { ...uidaiEd.jwk, kid: 'uidai-ed-1', alg: 'EdDSA', use: 'sig' },
          ],
        },
        documentTypes: ['aadhaar', UIDAI_VCT],
      },
    });

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, {
      now: clock.now,
      masterKey: randomBytes(32),
      publicOrigin: ORIGIN,
    });
    bankKey = (await createVerifierApiKey({ ...app.deps, verifierName: 'State Bank of India' }))
      .apiKey;
    await addUidai();
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  /** The bank's request, and what a wallet reads from its request object. */
  async function openRequest(query: DcqlQuery = AADHAAR_QUERY) {
    const created = await app.inject({
      method: 'POST',
      url: '/verifier/requests',
      headers: { authorization: `Bearer ${bankKey}` },
      payload: { purpose: 'open_savings_account', dcql_query: query },
    });
    expect(created.statusCode, created.body).toBe(201);
    const answer = createVerifierRequestAnswerSchema.parse(created.json());
    const object = await app.inject({ url: new URL(answer.request_uri).pathname });
    expect(object.statusCode).toBe(200);
    const payload = decodeJwt(object.body);
    return {
      answer,
      nonce: String(payload.nonce),
      clientId: String(payload.client_id),
      state: String(payload.state),
    };
  }

  /**
   * The issuer's SD-JWT VC to `holder` in UIDAI's shape, signed as `issuer` says; with
   * `status`, the Token Status List entry UIDAI's credentials carry (its list is not served here,
   * so the verifier cannot read it).
   */
  async function issue(
    holder: KeyPair,
    issuer: {
      key: KeyPair;
      iss?: string;
      header?: Record<string, unknown>;
      /** The alg the header names (default the key's). */
      alg?: string;
    } = { key: uidai, header: { kid: UIDAI_KID } },
    options: { status?: { idx: number; uri: string } } = {},
  ) {
    const iat = nowSeconds() - 3600;
    const instance = new SDJwtVcInstance({
      signer: signerOf(issuer.key),
      signAlg: issuer.alg ?? issuer.key.alg,
      hasher: digest,
      hashAlg: 'sha-256',
      saltGenerator: generateSalt,
    });
    return instance.issue(
      {
        iss: issuer.iss ?? UIDAI_ID,
        id: `urn:uuid:${randomUUID()}`,
        vct: UIDAI_VCT,
        iat,
        exp: iat + 10 * 365 * 24 * 3600,
        ...(options.status ? { status: { status_list: options.status } } : {}),
        cnf: { jwk: holder.jwk },
        ...SUBJECT,
      },
      { _sd: ['name', 'aadhaar_number', 'phone', 'date_of_birth', 'address'] },
      { header: { typ: 'vc+sd-jwt', ...issuer.header } },
    );
  }

  /** The holder's presentation of name and aadhaar_number, its KB-JWT signed by `signer`. */
  function present(
    credential: string,
    signer: KeyPair,
    request: { nonce: string; clientId: string },
  ) {
    const instance = new SDJwtVcInstance({
      hasher: digest,
      kbSigner: signerOf(signer),
      kbSignAlg: signer.alg,
    });
    return instance.present(
      credential,
      { name: true, aadhaar_number: true },
      { kb: { payload: { iat: nowSeconds(), nonce: request.nonce, aud: request.clientId } } },
    );
  }

  /** One wallet round: open a request, present `credential`, post it by direct_post. */
  async function answer(credential: string, kbSigner: KeyPair, edit = (p: string) => p) {
    const request = await openRequest();
    const presentation = edit(await present(credential, kbSigner, request));
    const response = await app.inject({
      method: 'POST',
      url: new URL(request.answer.request_uri).pathname.replace('/requests/', '/responses/'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        vp_token: JSON.stringify({ aadhaar: [presentation] }),
        state: request.state,
      }).toString(),
    });
    return { request, response };
  }

  const statusOf = async (id: string) => {
    const response = await app.inject({
      url: `/verifier/requests/${id}`,
      headers: { authorization: `Bearer ${bankKey}` },
    });
    expect(response.statusCode).toBe(200);
    return verifierRequestAnswerSchema.parse(response.json());
  };

  /** Expects a refusal with `code` naming exactly `checks` as failed; the request stays pending. */
  async function expectRefused(
    round: Awaited<ReturnType<typeof answer>>,
    code: 'presentation_invalid' | 'issuer_key_not_found' | 'signature_algorithm_not_accepted',
    checks: string[],
    why?: RegExp,
  ) {
    const detail = `The presentation failed these checks: ${checks.join(', ')}`;
    expectProblem(
      round.response,
      code,
      why ? expect.stringMatching(new RegExp(`^${detail}\\. ${why.source}`)) : detail,
    );
    expect((await statusOf(round.request.answer.id)).status).toBe('pending');
  }

  it('accepts UIDAI’s ES256 vc+sd-jwt Aadhaar with a P-256 KB-JWT: shared, the claims read back, every check passed', async () => {
    const holder = newKey('ES256');
    // Nothing is fetched: no key (this credential names no status list).
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { request, response } = await answer(await issue(holder), holder);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
    expect(response.statusCode, response.body).toBe(200);
    const status = await statusOf(request.answer.id);
    expect(status.status).toBe('shared');
    expect(status.credentials).toEqual({
      aadhaar: [
        {
          vct: UIDAI_VCT,
          issuer: UIDAI_ID,
          issuer_name: UIDAI_NAME,
          claims: { name: SUBJECT.name, aadhaar_number: SUBJECT.aadhaar_number },
        },
      ],
    });
    expect(status.checks?.filter((c) => !c.passed)).toEqual([]);
    expect(status.checks?.map((c) => c.check)).toContain('issuer_trusted');
  });

  it('refuses UIDAI’s Aadhaar whose status list cannot be read: status_unknown, never shared', async () => {
    const holder = newKey('ES256');
    const credential = await issue(holder, undefined, {
      status: { idx: 412, uri: 'https://uidai.example/status/7' },
    });
    const { request, response } = await answer(credential, holder);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().code).toBe('status_unknown');
    expect((await statusOf(request.answer.id)).status).not.toBe('shared');
  });

  it('accepts an EdDSA issuer key from the same JWK Set, with an Ed25519 KB-JWT', async () => {
    const holder = newKey('EdDSA');
    const credential = await issue(holder, { key: uidaiEd, header: { kid: 'uidai-ed-1' } });
    const { request, response } = await answer(credential, holder);
    expect(response.statusCode, response.body).toBe(200);
    expect((await statusOf(request.answer.id)).status).toBe('shared');
  });

  it('refuses a kid that is not in the issuer’s JWK Set, and a key of the set that does not fit the alg', async () => {
    const holder = newKey('ES256');
    await expectRefused(
      await answer(await issue(holder, { key: uidai, header: { kid: 'uidai-2019-old' } }), holder),
      'issuer_key_not_found',
      ['issuer_trusted', 'issuer_signature', 'sd_jwt_vc_valid'],
      /The credential's key id \(kid\) names none of the keys the trust list holds for its issuer\.$/,
    );
    // The Ed25519 key's kid on an ES256 signature.
    await expectRefused(
      await answer(await issue(holder, { key: uidai, header: { kid: 'uidai-ed-1' } }), holder),
      'issuer_key_not_found',
      ['issuer_trusted', 'issuer_signature', 'sd_jwt_vc_valid'],
      /The issuer's key does not fit the credential's signature algorithm\.$/,
    );
  });

  it('refuses an https issuer with no keys on the list, and an x5c header, without fetching anything', async () => {
    const holder = newKey('ES256');
    const stranger = await issue(holder, {
      key: uidai,
      iss: 'https://stranger.example',
      header: { kid: UIDAI_KID },
    });
    await expectRefused(
      await answer(stranger, holder),
      'issuer_key_not_found',
      ['issuer_trusted', 'issuer_signature', 'sd_jwt_vc_valid'],
      /The credential's issuer has no keys on this verifier's trust list \(keys are never fetched\)\.$/,
    );
    const withChain = await issue(holder, {
      key: uidai,
      header: { kid: UIDAI_KID, x5c: [randomBytes(64).toString('base64')] },
    });
    await expectRefused(
      await answer(withChain, holder),
      'issuer_key_not_found',
      ['issuer_trusted', 'issuer_signature', 'sd_jwt_vc_valid'],
      /The credential's certificate chain \(x5c\) cannot be read\.$/,
    );
  });

  it.skipIf(!hasOpenssl)(
    'x5c: a certificate naming the issuer and holding a key the list holds for it is accepted; another key or host is not',
    async () => {
      const holder = newKey('ES256');
      // The certificate of UIDAI's own listed key: accepted, no kid needed, nothing fetched.
      const own = await issue(holder, {
        key: uidai,
        header: { x5c: [certificateOf(uidai, 'uidai.example')] },
      });
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      const { request, response } = await answer(own, holder);
      expect(fetchSpy).not.toHaveBeenCalled();
      fetchSpy.mockRestore();
      expect(response.statusCode, response.body).toBe(200);
      expect((await statusOf(request.answer.id)).status).toBe('shared');
      // A self-made certificate for UIDAI's host with a key the list does not hold: a
      // certificate is no anchor here (no chain is validated).
      const forger = newKey('ES256');
      const forged = await issue(holder, {
        key: forger,
        header: { x5c: [certificateOf(forger, 'uidai.example')] },
      });
      await expectRefused(
        await answer(forged, holder),
        'issuer_key_not_found',
        ['issuer_trusted', 'issuer_signature', 'sd_jwt_vc_valid'],
        /The credential's certificate \(x5c\) holds a key that is not among the keys known for its issuer \(no certificate chain is validated\)\.$/,
      );
      // UIDAI's own key, but a certificate for another host.
      const elsewhere = await issue(holder, {
        key: uidai,
        header: { x5c: [certificateOf(uidai, 'elsewhere.example')] },
      });
      await expectRefused(
        await answer(elsewhere, holder),
        'issuer_key_not_found',
        ['issuer_trusted', 'issuer_signature', 'sd_jwt_vc_valid'],
        /The credential's certificate \(x5c\) does not name its issuer's address\.$/,
      );
    },
  );

  it('refuses a tampered payload: the issuer signature fails', async () => {
    const holder = newKey('ES256');
    const credential = await issue(holder);
    const [jwt = '', ...rest] = credential.split('~');
    const [h, p, s] = jwt.split('.');
    const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString('utf8'));
    payload.exp += 10 * 365 * 24 * 3600;
    const tampered = [
      `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`,
      ...rest,
    ].join('~');
    await expectRefused(await answer(tampered, holder), 'presentation_invalid', [
      'issuer_signature',
      'sd_jwt_vc_valid',
    ]);
  });

  it('refuses a KB-JWT signed by another key than cnf.jwk (P-256 or Ed25519)', async () => {
    const holder = newKey('ES256');
    const credential = await issue(holder);
    for (const other of [newKey('ES256'), newKey('EdDSA')]) {
      await expectRefused(await answer(credential, other), 'presentation_invalid', [
        'holder_binding',
        'sd_jwt_vc_valid',
      ]);
    }
  });

  it('accepts an ES384 issuer signature by a P-384 key on the list, and refuses alg none', async () => {
    const holder = newKey('ES256');
    const p384 = newKey('ES384');
    await addTrustedIssuer({
      ...app.deps,
      entry: {
        identifier: 'https://p384.example',
        names: { en: 'P-384 Issuer' },
        jwks: { keys: [{ ...p384.jwk, kid: 'k1' }] },
        documentTypes: ['aadhaar', UIDAI_VCT],
      },
    });
    const es384 = await issue(holder, {
      key: p384,
      iss: 'https://p384.example',
      header: { kid: 'k1' },
    });
    // The wallet's algorithms (lib/sd-jwt-issuer-key.ts): ES384 verifies like ES256.
    const es384Round = await answer(es384, holder);
    expect(es384Round.response.statusCode, es384Round.response.body).toBe(200);
    expect((await statusOf(es384Round.request.answer.id)).status).toBe('shared');
    const why =
      /The issuer signed the credential with an algorithm that is not accepted \(accepted: EdDSA, ES256, ES384\)\.$/;
    // alg none: the header says so and the signature is empty (RFC 7518 section 3.6).
    const credential = await issue(holder);
    const [jwt = '', ...rest] = credential.split('~');
    const [, p] = jwt.split('.');
    const header = { alg: 'none', typ: 'vc+sd-jwt', kid: UIDAI_KID };
    const unsigned = [
      `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${p}.`,
      ...rest,
    ].join('~');
    await expectRefused(
      await answer(unsigned, holder),
      'signature_algorithm_not_accepted',
      ['issuer_trusted', 'issuer_signature', 'sd_jwt_vc_valid'],
      why,
    );
  });

  it('a did:jwk issuer off the list: its signature checks and only issuer_trusted fails; on the list, accepted', async () => {
    const issuerKey = newKey('ES256');
    const did = `did:jwk:${Buffer.from(JSON.stringify(issuerKey.jwk)).toString('base64url')}`;
    const holder = newKey('ES256');
    const credential = await issue(holder, {
      key: issuerKey,
      iss: did,
      header: { kid: `${did}#0` },
    });
    await expectRefused(await answer(credential, holder), 'presentation_invalid', [
      'issuer_trusted',
    ]);
    await addTrustedIssuer({
      ...app.deps,
      entry: {
        identifier: did,
        names: { en: 'DID JWK Issuer' },
        documentTypes: ['aadhaar', UIDAI_VCT],
      },
    });
    const { request, response } = await answer(credential, holder);
    expect(response.statusCode, response.body).toBe(200);
    expect((await statusOf(request.answer.id)).credentials?.aadhaar?.[0]).toMatchObject({
      issuer: did,
      issuer_name: 'DID JWK Issuer',
    });
  });

  it('a P-256 did:key issuer off the list: its ES256 signature checks and only issuer_trusted fails', async () => {
    const issuerKey = newKey('ES256');
    const did = p256DidKey(issuerKey.jwk);
    expect(did).toMatch(/^did:key:zDn/);
    const holder = newKey('ES256');
    const credential = await issue(holder, {
      key: issuerKey,
      iss: did,
      header: { kid: `${did}#${did.slice('did:key:'.length)}` },
    });
    await expectRefused(await answer(credential, holder), 'presentation_invalid', [
      'issuer_trusted',
    ]);
  });

  it('lets a verifier ask for an outside vct only when the trust list declares it for one catalogue type', async () => {
    await addTrustedIssuer({
      ...app.deps,
      entry: {
        identifier: 'https://many-types.example',
        names: { en: 'Many Types' },
        jwks: { keys: [{ ...newKey('ES256').jwk, kid: 'k' }] },
        documentTypes: ['aadhaar', 'pan', 'https://many-types.example/vct/id'],
      },
    });
    for (const vct of ['https://many-types.example/vct/id', 'https://nobody.example/vct/id']) {
      const created = await app.inject({
        method: 'POST',
        url: '/verifier/requests',
        headers: { authorization: `Bearer ${bankKey}` },
        payload: {
          purpose: 'open_savings_account',
          dcql_query: {
            credentials: [
              {
                id: 'aadhaar',
                format: 'dc+sd-jwt',
                meta: { vct_values: [vct] },
                claims: [{ path: ['name'] }],
              },
            ],
          },
        },
      });
      expectProblem(
        created,
        'claims_outside_purpose',
        'The purpose does not cover the credential type (vct 1) of the credential query 1',
      );
    }
    // UIDAI's declared vct, but a claim the purpose does not register for Aadhaar.
    const outside = await app.inject({
      method: 'POST',
      url: '/verifier/requests',
      headers: { authorization: `Bearer ${bankKey}` },
      payload: {
        purpose: 'open_savings_account',
        dcql_query: {
          credentials: [
            {
              id: 'aadhaar',
              format: 'dc+sd-jwt',
              meta: { vct_values: [UIDAI_VCT] },
              claims: [{ path: ['gender'] }],
            },
          ],
        },
      },
    });
    expectProblem(
      outside,
      'claims_outside_purpose',
      'The purpose does not cover claim 1 of the credential query 1',
    );
  });

  it('refuses UIDAI’s credential once UIDAI is removed from the trust list (untrusted, its keys gone)', async () => {
    const holder = newKey('ES256');
    const credential = await issue(holder);
    // The request is made while UIDAI's vct is declared; then the operator removes UIDAI.
    const request = await openRequest();
    await removeTrustedIssuer({ ...app.deps, identifier: UIDAI_ID });
    try {
      const presentation = await present(credential, holder, request);
      const response = await app.inject({
        method: 'POST',
        url: new URL(request.answer.request_uri).pathname.replace('/requests/', '/responses/'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          vp_token: JSON.stringify({ aadhaar: [presentation] }),
          state: request.state,
        }).toString(),
      });
      await expectRefused(
        { request, response },
        'issuer_key_not_found',
        ['issuer_trusted', 'issuer_signature', 'sd_jwt_vc_valid'],
        /The credential's issuer has no keys on this verifier's trust list/,
      );
    } finally {
      await addUidai();
    }
  });
});
