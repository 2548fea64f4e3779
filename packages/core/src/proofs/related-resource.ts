/**
 * Integrity of related resources (W3C VC Data Model 2.0, section 5.3): `relatedResource` is one
 * or more objects `{ id, mediaType?, digestSRI?, digestMultibase? }`; `id` is a URL, unique
 * among them; each has a digestSRI (Subresource Integrity hash-expression, e.g.
 * 'sha384-<base64>') or a digestMultibase (Data Integrity 1.0 section 2.6: multibase, 'u'
 * base64url or 'z' base58btc, of a multihash; the raw digest bytes are read too).
 *
 * A digest is checked when its resource is one the product holds itself: the JSON-LD contexts
 * it bundles (json-ld-loader.ts) and never fetches. CONTEXT_DIGESTS lists the SHA-256 and
 * SHA-384 of each of those files as W3C publishes them (the w3c/vc-data-model repository's
 * contexts/credentials/*, served at the context URLs); a digest that matches none of the
 * resource's published revisions is an error (section 5.3: "the conforming verifier
 * implementation MUST produce an error"). A resource the product does not hold is not fetched,
 * so its digests are only checked for form.
 */
import { base58, base64, base64urlnopad } from '@scure/base';

/** The published digests of one revision of a resource: SHA-256 and SHA-384, hex. */
export interface PublishedDigests {
  /** Which revision, for messages and maintainers. */
  revision: string;
  sha256: string;
  sha384: string;
}

/**
 * Context URL -> its published revisions' digests (SHA-256 and SHA-384 of the file bytes).
 * https://www.w3.org/ns/credentials/v2: the Recommendation's revision (VC DM 2.0, 15 May 2025,
 * section B.1 publishes its SHA-256 59955ced...) and the Candidate Recommendation's of
 * 2024-07-03 (whose SHA-256 24a18c90... the CR text published; credentials issued then cite
 * it). Both define the same terms for this product's purposes; the bundled copy is the
 * Recommendation's.
 */
export const CONTEXT_DIGESTS: ReadonlyMap<string, readonly PublishedDigests[]> = new Map([
  [
    'https://www.w3.org/ns/credentials/v2',
    [
      {
        revision: 'Recommendation (2025-05-15)',
        sha256: '59955ced6697d61e03f2b2556febe5308ab16842846f5b586d7f1f7adec92734',
        sha384:
          '97f1eb8e5042356c805fdd61afa2c557663785e0794dcafa21e138fd38def18cb360133c221aa31d6896a6bf3e65b614',
      },
      {
        revision: 'Candidate Recommendation (2024-07-03)',
        sha256: '24a18c90e9856d526111f29376e302d970b2bd10182e33959995b0207d7043b9',
        sha384:
          '35239c36999d2155312091af194a1edb61634d6ad789a5e5b19f2aebdd762dd9d1dcaada40eda7ef921c6b8c0ae107a0',
      },
    ],
  ],
  [
    'https://www.w3.org/ns/credentials/examples/v2',
    [
      {
        revision: '2023-05-09',
        sha256: '57393fbc69d6efb9b9b5dc9cb6b9880b0944360abfe2eaf459c9e58cf2279d7c',
        sha384:
          'ccd35b4135824944a2d1b6f3edd6ee6be45c10dbfb0ba16f966609d58f88ef6ec7b0f387773c042cc60ef4ccfaf0cdba',
      },
    ],
  ],
  [
    'https://www.w3.org/ns/credentials/undefined-terms/v2',
    [
      {
        revision: '2024-07-15',
        sha256: '82dab514ba44eb18f5d1b0f638c5e140c6a556fbfb5089601bdc0fa5eb8b2581',
        sha384:
          'b2a66ccddba70ba67ad99c2ff52e60558df0063cea51c4ca886e25d9ea73cfabb878baf92dc2ad2bda26c31391850d68',
      },
    ],
  ],
  [
    'https://www.w3.org/2018/credentials/v1',
    [
      {
        revision: 'VCDM 1.1 (2019-06-25)',
        sha256: 'ab4ddd9a531758807a79a5b450510d61ae8d147eab966cc9a200c07095b0cdcc',
        sha384:
          '82c3b3eab863754bbfd2b9f17d8d6db9f61169f301cbf0b05e1fc4beb5f5c51dd4d2e888c274f49c3fbb2408f61faed1',
      },
    ],
  ],
]);

type DigestAlgorithm = 'sha256' | 'sha384' | 'sha512';

interface Digest {
  algorithm: DigestAlgorithm;
  hex: string;
}

