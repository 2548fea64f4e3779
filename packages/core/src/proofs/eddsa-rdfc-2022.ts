/**
 * The eddsa-rdfc-2022 cryptosuite of W3C "Data Integrity EdDSA Cryptosuites v1.0"
 * (Recommendation, section 3.2): RDF Dataset Canonicalization (RDFC-1.0) of the JSON-LD
 * document + SHA-256 + Ed25519.
 *
 * canonicalDocument = RDFC-1.0 N-Quads of the unsecured document (JSON-LD -> RDF, safe mode);
 * proofConfig = the proof options without proofValue, with @context = the document's @context,
 * canonicalized the same way;
 * hashData = SHA-256(canonicalProofConfig) || SHA-256(canonicalDocument);
 * proofValue = 'z' + base58btc(Ed25519 signature of hashData).
 *
 * Contexts come from the bundled static loader only (json-ld-loader.ts); jsonld itself is
 * imported on the first rdfc proof, never on the eddsa-jcs-2022 path.
 */
import { decodeMultibaseBase58, encodeMultibaseBase58 } from './did-key';
import {
  type CreateProofOptions,
  DATA_INTEGRITY_PROOF,
  type DataIntegrityProof,
  EDDSA_RDFC_2022,
  isContextPrefix,
  type JsonObject,
  optionalProofMembers,
  type ProofResult,
  prepareAddProof,
  proofBindings,
} from './eddsa-jcs-2022';
import { CanonicalizationError, canonizeRdfc, type JsonLdContexts } from './json-ld-loader';
import { defaultProofCrypto, type ProofCrypto } from './proof-crypto';

export interface RdfcProofOptions {
  /** SHA-256 and Ed25519; default WebCrypto. */
  crypto?: ProofCrypto;
  /**
   * JSON-LD contexts to serve besides the bundled ones (URL -> `{ '@context': ... }`), e.g. a
   * test vector's own context. Nothing is ever fetched.
   */
  contexts?: JsonLdContexts;
  /**
   * Verifying a proof of a chain (Data Integrity 2.1 `previousProof`): the proofs it names,
   * which stand as the document's `proof` while this one is checked. Empty or absent: none.
   */
  previousProofs?: readonly JsonObject[];
}

export type CreateRdfcProofOptions = CreateProofOptions & Pick<RdfcProofOptions, 'contexts'>;

async function digest(crypto: ProofCrypto, text: string): Promise<Uint8Array> {
  const hash = crypto.sha256(text);
  return hash instanceof Uint8Array ? hash : await hash;
}

/**
 * hashData of spec 3.2.4: SHA-256 of the canonical proof configuration, then of the canonical
 * document (64 bytes). Ed25519Signature2020 hashes the same way (ed25519-signature-2020.ts).
 * @throws {CanonicalizationError} when either cannot be canonicalized.
 */
export async function rdfcHashData(
  proofConfig: JsonObject,
  unsecuredDocument: JsonObject,
  options: RdfcProofOptions,
): Promise<Uint8Array> {
  const crypto = options.crypto ?? defaultProofCrypto;
  const [canonicalProofConfig, canonicalDocument] = await Promise.all([
    canonizeRdfc(proofConfig, options),
    canonizeRdfc(unsecuredDocument, options),
  ]);
  const data = new Uint8Array(64);
  data.set(await digest(crypto, canonicalProofConfig), 0);
  data.set(await digest(crypto, canonicalDocument), 32);
  return data;
}

/**
 * Adds an eddsa-rdfc-2022 DataIntegrityProof to `unsecuredDocument` (spec 3.2.1 Create Proof).
 * The proof is `{ type, id?, cryptosuite, created, verificationMethod, proofPurpose, challenge?,
 * domain?, previousProof?, proofValue }`:
 * unlike eddsa-jcs-2022 it carries no @context (as the Recommendation's vector).
 * @returns a new document `{ ...unsecuredDocument, proof }`; the input is not changed.
 * @throws {TypeError} when the document already has a proof (addEddsaRdfc2022Proof adds to a
 *   proof set) or the signer returns something other than 64 bytes; {CanonicalizationError}
 *   when the document uses a context that is not bundled or does not survive JSON-LD safe mode
 *   (e.g. a term no context defines).
 */
export async function createEddsaRdfc2022Proof<T extends JsonObject>(
  unsecuredDocument: T,
  options: CreateRdfcProofOptions,
): Promise<T & { proof: DataIntegrityProof }> {
  if ('proof' in unsecuredDocument) throw new TypeError('The document already has a proof');
  const proof = await eddsaRdfc2022Proof(unsecuredDocument, [], options);
  return { ...unsecuredDocument, proof };
}

