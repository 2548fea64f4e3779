/**
 * Status lists at the product's issuers (docs/status-lists.md; DECISIONS 8), on every backend.
 *
 * A wallet that is not the product's (the OpenWallet Foundation's Openid4vciClient, its fetch
 * routed into app.inject; keys by jose) receives a PAN Card in both formats: both carry the
 * status entries of one credential id (the ldp_vc's `id`, answered by POST /issuer/offers as
 * `credential_id`). The issuer then suspends, reinstates and revokes it through
 * POST /issuer/credentials/{id}/status, and the served lists show each step:
 * - the statuslist+jwt verifies with the issuer's public key (jose, the did:key read by hand)
 *   and @sd-jwt/jwt-status-list reads 2, 0, 1 at the credential's index;
 * - each BitstringStatusListCredential's proof verifies (core's verifyCredential) and
 *   @digitalbazaar/vc-bitstring-status-list's decodeList shows the bit of its purpose;
 * - an outside verifier written from @sd-jwt/jwt-status-list alone finds the SD-JWT VC revoked,
 *   and @sd-jwt/sd-jwt-vc's own status step refuses it.
 * Also: lists hold 131,072 entries; indexes are random, not in issue order; revoked is final
 * (409 credential_revoked); another issuer's key and an unknown id get 404; bad bodies 400;
 * Cache-Control, ETag and 304; an unknown list 404; and on PostgreSQL a second server instance
 * on the same database serves a change within a second.
 */
