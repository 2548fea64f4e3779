/**
 * Ed25519 keys as multibase strings and `did:key` identifiers (W3C Controlled Identifiers
 * "Multikey"; did:key method, https://w3c-ccg.github.io/did-key-spec/).
 *
 * - publicKeyMultibase = 'z' + base58btc(0xed 0x01 || 32-byte public key), e.g. 'z6Mk...'.
 * - did = 'did:key:' + publicKeyMultibase; its verification method is did + '#' + the multibase.
 */
import { base58 } from '@scure/base';

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
