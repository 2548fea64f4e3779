/**
 * The legacy Ed25519Signature2020 proof type (W3C CCG "Ed25519 Signature 2020", and "Data
 * Integrity EdDSA Cryptosuites v1.0" Appendix "Ed25519Signature2020"), verified for credentials
 * issued before the Data Integrity cryptosuites (the W3C VC API verifier suite's one positive
 * vector is one).
 *
 * proofConfig = the proof options without proofValue, with @context = the document's @context;
 * hashData = SHA-256(RDFC-1.0(proofConfig)) || SHA-256(RDFC-1.0(unsecuredDocument));
 * proofValue = 'z' + base58btc(Ed25519 signature of hashData).
 * The document's @context must include ED25519_2020_CONTEXT_URL (bundled, json-ld-loader.ts),
 * which defines the proof's terms. The proof has a `type` and no `cryptosuite`.
 */
import { encodeMultibaseBase58 } from './did-key';
import {
  type CreateProofOptions,
  type DataIntegrityProof,
  type JsonObject,
  type ProofResult,
  proofBindings,
} from './eddsa-jcs-2022';
import { type RdfcProofOptions, rdfcHashData, verifyRdfcSignature } from './eddsa-rdfc-2022';

export const ED25519_SIGNATURE_2020 = 'Ed25519Signature2020';

/** The context defining Ed25519Signature2020 and Ed25519VerificationKey2020. */
import { ED25519_2020_CONTEXT_URL } from './ed25519-2020-context';

export { ED25519_2020_CONTEXT_URL };

/** An Ed25519Signature2020 proof as embedded in a document. */
export interface Ed25519Signature2020Proof {
  type: typeof ED25519_SIGNATURE_2020;
  created?: string;
  verificationMethod: string;
  proofPurpose: string;
  proofValue: string;
  [key: string]: unknown;
}

/** True when the @context value lists ED25519_2020_CONTEXT_URL. */
function hasSuiteContext(context: unknown): boolean {
  const list = Array.isArray(context) ? context : [context];
  return list.includes(ED25519_2020_CONTEXT_URL);
}

/**
 * Adds an Ed25519Signature2020 proof to `unsecuredDocument` (for tests and interoperability;
 * the product issues eddsa-jcs-2022).
 * @returns `{ ...unsecuredDocument, proof }`; the input is not changed.
 * @throws {TypeError} when the document already has a proof, its @context lacks
 *   ED25519_2020_CONTEXT_URL, or the signer returns something other than 64 bytes;
 *   {CanonicalizationError} when it cannot be canonicalized.
 */
export async function createEd25519Signature2020Proof<T extends JsonObject>(
  unsecuredDocument: T,
  options: CreateProofOptions & Pick<RdfcProofOptions, 'contexts'>,
): Promise<T & { proof: Ed25519Signature2020Proof }> {
  if ('proof' in unsecuredDocument) throw new TypeError('The document already has a proof');
  if (!hasSuiteContext(unsecuredDocument['@context'])) {
    throw new TypeError(`The document's @context must include ${ED25519_2020_CONTEXT_URL}`);
  }
  const proofOptions: JsonObject = {
    type: ED25519_SIGNATURE_2020,
    created: options.created,
    verificationMethod: options.verificationMethod,
    proofPurpose: options.proofPurpose ?? 'assertionMethod',
    ...proofBindings(options),
  };
  const proofConfig = { ...proofOptions, '@context': unsecuredDocument['@context'] };
  const signature = await options.sign(await rdfcHashData(proofConfig, unsecuredDocument, options));
  if (signature.length !== 64) throw new TypeError('An Ed25519 signature is 64 bytes');
  const proof = { ...proofOptions, proofValue: encodeMultibaseBase58(signature) };
  return { ...unsecuredDocument, proof: proof as Ed25519Signature2020Proof };
}

/**
 * Verifies the Ed25519Signature2020 `proof` of `securedDocument` under `publicKey` (32 bytes;
 * the caller resolved the verification method).
 * - malformed: the proof is of another type, the document's @context lacks
 *   ED25519_2020_CONTEXT_URL, or it cannot be canonicalized (a context that is not bundled,
 *   named in the error; a term no context defines);
 * - invalid_signature: a proofValue that is not base58btc of 64 bytes, or a signature that does
 *   not verify over hashData.
 * Never throws.
 */
export async function verifyEd25519Signature2020Proof(
  securedDocument: JsonObject,
  proof: DataIntegrityProof | Ed25519Signature2020Proof,
  publicKey: Uint8Array,
  options: RdfcProofOptions = {},
): Promise<ProofResult> {
  const { proofValue, ...proofOptions } = proof;
  const { proof: _ignored, ...unsecuredDocument } = securedDocument;
  if (proofOptions.type !== ED25519_SIGNATURE_2020) {
    return { ok: false, reason: 'malformed', error: `The proof is not ${ED25519_SIGNATURE_2020}` };
  }
  if (!hasSuiteContext(unsecuredDocument['@context'])) {
    return {
      ok: false,
      reason: 'malformed',
      error: `An ${ED25519_SIGNATURE_2020} proof needs ${ED25519_2020_CONTEXT_URL} in the document's @context`,
    };
  }
  const proofConfig: JsonObject = { ...proofOptions, '@context': unsecuredDocument['@context'] };
  return verifyRdfcSignature(proofValue, proofConfig, unsecuredDocument, publicKey, options);
}
