/**
 * The eddsa-jcs-2022 cryptosuite of W3C "Data Integrity EdDSA Cryptosuites v1.0" (Recommendation,
 * section 3.3): JSON Canonicalization Scheme (RFC 8785) + SHA-256 + Ed25519.
 *
 * proofConfig = the proof options without proofValue, with @context = the document's @context;
 * hashData = SHA-256(JCS(proofConfig)) || SHA-256(JCS(unsecuredDocument));
 * proofValue = 'z' + base58btc(Ed25519 signature of hashData).
 */
import canonicalize from 'canonicalize';
import { decodeMultibaseBase58, encodeMultibaseBase58 } from './did-key';
import { defaultProofCrypto, type ProofCrypto } from './proof-crypto';

export const EDDSA_JCS_2022 = 'eddsa-jcs-2022';
export const EDDSA_RDFC_2022 = 'eddsa-rdfc-2022';
export const DATA_INTEGRITY_PROOF = 'DataIntegrityProof';

/** A JSON object (what a credential document is). */
export type JsonObject = Record<string, unknown>;

/** A DataIntegrityProof as embedded in a document (https://www.w3.org/TR/vc-data-integrity/). */
export interface DataIntegrityProof {
  type: string;
  cryptosuite: string;
  created?: string;
  verificationMethod: string;
  proofPurpose: string;
  proofValue: string;
  '@context'?: unknown;
  [key: string]: unknown;
}

/** Signs the 64-byte hashData with the issuer's Ed25519 private key; returns 64 bytes. */
export type Ed25519Signer = (data: Uint8Array) => Uint8Array | Promise<Uint8Array>;

export interface CreateProofOptions {
  /** did:key verification method (or any URL naming the key). */
  verificationMethod: string;
  /** XML dateTimeStamp, e.g. '2025-06-01T10:00:00Z'. */
  created: string;
  /** Default 'assertionMethod' ('authentication' for a holder's presentation proof). */
  proofPurpose?: string;
  /** A verifier's challenge, signed into the proof (presentations; Data Integrity 2.1). */
  challenge?: string;
  /** The security domain(s) the proof is meant for, signed into the proof. */
  domain?: string | string[];
  /** The proof's own id (a URL), so a later proof of a chain can name it. */
  id?: string;
  /**
   * Data Integrity 2.1 proof chains: the id(s) of the document's existing proofs this proof
   * signs over (they must be in the document's `proof`).
   */
  previousProof?: string | string[];
  sign: Ed25519Signer;
  /** Default WebCrypto. */
  crypto?: ProofCrypto;
}

/**
 * The JSON Canonicalization Scheme (RFC 8785) text of `value`, with the `canonicalize` package:
 * object keys sorted at every level, properties holding undefined left out, numbers in their
 * shortest form, so equal JSON values give equal text. Recursive: bound the depth of untrusted
 * input first (the server's body parser does).
 * @throws {Error} for NaN or an infinite number; {TypeError} when `value` has no JSON text
 * (undefined, a function).
 */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('Value cannot be canonicalized (JCS)');
  return text;
}

const jcs = canonicalJson;

async function hashData(
  proofConfig: JsonObject,
  unsecuredDocument: JsonObject,
  crypto: ProofCrypto,
): Promise<Uint8Array> {
  // Awaited only when the implementation is asynchronous (WebCrypto): node:crypto stays sync.
  const proofDigest = crypto.sha256(jcs(proofConfig));
  const documentDigest = crypto.sha256(jcs(unsecuredDocument));
  const proofHash = proofDigest instanceof Uint8Array ? proofDigest : await proofDigest;
  const documentHash = documentDigest instanceof Uint8Array ? documentDigest : await documentDigest;
  const data = new Uint8Array(64);
  data.set(proofHash, 0);
  data.set(documentHash, 32);
  return data;
}

