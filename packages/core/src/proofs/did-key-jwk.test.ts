import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  didKeyToPublicJwk,
  didKeyVerificationMethod,
  ed25519PublicKeyToDidKey,
  publicJwkToDidKey,
} from './did-key';

describe('did:key <-> Ed25519 JWK', () => {
  it('resolves a did:key and its DID URL to the JWK node:crypto exports for that key', () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const jwk = publicKey.export({ format: 'jwk' });
    const did = ed25519PublicKeyToDidKey(new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url')));
    expect(didKeyToPublicJwk(did)).toEqual({ kty: 'OKP', crv: 'Ed25519', x: jwk.x });
    expect(didKeyToPublicJwk(didKeyVerificationMethod(did))).toEqual(didKeyToPublicJwk(did));
    expect(publicJwkToDidKey(didKeyToPublicJwk(did))).toBe(did);
  });

  it('refuses what is not an Ed25519 did:key or JWK', () => {
    expect(() => didKeyToPublicJwk('did:web:example.com')).toThrow(TypeError);
    expect(() => didKeyToPublicJwk('did:key:z6Mkabc#other')).toThrow(TypeError);
    expect(() => publicJwkToDidKey({ kty: 'EC', crv: 'P-256', x: 'AA' })).toThrow(TypeError);
    expect(() => publicJwkToDidKey({ kty: 'OKP', crv: 'Ed25519', x: 'AAAA' })).toThrow(TypeError);
  });
});
