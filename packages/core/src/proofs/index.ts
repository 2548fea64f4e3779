/**
 * Data Integrity proofs (DECISIONS 4): eddsa-jcs-2022 and eddsa-rdfc-2022 signing and checking,
 * did:key, verifyCredential and verifyPresentation.
 */
export * from './did-key';
export * from './eddsa-jcs-2022';
export * from './eddsa-rdfc-2022';
export { CanonicalizationError, canonizeRdfc } from './json-ld-loader';
export * from './proof-crypto';
export * from './vc-rules';
export * from './verify-credential';
export * from './verify-presentation';
