/**
 * The compact-JWS pieces the offline verifier needs (RFC 7515 compact serialisation, RFC 7518
 * ES256, RFC 8037 EdDSA over Ed25519), over `globalThis.crypto.subtle` only: the same code runs in
 * a browser with no network (/verify "Scan offline QR") and in Node 20 (tests). No key storage,
 * no trust decision: callers pick the key.
 */
import { base64urlnopad } from '@scure/base';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** A JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `bytes` backed by a plain ArrayBuffer (what WebCrypto's typings ask for). */
function buffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy;
}

/** The bytes of unpadded base64url `text`, or undefined when it is not base64url. */
export function base64urlBytes(text: string): Uint8Array | undefined {
  try {
    return base64urlnopad.decode(text);
  } catch {
    return undefined;
  }
}

/** The JSON object encoded as base64url `text` (UTF-8), or undefined for anything else. */
export function base64urlJson(text: string): unknown {
  const bytes = base64urlBytes(text);
  if (!bytes) return undefined;
  try {
    return JSON.parse(decoder.decode(bytes));
  } catch {
    return undefined;
  }
}

/** base64url (no padding) of SHA-256 over the ASCII/UTF-8 bytes of `text`. */
export async function sha256Base64url(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', buffer(encoder.encode(text)));
  return base64urlnopad.encode(new Uint8Array(digest));
}

/** A compact JWS split into its decoded header and payload and the signed parts. */
export interface ParsedJws {
  header: JsonObject;
  payload: JsonObject;
  /** ASCII `header.payload`, the JWS Signing Input. */
  signingInput: string;
  signature: Uint8Array;
}

/** `jws` parsed, or undefined when it is not three base64url parts with JSON objects. */
export function parseJws(jws: string): ParsedJws | undefined {
  const parts = jws.split('.');
  if (parts.length !== 3) return undefined;
  const [h = '', p = '', s = ''] = parts;
  const header = base64urlJson(h);
  const payload = base64urlJson(p);
  const signature = base64urlBytes(s);
  if (!isObject(header) || !isObject(payload) || !signature) return undefined;
  return { header, payload, signingInput: `${h}.${p}`, signature };
}

/**
 * True when `jws` is signed by the public `jwk` with the algorithm its header names: EdDSA with
 * an OKP Ed25519 key, or ES256 with an EC P-256 key (the signature is R||S, as JWS and WebCrypto
 * both write it). Any other pairing, a bad key or a bad signature: false; never throws.
 */
export async function verifyJwsSignature(jws: ParsedJws, jwk: unknown): Promise<boolean> {
  if (!isObject(jwk)) return false;
  const subtle = globalThis.crypto.subtle;
  const data = buffer(encoder.encode(jws.signingInput));
  const signature = buffer(jws.signature);
  try {
    if (jws.header.alg === 'EdDSA' && jwk.kty === 'OKP' && jwk.crv === 'Ed25519') {
      const key = await subtle.importKey(
        'jwk',
        { kty: 'OKP', crv: 'Ed25519', x: String(jwk.x) },
        { name: 'Ed25519' },
        false,
        ['verify'],
      );
      return await subtle.verify('Ed25519', key, signature, data);
    }
    if (jws.header.alg === 'ES256' && jwk.kty === 'EC' && jwk.crv === 'P-256') {
      const key = await subtle.importKey(
        'jwk',
        { kty: 'EC', crv: 'P-256', x: String(jwk.x), y: String(jwk.y) },
        { name: 'ECDSA', namedCurve: 'P-256' },
        false,
        ['verify'],
      );
      return await subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature, data);
    }
  } catch {
    return false;
  }
  return false;
}
