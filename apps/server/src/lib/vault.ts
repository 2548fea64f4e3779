/**
 * Field encryption and keyed hashes under the master key (DECISIONS 4 and 5).
 *
 * - `encrypt`/`decrypt`: AES-256-GCM with a 96-bit random IV and a 128-bit tag. The token is
 *   'v1.' + base64url(iv | tag | ciphertext). `aad` binds a ciphertext to its row (e.g.
 *   'aadhaar:user-001'), so a ciphertext copied into another row does not decrypt.
 * - `lookupHmac`: HMAC-SHA256 (hex) to find a row by a secret value (the Aadhaar number) without
 *   storing or indexing the value itself.
 * - `otpHmac`: HMAC-SHA256 (hex) of an OTP code bound to its challenge id.
 * - `privateKey`: a private key stored as a `decrypt` token of base64 PKCS#8 DER (holders' and
 *   verifiers' keys), decrypted, imported and checked once per AAD and exact token, then kept as
 *   a node:crypto KeyObject in a bounded in-memory cache (docs/security.md "Keys in memory": at
 *   most MAX_PRIVATE_KEYS, least recently used dropped first). Only a caller that just read the
 *   row's token gets its key, and a rotated, replaced or erased key (another or no token in the
 *   row) is never answered again; its entry ages out. A token that does not decrypt, or a key
 *   that fails `check`, throws and is never kept. The issuers' keys are held decrypted for the
 *   process's lifetime already (lib/issuer-keys.ts).
 *
 * Each purpose uses its own subkey, derived from the 32-byte master key with HKDF-SHA256.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createPrivateKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { LRUCache } from 'lru-cache';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Imported private keys kept per vault (the holders active at once, plus the verifiers). */
export const MAX_PRIVATE_KEYS = 2_000;

export interface Vault {
  /** Encrypts UTF-8 `plaintext`; returns the 'v1.' token. */
  encrypt(plaintext: string, aad: string): string;
  /**
   * Decrypts a token made by `encrypt` with the same `aad`.
   * @throws {Error} when the token is malformed, was made under another key or aad, or was altered.
   */
  decrypt(token: string, aad: string): string;
  /** Keyed hash for lookups (hex, 64 chars); the same input always gives the same output. */
  lookupHmac(value: string): string;
  /** Keyed hash of an OTP code for challenge `challengeId` (hex). */
  otpHmac(challengeId: string, code: string): string;
  /**
   * The private key `token` holds (a `decrypt` token of base64 PKCS#8 DER under `aad`), checked
   * by `check` (throws when the key is not the row's: its public key, its did) on first use only.
   * @throws what `decrypt`, the import or `check` throw (nothing is kept then).
   */
  privateKey(token: string, aad: string, check: (privateKey: KeyObject) => void): KeyObject;
  /** A fingerprint of the master key (hex), stored once so a different key is detected at start. */
  keyCheck(): string;
}

function subkey(masterKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `pehchaan:${purpose}`, 32));
}

/**
 * @param masterKey exactly 32 bytes.
 * @throws {RangeError} for a key of another length.
 */
export function createVault(masterKey: Buffer): Vault {
  if (masterKey.length !== 32) throw new RangeError('The master key must be 32 bytes');
  const encKey = subkey(masterKey, 'field-encryption');
  const lookupKey = subkey(masterKey, 'lookup-hmac');
  const otpKey = subkey(masterKey, 'otp-hmac');
  const checkKey = subkey(masterKey, 'key-check');

  const privateKeys = new LRUCache<string, KeyObject>({ max: MAX_PRIVATE_KEYS });

  const vault: Vault = {
    encrypt(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const packed = Buffer.concat([iv, cipher.getAuthTag(), body]);
      return `${VERSION}.${packed.toString('base64url')}`;
    },
    decrypt(token, aad) {
      const [version, payload] = token.split('.');
      if (version !== VERSION || payload === undefined)
        throw new Error('Unknown ciphertext format');
      const packed = Buffer.from(payload, 'base64url');
      if (packed.length < IV_BYTES + TAG_BYTES) throw new Error('Ciphertext too short');
      const decipher = createDecipheriv('aes-256-gcm', encKey, packed.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(packed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const body = packed.subarray(IV_BYTES + TAG_BYTES);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
    lookupHmac(value) {
      return createHmac('sha256', lookupKey).update(value, 'utf8').digest('hex');
    },
    otpHmac(challengeId, code) {
      return createHmac('sha256', otpKey).update(`${challengeId}:${code}`, 'utf8').digest('hex');
    },
    keyCheck() {
      return createHmac('sha256', checkKey).update('pehchaan master key check').digest('hex');
    },
    privateKey(token, aad, check) {
      const id = `${aad}\u0000${token}`;
      const kept = privateKeys.get(id);
      if (kept) return kept;
      const privateKey = createPrivateKey({
        key: Buffer.from(vault.decrypt(token, aad), 'base64'),
        format: 'der',
        type: 'pkcs8',
      });
      check(privateKey);
      privateKeys.set(id, privateKey);
      return privateKey;
    },
  };
  return vault;
}
