/**
 * What verifyCredential and verifyPresentation share (DECISIONS 4): reading an embedded
 * DataIntegrityProof, resolving its did:key verification method offline, and verifying it with
 * the EdDSA cryptosuite it names (eddsa-jcs-2022 or eddsa-rdfc-2022).
 */
import { type DidKeyReference, parseDidKey } from './did-key';
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
import type { ProofCrypto } from './proof-crypto';
import { isJsonObject, parseDateTimeStamp } from './vc-rules';

/** The cryptosuites this package implements. */
export const SUPPORTED_CRYPTOSUITES: readonly string[] = [EDDSA_JCS_2022, EDDSA_RDFC_2022];

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

export interface ReadProofOptions {
  /** Cryptosuites the caller accepts. */
  cryptosuites: readonly string[];
  /** 'assertionMethod' for a credential, 'authentication' for a presentation. */
  proofPurpose: string;
}

/**
 * `value` as a DataIntegrityProof, or the sentence saying why it is malformed: not a single
 * object, another type, a cryptosuite not accepted or not implemented, another proof purpose,
 * a verificationMethod or proofValue that is not a string, or a created that is not a
 * dateTimeStamp. The verification method itself is resolved by the caller. Never throws.
 */
export function readDataIntegrityProof(
  value: unknown,
  options: ReadProofOptions,
): DataIntegrityProof | string {
  if (Array.isArray(value)) return 'Proof sets (several proofs) are not supported';
  if (!isJsonObject(value)) return 'proof must be an object';
  const { type, cryptosuite, verificationMethod, proofPurpose, proofValue } = value;
  if (type !== DATA_INTEGRITY_PROOF) return `proof.type must be ${DATA_INTEGRITY_PROOF}`;
  if (typeof cryptosuite !== 'string') return 'proof.cryptosuite must be a string';
  if (!options.cryptosuites.includes(cryptosuite)) {
    return `The cryptosuite ${cryptosuite} is not accepted (accepted: ${options.cryptosuites.join(', ')})`;
  }
  if (!SUPPORTED_CRYPTOSUITES.includes(cryptosuite)) {
    return `The cryptosuite ${cryptosuite} is not supported`;
  }
  if (typeof verificationMethod !== 'string') return 'proof.verificationMethod must be a string';
  if (proofPurpose !== options.proofPurpose) {
    return `proof.proofPurpose must be ${options.proofPurpose}`;
  }
  if (typeof proofValue !== 'string') return 'proof.proofValue must be a string';
  if (value.created !== undefined && parseDateTimeStamp(value.created) === undefined) {
    return 'proof.created must be a dateTimeStamp';
  }
  return { ...value, type, cryptosuite, verificationMethod, proofPurpose, proofValue };
}

/**
 * Verifies `proof` (already read by readDataIntegrityProof) over `document` under `publicKey`
 * with the cryptosuite the proof names. eddsa-jcs-2022 stays on its fast path; only
 * eddsa-rdfc-2022 loads jsonld. Never throws.
 */
export async function verifyDataIntegrityProof(
  document: JsonObject,
  proof: DataIntegrityProof,
  publicKey: Uint8Array,
  crypto: ProofCrypto,
): Promise<ProofResult> {
  try {
    if (proof.cryptosuite === EDDSA_RDFC_2022) {
      return await verifyEddsaRdfc2022Proof(document, proof, publicKey, { crypto });
    }
    return await verifyEddsaJcs2022Proof(document, proof, publicKey, crypto);
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
