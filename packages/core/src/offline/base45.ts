/**
 * Base45 (RFC 9285): bytes as text in the 45 characters of a QR code's alphanumeric mode, so a
 * QR code carries them at 5.5 bits per character. Two bytes become three characters
 * (n = a * 256 + b = c + 45 * d + 2025 * e, written c d e), a last single byte two (c d).
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const VALUE_OF = new Map([...ALPHABET].map((char, index) => [char, index]));

/** The Base45 text of `bytes` (RFC 9285 section 4). */
export function base45Encode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const n = (bytes[i] as number) * 256 + (bytes[i + 1] as number);
    out += ALPHABET[n % 45]! + ALPHABET[Math.floor(n / 45) % 45]! + ALPHABET[Math.floor(n / 2025)]!;
  }
  if (bytes.length % 2 === 1) {
    const n = bytes[bytes.length - 1] as number;
    out += ALPHABET[n % 45]! + ALPHABET[Math.floor(n / 45)]!;
  }
  return out;
}

/**
 * The bytes of Base45 `text` (RFC 9285 section 4.2), or undefined when it is not Base45: a
 * character outside the alphabet, a length of 3k + 1, or a group whose value is too large
 * (above 65535 for three characters, above 255 for a last two).
 */
export function base45Decode(text: string): Uint8Array | undefined {
  if (text.length % 3 === 1) return undefined;
  const out = new Uint8Array(Math.floor(text.length / 3) * 2 + (text.length % 3 === 2 ? 1 : 0));
  let o = 0;
  for (let i = 0; i < text.length; i += 3) {
    const group = text.slice(i, i + 3);
    let n = 0;
    for (let j = group.length - 1; j >= 0; j--) {
      const value = VALUE_OF.get(group[j] as string);
      if (value === undefined) return undefined;
      n = n * 45 + value;
    }
    if (group.length === 3) {
      if (n > 0xffff) return undefined;
      out[o++] = n >> 8;
      out[o++] = n & 0xff;
    } else {
      if (n > 0xff) return undefined;
      out[o++] = n;
    }
  }
  return out;
}
