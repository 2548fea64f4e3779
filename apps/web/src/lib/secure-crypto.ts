/**
 * The cipher of the encrypted browser storage (see lib/secure-vault.ts and docs/security.md):
 * AES-256-GCM under a WebCrypto key that is generated non-extractable, so no script can read its
 * bytes.
 *
 * A stored value is an envelope, the JSON text `{"v":1,"iv":"<base64>","ct":"<base64>"}`:
 * - `iv`: 12 random bytes (96 bits, NIST SP 800-38D's recommended length), fresh for every seal;
 * - `ct`: the AES-GCM ciphertext of the UTF-8 plaintext followed by its 128-bit tag;
 * - the additional authenticated data is `pehchaan-storage:v1:<name>`, so an envelope only opens
 *   under the storage key name it was sealed for (two ciphertexts cannot be swapped).
 */

/** Envelope format version. */
const ENVELOPE_VERSION = 1;
/** AES-GCM IV length in bytes. */
const IV_BYTES = 12;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The parsed form of an envelope. */
interface Envelope {
  v: typeof ENVELOPE_VERSION;
  iv: string;
  ct: string;
}

/** True when WebCrypto's AES-GCM is usable here (it needs a secure context: https or localhost). */
export function hasWebCrypto(): boolean {
  return typeof globalThis.crypto?.subtle?.encrypt === 'function';
}

/**
 * A new AES-256-GCM key, `extractable: false`, usable only to encrypt and decrypt.
 * @throws when WebCrypto is unavailable.
 */
export function generateStorageKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

function additionalData(name: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(`pehchaan-storage:v1:${name}`);
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list short for large values.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function parseEnvelope(stored: string): Envelope | null {
  if (!stored.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const { v, iv, ct, ...rest } = value as Record<string, unknown>;
    if (v !== ENVELOPE_VERSION || typeof iv !== 'string' || typeof ct !== 'string') return null;
    if (Object.keys(rest).length > 0) return null;
    return { v, iv, ct };
  } catch {
    return null;
  }
}

/**
 * True when `stored` has the envelope's shape (it may still fail to open). Anything else under an
 * encrypted key was written by an older version of the app, in plaintext.
 */
export function isEnvelope(stored: string): boolean {
  return parseEnvelope(stored) !== null;
}

/**
 * Encrypts `plaintext` for the storage key `name` with a fresh random IV.
 * @returns the envelope text.
 * @throws when WebCrypto fails (an unusable key).
 */
export async function sealValue(key: CryptoKey, name: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: additionalData(name) },
    key,
    encoder.encode(plaintext),
  );
  const envelope: Envelope = {
    v: ENVELOPE_VERSION,
    iv: toBase64(iv),
    ct: toBase64(new Uint8Array(ciphertext)),
  };
  return JSON.stringify(envelope);
}

/**
 * Decrypts an envelope written by `sealValue` for the same `name` under the same key.
 * @returns the plaintext, or null when `stored` is not an envelope, was sealed under another key
 *   or another name, or was altered (the GCM tag does not match). Never throws.
 */
export async function openValue(
  key: CryptoKey,
  name: string,
  stored: string,
): Promise<string | null> {
  const envelope = parseEnvelope(stored);
  if (!envelope) return null;
  try {
    const iv = fromBase64(envelope.iv);
    if (iv.length !== IV_BYTES) return null;
    const plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: additionalData(name) },
      key,
      fromBase64(envelope.ct),
    );
    return decoder.decode(plaintext);
  } catch {
    return null;
  }
}
