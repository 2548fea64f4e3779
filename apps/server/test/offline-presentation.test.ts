/**
 * The offline QR (DECISIONS 8; docs/offline-verification.md) on every backend: POST
 * /user/{userId}/credentials/{id}/offline-presentation answers a QR text that core's codec
 * decodes to an SD-JWT VC presentation which a verifier with no network checks against the
 * issuer key of GET /trust-list: only the ticked disclosures, a KB-JWT with aud 'offline' (or
 * 'offline-print'), the nonce shown beside the code and iat. The verifier below is written from
 * @sd-jwt/sd-jwt-vc and jose alone (plus a by-hand did:key decoding); it imports nothing of the
 * product but the codec, which it must use to read the code.
 */
import {
  decodeOfflineQr,
  findSampleUser,
  maskField,
  offlinePresentationAnswerSchema,
  trustListSchema,
} from '@pehchaan/core';
import { base58 } from '@scure/base';
import { digest } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import type { FastifyInstance } from 'fastify';
import {
  decodeJwt,
  decodeProtectedHeader,
  flattenedVerify,
  importJWK,
  type JWK,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const holder = findSampleUser(PRIMARY.userId);
if (!holder) throw new Error('sample user-001 missing');

/** The Ed25519 JWK of a did:key (multibase base58btc, multicodec 0xed01: the did:key spec). */
function jwkOfDidKey(did: string): JWK {
  const bytes = base58.decode(did.replace(/^did:key:z/, ''));
  if (bytes[0] !== 0xed || bytes[1] !== 0x01 || bytes.length !== 34) throw new Error('not Ed25519');
  return { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(bytes.slice(2)).toString('base64url') };
}

async function signatureValid(input: string, signature: string, jwk: JWK, alg: string) {
  const [protectedHeader = '', payload = ''] = input.split('.');
  try {
    await flattenedVerify(
      { protected: protectedHeader, payload, signature },
      await importJWK(jwk, alg),
    );
    return true;
  } catch {
    return false;
  }
}

/** An offline verifier: issuer keys from the trust list it holds, the KB-JWT's key from cnf. */
function offlineVerifier(trustedDids: readonly string[]): SDJwtVcInstance {
  return new SDJwtVcInstance({
    hasher: digest,
    verifier: async (input, signature) => {
      const header = decodeProtectedHeader(`${input}.${signature}`);
      const did = String(header.kid).split('#')[0] ?? '';
      const { iss } = decodeJwt(`${input}.${signature}`);
      if (header.alg !== 'EdDSA' || !trustedDids.includes(did) || iss !== did) return false;
      return signatureValid(input, signature, jwkOfDidKey(did), 'EdDSA');
    },
    kbVerifier: async (input, signature, payload) => {
      const jwk = payload.cnf?.jwk as JWK | undefined;
      const { alg } = decodeProtectedHeader(`${input}.${signature}`);
      if (!jwk || typeof alg !== 'string') return false;
      return signatureValid(input, signature, jwk, alg);
    },
  });
}

describe.each(backends)('offline QR on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  let trustedDids: string[];
  const clock = new TestClock();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now });
    token = await loginDemo(app);
    otherToken = await loginDemo(app, SECONDARY);
    for (const [account, auth, type] of [
      [PRIMARY, () => token, 'pan'],
      [PRIMARY, () => token, 'aadhaar'],
      [SECONDARY, () => otherToken, 'pan'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: `/identity/generate-credential?user_id=${account.userId}&document_type=${type}`,
        headers: bearer(auth()),
      });
      expect(response.statusCode).toBe(200);
      ids[`${account.userId}:${type}`] = response.json().credential_id;
    }
    // What a verifier downloads while online: the issuers' DIDs.
    const list = trustListSchema.parse((await app.inject({ url: '/trust-list' })).json());
    trustedDids = list.issuers.flatMap((issuer) => issuer.dids);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const offline = (credentialId: string, payload: object, auth = token, userId = PRIMARY.userId) =>
    app.inject({
      method: 'POST',
      url: `/user/${userId}/credentials/${credentialId}/offline-presentation`,
      headers: bearer(auth),
      payload,
    });

  /** The presentation a code carries, verified offline; its disclosed claims and KB-JWT. */
  async function verifyCode(qr: string, nonce: string) {
    const presentation = decodeOfflineQr(qr);
    const result = await offlineVerifier(trustedDids).verify(presentation, {
      keyBindingNonce: nonce,
      currentDate: Math.floor(clock.now().getTime() / 1000),
    });
    return {
      claims: result.payload as Record<string, unknown>,
      kb: result.kb?.payload as JWTPayload & { nonce?: string; sd_hash?: string },
      disclosures: presentation.split('~').length - 2,
    };
  }

  it('answers a code of the ticked fields that verifies offline, valid 10 minutes', async () => {
    const response = await offline(ids[`${PRIMARY.userId}:pan`]!, {
      fields: ['name', 'date_of_birth'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = offlinePresentationAnswerSchema.parse(response.json());
    expect(answer.qr).toMatch(/^PH1:[0-9A-Z $%*+\-./:]+$/);
    expect(answer.qr_version).toBeGreaterThanOrEqual(1);
    expect(answer.qr_version).toBeLessThanOrEqual(25);
    expect(answer.nonce).toMatch(/^[A-Z0-9]{6}$/);
    expect(answer.fields).toEqual(['name', 'date_of_birth']);
    const presentedAt = Math.floor(clock.now().getTime() / 1000) * 1000;
    expect(answer.presented_at).toBe(new Date(presentedAt).toISOString());
    expect(answer.expires_at).toBe(new Date(presentedAt + 10 * 60_000).toISOString());

    const { claims, kb, disclosures } = await verifyCode(answer.qr, answer.nonce);
    expect(disclosures).toBe(2);
    expect(claims.name).toBe(holder.name);
    expect(claims.date_of_birth).toBe(holder.dateOfBirth);
    for (const hidden of ['pan_number', 'father_name', 'document_type']) {
      expect(claims).not.toHaveProperty(hidden);
    }
    expect(String(claims.vct)).toMatch(/\/vct\/pan$/);
    expect(kb).toMatchObject({ aud: 'offline', nonce: answer.nonce, iat: presentedAt / 1000 });
    expect(kb.sd_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Another nonce (a replayed or copied code) does not verify.
    await expect(
      offlineVerifier(trustedDids).verify(decodeOfflineQr(answer.qr), {
        keyBindingNonce: 'ZZZZZ9',
      }),
    ).rejects.toThrow();
    // An issuer the verifier does not trust does not verify.
    await expect(offlineVerifier([]).verify(decodeOfflineQr(answer.qr))).rejects.toThrow();
  });

  it('draws a fresh nonce for every code', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const response = await offline(ids[`${PRIMARY.userId}:pan`]!, { fields: ['name'] });
      nonces.add(response.json().nonce);
    }
    expect(nonces.size).toBe(4);
  });

  it('shows an identity number only when named in full_values: a signed value cannot be masked', async () => {
    const aadhaar = ids[`${PRIMARY.userId}:aadhaar`]!;
    const refused = await offline(aadhaar, { fields: ['name', 'aadhaar_number'] });
    expectProblem(
      refused,
      'invalid_request',
      expect.stringContaining(
        'aadhaar_number is an identity number: a signed value cannot be masked, so name it in full_values',
      ),
      [{ pointer: '/body/fields/1', code: 'custom' }],
    );

    const response = await offline(aadhaar, {
      fields: ['name', 'aadhaar_number', 'address'],
      full_values: ['aadhaar_number'],
      medium: 'print',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = offlinePresentationAnswerSchema.parse(response.json());
    expect(answer.expires_at).toBeNull();
    expect(answer.qr_version).toBeLessThanOrEqual(25);
    const { claims, kb, disclosures } = await verifyCode(answer.qr, answer.nonce);
    expect(disclosures).toBe(3);
    expect(claims.aadhaar_number).toBe(holder.aadhaarId);
    expect(claims.aadhaar_number).not.toBe(maskField('aadhaar_number', holder.aadhaarId));
    expect(claims).not.toHaveProperty('phone');
    expect(kb).toMatchObject({ aud: 'offline-print', nonce: answer.nonce });
  });

  it('fits every field of an Aadhaar card in a QR code of version 25 or lower', async () => {
    const response = await offline(ids[`${PRIMARY.userId}:aadhaar`]!, {
      fields: [
        'name',
        'document_type',
        'aadhaar_number',
        'phone',
        'date_of_birth',
        'address',
        'gender',
        'nationality',
      ],
      full_values: ['aadhaar_number', 'phone'],
      medium: 'print',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = offlinePresentationAnswerSchema.parse(response.json());
    expect(answer.qr_version).toBeLessThanOrEqual(25);
    expect((await verifyCode(answer.qr, answer.nonce)).disclosures).toBe(8);
  });

  it("records the code in the holder's activity log", async () => {
    await offline(ids[`${PRIMARY.userId}:pan`]!, { fields: ['name', 'date_of_birth'] });
    const logs = (
      await app.inject({ url: `/user/${PRIMARY.userId}/activity-logs`, headers: bearer(token) })
    ).json().activity_logs as Array<Record<string, unknown>>;
    const entry = logs.find((log) => log.type === 'credential_presented_offline');
    expect(entry).toMatchObject({
      message_code: 'offline_qr_shown',
      message_params: { document_type: 'pan', claims: 'name,date_of_birth' },
      description: 'Showed an offline QR code of your PAN Card with Name, Date of Birth',
    });
  });

  it('refuses unknown fields, bad bodies, and another holder’s credential', async () => {
    const pan = ids[`${PRIMARY.userId}:pan`]!;
    expectProblem(
      await offline(pan, { fields: ['name', 'blood_group'] }),
      'invalid_input',
      'This credential has no field named blood_group',
    );
    for (const payload of [
      {},
      { fields: [] },
      { fields: ['name', 'name'] },
      { fields: ['name'], medium: 'fax' },
      { fields: ['name'], extra: true },
      { fields: ['name'], full_values: ['name'] },
      { fields: ['name'], full_values: ['pan_number'] },
    ]) {
      const response = await offline(pan, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    }
    // Another holder's credential id answers as an unknown one.
    expectProblem(
      await offline(ids[`${SECONDARY.userId}:pan`]!, { fields: ['name'] }),
      'credential_not_found',
    );
    expectProblem(
      await offline('cred-does-not-exist', { fields: ['name'] }),
      'credential_not_found',
    );
    // Another holder's path: refused before anything is read.
    const forbidden = await offline(pan, { fields: ['name'] }, otherToken);
    expect(forbidden.statusCode).toBe(403);
  });
});
