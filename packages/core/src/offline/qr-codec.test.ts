import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { buildCredentialSubject, credentialExpiry, DOCUMENT_TYPES } from '../documents/catalogue';
import { vctOf } from '../documents/type-metadata';
import { publicJwkToDidKey } from '../proofs';
import { SAMPLE_USERS } from '../sample-data';
import { base45Decode, base45Encode } from './base45';
import {
  decodeOfflineQr,
  encodeOfflineQr,
  OFFLINE_QR_PREFIX,
  OfflineQrError,
  type OfflineQrErrorCode,
} from './qr-codec';

const b64 = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');
const json = (value: unknown) => b64(JSON.stringify(value));

const issuerKey = generateKeyPairSync('ed25519');
const holderKey = generateKeyPairSync('ed25519');
const issuerDid = publicJwkToDidKey(issuerKey.publicKey.export({ format: 'jwk' }) as never);

function jws(header: object, payload: object, key: KeyObject): string {
  const input = `${json(header)}.${json(payload)}`;
  return `${input}.${b64(sign(null, Buffer.from(input), key))}`;
}

/**
 * An SD-JWT VC presentation shaped as the product's issuers issue it
 * (issuer/sign-offered-credential.ts: every subject claim a disclosure with a 16-hex salt, cnf.jwk
 * Ed25519, a status list entry) with every claim disclosed and a KB-JWT as the wallet signs it.
 */
function presentation(typeKey: string, userIndex: number, aud: 'offline' | 'offline-print') {
  const type = DOCUMENT_TYPES.find((t) => t.key === typeKey)!;
  const now = new Date('2026-12-07T05:30:00Z');
  const claims = buildCredentialSubject(type.key, SAMPLE_USERS[userIndex]!, now);
  const disclosures = Object.entries(claims).map(([name, value]) =>
    json([randomBytes(8).toString('hex'), name, value]),
  );
  const iat = Math.floor(now.getTime() / 1000);
  const issuerJwt = jws(
    { typ: 'dc+sd-jwt', kid: `${issuerDid}#${issuerDid.slice('did:key:'.length)}`, alg: 'EdDSA' },
    {
      iss: issuerDid,
      vct: vctOf('https://pehchaan.example.in', type.key),
      iat,
      nbf: iat,
      exp: credentialExpiry(type.key, now).getTime() / 1000,
      cnf: { jwk: holderKey.publicKey.export({ format: 'jwk' }) },
      status: {
        status_list: { idx: 120_934, uri: 'https://pehchaan.example.in/status-lists/uidai/1' },
      },
      _sd: disclosures.map((d) => b64(createHash('sha256').update(d).digest())).sort(),
      _sd_alg: 'sha-256',
    },
    issuerKey.privateKey,
  );
  const presented = `${issuerJwt}~${disclosures.join('~')}~`;
  const kbJwt = jws(
    { typ: 'kb+jwt', alg: 'EdDSA' },
    {
      iat,
      nonce: 'K7Q2ZP',
      aud,
      sd_hash: b64(createHash('sha256').update(presented).digest()),
    },
    holderKey.privateKey,
  );
  return presented + kbJwt;
}

const qrVersion = (text: string) =>
  QRCode.create([{ data: text, mode: 'alphanumeric' }], { errorCorrectionLevel: 'L' }).version;

function refusal(run: () => unknown): OfflineQrErrorCode | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof OfflineQrError) return error.code;
    throw error;
  }
  return undefined;
}

describe('Base45 (RFC 9285)', () => {
  it("encodes and decodes the RFC's examples", () => {
    const examples: [string, string][] = [
      ['AB', 'BB8'],
      ['Hello!!', '%69 VD92EX0'],
      ['base-45', 'UJCLQE7W581'],
      ['ietf!', 'QED8WEX0'],
    ];
    for (const [text, base45] of examples) {
      expect(base45Encode(new TextEncoder().encode(text))).toBe(base45);
      expect(new TextDecoder().decode(base45Decode(base45))).toBe(text);
    }
  });

  it('refuses text that is not Base45', () => {
    expect(base45Decode('GGW')).toBeUndefined(); // 65536 and more is not two bytes
    expect(base45Decode('ZZZ')).toBeUndefined();
    expect(base45Decode('abc')).toBeUndefined(); // lower case is not in the alphabet
    expect(base45Decode('BB8A')).toBeUndefined(); // a lone last character
    expect(base45Decode('U8')).toBeUndefined(); // 360 is not one byte
  });
});

