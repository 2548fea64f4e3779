/**
 * Reads and verifies an IETF Token Status List token (draft-ietf-oauth-status-list, "Status List
 * Token in JWT Format", media type application/statuslist+jwt):
 * - a compact JWS whose header `typ` is 'statuslist+jwt' and `alg` one of SD_JWT_ISSUER_ALGS;
 * - signed by the key of the referenced credential's issuer, found by lib/sd-jwt-issuer-key.ts
 *   exactly as for the credential itself (a did:key/did:jwk issuer: its key, a header `kid`
 *   must be a DID URL of it; an https issuer: by `kid` among the trust list's keys, then those
 *   it publishes);
 * - payload `sub` equal to the URL it was fetched from (the entry's `uri`), `iss`, when present,
 *   the credential's issuer, `exp` (seconds) not passed, `ttl` (seconds) honoured;
 * - `status_list { bits: 1|2|4|8, lst }`, `lst` decoded with @sd-jwt/jwt-status-list
 *   (base64url of ZLIB-compressed bytes, least significant bits first).
 * Answers the VerifiedList or the problem; never throws.
 */
import { inflateSync } from 'node:zlib';
import { StatusList } from '@sd-jwt/jwt-status-list';
import { LRUCache } from 'lru-cache';
import { findSdJwtIssuerKey, type IssuerKeySources, verifiesUnder } from '../sd-jwt-issuer-key';
import { keepUntil, type ListProblem, MAX_LIST_BYTES, type VerifiedList } from './verified-list';

/** The media type a Status List Token is asked for with. */
export const STATUS_LIST_JWT_ACCEPT = 'application/statuslist+jwt';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function decodePart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Decoded lists by their exact `bits` and `lst` (a pure function of the two: the same text decodes
 * to the same entries), so a list read again unchanged is not inflated and unpacked again (131,072
 * entries: about 1 ms, the most of a check of this server's own lists, which are fetched afresh
 * for every check). Only the decoding is kept: the signature, `sub`, `iss` and `exp` of every
 * token are still checked each time. Bounded by count and by the size of the keys.
 */
const decodedLists = new LRUCache<string, StatusList>({
  max: 256,
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (list, key) => key.length + list.statusList.length,
});

/**
 * Tokens whose signature verified, per key (the KeyObject lib/sd-jwt-issuer-key.ts keeps for the
 * issuer's key) and exact `header.payload.signature` text: a signature check is a pure function
 * of the key, the signed bytes and the signature, so the same token under the same key verifies
 * again without the EdDSA/ECDSA work (this server's own lists are fetched afresh for every check
 * and are the same token within their 1 s answer cache). Only successes are kept; the key is
 * still found for every token (its `kid`, the trust list), and `typ`, `iss`, `sub`, `exp` are
 * still checked every time. Bounded by count and by the size of the tokens.
 */
const verifiedTokens = new WeakMap<object, LRUCache<string, true>>();

/** True when `h.p.signature` verifies under `key` (remembered when it does). */
function signatureVerifies(
  key: Parameters<typeof verifiesUnder>[0],
  h: string,
  p: string,
  signature: string,
): boolean {
  let known = verifiedTokens.get(key.key);
  const token = `${key.alg}.${h}.${p}.${signature}`;
  if (known?.get(token)) return true;
  if (!verifiesUnder(key, `${h}.${p}`, signature)) return false;
  if (!known) {
    known = new LRUCache<string, true>({
      max: 64,
      maxSize: 16 * 1024 * 1024,
      sizeCalculation: (_value, text) => text.length,
    });
    verifiedTokens.set(key.key, known);
  }
  known.set(token, true);
  return true;
}

/** The decoded `lst` of `bits` per entry. @throws when it cannot be decoded, or inflates too far. */
function decodeList(lst: string, bits: 1 | 2 | 4 | 8): StatusList {
  const key = `${bits}.${lst}`;
  const known = decodedLists.get(key);
  if (known) return known;
  // A compression bomb is refused before the library inflates it without a bound.
  inflateSync(Buffer.from(lst, 'base64url'), { maxOutputLength: MAX_LIST_BYTES });
  const decoded = StatusList.decompressStatusList(lst, bits);
  decodedLists.set(key, decoded);
  return decoded;
}

/**
 * Verifies the token `jwt` fetched from `uri` for a credential issued by `issuer`, at `nowMs`.
 * @param keys where keys of an https issuer are looked up (trust list, then published).
 */
export async function verifyStatusListToken(
  jwt: string,
  expected: { uri: string; issuer: string; nowMs: number; keys: IssuerKeySources },
): Promise<VerifiedList | ListProblem> {
  const parts = jwt.split('.');
  const [h = '', p = '', signature = ''] = parts;
  const header = parts.length === 3 ? decodePart(h) : undefined;
  const payload = parts.length === 3 ? decodePart(p) : undefined;
  if (!header || !payload) return { reason: 'The status list is not a readable JWT.' };
  if (header.typ !== 'statuslist+jwt') {
    return { reason: "The status list's type (typ) is not statuslist+jwt." };
  }
  if (payload.iss !== undefined && payload.iss !== expected.issuer) {
    return { reason: "The status list's issuer is not the credential's issuer." };
  }
  const found = await findSdJwtIssuerKey(header, expected.issuer, expected.keys);
  if ('problem' in found) {
    return { reason: `The status list's signing key was not found: ${found.problem.detail}` };
  }
  if (!signatureVerifies(found.key, h, p, signature)) {
    return { reason: "The status list's signature is not the credential issuer's." };
  }
  if (payload.sub !== expected.uri) {
    return { reason: "The status list's subject (sub) is not the address it was fetched from." };
  }
  const nowSeconds = expected.nowMs / 1000;
  const exp = typeof payload.exp === 'number' ? payload.exp : undefined;
  if (exp !== undefined && exp <= nowSeconds) return { reason: 'The status list has expired.' };
  const list = payload.status_list;
  if (
    !isObject(list) ||
    typeof list.lst !== 'string' ||
    ![1, 2, 4, 8].includes(list.bits as number)
  ) {
    return { reason: "The status list's status_list cannot be read." };
  }
  const bits = list.bits as 1 | 2 | 4 | 8;
  let decoded: StatusList;
  try {
    decoded = decodeList(list.lst, bits);
  } catch {
    return { reason: "The status list's lst cannot be decoded." };
  }
  const size = decoded.statusList.length;
  const ttl = typeof payload.ttl === 'number' && payload.ttl > 0 ? payload.ttl * 1000 : undefined;
  return {
    bits,
    purposes: [],
    statusAt: (index) => (index >= 0 && index < size ? decoded.getStatus(index) : undefined),
    keepUntilMs: keepUntil(expected.nowMs, ttl, exp === undefined ? undefined : exp * 1000),
  };
}
