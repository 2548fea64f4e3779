/**
 * The offline verifier against presentations made here the way the product's issuers and wallet
 * make them: an SD-JWT VC issued and presented with @sd-jwt/sd-jwt-vc (KB-JWT with aud
 * 'offline' or 'offline-print'), keys and signatures from node:crypto, and a statuslist+jwt made
 * with @sd-jwt/jwt-status-list. Nothing is fetched.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { createHeaderAndPayload, StatusList } from '@sd-jwt/jwt-status-list';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { describe, expect, it } from 'vitest';
import type { TrustListAnswer } from '../api/trust-list';
import { publicJwkToDidKey } from '../proofs/did-key';
import { encodeOfflineQr } from './qr-codec';
import {
  type OfflineVerdict,
  type SavedStatusList,
  statusListUriOfOfflineQr,
  verifyOfflinePresentation,
  verifyOfflineQr,
} from './verify-offline-presentation';

const ORIGIN = 'https://pehchaan.example';
const NOW = new Date('2026-12-07T06:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const LIST_URI = `${ORIGIN}/status-lists/income-tax/1`;

const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');

interface Party {
  privateKey: KeyObject;
  jwk: Record<string, unknown>;
  did: string;
  kid: string;
}

function ed25519Party(): Party {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' }) as Record<string, unknown>;
  const did = publicJwkToDidKey(jwk);
  return { privateKey, jwk, did, kid: `${did}#${did.slice('did:key:'.length)}` };
}

const issuer = ed25519Party();
const stranger = ed25519Party();
const holderEd = ed25519Party();
const holderP256 = generateKeyPairSync('ec', { namedCurve: 'P-256' });

const trustList: TrustListAnswer = {
  issuers: [
    {
      identifier: `${ORIGIN}/issuers/income-tax`,
      name: 'Income Tax Department',
      names: { en: 'Income Tax Department', hi: 'आयकर विभाग' },
      jwks: null,
      jwks_url: null,
      dids: [issuer.did],
      document_types: ['pan'],
      origin: 'product',
      added_at: '2026-01-01T00:00:00Z',
    },
  ],
  count: 1,
};

const edSigner = (key: KeyObject) => async (data: string) =>
  b64url(sign(null, Buffer.from(data), key));
const es256Signer = (key: KeyObject) => async (data: string) =>
  b64url(sign('sha256', Buffer.from(data), { key, dsaEncoding: 'ieee-p1363' }));

interface MakeOptions {
  signer?: Party;
  holder?: 'ed25519' | 'p256';
  aud?: string;
  iat?: number;
  exp?: number;
  disclose?: string[];
  status?: boolean;
}

/** An SD-JWT VC of a PAN card presented as the offline QR carries it. */
async function makePresentation(options: MakeOptions = {}): Promise<string> {
  const signer = options.signer ?? issuer;
  const p256 = options.holder === 'p256';
  const cnfJwk = p256
    ? (holderP256.publicKey.export({ format: 'jwk' }) as Record<string, unknown>)
    : holderEd.jwk;
  const sdjwt = new SDJwtVcInstance({
    signer: edSigner(signer.privateKey),
    signAlg: 'EdDSA',
    kbSigner: p256 ? es256Signer(holderP256.privateKey) : edSigner(holderEd.privateKey),
    kbSignAlg: p256 ? 'ES256' : 'EdDSA',
    hasher: (data: string | ArrayBuffer) =>
      new Uint8Array(
        createHash('sha256')
          .update(typeof data === 'string' ? data : Buffer.from(data))
          .digest(),
      ),
    hashAlg: 'sha-256',
    saltGenerator: (length: number) => randomBytes(length).toString('base64url'),
  });
  const claims = {
    name: 'Priya Sharma',
    document_type: 'PAN Card',
    pan_number: 'ABCDE1234F',
    date_of_birth: '1990-05-14',
    father_name: 'Rakesh Sharma',
  };
  const issued = await sdjwt.issue(
    {
      iss: signer.did,
      vct: `${ORIGIN}/vct/pan`,
      iat: nowSeconds - 86_400,
      nbf: nowSeconds - 86_400,
      exp: options.exp ?? nowSeconds + 365 * 86_400,
      cnf: { jwk: cnfJwk },
      ...(options.status === false ? {} : { status: { status_list: { idx: 7, uri: LIST_URI } } }),
      ...claims,
    },
    { _sd: Object.keys(claims) as (keyof typeof claims)[] },
    { header: { typ: 'dc+sd-jwt', kid: signer.kid } },
  );
  const disclose = options.disclose ?? ['name', 'pan_number'];
  return sdjwt.present(issued, Object.fromEntries(disclose.map((name) => [name, true])), {
    kb: {
      payload: {
        aud: options.aud ?? 'offline',
        nonce: 'K7Q2ZP',
        iat: options.iat ?? nowSeconds - 120,
      },
    },
  });
}