const DIGEST_LENGTHS: Record<DigestAlgorithm, number> = { sha256: 32, sha384: 48, sha512: 64 };
/** Multihash codes (varint, one byte each here) of the SHA-2 functions. */
const MULTIHASH_CODES: Record<number, DigestAlgorithm> = {
  18: 'sha256',
  32: 'sha384',
  19: 'sha512',
};

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The algorithm whose digest is `length` bytes; undefined for none. */
function algorithmOfLength(length: number): DigestAlgorithm | undefined {
  return (Object.keys(DIGEST_LENGTHS) as DigestAlgorithm[]).find(
    (algorithm) => DIGEST_LENGTHS[algorithm] === length,
  );
}

/**
 * The digests of a digestSRI value: space-separated hash-expressions 'sha256-' | 'sha384-' |
 * 'sha512-' + base64 of the digest (SRI section 3.5; options after '?' are ignored).
 * @returns undefined when any expression is malformed.
 */
export function parseDigestSri(value: string): Digest[] | undefined {
  const expressions = value.trim().split(/\s+/);
  const digests: Digest[] = [];
  for (const expression of expressions) {
    const match = /^(sha256|sha384|sha512)-([A-Za-z0-9+/]+={0,2})(\?.*)?$/.exec(expression);
    if (!match) return undefined;
    const algorithm = match[1] as DigestAlgorithm;
    let bytes: Uint8Array;
    try {
      bytes = base64.decode(match[2] as string);
    } catch {
      return undefined;
    }
    if (bytes.length !== DIGEST_LENGTHS[algorithm]) return undefined;
    digests.push({ algorithm, hex: toHex(bytes) });
  }
  return digests;
}

/**
 * The digest of a digestMultibase value: 'u' (base64url, no padding) or 'z' (base58btc) of a
 * multihash (code, length, digest) or of the digest bytes alone (32, 48 or 64 bytes).
 * @returns undefined when it is neither.
 */
export function parseDigestMultibase(value: string): Digest | undefined {
  let bytes: Uint8Array;
  try {
    if (value.startsWith('u')) bytes = base64urlnopad.decode(value.slice(1));
    else if (value.startsWith('z')) bytes = base58.decode(value.slice(1));
    else return undefined;
  } catch {
    return undefined;
  }
  const code = bytes[0];
  const multihash = code === undefined ? undefined : MULTIHASH_CODES[code];
  if (multihash && bytes[1] === DIGEST_LENGTHS[multihash] && bytes.length === bytes[1] + 2) {
    return { algorithm: multihash, hex: toHex(bytes.slice(2)) };
  }
  const algorithm = algorithmOfLength(bytes.length);
  return algorithm ? { algorithm, hex: toHex(bytes) } : undefined;
}

/** True when `digest` is one of the published revisions' digests (an unknown algorithm: no). */
function matchesPublished(digest: Digest, published: readonly PublishedDigests[]): boolean {
  return published.some(
    (revision) =>
      (digest.algorithm === 'sha256' && revision.sha256 === digest.hex) ||
      (digest.algorithm === 'sha384' && revision.sha384 === digest.hex),
  );
}

/**
 * Checks one relatedResource object's digests (its `id` is checked by the caller): at least one
 * of digestSRI and digestMultibase, each well-formed, and, for a resource in CONTEXT_DIGESTS,
 * equal to a published digest of it.
 * @returns the broken rules as sentences; empty when none. Never throws.
 */
export function checkRelatedResourceDigests(resource: Record<string, unknown>): string[] {
  const { id, digestSRI, digestMultibase } = resource;
  if (digestSRI === undefined && digestMultibase === undefined) {
    return ['every relatedResource must have a digestSRI or a digestMultibase'];
  }
  const digests: Digest[] = [];
  const errors: string[] = [];
  if (digestSRI !== undefined) {
    const parsed = typeof digestSRI === 'string' ? parseDigestSri(digestSRI) : undefined;
    if (parsed) digests.push(...parsed);
    else errors.push('relatedResource digestSRI must be an SRI hash expression (sha384-<base64>)');
  }
  if (digestMultibase !== undefined) {
    const values = Array.isArray(digestMultibase) ? digestMultibase : [digestMultibase];
    for (const value of values) {
      const parsed = typeof value === 'string' ? parseDigestMultibase(value) : undefined;
      if (parsed) digests.push(parsed);
      else errors.push('relatedResource digestMultibase must be a multibase-encoded digest');
    }
  }
  const published = typeof id === 'string' ? CONTEXT_DIGESTS.get(id) : undefined;
  if (errors.length === 0 && published) {
    for (const digest of digests) {
      if (!matchesPublished(digest, published)) {
        errors.push(`The ${digest.algorithm} digest of relatedResource ${id} does not match it`);
      }
    }
  }
  return errors;
}
