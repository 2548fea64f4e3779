/**
 * lib/vault.ts `privateKey` (docs/security.md "Keys in memory"): a private key is decrypted and
 * checked once per vault, AAD and ciphertext; a key that does not decrypt or fails its check is
 * refused every time and never kept; another ciphertext (a rotated key) is another key.
 */
import { createPublicKey, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVault } from '../src/lib/vault';

function encryptedKey(vault: ReturnType<typeof createVault>, aad: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  return { publicKey, ciphertext: vault.encrypt(pkcs8, aad) };
}

const sameAs =
  (expected: ReturnType<typeof createPublicKey>) =>
  (key: Parameters<typeof createPublicKey>[0]) => {
    if (!createPublicKey(key).equals(expected)) throw new Error('not the row key');
  };

describe('vault.privateKey', () => {
  it('answers the row key, signing as before, and checks it only on first use', () => {
    const vault = createVault(randomBytes(32));
    const { publicKey, ciphertext } = encryptedKey(vault, 'holder-key:u1');
    let checks = 0;
    const check = (key: Parameters<typeof createPublicKey>[0]) => {
      checks += 1;
      sameAs(publicKey)(key);
    };
    const first = vault.privateKey(ciphertext, 'holder-key:u1', check);
    const again = vault.privateKey(ciphertext, 'holder-key:u1', check);
    expect(again).toBe(first);
    expect(checks).toBe(1);
    const message = Buffer.from('signing input');
    expect(verify(null, message, publicKey, sign(null, message, again))).toBe(true);
  });

  it('refuses a ciphertext under another AAD or another master key, every time', () => {
    const vault = createVault(randomBytes(32));
    const other = createVault(randomBytes(32));
    const { publicKey, ciphertext } = encryptedKey(vault, 'holder-key:u1');
    vault.privateKey(ciphertext, 'holder-key:u1', sameAs(publicKey));
    // The same ciphertext copied into another row, or read by a process with another key.
    for (let i = 0; i < 2; i += 1) {
      expect(() => vault.privateKey(ciphertext, 'holder-key:u2', sameAs(publicKey))).toThrow();
      expect(() => other.privateKey(ciphertext, 'holder-key:u1', sameAs(publicKey))).toThrow();
    }
  });

  it('never keeps a key that fails its check', () => {
    const vault = createVault(randomBytes(32));
    const { ciphertext } = encryptedKey(vault, 'verifier-key:v1');
    const { publicKey: someoneElse } = generateKeyPairSync('ed25519');
    for (let i = 0; i < 2; i += 1) {
      expect(() => vault.privateKey(ciphertext, 'verifier-key:v1', sameAs(someoneElse))).toThrow(
        'not the row key',
      );
    }
  });

  it('answers a rotated key for its new ciphertext', () => {
    const vault = createVault(randomBytes(32));
    const before = encryptedKey(vault, 'verifier-key:v1');
    const after = encryptedKey(vault, 'verifier-key:v1');
    const a = vault.privateKey(before.ciphertext, 'verifier-key:v1', sameAs(before.publicKey));
    const b = vault.privateKey(after.ciphertext, 'verifier-key:v1', sameAs(after.publicKey));
    expect(createPublicKey(b).equals(after.publicKey)).toBe(true);
    expect(createPublicKey(a).equals(before.publicKey)).toBe(true);
  });
});
