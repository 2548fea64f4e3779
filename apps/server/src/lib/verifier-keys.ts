/**
 * Verifier organisations' keys (docs/api-contract.md "Verifiers (OpenID4VP)"):
 *
 * - the Ed25519 signing key of each verifier, kept like the issuers' (DECISIONS 4): PKCS#8 DER
 *   encrypted by the vault under the master key, AAD 'verifier-key:' + id; its did:key is the
 *   verifier's DID and `'decentralized_identifier:' + did` its OpenID4VP client_id
 *   (OpenID4VP 1.0 section 5.9.3, the decentralized_identifier client identifier prefix);
 * - API keys: lib/api-keys.ts (kind 'pvk').
 */
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { didKeyVerificationMethod, ed25519PublicKeyToDidKey } from '@pehchaan/core';
import type { Vault } from './vault';

/** AAD of a verifier's private-key ciphertext. */
export const verifierKeyAad = (verifierId: string) => `verifier-key:${verifierId}`;

/** OpenID4VP 1.0 section 5.9.3: the client identifier prefix of a DID-named verifier. */
export const DID_CLIENT_ID_PREFIX = 'decentralized_identifier:';

/** The client_id of the verifier whose DID is `did`. */
export function verifierClientId(did: string): string {
  return `${DID_CLIENT_ID_PREFIX}${did}`;
}

/**
 * A new Ed25519 key pair for verifier `verifierId`.
 * @returns its did:key and the private key encrypted for the `verifiers` row.
 */
export function newVerifierKey(
  vault: Vault,
  verifierId: string,
): { did: string; privateKeyCiphertext: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x;
  if (typeof x !== 'string') throw new Error('Not an Ed25519 key');
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  return {
    did: ed25519PublicKeyToDidKey(new Uint8Array(Buffer.from(x, 'base64url'))),
    privateKeyCiphertext: vault.encrypt(pkcs8, verifierKeyAad(verifierId)),
  };
}

/** What signing a request object needs. */
export interface VerifierSigningKey {
  privateKey: KeyObject;
  /** did + '#' + multibase: the JWS `kid`. */
  kid: string;
}

/**
 * Decrypts the signing key of a `verifiers` row and checks it against the row's did (once per
 * ciphertext: kept in memory by lib/vault.ts privateKey).
 * @throws {Error} when it does not decrypt (another master key) or names another key.
 */
export function loadVerifierSigningKey(
  vault: Vault,
  row: { id: string; did: string; privateKeyCiphertext: string },
): VerifierSigningKey {
  // Decrypted, imported and checked once per ciphertext (lib/vault.ts privateKey).
  const privateKey = vault.privateKey(row.privateKeyCiphertext, verifierKeyAad(row.id), (key) => {
    const x = createPublicKey(key).export({ format: 'jwk' }).x;
    if (
      typeof x !== 'string' ||
      ed25519PublicKeyToDidKey(new Uint8Array(Buffer.from(x, 'base64url'))) !== row.did
    ) {
      throw new Error(`The stored key of verifier ${row.id} does not match its did`);
    }
  });
  return { privateKey, kid: didKeyVerificationMethod(row.did) };
}
