/**
 * Ed25519 keys as multibase strings and `did:key` identifiers (W3C Controlled Identifiers
 * "Multikey"; did:key method, https://w3c-ccg.github.io/did-key-spec/).
 *
 * - publicKeyMultibase = 'z' + base58btc(0xed 0x01 || 32-byte public key), e.g. 'z6Mk...'.
 * - did = 'did:key:' + publicKeyMultibase; its verification method is did + '#' + the multibase.
 */
import { base58, base64urlnopad } from '@scure/base';

/** The multicodec prefix of an Ed25519 public key (varint 0xed). */
const ED25519_PUB_PREFIX = [0xed, 0x01] as const;
const DID_KEY_PREFIX = 'did:key:';

/** 'z' + base58btc(bytes) (multibase base58btc). */
export function encodeMultibaseBase58(bytes: Uint8Array): string {
  return `z${base58.encode(bytes)}`;
}

/**
 * Decodes a multibase base58btc string ('z...').
 * @throws {TypeError} when the prefix is not 'z' or the rest is not base58btc.
 */
export function decodeMultibaseBase58(value: string): Uint8Array {
  if (!value.startsWith('z')) throw new TypeError('Multibase value must start with z (base58btc)');
  return base58.decode(value.slice(1));
}

/** The Multikey form of a 32-byte Ed25519 public key ('z6Mk...'). @throws {RangeError} for another length. */
export function ed25519PublicKeyToMultibase(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new RangeError('An Ed25519 public key is 32 bytes');
  const bytes = new Uint8Array(34);
  bytes.set(ED25519_PUB_PREFIX, 0);
  bytes.set(publicKey, 2);
  return encodeMultibaseBase58(bytes);
}

/**
 * The 32-byte Ed25519 public key of a Multikey string.
 * @throws {TypeError} when it is not base58btc or not an Ed25519 (0xed01) Multikey of 32 bytes.
 */
export function multibaseToEd25519PublicKey(multibase: string): Uint8Array {
  const bytes = decodeMultibaseBase58(multibase);
  if (bytes.length !== 34 || bytes[0] !== 0xed || bytes[1] !== 0x01) {
    throw new TypeError('Not an Ed25519 Multikey (expected 0xed01 + 32 bytes)');
  }
  return bytes.slice(2);
}

/** did:key of a 32-byte Ed25519 public key. */
export function ed25519PublicKeyToDidKey(publicKey: Uint8Array): string {
  return `${DID_KEY_PREFIX}${ed25519PublicKeyToMultibase(publicKey)}`;
}

/** The verification method id of a did:key: did + '#' + its multibase ('did:key:z6Mk...#z6Mk...'). */
export function didKeyVerificationMethod(did: string): string {
  return `${did}#${did.slice(DID_KEY_PREFIX.length)}`;
}

/** A parsed did:key verification method. */
export interface DidKeyReference {
  /** 'did:key:z6Mk...' */
  did: string;
  /** The Multikey string ('z6Mk...'). */
  publicKeyMultibase: string;
  /** 32 bytes. */
  publicKey: Uint8Array;
}

/**
 * Parses 'did:key:z6Mk...' or 'did:key:z6Mk...#z6Mk...' (the fragment must equal the key).
 * @throws {TypeError} when it is not an Ed25519 did:key (or its fragment names another key).
 */
export function parseDidKey(value: string): DidKeyReference {
  if (!value.startsWith(DID_KEY_PREFIX)) throw new TypeError('Not a did:key identifier');
  const [did = '', fragment, ...rest] = value.split('#');
  const publicKeyMultibase = did.slice(DID_KEY_PREFIX.length);
  if (rest.length > 0 || (fragment !== undefined && fragment !== publicKeyMultibase)) {
    throw new TypeError('The did:key fragment must repeat the key');
  }
  return { did, publicKeyMultibase, publicKey: multibaseToEd25519PublicKey(publicKeyMultibase) };
}

/** An Ed25519 public key as a JWK (RFC 8037 section 2: OKP, crv Ed25519, x = base64url key). */
export interface Ed25519PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  /** base64url (no padding) of the 32-byte public key. */
  x: string;
}

/**
 * Resolves a did:key (or its DID URL 'did:key:z6Mk...#z6Mk...', e.g. an SD-JWT VC's `kid`) to
 * the Ed25519 public key as a JWK (RFC 8037), offline: the key is the identifier itself
 * (did:key method, "Ed25519": multicodec 0xed01). Pure; no network, no trust decision (the
 * caller checks that the DID is one it trusts).
 * @throws {TypeError} when `didOrDidUrl` is not an Ed25519 did:key (see parseDidKey).
 */
export function didKeyToPublicJwk(didOrDidUrl: string): Ed25519PublicJwk {
  const { publicKey } = parseDidKey(didOrDidUrl);
  return { kty: 'OKP', crv: 'Ed25519', x: base64urlnopad.encode(publicKey) };
}

/**
 * The did:key of an Ed25519 public JWK (the inverse of didKeyToPublicJwk).
 * @throws {TypeError} when the JWK is not an OKP Ed25519 key with a 32-byte `x`.
 */
export function publicJwkToDidKey(jwk: { kty?: unknown; crv?: unknown; x?: unknown }): string {
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') {
    throw new TypeError('Not an Ed25519 public JWK');
  }
  let bytes: Uint8Array;
  try {
    bytes = base64urlnopad.decode(jwk.x);
  } catch {
    throw new TypeError('The JWK x is not base64url');
  }
  if (bytes.length !== 32) throw new TypeError('An Ed25519 public key is 32 bytes');
  return ed25519PublicKeyToDidKey(bytes);
}
