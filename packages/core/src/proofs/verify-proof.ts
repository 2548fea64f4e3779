/**
 * What verifyCredential and verifyPresentation share (DECISIONS 4): reading embedded proofs
 * (a DataIntegrityProof of eddsa-jcs-2022 or eddsa-rdfc-2022, or a legacy
 * Ed25519Signature2020), resolving each verification method offline (did:key only), and
 * verifying a proof set or chain (W3C Data Integrity 1.0 section 4.4 Verify Proof Sets and
 * Chains): every proof must verify, each over the document carrying the proofs its
 * `previousProof` names.
 */
import { type DidKeyReference, parseDidKey } from './did-key';
import { ED25519_SIGNATURE_2020, verifyEd25519Signature2020Proof } from './ed25519-signature-2020';
import {
  DATA_INTEGRITY_PROOF,
  type DataIntegrityProof,
  EDDSA_JCS_2022,
  EDDSA_RDFC_2022,
  type JsonObject,
  type ProofResult,
  verifyEddsaJcs2022Proof,
} from './eddsa-jcs-2022';
import { verifyEddsaRdfc2022Proof } from './eddsa-rdfc-2022';
import type { JsonLdContexts } from './json-ld-loader';
import type { ProofCrypto } from './proof-crypto';
import { isJsonObject, parseDateTimeStamp } from './vc-rules';

/**
 * The proof types this package implements: the two EdDSA cryptosuites (DataIntegrityProof) and
 * the legacy Ed25519Signature2020 proof type, which names no cryptosuite and is accepted or not
 * by its type name in `cryptosuites` lists.
 */
export const SUPPORTED_CRYPTOSUITES: readonly string[] = [
  EDDSA_JCS_2022,
  EDDSA_RDFC_2022,
  ED25519_SIGNATURE_2020,
];

/** Parsed did:key references by verification method, so a key is decoded once (bounded). */
const didKeyCache = new Map<string, DidKeyReference>();
const DID_KEY_CACHE_LIMIT = 1024;

/**
 * The did:key a verification method names (cached; the same publicKey instance comes back for
 * the same method, which ProofCrypto implementations use to cache imported keys).
 * @throws {TypeError} when it is not an Ed25519 did:key.
 */
export function resolveDidKey(verificationMethod: string): DidKeyReference {
  let reference = didKeyCache.get(verificationMethod);
  if (!reference) {
    reference = parseDidKey(verificationMethod);
    if (didKeyCache.size >= DID_KEY_CACHE_LIMIT) didKeyCache.clear();
    didKeyCache.set(verificationMethod, reference);
  }
  return reference;
}

/**
 * Why `verificationMethod` cannot be resolved offline, as a sentence: did:web and https keys
 * are never fetched; other DIDs are not implemented.
 */
export function unresolvableKeyReason(verificationMethod: string): string {
  if (/^(did:web:|https?:)/i.test(verificationMethod)) {
    return `The verification method ${verificationMethod} is not resolved: did:web and https keys are not fetched (only did:key is resolved, offline)`;
  }
  return 'The verification method must be an Ed25519 did:key';
}

export interface ReadProofOptions {
  /** Cryptosuites (and legacy proof types) the caller accepts. */
  cryptosuites: readonly string[];
  /** 'assertionMethod' for a credential, 'authentication' for a presentation. */
  proofPurpose: string;
}

/**
 * `value` as a proof, or the sentence saying why it is malformed: not an object, a type other
 * than DataIntegrityProof or Ed25519Signature2020, a cryptosuite (or legacy type) not accepted
 * or not implemented, another proof purpose, a verificationMethod or proofValue that is not a
 * string, a created that is not a dateTimeStamp (required for Ed25519Signature2020), an id or
 * previousProof of the wrong shape. The verification method itself is resolved by the caller.
 * An Ed25519Signature2020 proof comes back as it is (it has no `cryptosuite`). Never throws.
 */
export function readDataIntegrityProof(
  value: unknown,
  options: ReadProofOptions,
): DataIntegrityProof | string {
  if (Array.isArray(value)) return 'proof must be an object';
  if (!isJsonObject(value)) return 'proof must be an object';
  const { type, cryptosuite, verificationMethod, proofPurpose, proofValue } = value;
  const legacy = type === ED25519_SIGNATURE_2020;
  if (type !== DATA_INTEGRITY_PROOF && !legacy) {
    return `proof.type must be ${DATA_INTEGRITY_PROOF} (or ${ED25519_SIGNATURE_2020})`;
  }
  const suite = legacy ? ED25519_SIGNATURE_2020 : cryptosuite;
  if (typeof suite !== 'string') return 'proof.cryptosuite must be a string';
  if (!options.cryptosuites.includes(suite)) {
    return `The cryptosuite ${suite} is not accepted (accepted: ${options.cryptosuites.join(', ')})`;
  }
  if (!SUPPORTED_CRYPTOSUITES.includes(suite)) {
    return `The cryptosuite ${suite} is not supported`;
  }
  if (typeof verificationMethod !== 'string') return 'proof.verificationMethod must be a string';
  if (proofPurpose !== options.proofPurpose) {
    return `proof.proofPurpose must be ${options.proofPurpose}`;
  }
  if (typeof proofValue !== 'string') return 'proof.proofValue must be a string';
  if (legacy && value.created === undefined) return 'proof.created is required';
  if (value.created !== undefined && parseDateTimeStamp(value.created) === undefined) {
    return 'proof.created must be a dateTimeStamp';
  }
  if (value.id !== undefined && typeof value.id !== 'string') return 'proof.id must be a string';
  if (value.previousProof !== undefined && previousProofIds(value) === undefined) {
    return 'proof.previousProof must be a string or a list of strings';
  }
  if (legacy) {
    // No cryptosuite member is added: every member of the proof is signed (proof options).
    return { ...value, type, verificationMethod, proofPurpose, proofValue } as DataIntegrityProof;
  }
  return { ...value, type, cryptosuite: suite, verificationMethod, proofPurpose, proofValue };
}

