/** Data Integrity proofs: eddsa-jcs-2022 signing, did:key and verifyCredential (DECISIONS 4). */
export * from './did-key';
export * from './eddsa-jcs-2022';
export * from './proof-crypto';
export * from './vc-rules';
export * from './verify-credential';
