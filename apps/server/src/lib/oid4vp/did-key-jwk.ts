/**
 * Resolves a `did:key` to the public JWK that verifies its signatures, offline (STYLE 8; did:key
 * method, https://w3c-ccg.github.io/did-key-spec/). Supported keys: Ed25519 (multicodec 0xed,
 * 'z6Mk…', decoded by core's didKeyToPublicJwk, the one Ed25519 did:key decoder of the product)
 * and P-256 (multicodec 0x1200, compressed point, 'zDn…', decompressed here by node:crypto: core
 * runs in browsers too and has no P-256 point arithmetic).
 */
import { createPublicKey } from 'node:crypto';
import { decodeMultibaseBase58, didKeyToPublicJwk } from '@pehchaan/core';
import type { JWK } from 'jose';

/** DER SubjectPublicKeyInfo prefix of a P-256 key with a 33-byte compressed point. */
const P256_SPKI_PREFIX = Buffer.from('3039301306072a8648ce3d020106082a8648ce3d030107032200', 'hex');

/** A did:key's public key as a JWK, with the JWS `alg` it signs with. */
export interface DidKeyJwk {
  /** 'did:key:z…' without fragment. */
  did: string;
  /** The key's multibase ('z6Mk…' or 'zDn…'): did:key's only verification method fragment. */
  fragment: string;
  jwk: JWK;
  /** 'EdDSA' for Ed25519, 'ES256' for P-256. */
  alg: 'EdDSA' | 'ES256';
}

/**
 * The JWK of a did:key (the DID itself, no fragment).
 * @throws {TypeError} when it is not a did:key or its key type is not Ed25519 or P-256.
 */
export function didKeyToJwk(did: string): DidKeyJwk {
  if (!did.startsWith('did:key:') || did.includes('#')) throw new TypeError('Not a did:key DID');
  const fragment = did.slice('did:key:'.length);
  const bytes = decodeMultibaseBase58(fragment);
  if (bytes.length === 34 && bytes[0] === 0xed && bytes[1] === 0x01) {
    return { did, fragment, jwk: didKeyToPublicJwk(did), alg: 'EdDSA' };
  }
  if (bytes.length === 35 && bytes[0] === 0x80 && bytes[1] === 0x24) {
    const spki = Buffer.concat([P256_SPKI_PREFIX, Buffer.from(bytes.slice(2))]);
    const jwk = createPublicKey({ key: spki, format: 'der', type: 'spki' }).export({
      format: 'jwk',
    });
    return { did, fragment, jwk: jwk as JWK, alg: 'ES256' };
  }
  throw new TypeError('did:key of an unsupported key type (Ed25519 and P-256 only)');
}