describe('offline QR codec', () => {
  it('gives back exactly the presentation it packed, for every document type', () => {
    for (const type of DOCUMENT_TYPES) {
      const original = presentation(type.key, 0, 'offline');
      const text = encodeOfflineQr(original);
      expect(text.startsWith(OFFLINE_QR_PREFIX)).toBe(true);
      expect(text).toMatch(/^[0-9A-Z $%*+\-./:]+$/);
      expect(decodeOfflineQr(text)).toBe(original);
    }
  });

  it('keeps a presentation with no key-binding JWT and one with a few disclosures', () => {
    const full = presentation('pan', 1, 'offline');
    const parts = full.split('~');
    const noKb = `${parts.slice(0, -1).join('~')}~`;
    expect(decodeOfflineQr(encodeOfflineQr(noKb))).toBe(noKb);
    const two = [parts[0], parts[1], parts[3], parts.at(-1)].join('~');
    expect(decodeOfflineQr(encodeOfflineQr(two))).toBe(two);
    const none = `${parts[0]}~${parts.at(-1)}`;
    expect(decodeOfflineQr(encodeOfflineQr(none))).toBe(none);
  });

  it('fits a QR code of version 25 or lower at level L for every type and sample holder', () => {
    let largest = 0;
    for (const type of DOCUMENT_TYPES) {
      // Drawing a code is slow: draw the longest text of the type over every sample holder.
      let longest = '';
      for (let user = 0; user < SAMPLE_USERS.length; user++) {
        const text = encodeOfflineQr(presentation(type.key, user, 'offline-print'));
        if (text.length > longest.length) longest = text;
      }
      const version = qrVersion(longest);
      largest = Math.max(largest, version);
      expect(version, type.key).toBeLessThanOrEqual(25);
    }
    expect(largest).toBeGreaterThan(15);
  }, 30_000);

  it('refuses to pack a segment whose base64url is not canonical', () => {
    const original = presentation('pan', 0, 'offline');
    const [jwt, first, ...rest] = original.split('~');
    const [h, p, s] = jwt!.split('.');
    // A 64-byte signature is 86 characters: its last one carries 4 unused bits. Flipping one of
    // them gives text that decodes to the same bytes, which must be refused, not packed.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(s!.at(-1)!) ^ 1];
    const forged = [`${h}.${p}.${s!.slice(0, -1)}${sibling}`, first, ...rest].join('~');
    expect(refusal(() => encodeOfflineQr(forged))).toBe('not_canonical');

    const padded = [jwt, `${first}=`, ...rest].join('~');
    expect(refusal(() => encodeOfflineQr(padded))).toBe('not_canonical');
    const standardAlphabet = [jwt, `${first!.slice(0, -1)}+`, ...rest].join('~');
    expect(refusal(() => encodeOfflineQr(standardAlphabet))).toBe('not_canonical');
    // 'AB' is one zero byte with a nonzero unused bit ('AA' is its canonical form).
    expect(refusal(() => encodeOfflineQr(`${h}.${p}.AB~${first}~`))).toBe('not_canonical');
    expect(refusal(() => encodeOfflineQr(`${h}.${p}.A~${first}~`))).toBe('not_canonical');
  });

  it('refuses what is not an SD-JWT presentation', () => {
    expect(refusal(() => encodeOfflineQr('abc'))).toBe('invalid_presentation');
    expect(refusal(() => encodeOfflineQr('a.b~'))).toBe('invalid_presentation');
    expect(refusal(() => encodeOfflineQr('a.b.c~~d.e.f'))).toBe('invalid_presentation');
    expect(refusal(() => encodeOfflineQr('a..c~'))).toBe('invalid_presentation');
  });

  it('refuses text that is not an offline QR, with a code for each reason', () => {
    const good = encodeOfflineQr(presentation('aadhaar', 0, 'offline'));
    expect(refusal(() => decodeOfflineQr('https://pehchaan.example.in/verify/abc'))).toBe(
      'not_offline_qr',
    );
    expect(refusal(() => decodeOfflineQr(good.replace('PH1:', 'PH2:')))).toBe('not_offline_qr');
    expect(refusal(() => decodeOfflineQr(`${good}${'0'.repeat(4300)}`))).toBe('too_long');
    expect(refusal(() => decodeOfflineQr('PH1:'))).toBe('invalid_base45');
    expect(refusal(() => decodeOfflineQr(`${good}0`))).toBe('invalid_base45');
    expect(refusal(() => decodeOfflineQr('PH1:abc'))).toBe('invalid_base45');
    // Valid Base45, but not DEFLATE: block type 3 is reserved (RFC 1951 section 3.2.3).
    expect(refusal(() => decodeOfflineQr(`PH1:${base45Encode(Uint8Array.of(0x07, 0, 0))}`))).toBe(
      'invalid_deflate',
    );
    // A cut-off code: the deflate stream or the packing ends early.
    const cut = good.slice(0, good.length - 300);
    const trimmed = cut.slice(0, cut.length - ((cut.length - OFFLINE_QR_PREFIX.length) % 3));
    expect(['invalid_deflate', 'invalid_packing']).toContain(
      refusal(() => decodeOfflineQr(trimmed)),
    );
  });

  it('refuses packed content out of place: another version, bad flag, trailing bytes', async () => {
    const { deflateSync } = await import('fflate');
    const { OFFLINE_QR_DICTIONARY } = await import('./qr-dictionary');
    const wrap = (bytes: number[]) =>
      OFFLINE_QR_PREFIX +
      base45Encode(deflateSync(Uint8Array.from(bytes), { dictionary: OFFLINE_QR_DICTIONARY }));
    const jwt = [1, 1, 1, 1, 1, 1]; // three segments of one byte each
    expect(decodeOfflineQr(wrap([1, 0, 0, ...jwt]))).toBe('AQ.AQ.AQ~');
    expect(refusal(() => decodeOfflineQr(wrap([2, 0, 0, ...jwt])))).toBe('invalid_packing');
    expect(refusal(() => decodeOfflineQr(wrap([1, 0, 2, ...jwt])))).toBe('invalid_packing');
    expect(refusal(() => decodeOfflineQr(wrap([1, 0, 0, ...jwt, 9])))).toBe('invalid_packing');
    expect(refusal(() => decodeOfflineQr(wrap([1, 1, 0, ...jwt, 0])))).toBe('invalid_packing');
    expect(refusal(() => decodeOfflineQr(wrap([1, 0, 0, 1, 1, 1, 1, 5, 1])))).toBe(
      'invalid_packing',
    );
    expect(refusal(() => decodeOfflineQr(wrap([1, 0x80, 0, 0, ...jwt])))).toBe('invalid_packing');
  });
});