/**
 * Adds an eddsa-jcs-2022 DataIntegrityProof to `unsecuredDocument` (spec 3.3.1 Create Proof).
 * The proof carries `@context` copied from the document (as the Recommendation's vector does).
 * @returns a new document `{ ...unsecuredDocument, proof }`; the input is not changed.
 * @throws {TypeError} when the document already has a proof (addEddsaJcs2022Proof adds to a
 *   proof set) or cannot be canonicalized, or when the signer returns something other than 64
 *   bytes.
 */
export async function createEddsaJcs2022Proof<T extends JsonObject>(
  unsecuredDocument: T,
  options: CreateProofOptions,
): Promise<T & { proof: DataIntegrityProof }> {
  if ('proof' in unsecuredDocument) throw new TypeError('The document already has a proof');
  const proof = await eddsaJcs2022Proof(unsecuredDocument, [], options);
  return { ...unsecuredDocument, proof };
}

/**
 * Adds an eddsa-jcs-2022 proof to a document that may already have proofs (Data Integrity 4.2
 * Add Proof Set; with `options.previousProof`, 4.3 Add Proof Chain: signed over the document
 * whose `proof` is the proofs it names).
 * @returns a new document whose `proof` is the existing proofs followed by the new one.
 * @throws {TypeError} as createEddsaJcs2022Proof, and when `previousProof` names an id no
 *   existing proof has.
 */
export async function addEddsaJcs2022Proof<T extends JsonObject>(
  securedDocument: T,
  options: CreateProofOptions,
): Promise<T & { proof: DataIntegrityProof[] }> {
  const { document, existing, previous } = prepareAddProof(securedDocument, options);
  const proof = await eddsaJcs2022Proof(document, previous, options);
  return { ...securedDocument, proof: [...(existing as DataIntegrityProof[]), proof] };
}

/** The eddsa-jcs-2022 proof of `document` (no proof) with `previous` as its `proof`. */
async function eddsaJcs2022Proof(
  document: JsonObject,
  previous: readonly JsonObject[],
  options: CreateProofOptions,
): Promise<DataIntegrityProof> {
  const crypto = options.crypto ?? defaultProofCrypto;
  const proofConfig: JsonObject = {
    type: DATA_INTEGRITY_PROOF,
    ...optionalProofMembers(options),
    cryptosuite: EDDSA_JCS_2022,
    created: options.created,
    verificationMethod: options.verificationMethod,
    proofPurpose: options.proofPurpose ?? 'assertionMethod',
    ...proofBindings(options),
    ...(options.previousProof !== undefined ? { previousProof: options.previousProof } : {}),
    ...(document['@context'] !== undefined ? { '@context': document['@context'] } : {}),
  };
  const input = previous.length > 0 ? { ...document, proof: previous } : document;
  const signature = await options.sign(await hashData(proofConfig, input, crypto));
  if (signature.length !== 64) throw new TypeError('An Ed25519 signature is 64 bytes');
  return { ...proofConfig, proofValue: encodeMultibaseBase58(signature) } as DataIntegrityProof;
}

/** The proof's own `id`, when `options` gives one. */
export function optionalProofMembers(options: Pick<CreateProofOptions, 'id'>): JsonObject {
  return options.id !== undefined ? { id: options.id } : {};
}

/** What Add Proof starts from (Data Integrity 4.2, 4.3): see prepareAddProof. */
export interface AddProofInput {
  /** The document without any proof. */
  document: JsonObject;
  /** Its existing proofs, in order (empty when it had none). */
  existing: JsonObject[];
  /** The existing proofs `previousProof` names (empty when it names none). */
  previous: JsonObject[];
}

/**
 * Splits a document about to get a proof into the document without proofs, its existing
 * proofs, and the ones `options.previousProof` names (Data Integrity 4.3 Add Proof Chain).
 * @throws {TypeError} when `previousProof` names an id no existing proof has.
 */
