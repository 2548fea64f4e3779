/**
 * The status list decoders (lib/status-list/token-status-list.ts, bitstring.ts) on lists the
 * libraries themselves made (@sd-jwt/jwt-status-list's StatusList,
 * @digitalbazaar/vc-bitstring-status-list's BitstringStatusList), and on the IETF Token Status
 * List draft's own example (section 4.1: bits 1, lst "eNrbuRgAAhcBXQ").
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { createList } from '@digitalbazaar/vc-bitstring-status-list';
import { StatusList } from '@sd-jwt/jwt-status-list';
import type { JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { nodeProofCrypto } from '../src/lib/issuer-keys';
import { verifyBitstringStatusList } from '../src/lib/status-list/bitstring';
import { verifyStatusListToken } from '../src/lib/status-list/token-status-list';
import { base58btc, canonicalJson, didKeyOf } from './helpers/outside-issuer';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const issuer = didKeyOf(publicKey.export({ format: 'jwk' }) as JWK);
const kid = `${issuer}#${issuer.slice('did:key:'.length)}`;
const URI = 'https://issuer.example/status/1';
const NOW = Date.parse('2026-01-01T00:00:00Z');

function jwt(payload: Record<string, unknown>): string {
  const header = { alg: 'EdDSA', typ: 'statuslist+jwt', kid };
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${input}.${sign(null, Buffer.from(input), privateKey).toString('base64url')}`;
}

const tokenOf = (lst: string, bits: number) =>
  verifyStatusListToken(
    jwt({
      sub: URI,
      iat: NOW / 1000,
      exp: NOW / 1000 + 3600,
      ttl: 600,
      status_list: { bits, lst },
    }),
    { uri: URI, issuer, nowMs: NOW, keys: {} },
  );

describe('the Token Status List decoder', () => {
  it("reads the IETF draft's example list (bits 1)", async () => {
    const list = await tokenOf('eNrbuRgAAhcBXQ', 1);
    if (!('statusAt' in list)) throw new Error(list.reason);
    const expected = [1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1];
    expect(expected.map((_, i) => list.statusAt(i))).toEqual(expected);
    expect(list.statusAt(16)).toBeUndefined();
    // ttl 600 s, within exp.
    expect(list.keepUntilMs).toBe(NOW + 600_000);
  });

  it.each([1, 2, 4, 8] as const)('reads a list the library made with %i bits', async (bits) => {
    const statuses = Array.from({ length: 1024 }, (_, i) => (i * 7) % 2 ** bits);
    const list = await tokenOf(new StatusList(statuses, bits).compressStatusList(), bits);
    if (!('statusAt' in list)) throw new Error(list.reason);
    expect(statuses.every((status, i) => list.statusAt(i) === status)).toBe(true);
  });

  it('refuses another typ, a bits value outside 1/2/4/8, an unreadable lst', async () => {
    expect(await tokenOf('not-zlib', 2)).toHaveProperty('reason');
    expect(await tokenOf(new StatusList([0, 1], 1).compressStatusList(), 3)).toHaveProperty(
      'reason',
    );
    const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid })).toString(
      'base64url',
    );
    const [, payload, signature] = jwt({ sub: URI, status_list: { bits: 1, lst: 'x' } }).split('.');
    expect(
      await verifyStatusListToken(`${header}.${payload}.${signature}`, {
        uri: URI,
        issuer,
        nowMs: NOW,
        keys: {},
      }),
    ).toEqual({ reason: "The status list's type (typ) is not statuslist+jwt." });
  });
});

describe('a Token Status List read again', () => {
  const token = jwt({
    sub: URI,
    exp: NOW / 1000 + 3600,
    status_list: { bits: 1, lst: new StatusList([0, 1], 1).compressStatusList() },
  });
  const read = (text: string, options: { nowMs?: number; issuer?: string } = {}) =>
    verifyStatusListToken(text, {
      uri: URI,
      issuer: options.issuer ?? issuer,
      nowMs: options.nowMs ?? NOW,
      keys: {},
    });

  it('is checked in full each time: expiry, issuer, and a signature that no longer fits', async () => {
    expect(await read(token)).toHaveProperty('statusAt');
    expect(await read(token)).toHaveProperty('statusAt');
    // The same verified text, read after its exp or for another issuer.
    expect(await read(token, { nowMs: NOW + 3_600_000 })).toEqual({
      reason: 'The status list has expired.',
    });
    const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }) as JWK;
    expect(await read(token, { issuer: didKeyOf(other) })).toHaveProperty('reason');
    // Its payload changed (a revocation of entry 0), its signature kept: refused, twice.
    const [h, , signature] = token.split('.');
    const changed = Buffer.from(
      JSON.stringify({
        sub: URI,
        exp: NOW / 1000 + 3600,
        status_list: { bits: 1, lst: new StatusList([1, 1], 1).compressStatusList() },
      }),
    ).toString('base64url');
    for (let i = 0; i < 2; i += 1) {
      expect(await read(`${h}.${changed}.${signature}`)).toEqual({
        reason: "The status list's signature is not the credential issuer's.",
      });
    }
  });
});

describe('the Bitstring Status List decoder', () => {
  async function credential(encodedList: string, purpose = 'revocation') {
    const unsigned = {
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: URI,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer,
      validFrom: '2025-12-01T00:00:00Z',
      credentialSubject: {
        id: `${URI}#list`,
        type: 'BitstringStatusList',
        statusPurpose: purpose,
        encodedList,
        ttl: 120_000,
      },
    };
    const proofConfig = {
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-jcs-2022',
      created: '2025-12-01T00:00:00Z',
      verificationMethod: kid,
      proofPurpose: 'assertionMethod',
      '@context': unsigned['@context'],
    };
    const data = Buffer.concat([
      createHash('sha256').update(canonicalJson(proofConfig)).digest(),
      createHash('sha256').update(canonicalJson(unsigned)).digest(),
    ]);
    const proofValue = `z${base58btc(sign(null, data, privateKey))}`;
    return JSON.stringify({ ...unsigned, proof: { ...proofConfig, proofValue } });
  }
  const read = (text: string, purpose = 'revocation') =>
    verifyBitstringStatusList(text, {
      uri: URI,
      issuer,
      purpose,
      now: new Date(NOW),
      crypto: nodeProofCrypto(),
    });

  it('reads the bits of a list the library encoded, ttl in milliseconds', async () => {
    const made = await createList({ length: 131_072 });
    for (const index of [0, 7, 8, 4242, 131_071]) made.setStatus(index, true);
    const list = await read(await credential(await made.encode()));
    if (!('statusAt' in list)) throw new Error(list.reason);
    expect([0, 1, 7, 8, 9, 4242, 131_071].map((i) => list.statusAt(i))).toEqual([
      1, 0, 1, 1, 0, 1, 1,
    ]);
    expect(list.statusAt(131_072)).toBeUndefined();
    expect(list.keepUntilMs).toBe(NOW + 120_000);
  });

  it('refuses a list of another purpose, a changed list, a list that is not multibase', async () => {
    const encoded = await (await createList({ length: 1024 })).encode();
    expect(await read(await credential(encoded), 'suspension')).toHaveProperty('reason');
    const changed = (await credential(encoded)).replace('"ttl":120000', '"ttl":120001');
    expect(await read(changed)).toEqual({
      reason: "The status list's proof is not the credential issuer's.",
    });
    expect(await read(await credential(encoded.slice(1)))).toHaveProperty('reason');
  });
});