/**
 * Adds an eddsa-rdfc-2022 proof to a document that may already have proofs (Data Integrity 4.2
 * Add Proof Set; with `options.previousProof`, 4.3 Add Proof Chain: signed over the document
 * whose `proof` is the proofs it names, as the Recommendation's proof chain vectors).
 * @returns a new document whose `proof` is the existing proofs followed by the new one.
 * @throws as createEddsaRdfc2022Proof, and {TypeError} when `previousProof` names an id no
 *   existing proof has.
 */
export async function addEddsaRdfc2022Proof<T extends JsonObject>(
  securedDocument: T,
  options: CreateRdfcProofOptions,
): Promise<T & { proof: DataIntegrityProof[] }> {
  const { document, existing, previous } = prepareAddProof(securedDocument, options);
  const proof = await eddsaRdfc2022Proof(document, previous, options);
  return { ...securedDocument, proof: [...(existing as DataIntegrityProof[]), proof] };
}

async function eddsaRdfc2022Proof(
  document: JsonObject,
  previous: readonly JsonObject[],
  options: CreateRdfcProofOptions,
): Promise<DataIntegrityProof> {
  const proofOptions: JsonObject = {
    type: DATA_INTEGRITY_PROOF,
    ...optionalProofMembers(options),
    cryptosuite: EDDSA_RDFC_2022,
    created: options.created,
    verificationMethod: options.verificationMethod,
    proofPurpose: options.proofPurpose ?? 'assertionMethod',
    ...proofBindings(options),
    ...(options.previousProof !== undefined ? { previousProof: options.previousProof } : {}),
  };
  const proofConfig: JsonObject = { ...proofOptions, '@context': document['@context'] };
  const input = previous.length > 0 ? { ...document, proof: previous } : document;
  const signature = await options.sign(await rdfcHashData(proofConfig, input, options));
  if (signature.length !== 64) throw new TypeError('An Ed25519 signature is 64 bytes');
  return { ...proofOptions, proofValue: encodeMultibaseBase58(signature) } as DataIntegrityProof;
}

/**
 * Verifies the eddsa-rdfc-2022 `proof` of `securedDocument` under `publicKey` (spec 3.2.2
 * Verify Proof). The caller has resolved the verification method to `publicKey` (32 bytes).
 * - malformed: the proof is not a DataIntegrityProof of this cryptosuite, its @context is not a
 *   prefix of the document's, or the document or proof cannot be canonicalized (a context that
 *   is not bundled, named in the error; a lossy JSON-LD document);
 * - invalid_signature: a proofValue that is not base58btc of 64 bytes, or a signature that does
 *   not verify over hashData.
 * Never throws.
 */
export async function verifyEddsaRdfc2022Proof(
  securedDocument: JsonObject,
  proof: DataIntegrityProof,
  publicKey: Uint8Array,
  options: RdfcProofOptions = {},
): Promise<ProofResult> {
  const { proofValue, ...proofOptions } = proof;
  const { proof: _ignored, ...unsecuredDocument } = securedDocument;
  if (options.previousProofs && options.previousProofs.length > 0) {
    unsecuredDocument.proof = options.previousProofs;
  }
  if (proofOptions.type !== DATA_INTEGRITY_PROOF || proofOptions.cryptosuite !== EDDSA_RDFC_2022) {
    return {
      ok: false,
      reason: 'malformed',
      error: `The proof is not a ${DATA_INTEGRITY_PROOF} of ${EDDSA_RDFC_2022}`,
    };
  }
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
  const proofConfig: JsonObject = { ...proofOptions, '@context': unsecuredDocument['@context'] };
  return verifyRdfcSignature(proofValue, proofConfig, unsecuredDocument, publicKey, options);
}

/**
 * The signature step shared by the RDFC-based suites (eddsa-rdfc-2022 and the legacy
 * Ed25519Signature2020, whose hashData is the same): decodes `proofValue` (multibase base58btc,
 * 64 bytes), computes rdfcHashData(proofConfig, unsecuredDocument) and verifies the Ed25519
 * signature under `publicKey`. `reason` is 'invalid_signature' for a bad proofValue or a
 * signature that does not verify, 'malformed' when the document cannot be canonicalized.
 * Never throws.
 */
export async function verifyRdfcSignature(
  proofValue: string,
  proofConfig: JsonObject,
  unsecuredDocument: JsonObject,
  publicKey: Uint8Array,
  options: RdfcProofOptions,
): Promise<ProofResult> {
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
    data = await rdfcHashData(proofConfig, unsecuredDocument, options);
  } catch (error) {
    const message =
      error instanceof CanonicalizationError
        ? error.message
        : `The document cannot be canonicalized (RDFC-1.0): ${String(error)}`;
    return { ok: false, reason: 'malformed', error: message };
  }
  const valid = await (options.crypto ?? defaultProofCrypto).verifyEd25519(
    publicKey,
    signature,
    data,
  );
  return valid
    ? { ok: true }
    : { ok: false, reason: 'invalid_signature', error: 'The signature does not verify' };
}
