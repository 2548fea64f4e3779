/**
 * The holders' key-binding keys (DECISIONS D7.3, docs/adr/0008-holder-keys.md): one Ed25519 key
 * pair per holder, kept in `holder_keys` with the private key encrypted by the vault
 * (AES-256-GCM under the master key, AAD 'holder-key:' + user id), like the issuers' keys
 * (lib/issuer-keys.ts). The public key is the `cnf.jwk` of the holder's SD-JWT VCs; the private
 * key signs only the key-binding JWT of a presentation the holder has just approved
 * (wallet/present-credential.ts), and never leaves this module in clear.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { type Ed25519PublicJwk, publicJwkToDidKey } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { holderKeys } from '../db/schema';
import type { Vault } from './vault';

/** The JWS `alg` of every holder key: EdDSA over Ed25519 (RFC 8037). */
export const HOLDER_KEY_ALG = 'EdDSA';

/** AAD of a holder's private-key ciphertext: binds it to the holder's row. */
export const holderKeyAad = (userId: string) => `holder-key:${userId}`;

/** One holder's key-binding key. */
export interface HolderKey {
  userId: string;
  /** 'EdDSA'. */
  alg: typeof HOLDER_KEY_ALG;
  /** The public key (RFC 8037 OKP JWK): the SD-JWT VC's `cnf.jwk`. */
  publicJwk: Ed25519PublicJwk;
  /** JWS signer: base64url (no padding) of the Ed25519 signature of the UTF-8 `signingInput`. */
  sign(signingInput: string): string;
}

function toPublicJwk(value: Record<string, string>): Ed25519PublicJwk {
  // Checks the stored shape (kty, crv, a 32-byte x) by deriving its did:key.
  publicJwkToDidKey(value);
  return { kty: 'OKP', crv: 'Ed25519', x: value.x as string };
}

/**
 * The key-binding key of holder `userId`, made and stored on first use (idempotent and
 * race-safe: INSERT ... ON CONFLICT DO NOTHING, then the row that won is read back).
 * @throws when the stored private key does not decrypt under the vault's key, or does not match
 *   its stored public key (a database foreign key error for an unknown user id).
 */
export async function loadHolderKey(deps: {
  db: DbOrTx;
  vault: Vault;
  now: () => Date;
  userId: string;
}): Promise<HolderKey> {
  const { db, vault, userId } = deps;
  let [row] = await db.select().from(holderKeys).where(eq(holderKeys.userId, userId));
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const jwk = publicKey.export({ format: 'jwk' });
    const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    await db
      .insert(holderKeys)
      .values({
        userId,
        alg: HOLDER_KEY_ALG,
        publicJwk: { kty: 'OKP', crv: 'Ed25519', x: jwk.x ?? '' },
        privateKeyCiphertext: vault.encrypt(pkcs8, holderKeyAad(userId)),
        createdAt: deps.now(),
      })
      .onConflictDoNothing();
    [row] = await db.select().from(holderKeys).where(eq(holderKeys.userId, userId));
    if (!row) throw new Error(`No holder key could be stored for ${userId}`);
  }
  const publicJwk = toPublicJwk(row.publicJwk);
  const privateKey = createPrivateKey({
    key: Buffer.from(vault.decrypt(row.privateKeyCiphertext, holderKeyAad(userId)), 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  if (createPublicKey(privateKey).export({ format: 'jwk' }).x !== publicJwk.x) {
    throw new Error(`The stored holder key of ${userId} does not match its public key`);
  }
  return {
    userId,
    alg: HOLDER_KEY_ALG,
    publicJwk,
    sign: (signingInput) =>
      sign(null, Buffer.from(signingInput, 'utf8'), privateKey).toString('base64url'),
  };
}