/** The ids a proof's previousProof names ([] when absent); undefined when of another shape. */
function previousProofIds(proof: Record<string, unknown>): string[] | undefined {
  const value = proof.previousProof;
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((id) => typeof id === 'string')) return value;
  return undefined;
}

/**
 * Verifies `proof` (already read by readDataIntegrityProof) over `document` under `publicKey`
 * with the cryptosuite the proof names; `previousProofs` are the proofs its previousProof names
 * (a proof chain); `contexts` are JSON-LD contexts the RDFC suites may use besides the bundled
 * ones (e.g. the consent receipt context bound to this deployment's URL). eddsa-jcs-2022 stays
 * on its fast path; only the RDFC suites load jsonld. Never throws.
 */
export async function verifyDataIntegrityProof(
  document: JsonObject,
  proof: DataIntegrityProof,
  publicKey: Uint8Array,
  crypto: ProofCrypto,
  previousProofs: readonly JsonObject[] = [],
  contexts?: JsonLdContexts,
): Promise<ProofResult> {
  const extra = contexts ? { contexts } : {};
  try {
    if (proof.type === ED25519_SIGNATURE_2020) {
      return await verifyEd25519Signature2020Proof(document, proof, publicKey, {
        crypto,
        ...extra,
      });
    }
    if (proof.cryptosuite === EDDSA_RDFC_2022) {
      return await verifyEddsaRdfc2022Proof(document, proof, publicKey, {
        crypto,
        previousProofs,
        ...extra,
      });
    }
    return await verifyEddsaJcs2022Proof(document, proof, publicKey, crypto, previousProofs);
  } catch {
    // A value JSON cannot carry (Infinity, NaN: JSON.parse reads 1e400 as Infinity) makes
    // canonicalization (RFC 8785) throw: the document is malformed, not a crash.
    return {
      ok: false,
      reason: 'malformed',
      error: 'The document cannot be canonicalized: every number must be finite',
    };
  }
}

/** What verifyProofSet answers. */
export type ProofSetResult =
  | {
      ok: true;
      /** The proofs, in document order, each with the did:key that made it. */
      proofs: { proof: DataIntegrityProof; signer: string }[];
    }
  | {
      ok: false;
      /** 'missing': no proof; 'malformed': a proof cannot be read or checked;
       * 'invalid_signature': a proof does not verify. */
      reason: 'missing' | 'malformed' | 'invalid_signature';
      error: string;
      /** The proofs read so far (empty unless every proof was readable). */
      proofs: { proof: DataIntegrityProof; signer: string }[];
    };

/** At most this many proofs in one proof set (each may cost an RDFC canonicalization). */
export const MAX_PROOFS = 8;

/**
 * Verifies every proof of `document.proof` (one proof or a proof set, each possibly chained
 * with previousProof), W3C Data Integrity 1.0 section 4.4: each proof is read
 * (readDataIntegrityProof), its key resolved offline (did:key), and its signature checked over
 * the document without proofs, or, for a proof naming previousProof, with `proof` set to the
 * proofs it names (each must be in the set, by id). Fails on the first proof that does not.
 * Never throws.
 */
export async function verifyProofSet(
  document: JsonObject,
  options: ReadProofOptions & { crypto: ProofCrypto; contexts?: JsonLdContexts },
): Promise<ProofSetResult> {
  const raw = document.proof;
  const list = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
  if (list.length === 0) return { ok: false, reason: 'missing', error: 'no proof', proofs: [] };
  if (list.length > MAX_PROOFS) {
    return {
      ok: false,
      reason: 'malformed',
      error: `A proof set may hold at most ${MAX_PROOFS} proofs`,
      proofs: [],
    };
  }
  const read: { proof: DataIntegrityProof; signer: string; key: Uint8Array }[] = [];
  for (const [index, value] of list.entries()) {
    const proof = readDataIntegrityProof(value, options);
    const at = list.length > 1 ? `proof[${index}]: ` : '';
    if (typeof proof === 'string') {
      return { ok: false, reason: 'malformed', error: `${at}${proof}`, proofs: [] };
    }
    let key: DidKeyReference;
    try {
      key = resolveDidKey(proof.verificationMethod);
    } catch {
      const error = `${at}${unresolvableKeyReason(proof.verificationMethod)}`;
      return { ok: false, reason: 'malformed', error, proofs: [] };
    }
    read.push({ proof, signer: key.did, key: key.publicKey });
  }
  const proofs = read.map(({ proof, signer }) => ({ proof, signer }));
  const results = await Promise.all(
    read.map(async ({ proof, key }, index) => {
      const at = list.length > 1 ? `proof[${index}]: ` : '';
      const previous: JsonObject[] = [];
      for (const id of previousProofIds(proof) ?? []) {
        const found = read.find((entry) => entry.proof.id === id);
        if (!found) {
          return {
            ok: false as const,
            reason: 'malformed' as const,
            error: `${at}previousProof ${id} names no proof of the set`,
          };
        }
        previous.push(found.proof);
      }
      const result = await verifyDataIntegrityProof(
        document,
        proof,
        key,
        options.crypto,
        previous,
        options.contexts,
      );
      return result.ok ? result : { ...result, error: `${at}${result.error}` };
    }),
  );
  const failed =
    results.find((result) => !result.ok && result.reason === 'malformed') ??
    results.find((result) => !result.ok);
  if (failed && !failed.ok)
    return { ok: false, reason: failed.reason, error: failed.error, proofs };
  return { ok: true, proofs };
}
