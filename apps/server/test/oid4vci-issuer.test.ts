/**
 * The product's issuers as OpenID4VCI 1.0 Credential Issuers (docs/oid4vci.md "Receiving from
 * the product's issuers"), on every backend.
 *
 * An independent wallet receives: the OpenWallet Foundation's Openid4vciClient (through the
 * lib/openid4vc.ts door, its fetch routed into app.inject), keys and proofs by jose, the
 * SD-JWT VC checked by @sd-jwt/sd-jwt-vc with a did:key resolved by hand
 * (helpers/independent-sd-jwt-verifier.ts): nothing of the product's own issuing or verifying
 * code. It receives a PAN Card from the Income Tax Department in both formats, with and without
 * a transaction code, bound to its P-256 and its Ed25519 key; the ldp_vc is checked by the
 * product's W3C verify endpoint (POST /credentials/verify), as any verifier of the product would.
 *
 * Bad input, each refused with its OAuth / OpenID4VCI error and nothing issued: a wrong
 * transaction code (then the right one still works, until the limit kills the offer), a replayed
 * pre-authorized code, a stale and a replayed c_nonce, a proof for another aud, a proof signed
 * by another key than its jwk, an expired offer, an unknown configuration, a P-256 key for
 * ldp_vc, a bad access token. Also: the offer API's own refusals, deferred issuance and the
 * notification endpoint.
 */
import { createHash, randomBytes } from 'node:crypto';
import { UI_LANGUAGES } from '@pehchaan/core';
import { base58 } from '@scure/base';
import { digest } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  type JWK,
  SignJWT,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oid4vciIssuances, oid4vciOffers } from '../src/db/schema';
import { createIssuerApiKey } from '../src/issuer/create-issuer-api-key';
import { oauth2, openid4vci } from '../src/lib/openid4vc';
import { buildTestApp, MINUTE_MS, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { independentSdJwtVerifier } from './helpers/independent-sd-jwt-verifier';
import { expectProblem } from './helpers/problem';

const ORIGIN = 'http://localhost:5000';
const PAN_ISSUER = `${ORIGIN}/oid4vci/issuers/income-tax-department`;
const PAN_CLAIMS = {
  name: 'Asha Verma',
  pan_number: 'ABCPV1234D',
  date_of_birth: '1990-04-12',
  father_name: 'Ravi Verma',
};

/** A wallet key pair made by jose, with its public JWK. */
interface WalletKey {
  alg: 'ES256' | 'EdDSA';
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  publicJwk: JWK;
}

async function walletKey(alg: 'ES256' | 'EdDSA'): Promise<WalletKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, {
    extractable: true,
    ...(alg === 'EdDSA' ? { crv: 'Ed25519' } : {}),
  });
  return { alg, privateKey, publicJwk: await exportJWK(publicKey) };
}

/** The did:key of an Ed25519 JWK, by hand (multicodec 0xed01, base58btc). */
function didKeyOf(jwk: JWK): string {
  const raw = Buffer.from(String(jwk.x), 'base64url');
  return `did:key:z${base58.encode(Uint8Array.from([0xed, 0x01, ...raw]))}`;
}

openid4vci.setGlobalConfig({ allowInsecureUrls: true });

