/**
 * Data Integrity proofs (DECISIONS 4): eddsa-jcs-2022 and eddsa-rdfc-2022 signing and checking,
 * did:key, verifyCredential and verifyPresentation.
 */
export * from './consent-receipt-context';
export * from './did-key';
export * from './eddsa-jcs-2022';
export * from './eddsa-rdfc-2022';
export {
  CanonicalizationError,
  canonizeRdfc,
  type JsonLdContexts,
  loadBundledContexts,
} from './json-ld-loader';
export * from './proof-crypto';
export * from './vc-rules';
export * from './verify-credential';
export * from './verify-presentation';