import { createHash, randomBytes } from 'node:crypto';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { verifyCredential } from '@pehchaan/core';
import {
  getListFromStatusListJWT,
  getStatusListFromJWT,
  StatusList,
} from '@sd-jwt/jwt-status-list';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/create-db';
import { createIssuerApiKey } from '../src/issuer/create-issuer-api-key';
import { STATUS_LIST_NOT_FOUND_DETAIL } from '../src/issuer/get-status-list';
import {
  CREDENTIAL_REVOKED_DETAIL,
  CREDENTIAL_STATUS_NOT_FOUND_DETAIL,
} from '../src/issuer/set-credential-status';
import { STATUS_LIST_SIZE } from '../src/issuer/status-lists';
import { oauth2, openid4vci } from '../src/lib/openid4vc';
import { buildTestApp, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { independentSdJwtVerifier, jwkOfDidKey } from './helpers/independent-sd-jwt-verifier';
import { expectProblem } from './helpers/problem';

const ORIGIN = 'http://localhost:5000';
const PAN_CLAIMS = {
  name: 'Asha Verma',
  pan_number: 'ABCPV1234D',
  date_of_birth: '1990-04-12',
  father_name: 'Ravi Verma',
};
const LIST_BASE = `${ORIGIN}/status-lists/income-tax-department/`;

openid4vci.setGlobalConfig({ allowInsecureUrls: true });

describe.each(backends)('Status lists at the issuers on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let panKey: string;
  let uidaiKey: string;
  let panIssuerDid: string;
  const masterKey = randomBytes(32);
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey, publicOrigin: ORIGIN });
    panKey = (await createIssuerApiKey({ ...app.deps, issuer: 'Income Tax Department' })).apiKey;
    uidaiKey = (await createIssuerApiKey({ ...app.deps, issuer: 'UIDAI' })).apiKey;
    panIssuerDid = app.deps.issuers.get('Income Tax Department').did;
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  /** fetch for the outside wallet: every request goes to the app in process. */
  const inAppFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = init?.body;
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(body === undefined || body === null ? {} : { payload: String(body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, String(value));
    }
    return new Response(response.statusCode === 204 ? null : response.rawPayload, {
      status: response.statusCode,
      headers,
    });
  };

  /** Offers a PAN Card as the Income Tax Department; answers the offer API's 201 body. */
  const offerPan = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/issuer/offers',
      headers: { authorization: `Bearer ${panKey}` },
      payload: { document_type: 'PAN Card', claims: PAN_CLAIMS },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { openid_credential_offer: string; credential_id: string };
  };

  /** The outside wallet receives every configuration of the offer, bound to an Ed25519 key. */
  const receive = async (offer: string) => {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', {
      crv: 'Ed25519',
      extractable: true,
    });
    const publicJwk = await exportJWK(publicKey);
    const client = new openid4vci.Openid4vciClient({
      callbacks: {
        fetch: inAppFetch as typeof fetch,
        hash: (data, alg) =>
          createHash(alg.replace('-', '').toLowerCase()).update(data).digest() as Uint8Array,
        generateRandom: (bytes) => randomBytes(bytes),
        clientAuthentication: oauth2.clientAuthenticationAnonymous(),
        signJwt: async (signer, { header, payload }) => ({
          jwt: await new SignJWT(payload).setProtectedHeader(header).sign(privateKey),
          signerJwk: signer.method === 'jwk' ? signer.publicJwk : (publicJwk as never),
        }),
      },
    });
    const credentialOffer = await client.resolveCredentialOffer(offer);
    const issuerMetadata = await client.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const { accessTokenResponse } = await client.retrievePreAuthorizedCodeAccessTokenFromOffer({
      credentialOffer,
      issuerMetadata,
    });
    const received: Record<string, unknown> = {};
    for (const credentialConfigurationId of credentialOffer.credential_configuration_ids) {
      const { c_nonce } = await client.requestNonce({ issuerMetadata });
      const { jwt } = await client.createCredentialRequestJwtProof({
        issuerMetadata,
        credentialConfigurationId,
        signer: { method: 'jwk', alg: 'EdDSA', publicJwk: publicJwk as never },
        nonce: c_nonce,
        issuedAt: clock.now(),
      });
      const { credentialResponse } = await client.retrieveCredentials({
        issuerMetadata,
        accessToken: accessTokenResponse.access_token,
        credentialConfigurationId,
        proofs: { jwt: [jwt] },
      });
      received[credentialConfigurationId] = (
        credentialResponse.credentials?.[0] as { credential?: unknown } | undefined
      )?.credential;
    }
    return {
      sdJwt: String(received.pan_sd_jwt),
      ldpVc: received.pan_ldp_vc as Record<string, unknown> & {
        credentialStatus: Record<string, string>[];
      },
    };
  };

  const setStatus = (id: string, body: unknown, apiKey = panKey) =>
    app.inject({
      method: 'POST',
      url: `/issuer/credentials/${encodeURIComponent(id)}/status`,
      headers: { authorization: `Bearer ${apiKey}` },
      payload: body as Record<string, unknown>,
    });

  /** GET of a list URL on the app; answers the raw response. */
  const fetchList = (uri: string, headers: Record<string, string> = {}, on = app) =>
    on.inject({ url: new URL(uri).pathname, headers });

  /** The statuslist+jwt at `uri`, its signature checked with the issuer's key (jose). */
  const verifiedToken = async (uri: string, on = app) => {
    const response = await fetchList(uri, {}, on);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/statuslist+jwt');
    const key = await importJWK(jwkOfDidKey(panIssuerDid), 'EdDSA');
    const { payload, protectedHeader } = await jwtVerify(response.body, key, {
      typ: 'statuslist+jwt',
      algorithms: ['EdDSA'],
      currentDate: clock.now(),
    });
    return { jwt: response.body, payload, protectedHeader };
  };

  /** One BitstringStatusListCredential, its proof checked by core's verifier. */
  const verifiedBitstring = async (uri: string) => {
    const response = await fetchList(uri);
    expect(response.statusCode, response.body).toBe(200);
    const credential = response.json();
    const verdict = await verifyCredential(credential, {
      trustedIssuers: [panIssuerDid],
      now: clock.now(),
      crypto: app.deps.proofCrypto,
    });
    expect(verdict.errors).toEqual([]);
    expect(verdict.verified).toBe(true);
    return credential;
  };

  /** What each served list says of index `idx` of list `uri`: [token value, revoked, suspended]. */
  const servedStatus = async (uri: string, idx: number) => {
    const { jwt } = await verifiedToken(uri);
    const token = getListFromStatusListJWT(jwt).getStatus(idx);
    const bits = await Promise.all(
      ['revocation', 'suspension'].map(async (purpose) => {
        const credential = await verifiedBitstring(`${uri}/${purpose}`);
        const list = await decodeList({ encodedList: credential.credentialSubject.encodedList });
        return list.getStatus(idx);
      }),
    );
    return [token, ...bits];
  };

  it('issues both forms with one credential id and the status entries of contract 2', async () => {
    const offer = await offerPan();
    expect(offer.credential_id).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const { sdJwt, ldpVc } = await receive(offer.openid_credential_offer);

    // SD-JWT VC: status.status_list in the signed payload itself, not among the disclosures.
    const issuerJwt = sdJwt.split('~')[0] ?? '';
    const signed = decodeJwt(issuerJwt) as {
      status?: { status_list: { idx: number; uri: string } };
    };
    const entry = signed.status?.status_list;
    expect(entry).toEqual({ idx: expect.any(Number), uri: expect.stringMatching(/\/\d+$/) });
    if (!entry) throw new Error('no status entry');
    expect(entry.uri.startsWith(LIST_BASE)).toBe(true);
    const disclosed = sdJwt
      .split('~')
      .slice(1, -1)
      .map((d) => JSON.parse(Buffer.from(d, 'base64url').toString())[1]);
    expect(disclosed).not.toContain('status');

    // ldp_vc: its id is the credential id; two BitstringStatusListEntry at the same index.
    expect(ldpVc.id).toBe(offer.credential_id);
    expect(ldpVc.credentialStatus).toEqual([
      {
        id: `${entry.uri}/revocation#${entry.idx}`,
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListIndex: String(entry.idx),
        statusListCredential: `${entry.uri}/revocation`,
      },
      {
        id: `${entry.uri}/suspension#${entry.idx}`,
        type: 'BitstringStatusListEntry',
        statusPurpose: 'suspension',
        statusListIndex: String(entry.idx),
        statusListCredential: `${entry.uri}/suspension`,
      },
    ]);
    // Still a credential the product's verifier accepts (the entry is inside the proof).
    const verdict = await verifyCredential(ldpVc, {
      trustedIssuers: [panIssuerDid],
      now: clock.now(),
      crypto: app.deps.proofCrypto,
    });
    expect(verdict.verified, verdict.errors.join('; ')).toBe(true);
  });

  it('suspends, reinstates and revokes; every served list shows each step; revoked is final', async () => {
    const offer = await offerPan();
    const { sdJwt } = await receive(offer.openid_credential_offer);
    const { idx, uri } = getStatusListFromJWT(sdJwt.split('~')[0] ?? '');
    expect(await servedStatus(uri, idx)).toEqual([0, false, false]);

    const suspended = await setStatus(offer.credential_id, {
      status: 'suspended',
      reason: 'Under review',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toEqual({
      id: offer.credential_id,
      status: 'suspended',
      reason: 'Under review',
      updated_at: clock.now().toISOString(),
    });
    expect(await servedStatus(uri, idx)).toEqual([2, false, true]);

    const reinstated = await setStatus(offer.credential_id, { status: 'valid' });
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    expect(reinstated.json()).toMatchObject({ status: 'valid', reason: null });
    expect(await servedStatus(uri, idx)).toEqual([0, false, false]);

    const revoked = await setStatus(offer.credential_id, { status: 'revoked', reason: 'Lost' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await servedStatus(uri, idx)).toEqual([1, true, false]);

    // Final: suspending or reinstating it is refused; asking again for revoked changes nothing.
    for (const status of ['valid', 'suspended']) {
      await expectProblem(
        await setStatus(offer.credential_id, { status }),
        'credential_revoked',
        CREDENTIAL_REVOKED_DETAIL,
      );
    }
    const again = await setStatus(offer.credential_id, { status: 'revoked' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'revoked', reason: 'Lost' });
    expect(await servedStatus(uri, idx)).toEqual([1, true, false]);
  });

  it('serves signed lists of contract 2: headers, claims, 131,072 entries', async () => {
    const offer = await offerPan();
    const { sdJwt } = await receive(offer.openid_credential_offer);
    const { uri } = getStatusListFromJWT(sdJwt.split('~')[0] ?? '');
    const { jwt, payload, protectedHeader } = await verifiedToken(uri);
    expect(protectedHeader).toEqual({
      alg: 'EdDSA',
      typ: 'statuslist+jwt',
      kid: app.deps.issuers.get('Income Tax Department').verificationMethod,
    });
    expect(payload).toMatchObject({ sub: uri, ttl: 300, status_list: { bits: 2 } });
    expect(payload.iat).toBeLessThanOrEqual(clock.now().getTime() / 1000);
    expect(payload.exp).toBeGreaterThan(clock.now().getTime() / 1000 + 3600);
    const list = getListFromStatusListJWT(jwt);
    expect(list.getBitsPerStatus()).toBe(2);
    expect(list.statusList.length).toBeGreaterThanOrEqual(131_072);
    expect(STATUS_LIST_SIZE).toBeGreaterThanOrEqual(131_072);

    for (const purpose of ['revocation', 'suspension']) {
      const credential = await verifiedBitstring(`${uri}/${purpose}`);
      expect(credential).toMatchObject({
        '@context': ['https://www.w3.org/ns/credentials/v2'],
        id: `${uri}/${purpose}`,
        type: ['VerifiableCredential', 'BitstringStatusListCredential'],
        issuer: panIssuerDid,
        credentialSubject: {
          id: `${uri}/${purpose}#list`,
          type: 'BitstringStatusList',
          statusPurpose: purpose,
          ttl: 300_000,
        },
        proof: { cryptosuite: 'eddsa-jcs-2022' },
      });
      const bits = await decodeList({ encodedList: credential.credentialSubject.encodedList });
      expect(bits.length).toBeGreaterThanOrEqual(131_072);
    }
  });

  it('an outside verifier on @sd-jwt/jwt-status-list sees a revoked SD-JWT VC of ours as revoked', async () => {
    const offer = await offerPan();
    const { sdJwt } = await receive(offer.openid_credential_offer);
    expect((await setStatus(offer.credential_id, { status: 'revoked' })).statusCode).toBe(200);

    // Written from the library alone: the entry of the credential, the list at its uri, the value.
    const outsideVerifier = async (credential: string) => {
      const reference = getStatusListFromJWT(credential.split('~')[0] ?? '');
      const listJwt = (await fetchList(reference.uri)).body;
      const list = StatusList.decompressStatusList(
        (decodeJwt(listJwt) as { status_list: { lst: string } }).status_list.lst,
        2,
      );
      return ['valid', 'invalid', 'suspended'][list.getStatus(reference.idx)];
    };
    expect(await outsideVerifier(sdJwt)).toBe('invalid');

    // @sd-jwt/sd-jwt-vc's own status step (signature of the list, then the value) refuses it.
    const verifier = independentSdJwtVerifier([panIssuerDid], undefined, async (uri) => {
      return (await fetchList(uri)).body;
    });
    await expect(
      verifier.verify(sdJwt, { currentDate: Math.floor(clock.now().getTime() / 1000) }),
    ).rejects.toThrow('Status is not valid');
  });

  it('draws indexes at random: not consecutive, not in issue order', async () => {
    const indexes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const offer = await offerPan();
      const { sdJwt } = await receive(offer.openid_credential_offer);
      indexes.push(getStatusListFromJWT(sdJwt.split('~')[0] ?? '').idx);
    }
    expect(new Set(indexes).size).toBe(indexes.length);
    for (let i = 1; i < indexes.length; i++) {
      expect(Math.abs((indexes[i] ?? 0) - (indexes[i - 1] ?? 0))).toBeGreaterThan(1);
    }
    expect(indexes).not.toEqual([...indexes].sort((a, b) => a - b));
  });

  it('404 for another issuer’s key or an unknown id, 401 without a key, 400 for bad bodies', async () => {
    const offer = await offerPan();
    await expectProblem(
      await setStatus(offer.credential_id, { status: 'revoked' }, uidaiKey),
      'credential_not_found',
      CREDENTIAL_STATUS_NOT_FOUND_DETAIL,
    );
    await expectProblem(
      await setStatus('urn:uuid:00000000-0000-4000-8000-000000000000', { status: 'revoked' }),
      'credential_not_found',
      CREDENTIAL_STATUS_NOT_FOUND_DETAIL,
    );
    const anonymous = await app.inject({
      method: 'POST',
      url: `/issuer/credentials/${encodeURIComponent(offer.credential_id)}/status`,
      payload: { status: 'revoked' },
    });
    await expectProblem(anonymous, 'unauthenticated');
    for (const body of [
      {},
      { status: 'deleted' },
      { status: 'revoked', reason: 'x'.repeat(201) },
      { status: 'revoked', reason: 42 },
      { status: 'revoked', extra: true },
    ]) {
      await expectProblem(await setStatus(offer.credential_id, body), 'invalid_request');
    }
    // Nothing changed: the credential is still valid and still the issuer's to change.
    const unchanged = await setStatus(offer.credential_id, { status: 'valid' });
    expect(unchanged.json()).toMatchObject({ status: 'valid' });
  });

  it('answers Cache-Control public, max-age=60 and an ETag; 304 while unchanged; 404 for no list', async () => {
    const offer = await offerPan();
    const { sdJwt } = await receive(offer.openid_credential_offer);
    const { uri } = getStatusListFromJWT(sdJwt.split('~')[0] ?? '');
    for (const url of [uri, `${uri}/revocation`, `${uri}/suspension`]) {
      const first = await fetchList(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await fetchList(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const before = String((await fetchList(uri)).headers.etag);
    expect((await setStatus(offer.credential_id, { status: 'suspended' })).statusCode).toBe(200);
    const after = await fetchList(uri, { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);

    for (const url of [
      `${LIST_BASE}999`,
      `${LIST_BASE}999/revocation`,
      `${ORIGIN}/status-lists/no-such-issuer/1`,
    ]) {
      const missing = await fetchList(url);
      await expectProblem(missing, 'not_found', STATUS_LIST_NOT_FOUND_DETAIL);
      expect(missing.headers['cache-control']).toBe('no-store');
    }
  });

  it.skipIf(backend.name !== 'postgresql')(
    'a second server instance on the same database serves a change within a second',
    async () => {
      const otherDatabase = await createDatabase({ databaseUrl: opened.url, dataDir: 'memory://' });
      const other = await buildTestApp(otherDatabase, {
        now: clock.now,
        masterKey,
        publicOrigin: ORIGIN,
      });
      try {
        const offer = await offerPan();
        const { sdJwt } = await receive(offer.openid_credential_offer);
        const { idx, uri } = getStatusListFromJWT(sdJwt.split('~')[0] ?? '');
        // The other instance has the list (and keeps its answer for up to a second).
        const read = async () =>
          getListFromStatusListJWT((await verifiedToken(uri, other)).jwt).getStatus(idx);
        expect(await read()).toBe(0);
        expect((await setStatus(offer.credential_id, { status: 'revoked' })).statusCode).toBe(200);
        const changedAt = Date.now();
        let seen = await read();
        while (seen !== 1 && Date.now() - changedAt < 5000) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          seen = await read();
        }
        expect(seen).toBe(1);
        expect(Date.now() - changedAt).toBeLessThanOrEqual(1500);
      } finally {
        await other.close();
        await otherDatabase.close();
      }
    },
  );
});