/** A statuslist+jwt of our issuer with entry 7 set to `value`, fetched `ageSeconds` ago. */
function savedList(value: number, ageSeconds = 30, signer: Party = issuer): SavedStatusList {
  const list = new StatusList(new Array(131_072).fill(0), 2);
  list.setStatus(7, value);
  const iat = nowSeconds - ageSeconds;
  const { header, payload } = createHeaderAndPayload(
    list,
    { iss: issuer.did, sub: LIST_URI, iat, exp: iat + 86_400, ttl: 300 },
    { alg: 'EdDSA', typ: 'statuslist+jwt', kid: signer.kid },
  );
  const input = `${b64url(Buffer.from(JSON.stringify(header)))}.${b64url(Buffer.from(JSON.stringify(payload)))}`;
  const signature = b64url(sign(null, Buffer.from(input), signer.privateKey));
  return {
    uri: LIST_URI,
    jwt: `${input}.${signature}`,
    fetched_at: new Date((nowSeconds - ageSeconds) * 1000).toISOString(),
  };
}

const verify = (presentation: string, statusLists: SavedStatusList[] = [savedList(0)]) =>
  verifyOfflinePresentation({
    presentation,
    trustList,
    trustListFetchedAt: '2026-12-07T05:00:00.000Z',
    statusLists,
    publicOrigin: ORIGIN,
    now: NOW,
  });

const outcomes = (verdict: OfflineVerdict) =>
  Object.fromEntries(verdict.checks.map((check) => [check.name, check.outcome]));

