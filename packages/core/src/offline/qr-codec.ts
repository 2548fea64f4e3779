/**
 * The offline QR's codec, format PH1 (DECISIONS 8: a credential shown offline as a QR code a
 * verifier checks with no network; docs/offline-verification.md describes it byte by byte).
 *
 * The QR code's text is `PH1:` + Base45 (RFC 9285) of the raw DEFLATE (RFC 1951, with the
 * preset dictionary of qr-dictionary.ts) of the packed form of an SD-JWT VC presentation
 * `<issuer-jwt>~<disclosure>~...~<kb-jwt>` (RFC 9901). Every character is in the QR code's
 * alphanumeric set, so the code is drawn in alphanumeric mode.
 *
 * Packed form: byte 0x01 (the packing's version); the number of disclosures n (unsigned LEB128);
 * byte 1 when a key-binding JWT follows, 0 when the presentation ends with `~`; then the
 * segments in order (the issuer JWT's header, payload and signature, the n disclosures, and the
 * KB-JWT's header, payload and signature), each as its length (unsigned LEB128) and the bytes its
 * base64url text stands for. Only canonical base64url (no padding, unused bits zero) is packed,
 * so decoding gives back exactly the presentation that was encoded.
 */
import { base64urlnopad } from '@scure/base';
import { deflateSync, inflateSync } from 'fflate';
import { base45Decode, base45Encode } from './base45';
import { OFFLINE_QR_DICTIONARY } from './qr-dictionary';

/** The prefix of every offline QR of this format. */
export const OFFLINE_QR_PREFIX = 'PH1:';

/** The packing's version, the packed form's first byte. */
const PACKING_VERSION = 1;

/**
 * The longest text a QR code holds (version 40, level L, alphanumeric mode: 4,296 characters);
 * longer text is refused before it is inflated.
 */
export const OFFLINE_QR_MAX_LENGTH = 4296;

/** Why a text or a presentation was refused. */
export type OfflineQrErrorCode =
  /** The text does not start with `PH1:` (another QR code, or another format). */
  | 'not_offline_qr'
  /** Longer than any QR code holds. */
  | 'too_long'
  /** After the prefix, not Base45. */
  | 'invalid_base45'
  /** Not raw DEFLATE with this format's dictionary. */
  | 'invalid_deflate'
  /** The inflated bytes are not a packed presentation (or another packing version). */
  | 'invalid_packing'
  /** (encoding) Not an SD-JWT presentation `<jwt>~<disclosure>~...~<kb-jwt or nothing>`. */
  | 'invalid_presentation'
  /** (encoding) A segment whose base64url is not canonical, which packing would not give back. */
  | 'not_canonical';

/** A refusal of the codec; `code` says why (never match on the message). */
export class OfflineQrError extends Error {
  readonly code: OfflineQrErrorCode;
  constructor(code: OfflineQrErrorCode, message: string) {
    super(message);
    this.name = 'OfflineQrError';
    this.code = code;
  }
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The bytes of a canonical base64url segment; throws 'not_canonical' for any other text. */
function segmentBytes(segment: string, what: string): Uint8Array {
  if (!BASE64URL.test(segment) || segment.length % 4 === 1) {
    throw new OfflineQrError('not_canonical', `The ${what} is not canonical base64url`);
  }
  let bytes: Uint8Array;
  try {
    bytes = base64urlnopad.decode(segment);
  } catch {
    throw new OfflineQrError('not_canonical', `The ${what} is not canonical base64url`);
  }
  if (base64urlnopad.encode(bytes) !== segment) {
    throw new OfflineQrError('not_canonical', `The ${what} is not canonical base64url`);
  }
  return bytes;
}

function jwtSegments(jwt: string, what: string): Uint8Array[] {
  const parts = jwt.split('.');
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) {
    throw new OfflineQrError('invalid_presentation', `The ${what} is not a compact JWS`);
  }
  return [
    segmentBytes(parts[0] as string, `${what}'s header`),
    segmentBytes(parts[1] as string, `${what}'s payload`),
    segmentBytes(parts[2] as string, `${what}'s signature`),
  ];
}

function pushVarint(out: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
}

/**
 * The offline QR text of an SD-JWT VC presentation (see the module docs): `PH1:` + Base45.
 * @param presentation `<issuer-jwt>~<disclosure>~...~<kb-jwt>` (or ending `~` with no KB-JWT).
 * @throws {OfflineQrError} 'invalid_presentation' when it is not of that shape (an empty
 *   disclosure, a JWT of other than three non-empty parts); 'not_canonical' when a segment's
 *   base64url is not canonical.
 */
