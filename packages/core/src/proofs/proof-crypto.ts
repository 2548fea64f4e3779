/**
 * The two primitives the EdDSA cryptosuites need, behind one small interface so callers choose
 * the implementation (STYLE principle 8): WebCrypto (browser and Node 20, the default) or
 * node:crypto on the server (synchronous hashing, faster; apps/server passes it in).
 */

/** SHA-256 and Ed25519 verification. Implementations may cache per public key instance. */
export interface ProofCrypto {
  /** SHA-256 (32 bytes) of the UTF-8 encoding of `text` (JCS output is hashed as UTF-8). */
  sha256(text: string): Uint8Array | Promise<Uint8Array>;
  /**
   * True when `signature` (64 bytes) is an Ed25519 signature of `data` under `publicKey`
   * (32 raw bytes). Resolves false, never rejects, for a bad signature or key.
   */
  verifyEd25519(
    publicKey: Uint8Array,
    signature: Uint8Array,
    data: Uint8Array,
  ): boolean | Promise<boolean>;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** A copy of `bytes` backed by a plain ArrayBuffer (what WebCrypto's typings ask for). */
function buffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy;
}

/**
 * ProofCrypto over `globalThis.crypto.subtle`. Imported CryptoKeys are cached per public-key
 * Uint8Array instance (verifyCredential hands the same instance for the same did), so a key is
 * imported once.
 */
export function webCryptoProofCrypto(): ProofCrypto {
  // CryptoKey is a DOM global; core compiles with ES lib only, so name it through the API.
  type Key = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;
  const keys = new WeakMap<Uint8Array, Promise<Key>>();
  const subtle = () => globalThis.crypto.subtle;
  return {
    async sha256(text) {
      return new Uint8Array(await subtle().digest('SHA-256', encoder.encode(text)));
    },
    async verifyEd25519(publicKey, signature, data) {
      try {
        let key = keys.get(publicKey);
        if (!key) {
          key = subtle().importKey('raw', buffer(publicKey), { name: 'Ed25519' }, false, [
            'verify',
          ]);
          keys.set(publicKey, key);
        }
        return await subtle().verify('Ed25519', await key, buffer(signature), buffer(data));
      } catch {
        return false;
      }
    },
  };
}

/** The shared default instance (one key cache per process or page). */
export const defaultProofCrypto: ProofCrypto = webCryptoProofCrypto();