describe('verifyOfflinePresentation', () => {
  it('verifies a fresh on-screen presentation and names every check', async () => {
    const verdict = await verify(await makePresentation());
    expect(verdict.failure).toBeNull();
    expect(verdict.verified).toBe(true);
    expect(Object.values(outcomes(verdict))).toEqual(new Array(12).fill('passed'));
    expect(verdict.issuer?.name).toBe('Income Tax Department');
    expect(verdict.document_type).toBe('pan');
    expect(verdict.claims).toEqual([
      { name: 'name', value: 'Priya Sharma' },
      { name: 'pan_number', value: 'ABCDE1234F' },
    ]);
    expect(verdict.nonce).toBe('K7Q2ZP');
    expect(verdict.medium).toBe('screen');
    expect(verdict.presented_at).toBe('2026-12-07T05:58:00.000Z');
    expect(verdict.expires_at).toBe('2026-12-07T06:08:00.000Z');
    expect(verdict.status).toMatchObject({ value: 'valid', reason: null, list_age_seconds: 30 });
    expect(verdict.trust_list_fetched_at).toBe('2026-12-07T05:00:00.000Z');
  });

  it('verifies a holder key on P-256 (ES256 KB-JWT)', async () => {
    const verdict = await verify(await makePresentation({ holder: 'p256' }));
    expect(verdict.verified).toBe(true);
  });

  it('refuses a tampered disclosure', async () => {
    const presentation = await makePresentation();
    const [jwt = '', first = '', ...rest] = presentation.split('~');
    const [salt, name] = JSON.parse(Buffer.from(first, 'base64url').toString());
    const forged = b64url(Buffer.from(JSON.stringify([salt, name, 'Someone Else'])));
    const verdict = await verify([jwt, forged, ...rest].join('~'));
    expect(verdict.verified).toBe(false);
    expect(verdict.failure).toBe('bad_disclosure');
    expect(verdict.claims).toEqual([]);
  });

  it('refuses a presentation whose disclosures changed after the holder signed (sd_hash)', async () => {
    const parts = (await makePresentation({ disclose: ['name', 'pan_number'] })).split('~');
    // The issuer-signed digests still match the one left, but the KB-JWT covered both.
    const dropped = [...parts.slice(0, 2), ...parts.slice(3)].join('~');
    const verdict = await verify(dropped);
    expect(verdict.failure).toBe('sd_hash_mismatch');
    expect(verdict.claims).toEqual([]);
  });

  it('refuses a credential signed by a key that is not its trusted issuer', async () => {
    // Signed by another key while claiming our issuer's DID.
    const forged = await makePresentation({ signer: { ...stranger, did: issuer.did } });
    expect((await verify(forged)).failure).toBe('bad_issuer_signature');
    // Signed as an issuer that is not on the trust list.
    const unknown = await makePresentation({ signer: stranger });
    const verdict = await verify(unknown);
    expect(verdict.failure).toBe('issuer_untrusted');
    expect(verdict.issuer).toBeNull();
  });

  it('says "presentation expired" for an on-screen KB-JWT older than 10 minutes', async () => {
    const verdict = await verify(await makePresentation({ iat: nowSeconds - 11 * 60 }));
    expect(verdict.verified).toBe(false);
    expect(verdict.failure).toBe('presentation_expired');
    expect(outcomes(verdict).freshness).toBe('failed');
  });

  it('accepts a printed copy of any age and says when it was printed', async () => {
    const printedAt = nowSeconds - 40 * 86_400;
    const verdict = await verify(await makePresentation({ aud: 'offline-print', iat: printedAt }));
    expect(verdict.verified).toBe(true);
    expect(verdict.medium).toBe('print');
    expect(verdict.presented_at).toBe(new Date(printedAt * 1000).toISOString());
    expect(verdict.expires_at).toBeNull();
  });

  it('refuses another audience (a presentation made for an online verifier)', async () => {
    const verdict = await verify(await makePresentation({ aud: 'https://bank.example' }));
    expect(verdict.failure).toBe('wrong_audience');
  });

  it('refuses an expired credential', async () => {
    const verdict = await verify(await makePresentation({ exp: nowSeconds - 86_400 }));
    expect(verdict.failure).toBe('credential_expired');
  });

  it('reads revoked and suspended from a saved list, however old', async () => {
    const presentation = await makePresentation();
    const revoked = await verify(presentation, [savedList(1)]);
    expect(revoked.verified).toBe(false);
    expect(revoked.failure).toBe('credential_revoked');
    expect(revoked.status.value).toBe('revoked');
    const suspended = await verify(presentation, [savedList(2, 5 * 3600)]);
    expect(suspended.failure).toBe('credential_suspended');
  });

  it('says what it could not check: no saved list, a stale list, a forged list', async () => {
    const presentation = await makePresentation();
    const none = await verify(presentation, []);
    expect(none.verified).toBe(true);
    expect(outcomes(none).status).toBe('not_checked');
    expect(none.status).toMatchObject({ value: 'unknown', reason: 'no_saved_list' });

    const stale = await verify(presentation, [savedList(0, 5 * 3600)]);
    expect(stale.verified).toBe(true);
    expect(outcomes(stale).status).toBe('not_checked');
    expect(stale.status).toMatchObject({
      value: 'valid',
      reason: 'stale_list',
      list_age_seconds: 5 * 3600,
      list_ttl_seconds: 300,
    });

    // A list that revokes, signed by someone else: not believed either way.
    const forged = await verify(presentation, [savedList(1, 30, stranger)]);
    expect(forged.verified).toBe(true);
    expect(forged.status).toMatchObject({ value: 'unknown', reason: 'bad_list' });

    // The newest of several saved copies is used.
    const newest = await verify(presentation, [savedList(0, 7200), savedList(1, 60)]);
    expect(newest.failure).toBe('credential_revoked');
  });

  it('a credential with no status entry cannot be revoked: valid', async () => {
    const verdict = await verify(await makePresentation({ status: false }), []);
    expect(verdict.verified).toBe(true);
    expect(verdict.status).toMatchObject({ value: 'valid', reason: 'no_entry' });
  });

  it('refuses text that is not an SD-JWT presentation, never throwing', async () => {
    for (const text of ['', 'hello', 'a.b.c~', '~~~', `${'x'.repeat(50)}.e30.AA~`]) {
      const verdict = await verify(text);
      expect(verdict.verified).toBe(false);
      expect(verdict.failure).toBe('malformed');
    }
  });

  it('verifies the text of an offline QR code, and names other QR codes', async () => {
    const options = { trustList, statusLists: [savedList(0)], publicOrigin: ORIGIN, now: NOW };
    const text = encodeOfflineQr(await makePresentation({ disclose: ['name', 'date_of_birth'] }));
    const verdict = await verifyOfflineQr({ ...options, text });
    expect(verdict.verified).toBe(true);
    expect(verdict.claims.map((claim) => claim.name)).toEqual(['name', 'date_of_birth']);

    expect(statusListUriOfOfflineQr(text)).toBe(LIST_URI);
    expect(statusListUriOfOfflineQr('WIFI:S:cafe;;')).toBeNull();

    const link = await verifyOfflineQr({ ...options, text: 'https://pehchaan.example/verify/x' });
    expect(link.failure).toBe('not_offline_qr');
    const broken = await verifyOfflineQr({ ...options, text: `${text.slice(0, -6)}ABCDEF` });
    expect(broken.verified).toBe(false);
  });
});
