/**
 * Imported private keys kept in memory (docs/SECURITY.md "Keys in memory"; DECISIONS 4): a
 * holder's key-binding keys and a verifier's request-object key are stored encrypted by the vault
 * (AES-256-GCM under the master key, each ciphertext bound to its row by its AAD) and were
 * decrypted and imported (PKCS#8 DER -> node:crypto KeyObject) for every signature. The issuers'
 * and the consent registry's keys have always been held decrypted for the process's lifetime
 * (lib/issuer-keys.ts); this keeps the others the same way, bounded.
 *
 * `importPrivateKey(vault, ciphertext, aad, check)`: the KeyObject of the PKCS#8 key `ciphertext`
 * encrypts under `aad`, decrypted and checked (`check`, e.g. against the row's public key or
 * did, throws when the key is not the row's) on first use, then answered from memory.
 * - Keyed by the vault (a WeakMap: another master key is another cache), the AAD and the exact
 *   ciphertext: only a caller that just read the row's ciphertext can get its key, and a rotated,
 *   replaced or erased key (another or no ciphertext in the row) is never answered again; its
 *   entry ages out.
 * - Bounded: MAX_KEYS entries per vault, least recently used dropped first. An entry is the
 *   KeyObject only (about 1 KB); nothing is written anywhere.
 * - A ciphertext that does not decrypt, or a key that fails `check`, throws and is not kept.
 * - `forgetPrivateKeys(vault)` empties the vault's cache (tests; a key rotation need not call
 *   it, see above).
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Vault } from './vault';

/** Keys kept per vault (the holders active at once, plus the verifiers). */
export const MAX_KEYS = 2_000;

const caches = new WeakMap<Vault, LRUCache<string, KeyObject>>();

/**
 * The private key `ciphertext` holds (base64 PKCS#8 DER encrypted by `vault` under `aad`).
 * @param check throws when the imported key is not the one the row names (its public key, did).
 * @throws what vault.decrypt, createPrivateKey or `check` throw (nothing is kept then).
 */
export function importPrivateKey(
  vault: Vault,
  ciphertext: string,
  aad: string,
  check: (privateKey: KeyObject) => void,
): KeyObject {
  let cache = caches.get(vault);
  if (!cache) {
    cache = new LRUCache<string, KeyObject>({ max: MAX_KEYS });
    caches.set(vault, cache);
  }
  const id = `${aad}\u0000${ciphertext}`;
  const kept = cache.get(id);
  if (kept) return kept;
  const privateKey = createPrivateKey({
    key: Buffer.from(vault.decrypt(ciphertext, aad), 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  check(privateKey);
  cache.set(id, privateKey);
  return privateKey;
}

/** Drops every key kept for `vault`. */
export function forgetPrivateKeys(vault: Vault): void {
  caches.get(vault)?.clear();
}
