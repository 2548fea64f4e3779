/**
 * The wallet's own Ed25519 signing keys (issue 17; table wallet_keys), one per use, made on
 * first use and kept like the issuers' and verifiers' keys (DECISIONS 4): PKCS#8 DER encrypted
 * by the vault under the master key (AAD 'wallet-key:' + purpose); the public key's did:key
 * names the signer. Use 'withdrawal-notice' signs the withdrawal notices sent to verifiers
 * (docs/oid4vp.md "Withdrawal notices"): their `iss` is its DID, their `kid` its DID URL.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { didKeyVerificationMethod, ed25519PublicKeyToDidKey } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { walletKeys } from '../db/schema';
import type { Vault } from './vault';

/** What a wallet key is for. */
export type WalletKeyPurpose = 'withdrawal-notice';

/** AAD of a wallet key's private-key ciphertext. */
export const walletKeyAad = (purpose: WalletKeyPurpose) => `wallet-key:${purpose}`;

export interface WalletSigningKey {
  privateKey: KeyObject;
  /** The key's did:key. */
  did: string;
  /** did + '#' + multibase: the JWS `kid`. */
  kid: string;
}

function didOf(key: KeyObject): string {
  const x = createPublicKey(key).export({ format: 'jwk' }).x;
  if (typeof x !== 'string') throw new Error('Not an Ed25519 key');
  return ed25519PublicKeyToDidKey(new Uint8Array(Buffer.from(x, 'base64url')));
}

/**
 * The wallet key for `purpose`, made and stored on first use (a concurrent first use keeps the
 * one stored first).
 * @throws {Error} when the stored key does not decrypt (another master key) or names another DID.
 */
export async function loadWalletKey(
  deps: { db: DbOrTx; vault: Vault; now: () => Date },
  purpose: WalletKeyPurpose,
): Promise<WalletSigningKey> {
  const read = () => deps.db.select().from(walletKeys).where(eq(walletKeys.purpose, purpose));
  let [row] = await read();
  if (!row) {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    await deps.db
      .insert(walletKeys)
      .values({
        purpose,
        did: didOf(privateKey),
        privateKeyCiphertext: deps.vault.encrypt(pkcs8, walletKeyAad(purpose)),
        createdAt: deps.now(),
      })
      .onConflictDoNothing();
    [row] = await read();
    if (!row) throw new Error(`The wallet key for ${purpose} was not stored`);
  }
  const privateKey = createPrivateKey({
    key: Buffer.from(deps.vault.decrypt(row.privateKeyCiphertext, walletKeyAad(purpose)), 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  if (didOf(privateKey) !== row.did) {
    throw new Error(`The stored wallet key for ${purpose} does not match its did`);
  }
  return { privateKey, did: row.did, kid: didKeyVerificationMethod(row.did) };
}