export function encodeOfflineQr(presentation: string): string {
  const parts = presentation.split('~');
  if (parts.length < 2) {
    throw new OfflineQrError('invalid_presentation', 'An SD-JWT presentation has at least one ~');
  }
  const issuerJwt = parts[0] as string;
  const kbJwt = parts[parts.length - 1] as string;
  const disclosures = parts.slice(1, -1);
  if (disclosures.some((disclosure) => disclosure.length === 0)) {
    throw new OfflineQrError('invalid_presentation', 'A disclosure is empty');
  }
  const segments = [
    ...jwtSegments(issuerJwt, 'issuer-signed JWT'),
    ...disclosures.map((disclosure) => segmentBytes(disclosure, 'disclosure')),
    ...(kbJwt === '' ? [] : jwtSegments(kbJwt, 'key-binding JWT')),
  ];
  const head: number[] = [PACKING_VERSION];
  pushVarint(head, disclosures.length);
  head.push(kbJwt === '' ? 0 : 1);
  let size = head.length;
  const lengths = segments.map((segment) => {
    const prefix: number[] = [];
    pushVarint(prefix, segment.length);
    size += prefix.length + segment.length;
    return prefix;
  });
  const packed = new Uint8Array(size);
  packed.set(head, 0);
  let offset = head.length;
  segments.forEach((segment, i) => {
    packed.set(lengths[i] as number[], offset);
    offset += (lengths[i] as number[]).length;
    packed.set(segment, offset);
    offset += segment.length;
  });
  const deflated = deflateSync(packed, { level: 9, mem: 12, dictionary: OFFLINE_QR_DICTIONARY });
  return OFFLINE_QR_PREFIX + base45Encode(deflated);
}

/** Reads the packed form; throws 'invalid_packing' at the first thing out of place. */
class PackedReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  byte(): number {
    const value = this.bytes[this.offset];
    if (value === undefined) throw packingError('ends early');
    this.offset += 1;
    return value;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 4; i++) {
      const byte = this.byte();
      value += (byte & 0x7f) * scale;
      if ((byte & 0x80) === 0) {
        // A longer form than needed (a trailing zero group) would give two packings of one value.
        if (i > 0 && byte === 0) throw packingError('has a length in a non-minimal form');
        return value;
      }
      scale *= 128;
    }
    throw packingError('has a length beyond 2^28');
  }

  segment(what: string, allowEmpty = false): string {
    const length = this.varint();
    if (length === 0 && !allowEmpty) throw packingError(`has an empty ${what}`);
    if (this.offset + length > this.bytes.length) throw packingError('ends early');
    const bytes = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return base64urlnopad.encode(bytes);
  }

  end(): void {
    if (this.offset !== this.bytes.length) throw packingError('has bytes after its last segment');
  }
}

function packingError(what: string): OfflineQrError {
  return new OfflineQrError('invalid_packing', `The offline QR's content ${what}`);
}

/**
 * The SD-JWT VC presentation an offline QR's text carries (the inverse of encodeOfflineQr).
 * Checks the format only, never a signature: the caller verifies the presentation.
 * @param text the QR code's text, `PH1:` + Base45.
 * @throws {OfflineQrError} 'not_offline_qr' (no `PH1:` prefix), 'too_long', 'invalid_base45',
 *   'invalid_deflate' or 'invalid_packing'.
 */
export function decodeOfflineQr(text: string): string {
  if (!text.startsWith(OFFLINE_QR_PREFIX)) {
    throw new OfflineQrError('not_offline_qr', 'This is not a Pehchaan offline QR code');
  }
  if (text.length > OFFLINE_QR_MAX_LENGTH) {
    throw new OfflineQrError('too_long', 'The text is longer than any QR code holds');
  }
  const deflated = base45Decode(text.slice(OFFLINE_QR_PREFIX.length));
  if (!deflated || deflated.length === 0) {
    throw new OfflineQrError('invalid_base45', "The offline QR's content is not Base45");
  }
  let packed: Uint8Array;
  try {
    packed = inflateSync(deflated, { dictionary: OFFLINE_QR_DICTIONARY });
  } catch {
    throw new OfflineQrError('invalid_deflate', "The offline QR's content does not inflate");
  }
  const reader = new PackedReader(packed);
  if (reader.byte() !== PACKING_VERSION) throw packingError('has an unknown packing version');
  const count = reader.varint();
  const flag = reader.byte();
  if (flag !== 0 && flag !== 1) throw packingError('has an unknown key-binding flag');
  const jwt = () =>
    [reader.segment('header'), reader.segment('payload'), reader.segment('signature')].join('.');
  const issuerJwt = jwt();
  const disclosures: string[] = [];
  for (let i = 0; i < count; i++) disclosures.push(reader.segment('disclosure'));
  const kbJwt = flag === 1 ? jwt() : '';
  reader.end();
  return [issuerJwt, ...disclosures, kbJwt].join('~');
}
