/**
 * The JSON-LD context https://w3id.org/security/suites/ed25519-2020/v1, as published there (the
 * W3C CCG Ed25519Signature2020 suite's context; also npm ed25519-signature-2020-context): the
 * terms of Ed25519Signature2020 proofs and Ed25519VerificationKey2020 keys. Bundled so that
 * nothing is fetched (STYLE principle 8). Its content is signed into every such proof: never
 * edit it.
 */
import type { JsonObject } from './eddsa-jcs-2022';

export const ED25519_2020_CONTEXT_URL = 'https://w3id.org/security/suites/ed25519-2020/v1';

const SEC = 'https://w3id.org/security#';
const DATE_TIME = 'http://www.w3.org/2001/XMLSchema#dateTime';

/** A proof purpose term of the context (a relation to verification methods). */
const purpose = (name: string) => ({
  '@id': `${SEC}${name}`,
  '@type': '@id',
  '@container': '@set',
});

export const ED25519_2020_CONTEXT: JsonObject = {
  '@context': {
    id: '@id',
    type: '@type',
    '@protected': true,
    Ed25519VerificationKey2020: {
      '@id': `${SEC}Ed25519VerificationKey2020`,
      '@context': {
        '@protected': true,
        id: '@id',
        type: '@type',
        controller: { '@id': `${SEC}controller`, '@type': '@id' },
        revoked: { '@id': `${SEC}revoked`, '@type': DATE_TIME },
        publicKeyMultibase: { '@id': `${SEC}publicKeyMultibase`, '@type': `${SEC}multibase` },
      },
    },
    Ed25519Signature2020: {
      '@id': `${SEC}Ed25519Signature2020`,
      '@context': {
        '@protected': true,
        id: '@id',
        type: '@type',
        challenge: `${SEC}challenge`,
        created: { '@id': 'http://purl.org/dc/terms/created', '@type': DATE_TIME },
        domain: `${SEC}domain`,
        expires: { '@id': `${SEC}expiration`, '@type': DATE_TIME },
        nonce: `${SEC}nonce`,
        proofPurpose: {
          '@id': `${SEC}proofPurpose`,
          '@type': '@vocab',
          '@context': {
            '@protected': true,
            id: '@id',
            type: '@type',
            assertionMethod: purpose('assertionMethod'),
            authentication: purpose('authenticationMethod'),
            capabilityInvocation: purpose('capabilityInvocationMethod'),
            capabilityDelegation: purpose('capabilityDelegationMethod'),
            keyAgreement: purpose('keyAgreementMethod'),
          },
        },
        proofValue: { '@id': `${SEC}proofValue`, '@type': `${SEC}multibase` },
        verificationMethod: { '@id': `${SEC}verificationMethod`, '@type': '@id' },
      },
    },
  },
};