describe.each(backends)('OpenID4VCI issuer on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let panKey: string;
  let uidaiKey: string;
  let panIssuerDid: string;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, {
      now: clock.now,
      masterKey: randomBytes(32),
      publicOrigin: ORIGIN,
    });
    panKey = (await createIssuerApiKey({ ...app.deps, issuer: 'Income Tax Department' })).apiKey;
    uidaiKey = (await createIssuerApiKey({ ...app.deps, issuer: 'UIDAI' })).apiKey;
    panIssuerDid = app.deps.issuers.get('Income Tax Department').did;
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  /** fetch for the independent wallet: every request goes to the app in process. */
  const inAppFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    expect(url.origin).toBe(ORIGIN);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = init?.body;
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers,
      ...(body === undefined || body === null ? {} : { payload: String(body) }),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) answerHeaders.set(name, String(value));
    }
    return new Response(response.statusCode === 204 ? null : response.rawPayload, {
      status: response.statusCode,
      headers: answerHeaders,
    });
  };

  /** An Openid4vciClient holding `key`. */
  const walletClient = (key: WalletKey) =>
    new openid4vci.Openid4vciClient({
      callbacks: {
        fetch: inAppFetch as typeof fetch,
        hash: (data, alg) =>
          createHash(alg.replace('-', '').toLowerCase()).update(data).digest() as Uint8Array,
        generateRandom: (bytes) => randomBytes(bytes),
        clientAuthentication: oauth2.clientAuthenticationAnonymous(),
        signJwt: async (signer, { header, payload }) => ({
          jwt: await new SignJWT(payload).setProtectedHeader(header).sign(key.privateKey),
          signerJwk: signer.method === 'jwk' ? signer.publicJwk : (key.publicJwk as never),
        }),
      },
    });

  const makeOffer = async (body: Record<string, unknown>, apiKey = panKey) =>
    app.inject({
      method: 'POST',
      url: '/issuer/offers',
      headers: { authorization: `Bearer ${apiKey}` },
      payload: body,
    });

  const offerPan = async (extra: Record<string, unknown> = {}) => {
    const response = await makeOffer({ document_type: 'PAN Card', claims: PAN_CLAIMS, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as {
      offer_uri: string;
      openid_credential_offer: string;
      tx_code?: string;
      expires_at: string;
    };
  };

  /** The whole exchange by the independent wallet: every configuration of the offer. */
  const receive = async (
    created: { openid_credential_offer: string; tx_code?: string },
    key: WalletKey,
  ) => {
    const client = walletClient(key);
    const credentialOffer = await client.resolveCredentialOffer(created.openid_credential_offer);
    const issuerMetadata = await client.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const { accessTokenResponse } = await client.retrievePreAuthorizedCodeAccessTokenFromOffer({
      credentialOffer,
      issuerMetadata,
      ...(created.tx_code ? { txCode: created.tx_code } : {}),
    });
    const received: Record<string, { credential: unknown; notificationId?: string }> = {};
    for (const credentialConfigurationId of credentialOffer.credential_configuration_ids) {
      const { c_nonce } = await client.requestNonce({ issuerMetadata });
      const { jwt } = await client.createCredentialRequestJwtProof({
        issuerMetadata,
        credentialConfigurationId,
        signer: { method: 'jwk', alg: key.alg, publicJwk: key.publicJwk as never },
        nonce: c_nonce,
        issuedAt: clock.now(),
      });
      const { credentialResponse } = await client.retrieveCredentials({
        issuerMetadata,
        accessToken: accessTokenResponse.access_token,
        credentialConfigurationId,
        proofs: { jwt: [jwt] },
      });
      received[credentialConfigurationId] = {
        // 1.0 final: credentials is a list of { credential } objects.
        credential: (credentialResponse.credentials?.[0] as { credential?: unknown } | undefined)
          ?.credential,
        ...(credentialResponse.notification_id
          ? { notificationId: credentialResponse.notification_id }
          : {}),
      };
    }
    return { received, credentialOffer, issuerMetadata, accessTokenResponse, client };
  };

  /** Checks an SD-JWT VC independently: issuer signature, vct, cnf.jwk, one disclosure per claim. */
  const expectPanSdJwt = async (sdJwt: unknown, key: WalletKey) => {
    expect(typeof sdJwt).toBe('string');
    const compact = String(sdJwt);
    // The credential's status too: the list fetched from the issuer (in process).
    const verifier = independentSdJwtVerifier([panIssuerDid], undefined, async (uri) => {
      expect(uri.startsWith(`${ORIGIN}/status-lists/income-tax-department/`)).toBe(true);
      return (await app.inject({ url: new URL(uri).pathname })).body;
    });
    const { payload, header } = await verifier.verify(compact, {
      currentDate: Math.floor(clock.now().getTime() / 1000),
    });
    expect(header?.typ).toBe('dc+sd-jwt');
    expect(header?.alg).toBe('EdDSA');
    expect(payload.iss).toBe(panIssuerDid);
    expect(payload.vct).toBe(`${ORIGIN}/vct/pan`);
    expect((payload.cnf as { jwk: JWK }).jwk).toEqual(
      key.alg === 'ES256'
        ? { kty: 'EC', crv: 'P-256', x: key.publicJwk.x, y: key.publicJwk.y }
        : { kty: 'OKP', crv: 'Ed25519', x: key.publicJwk.x },
    );
    expect(payload).toMatchObject({ ...PAN_CLAIMS, document_type: 'PAN Card' });
    // Every claim is selectively disclosable: none in the signed payload itself.
    const signed = decodeJwt(compact.split('~')[0] ?? '');
    for (const claim of Object.keys(PAN_CLAIMS)) expect(signed).not.toHaveProperty(claim);
    expect(compact.split('~').length - 2).toBe(Object.keys(PAN_CLAIMS).length + 1);

    // The binding is real: a presentation signed by the wallet's key verifies with cnf.jwk.
    const holder = new SDJwtVcInstance({
      hasher: digest,
      kbSignAlg: key.alg,
      kbSigner: async (input) => {
        const jws = await new SignJWT(
          JSON.parse(Buffer.from(input.split('.')[1] ?? '', 'base64url').toString()),
        )
          .setProtectedHeader(
            JSON.parse(Buffer.from(input.split('.')[0] ?? '', 'base64url').toString()),
          )
          .sign(key.privateKey);
        return jws.split('.')[2] ?? '';
      },
    });
    const presentation = await holder.present(
      compact,
      { pan_number: true },
      {
        kb: {
          payload: { iat: Math.floor(clock.now().getTime() / 1000), aud: 'bank', nonce: 'n-1' },
        },
      },
    );
    const shown = await verifier.verify(presentation, {
      currentDate: Math.floor(clock.now().getTime() / 1000),
      keyBindingNonce: 'n-1',
      requireKeyBindings: true,
    } as never);
    expect(shown.payload.pan_number).toBe(PAN_CLAIMS.pan_number);
    expect(shown.payload).not.toHaveProperty('father_name');
  };

  const verifyW3c = async (credential: unknown) =>
    app.inject({
      method: 'POST',
      url: '/credentials/verify',
      payload: {
        verifiableCredential: credential,
        options: { checks: ['proof', 'trusted_issuer'] },
      },
    });

  describe('metadata', () => {
    it('publishes Credential Issuer Metadata with both configurations of each type', async () => {
      const response = await app.inject({
        url: '/.well-known/openid-credential-issuer/oid4vci/issuers/cbse',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const metadata = response.json();
      const cbse = `${ORIGIN}/oid4vci/issuers/cbse`;
      expect(metadata).toMatchObject({
        credential_issuer: cbse,
        authorization_servers: [cbse],
        credential_endpoint: `${cbse}/credential`,
        nonce_endpoint: `${cbse}/nonce`,
        deferred_credential_endpoint: `${cbse}/deferred_credential`,
        notification_endpoint: `${cbse}/notification`,
      });
      // The issuer's name in each of the app's languages (core ISSUER_DISPLAY_NAMES).
      expect(metadata.display).toContainEqual({ name: 'CBSE', locale: 'en' });
      expect(metadata.display).toContainEqual({
        name: 'केंद्रीय माध्यमिक शिक्षा बोर्ड (CBSE)',
        locale: 'hi',
      });
      expect(metadata.display).toHaveLength(UI_LANGUAGES.length);
      expect(Object.keys(metadata.credential_configurations_supported).sort()).toEqual([
        'marksheet_10th_ldp_vc',
        'marksheet_10th_sd_jwt',
        'marksheet_12th_ldp_vc',
        'marksheet_12th_sd_jwt',
      ]);
      const sdJwt = metadata.credential_configurations_supported.marksheet_12th_sd_jwt;
      expect(sdJwt).toMatchObject({
        format: 'dc+sd-jwt',
        vct: `${ORIGIN}/vct/marksheet_12th`,
        cryptographic_binding_methods_supported: ['jwk'],
        credential_signing_alg_values_supported: ['EdDSA'],
        proof_types_supported: { jwt: { proof_signing_alg_values_supported: ['ES256', 'EdDSA'] } },
      });
      const stream = sdJwt.credential_metadata.claims.find(
        (c: { path: string[] }) => c.path[0] === 'stream',
      );
      expect(stream.display).toContainEqual({ name: 'Stream', locale: 'en' });
      expect(sdJwt.credential_metadata.display).toContainEqual(
        expect.objectContaining({ locale: 'hi' }),
      );
      expect(metadata.credential_configurations_supported.marksheet_12th_ldp_vc).toMatchObject({
        format: 'ldp_vc',
        credential_definition: {
          '@context': ['https://www.w3.org/ns/credentials/v2'],
          type: ['VerifiableCredential', 'Class12MarksheetCredential'],
        },
        cryptographic_binding_methods_supported: ['did:key'],
      });
    });

    it('publishes its authorization server metadata with the pre-authorized code grant', async () => {
      const response = await app.inject({
        url: '/.well-known/oauth-authorization-server/oid4vci/issuers/uidai',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        issuer: `${ORIGIN}/oid4vci/issuers/uidai`,
        token_endpoint: `${ORIGIN}/oid4vci/issuers/uidai/token`,
        'pre-authorized_grant_anonymous_access_supported': true,
      });
    });

    it('answers 404 for an issuer it does not have', async () => {
      const response = await app.inject({
        url: '/.well-known/openid-credential-issuer/oid4vci/issuers/nobody',
      });
      expectProblem(response, 'not_found');
    });
  });

  describe('an independent wallet receives a PAN Card', () => {
    it('in both formats without a transaction code, bound to its P-256 key (SD-JWT)', async () => {
      const created = await offerPan({ formats: ['dc+sd-jwt'] });
      expect(created.openid_credential_offer).toBe(
        `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(created.offer_uri)}`,
      );
      expect(created).not.toHaveProperty('tx_code');
      expect(Date.parse(created.expires_at) - clock.now().getTime()).toBe(10 * MINUTE_MS);
      const key = await walletKey('ES256');
      const { received, credentialOffer } = await receive(created, key);
      expect(credentialOffer.credential_issuer).toBe(PAN_ISSUER);
      expect(Object.keys(received)).toEqual(['pan_sd_jwt']);
      await expectPanSdJwt(received.pan_sd_jwt?.credential, key);
    });

    it('in both formats with a transaction code, bound to its Ed25519 key', async () => {
      const created = await offerPan({ tx_code: true });
      expect(created.tx_code).toMatch(/^\d{6}$/);
      const offer = (await app.inject({ url: created.offer_uri.replace(ORIGIN, '') })).json();
      // The expires_at extension parameter: when the offer ends, as the offer API answered.
      expect(offer.expires_at).toBe(created.expires_at);
      expect(offer.grants['urn:ietf:params:oauth:grant-type:pre-authorized_code'].tx_code).toEqual({
        length: 6,
        input_mode: 'numeric',
        description: expect.any(String),
      });
      const key = await walletKey('EdDSA');
      const { received } = await receive(created, key);
      expect(Object.keys(received).sort()).toEqual(['pan_ldp_vc', 'pan_sd_jwt']);
      await expectPanSdJwt(received.pan_sd_jwt?.credential, key);

      const document = received.pan_ldp_vc?.credential as {
        credentialSubject: Record<string, unknown>;
        issuer: { id: string };
        type: string[];
      };
      expect(document.credentialSubject).toMatchObject({
        ...PAN_CLAIMS,
        id: didKeyOf(key.publicJwk),
        document_type: 'PAN Card',
      });
      expect(document.issuer.id).toBe(panIssuerDid);
      expect(document.type).toEqual(['VerifiableCredential', 'PanCardCredential']);
      const verdict = await verifyW3c(document);
      expect(verdict.statusCode, verdict.body).toBe(200);
      expect(verdict.json().verified).toBe(true);
      // A changed claim breaks the proof.
      const forged = {
        ...document,
        credentialSubject: { ...document.credentialSubject, pan_number: 'ZZZZZ9999Z' },
      };
      expect((await verifyW3c(forged)).statusCode).not.toBe(200);
    });

    it('tells the issuer it accepted the credential (notification endpoint)', async () => {
      const created = await offerPan({ formats: ['dc+sd-jwt'] });
      const key = await walletKey('ES256');
      const { received, client, issuerMetadata, accessTokenResponse } = await receive(created, key);
      const notificationId = received.pan_sd_jwt?.notificationId;
      expect(notificationId).toBeTruthy();
      await client.sendNotification({
        issuerMetadata,
        accessToken: accessTokenResponse.access_token,
        notification: { notificationId: String(notificationId), event: 'credential_accepted' },
      });
      const [row] = await app.deps.db
        .select()
        .from(oid4vciIssuances)
        .where(eq(oid4vciIssuances.notificationId, String(notificationId)));
      expect(row?.notificationEvent).toBe('credential_accepted');
      // Delivered: the issuer kept the issuance (key, notification) but no copy of the credential.
      expect(row?.deliveredAt).not.toBeNull();
      expect(row?.credentialCiphertext).toBeNull();

      const unknown = await app.inject({
        method: 'POST',
        url: '/oid4vci/issuers/income-tax-department/notification',
        headers: { authorization: `Bearer ${accessTokenResponse.access_token}` },
        payload: { notification_id: 'nope', event: 'credential_deleted' },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toBe('invalid_notification_id');
    });
  });

  // --- The wire, by hand (jose), for the refusals ---

  const tokenRequest = (form: Record<string, string>, slug = 'income-tax-department') =>
    app.inject({
      method: 'POST',
      url: `/oid4vci/issuers/${slug}/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  const codeOf = async (offerUri: string) => {
    const offer = (await app.inject({ url: offerUri.replace(ORIGIN, '') })).json();
    return String(
      offer.grants['urn:ietf:params:oauth:grant-type:pre-authorized_code']['pre-authorized_code'],
    );
  };

  const redeem = async (offerUri: string, txCode?: string) => {
    const response = await tokenRequest({
      grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
      'pre-authorized_code': await codeOf(offerUri),
      ...(txCode ? { tx_code: txCode } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return String(response.json().access_token);
  };

  const nonce = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/oid4vci/issuers/income-tax-department/nonce',
    });
    expect(response.statusCode).toBe(200);
    return String(response.json().c_nonce);
  };

  const proof = async (
    key: WalletKey,
    options: { nonce?: string; aud?: string; signer?: WalletKey; iat?: number } = {},
  ) =>
    new SignJWT({
      aud: options.aud ?? PAN_ISSUER,
      ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
    })
      .setProtectedHeader({ alg: key.alg, typ: 'openid4vci-proof+jwt', jwk: key.publicJwk })
      .setIssuedAt(options.iat ?? Math.floor(clock.now().getTime() / 1000))
      .sign((options.signer ?? key).privateKey);

  const credentialRequest = (token: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/oid4vci/issuers/income-tax-department/credential',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });

  const expectOauthError = (
    response: Awaited<ReturnType<typeof tokenRequest>>,
    status: number,
    error: string,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ error, error_description: expect.any(String) });
  };

  const issuedFor = async (offerUri: string) => {
    const id = offerUri.split('/').pop() ?? '';
    return app.deps.db.select().from(oid4vciIssuances).where(eq(oid4vciIssuances.offerId, id));
  };

  describe('the token endpoint refuses', () => {
    it('a wrong transaction code; the holder may type it again; at the limit the offer dies', async () => {
      const created = await offerPan({ tx_code: true });
      const code = await codeOf(created.offer_uri);
      const wrong = created.tx_code === '000000' ? '111111' : '000000';
      const grant = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
      const first = await tokenRequest({
        grant_type: grant,
        'pre-authorized_code': code,
        tx_code: wrong,
      });
      expectOauthError(first, 400, 'invalid_grant');
      expect(first.json().error_description).toMatch(/2 tries left/);
      // Missing: asked again, not counted.
      expectOauthError(
        await tokenRequest({ grant_type: grant, 'pre-authorized_code': code }),
        400,
        'invalid_request',
      );
      const right = await tokenRequest({
        grant_type: grant,
        'pre-authorized_code': code,
        tx_code: String(created.tx_code),
      });
      expect(right.statusCode, right.body).toBe(200);
      expect(right.json()).toMatchObject({ token_type: 'Bearer', expires_in: 900 });

      const other = await offerPan({ tx_code: true });
      const otherCode = await codeOf(other.offer_uri);
      const otherWrong = other.tx_code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 3; i += 1) {
        expectOauthError(
          await tokenRequest({
            grant_type: grant,
            'pre-authorized_code': otherCode,
            tx_code: otherWrong,
          }),
          400,
          'invalid_grant',
        );
      }
      expectOauthError(
        await tokenRequest({
          grant_type: grant,
          'pre-authorized_code': otherCode,
          tx_code: String(other.tx_code),
        }),
        400,
        'invalid_grant',
      );
      expectProblem(
        await app.inject({ url: other.offer_uri.replace(ORIGIN, '') }),
        'offer_expired',
      );
    });

    it('a replayed pre-authorized code', async () => {
      const created = await offerPan();
      const code = await codeOf(created.offer_uri);
      await redeem(created.offer_uri);
      expectOauthError(
        await tokenRequest({
          grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
          'pre-authorized_code': code,
        }),
        400,
        'invalid_grant',
      );
      expectProblem(
        await app.inject({ url: created.offer_uri.replace(ORIGIN, '') }),
        'offer_expired',
      );
    });

    it('an expired offer, and another grant type or issuer', async () => {
      const created = await offerPan();
      const code = await codeOf(created.offer_uri);
      clock.advance(11 * MINUTE_MS);
      expectProblem(
        await app.inject({ url: created.offer_uri.replace(ORIGIN, '') }),
        'offer_expired',
      );
      const grant = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
      expectOauthError(
        await tokenRequest({ grant_type: grant, 'pre-authorized_code': code }),
        400,
        'invalid_grant',
      );
      expectOauthError(
        await tokenRequest({ grant_type: 'authorization_code', code }),
        400,
        'unsupported_grant_type',
      );
      const fresh = await offerPan();
      // UIDAI's token endpoint does not know the Income Tax Department's code.
      expectOauthError(
        await tokenRequest(
          { grant_type: grant, 'pre-authorized_code': await codeOf(fresh.offer_uri) },
          'uidai',
        ),
        400,
        'invalid_grant',
      );
      expectProblem(await app.inject({ url: '/oid4vci/offers/unknown-offer' }), 'offer_not_found');
    });
  });

  describe('the credential endpoint refuses, and issues nothing', () => {
    it('stale, replayed and missing c_nonce; another aud; a proof signed by another key', async () => {
      const created = await offerPan();
      const token = await redeem(created.offer_uri);
      const key = await walletKey('ES256');
      const other = await walletKey('ES256');
      const ask = async (jwt: string, configuration = 'pan_sd_jwt') =>
        credentialRequest(token, {
          credential_configuration_id: configuration,
          proofs: { jwt: [jwt] },
        });

      const stale = await nonce();
      clock.advance(6 * MINUTE_MS);
      expectOauthError(await ask(await proof(key, { nonce: stale })), 400, 'invalid_nonce');
      expectOauthError(await ask(await proof(key, { nonce: 'made-up' })), 400, 'invalid_nonce');
      expectOauthError(await ask(await proof(key)), 400, 'invalid_proof');
      expectOauthError(
        await ask(
          await proof(key, { nonce: await nonce(), aud: `${ORIGIN}/oid4vci/issuers/uidai` }),
        ),
        400,
        'invalid_proof',
      );
      expectOauthError(
        await ask(await proof(key, { nonce: await nonce(), signer: other })),
        400,
        'invalid_proof',
      );
      expectOauthError(
        await ask(
          await proof(key, {
            nonce: await nonce(),
            iat: Math.floor(clock.now().getTime() / 1000) - 3600,
          }),
        ),
        400,
        'invalid_proof',
      );
      // A P-256 key cannot be an ldp_vc's did:key binding.
      expectOauthError(
        await ask(await proof(key, { nonce: await nonce() }), 'pan_ldp_vc'),
        400,
        'invalid_proof',
      );
      expectOauthError(
        await ask(await proof(key, { nonce: await nonce() }), 'aadhaar_sd_jwt'),
        400,
        'unknown_credential_configuration',
      );
      expectOauthError(
        await ask(await proof(key, { nonce: await nonce() }), 'no_such_thing'),
        400,
        'unknown_credential_configuration',
      );
      expect(await issuedFor(created.offer_uri)).toEqual([]);

      // A used c_nonce is refused the second time, and a configuration is issued once.
      const once = await nonce();
      const issued = await ask(await proof(key, { nonce: once }));
      expect(issued.statusCode, issued.body).toBe(200);
      expectOauthError(await ask(await proof(key, { nonce: once })), 400, 'invalid_nonce');
      expectOauthError(
        await ask(await proof(key, { nonce: await nonce() })),
        400,
        'credential_request_denied',
      );
      expect(await issuedFor(created.offer_uri)).toHaveLength(1);
    });

    it("an altered c_nonce, another issuer's, and a used one after used nonces were swept", async () => {
      const created = await offerPan();
      const token = await redeem(created.offer_uri);
      const key = await walletKey('ES256');
      const ask = async (nonceValue: string) =>
        credentialRequest(token, {
          credential_configuration_id: 'pan_sd_jwt',
          proofs: { jwt: [await proof(key, { nonce: nonceValue })] },
        });
      // Its expiry moved a day later, its MAC kept; a character of its MAC changed.
      const [expiry, random, mac] = (await nonce()).split('.') as [string, string, string];
      const later = (Number.parseInt(expiry, 36) + 86_400).toString(36);
      expectOauthError(await ask(`${later}.${random}.${mac}`), 400, 'invalid_nonce');
      const flipped = `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`;
      expectOauthError(await ask(`${expiry}.${random}.${flipped}`), 400, 'invalid_nonce');
      // A c_nonce of UIDAI's nonce endpoint is not the Income Tax Department's.
      const uidai = await app.inject({ method: 'POST', url: '/oid4vci/issuers/uidai/nonce' });
      expect(uidai.statusCode).toBe(200);
      expectOauthError(await ask(String(uidai.json().c_nonce)), 400, 'invalid_nonce');
      expect(await issuedFor(created.offer_uri)).toEqual([]);

      // Used once; a minute later (used nonces swept meanwhile) still refused while it is live.
      const once = await nonce();
      const issued = await ask(once);
      expect(issued.statusCode, issued.body).toBe(200);
      clock.advance(MINUTE_MS);
      const other = await offerPan();
      const otherToken = await redeem(other.offer_uri);
      const sweeping = await credentialRequest(otherToken, {
        credential_configuration_id: 'pan_sd_jwt',
        proofs: { jwt: [await proof(key, { nonce: await nonce() })] },
      });
      expect(sweeping.statusCode, sweeping.body).toBe(200);
      const replay = await credentialRequest(otherToken, {
        credential_configuration_id: 'pan_sd_jwt',
        proofs: { jwt: [await proof(key, { nonce: once })] },
      });
      expectOauthError(replay, 400, 'invalid_nonce');
    });

    it('a missing, unknown or expired access token (401 invalid_token)', async () => {
      const created = await offerPan();
      const token = await redeem(created.offer_uri);
      const key = await walletKey('EdDSA');
      const body = {
        credential_configuration_id: 'pan_sd_jwt',
        proofs: { jwt: [await proof(key, { nonce: await nonce() })] },
      };
      const none = await app.inject({
        method: 'POST',
        url: '/oid4vci/issuers/income-tax-department/credential',
        payload: body,
      });
      expectOauthError(none, 401, 'invalid_token');
      expect(none.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      expectOauthError(await credentialRequest('not-a-token', body), 401, 'invalid_token');
      clock.advance(16 * MINUTE_MS);
      expectOauthError(await credentialRequest(token, body), 401, 'invalid_token');
      expect(await issuedFor(created.offer_uri)).toEqual([]);
    });

    it('a malformed request as invalid_credential_request', async () => {
      const created = await offerPan();
      const token = await redeem(created.offer_uri);
      expectOauthError(
        await credentialRequest(token, { proofs: { jwt: ['x.y.z'] } }),
        400,
        'invalid_credential_request',
      );
      expectOauthError(
        await credentialRequest(token, {
          credential_configuration_id: 'pan_sd_jwt',
          proofs: { jwt: 'x' },
        }),
        400,
        'invalid_credential_request',
      );
      expectOauthError(
        await credentialRequest(token, {
          credential_configuration_id: 'pan_sd_jwt',
          proofs: { jwt: ['not a jwt'] },
        }),
        400,
        'invalid_proof',
      );
    });
  });

  describe('deferred issuance', () => {
    it('answers a transaction_id, then the credential once it is ready', async () => {
      const created = await offerPan({
        formats: ['dc+sd-jwt'],
        deferred: true,
        ready_after_seconds: 30,
      });
      const token = await redeem(created.offer_uri);
      const key = await walletKey('EdDSA');
      const pending = await credentialRequest(token, {
        credential_configuration_id: 'pan_sd_jwt',
        proofs: { jwt: [await proof(key, { nonce: await nonce() })] },
      });
      expect(pending.statusCode, pending.body).toBe(202);
      const { transaction_id, interval } = pending.json();
      expect(interval).toBe(30);
      const poll = () =>
        app.inject({
          method: 'POST',
          url: '/oid4vci/issuers/income-tax-department/deferred_credential',
          headers: { authorization: `Bearer ${token}` },
          payload: { transaction_id },
        });
      const early = await poll();
      expect(early.statusCode).toBe(202);
      expect(early.json().transaction_id).toBe(transaction_id);
      clock.advance(31_000);
      const ready = await poll();
      expect(ready.statusCode, ready.body).toBe(200);
      await expectPanSdJwt(ready.json().credentials[0].credential, key);
      // Delivered by the deferred endpoint: no copy of the credential stays with the issuer.
      const [issuance] = await app.deps.db
        .select()
        .from(oid4vciIssuances)
        .where(eq(oid4vciIssuances.notificationId, ready.json().notification_id));
      expect(issuance?.deliveredAt).not.toBeNull();
      expect(issuance?.credentialCiphertext).toBeNull();
      expectOauthError(await poll(), 400, 'invalid_transaction_id');
    });
  });

  describe('POST /issuer/offers refuses', () => {
    it('without an issuer key, another issuer’s type, an unknown type, claims that do not fit', async () => {
      const noKey = await app.inject({ method: 'POST', url: '/issuer/offers', payload: {} });
      expectProblem(noKey, 'unauthenticated');
      expectProblem(
        await makeOffer({ document_type: 'pan', claims: PAN_CLAIMS }, uidaiKey),
        'forbidden',
      );
      expectProblem(
        await makeOffer({ document_type: 'Ration Card', claims: PAN_CLAIMS }),
        'invalid_input',
      );
      const bad = await makeOffer({
        document_type: 'pan',
        claims: { ...PAN_CLAIMS, pan_number: '1234', father_name: undefined, extra: 'x' },
      });
      expectProblem(bad, 'credential_not_issuable');
      expect(bad.json().reasons).toEqual(
        expect.arrayContaining([
          'The claim father_name is missing',
          'The claim pan_number is not in the PAN format (ABCDE1234F)',
        ]),
      );
      expectProblem(
        await makeOffer({ document_type: 'pan', claims: PAN_CLAIMS, formats: ['jwt_vc_json'] }),
        'invalid_request',
      );
      // The short key works as SPEC 3's name does; the offer stores the claims encrypted.
      const ok = await makeOffer({
        document_type: ' pan ',
        claims: PAN_CLAIMS,
        formats: ['ldp_vc'],
      });
      expect(ok.statusCode, ok.body).toBe(201);
      const id = String(ok.json().offer_uri).split('/').pop() ?? '';
      const [row] = await app.deps.db.select().from(oid4vciOffers).where(eq(oid4vciOffers.id, id));
      expect(row?.configurationIds).toEqual(['pan_ldp_vc']);
      expect(row?.claimsCiphertext).not.toContain(PAN_CLAIMS.pan_number);
      expect(JSON.stringify(row)).not.toContain(await codeOf(ok.json().offer_uri));
    });
  });

  it('forgets an offer never redeemed a day after it expired (its claims are personal data)', async () => {
    const stale = await offerPan();
    const kept = await offerPan();
    await redeem(kept.offer_uri);
    clock.advance(25 * 60 * MINUTE_MS);
    await offerPan();
    const idOf = (uri: string) => uri.split('/').pop() ?? '';
    const rows = async (uri: string) =>
      app.deps.db
        .select()
        .from(oid4vciOffers)
        .where(eq(oid4vciOffers.id, idOf(uri)));
    expect(await rows(stale.offer_uri)).toEqual([]);
    expect(await rows(kept.offer_uri)).toHaveLength(1);
    expectProblem(
      await app.inject({ url: `/oid4vci/offers/${idOf(stale.offer_uri)}` }),
      'offer_not_found',
    );
  });

  it('the proof header names its key by jwk only', async () => {
    const created = await offerPan();
    const token = await redeem(created.offer_uri);
    const key = await walletKey('EdDSA');
    const withKid = await new SignJWT({ aud: PAN_ISSUER, nonce: await nonce() })
      .setProtectedHeader({
        alg: 'EdDSA',
        typ: 'openid4vci-proof+jwt',
        kid: didKeyOf(key.publicJwk),
      })
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .sign(key.privateKey);
    expect(decodeProtectedHeader(withKid).kid).toBeTruthy();
    expectOauthError(
      await credentialRequest(token, {
        credential_configuration_id: 'pan_sd_jwt',
        proofs: { jwt: [withKid] },
      }),
      400,
      'invalid_proof',
    );
  });
});

describe.each(backends)('OpenID4VCI token and nonce endpoints rate limits on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { rateLimits: true, publicOrigin: ORIGIN });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  it('answers 429 rate_limited after 30 token requests a minute from one address', async () => {
    const guess = () =>
      app.inject({
        method: 'POST',
        url: '/oid4vci/issuers/uidai/token',
        payload: {
          grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
          'pre-authorized_code': randomBytes(32).toString('base64url'),
        },
      });
    for (let i = 0; i < 30; i += 1) expect((await guess()).statusCode).toBe(400);
    const limited = await guess();
    expectProblem(limited, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