export function prepareAddProof(
  securedDocument: JsonObject,
  options: Pick<CreateProofOptions, 'previousProof'>,
): AddProofInput {
  const { proof, ...document } = securedDocument;
  const existing = (proof === undefined ? [] : Array.isArray(proof) ? proof : [proof]).filter(
    (item): item is JsonObject => typeof item === 'object' && item !== null,
  );
  const ids =
    options.previousProof === undefined
      ? []
      : typeof options.previousProof === 'string'
        ? [options.previousProof]
        : options.previousProof;
  const previous = ids.map((id) => {
    const found = existing.find((item) => item.id === id);
    if (!found) throw new TypeError(`previousProof ${id} names no proof of the document`);
    return found;
  });
  return { document, existing, previous };
}

/** The optional challenge and domain of `options`, as proof properties (absent when unset). */
export function proofBindings(
  options: Pick<CreateProofOptions, 'challenge' | 'domain'>,
): JsonObject {
  return {
    ...(options.challenge !== undefined ? { challenge: options.challenge } : {}),
    ...(options.domain !== undefined ? { domain: options.domain } : {}),
  };
}

/** Why a proof did not verify (a failure, not an exception). */
export type ProofFailure =
  | { ok: false; reason: 'malformed'; error: string }
  | { ok: false; reason: 'invalid_signature'; error: string };

export type ProofResult = { ok: true } | ProofFailure;

/**
 * Verifies the eddsa-jcs-2022 `proof` of `securedDocument` under `publicKey` (spec 3.3.2
 * Verify Proof); `previousProofs`, for a proof of a chain, are the proofs its `previousProof`
 * names, which stand as the document's `proof` while it is checked. The caller has checked that the proof names this cryptosuite and resolved the
 * verification method to `publicKey` (32 bytes).
 * - proof @context, when present, must be a prefix of the document's @context (else malformed);
 * - a proofValue that is not base58btc of 64 bytes is an invalid signature.
 * Never throws.
 */
export async function verifyEddsaJcs2022Proof(
  securedDocument: JsonObject,
  proof: DataIntegrityProof,
  publicKey: Uint8Array,
  crypto: ProofCrypto = defaultProofCrypto,
  previousProofs: readonly JsonObject[] = [],
): Promise<ProofResult> {
  const { proofValue, ...proofOptions } = proof;
  const { proof: _ignored, ...unsecuredDocument } = securedDocument;
  if (previousProofs.length > 0) unsecuredDocument.proof = previousProofs;
  if (proofOptions['@context'] !== undefined) {
    if (!isContextPrefix(proofOptions['@context'], unsecuredDocument['@context'])) {
      return {
        ok: false,
        reason: 'malformed',
        error: "The proof's @context does not match the document's @context",
      };
    }
    unsecuredDocument['@context'] = proofOptions['@context'];
  }
  const proofConfig: JsonObject = { ...proofOptions };
  if (unsecuredDocument['@context'] !== undefined) {
    proofConfig['@context'] = unsecuredDocument['@context'];
  }
  let signature: Uint8Array;
  try {
    signature = decodeMultibaseBase58(proofValue);
  } catch {
    return { ok: false, reason: 'invalid_signature', error: 'proofValue is not base58btc' };
  }
  if (signature.length !== 64) {
    return { ok: false, reason: 'invalid_signature', error: 'proofValue is not 64 bytes' };
  }
  let data: Uint8Array;
  try {
    data = await hashData(proofConfig, unsecuredDocument, crypto);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'cannot be canonicalized';
    return { ok: false, reason: 'malformed', error: `Document ${message}` };
  }
  const valid = await crypto.verifyEd25519(publicKey, signature, data);
  return valid
    ? { ok: true }
    : { ok: false, reason: 'invalid_signature', error: 'The signature does not verify' };
}

/**
 * True when `proofContext` (a proof's own @context) lists the first entries of
 * `documentContext` in the same order (Data Integrity: the secured document's @context must
 * start with the proof's). Entries are compared by their JCS form.
 */
export function isContextPrefix(proofContext: unknown, documentContext: unknown): boolean {
  const proofList = Array.isArray(proofContext) ? proofContext : [proofContext];
  const documentList = Array.isArray(documentContext) ? documentContext : [documentContext];
  if (proofList.length > documentList.length) return false;
  return proofList.every(
    (entry, index) => canonicalize(entry) === canonicalize(documentList[index]),
  );
}
