/**
 * Reading one entry of an IETF Token Status List (draft-ietf-oauth-status-list section 4:
 * `status_list: { bits, lst }`, `lst` the base64url of the ZLIB (RFC 1950) compressed byte array,
 * entry `idx` in bits [idx*bits, (idx+1)*bits) counted from each byte's least significant bit).
 * Inflated with the platform's DecompressionStream('deflate') (the zlib format), so it runs in a
 * browser with no network and in Node 20.
 */
import { base64urlBytes } from './jws';

/** Bits per status the draft allows. */
const BITS = new Set([1, 2, 4, 8]);
/** The largest inflated list read (bytes): 8 bits x 4 Mi entries; a bigger one is refused. */
const MAX_LIST_BYTES = 4 * 1024 * 1024;

/** The inflated bytes of zlib `data`, or undefined when it is not a zlib stream (or too large). */
export async function inflateZlib(data: Uint8Array): Promise<Uint8Array | undefined> {
  try {
    const copy = new Uint8Array(data.length);
    copy.set(data);
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(copy);
        controller.close();
      },
    });
    // The platform types its writable side as BufferSource, a supertype of the bytes written.
    const inflate = new DecompressionStream('deflate') as unknown as TransformStream<
      Uint8Array,
      Uint8Array
    >;
    const stream = source.pipeThrough(inflate);
    const reader = stream.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > MAX_LIST_BYTES) {
        await reader.cancel();
        return undefined;
      }
      chunks.push(value);
    }
    const out = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  } catch {
    return undefined;
  }
}

/**
 * The status value (0..2^bits-1; 0 valid, 1 invalid, 2 suspended) at `idx` of the list
 * `{ bits, lst }`, or undefined when the list is malformed (bits not 1/2/4/8, lst not base64url
 * zlib) or `idx` is past its end. Never throws.
 */
export async function readTokenStatus(
  statusList: { bits: unknown; lst: unknown },
  idx: number,
): Promise<number | undefined> {
  const { bits, lst } = statusList;
  if (typeof bits !== 'number' || !BITS.has(bits) || typeof lst !== 'string') return undefined;
  if (!Number.isSafeInteger(idx) || idx < 0) return undefined;
  const compressed = base64urlBytes(lst);
  if (!compressed) return undefined;
  const bytes = await inflateZlib(compressed);
  if (!bytes) return undefined;
  const bit = idx * bits;
  const byte = bytes[Math.floor(bit / 8)];
  if (byte === undefined) return undefined;
  return (byte >> (bit % 8)) & ((1 << bits) - 1);
}
