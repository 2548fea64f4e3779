/**
 * The holders' key-binding keys (DECISIONS D7.3, docs/adr/0008-holder-keys.md): one Ed25519 key
 * pair per holder, kept in `holder_keys` with the private key encrypted by the vault
 * (AES-256-GCM under the master key, AAD 'holder-key:' + user id), like the issuers' keys
 * (lib/issuer-keys.ts). The public key is the `cnf.jwk` of the holder's SD-JWT VCs; the private
 * key signs only the key-binding JWT of a presentation the holder has just approved
 * (wallet/present-credential.ts), and never leaves the process in clear (the imported key is kept
 * in memory, lib/vault.ts privateKey).
 *
 * The holder's second key (DECISIONS 9.1, ADR 0008 "A second key: P-256"): one P-256 key pair, made
 * on first need (an OpenID4VCI issuer that takes ES256 proofs only, as UIDAI's Aadhaar SD-JWT
 * profile does), kept in the same row's p256_* columns under the same rules, its ciphertext bound
 * by its own AAD 'holder-key:p256:' + user id, so neither key's ciphertext passes for the other.
 * `loadHolderKeyOf` answers either key by its JWS alg, for an OpenID4VCI proof of possession and
 * for the key-binding JWT of a received credential bound to it.
 */
import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { type Ed25519PublicJwk, publicJwkToDidKey } from '@pehchaan/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { type HolderKeyRow, holderKeys } from '../db/schema';
import { prepared } from './prepared';
import type { Vault } from './vault';

/** The JWS `alg` of every holder key: EdDSA over Ed25519 (RFC 8037). */
export const HOLDER_KEY_ALG = 'EdDSA';

/** AAD of a holder's private-key ciphertext: binds it to the holder's row. */
export const holderKeyAad = (userId: string) => `holder-key:${userId}`;

/** AAD of a holder's P-256 private-key ciphertext: the row and the key kind. */
export const holderP256KeyAad = (userId: string) => `holder-key:p256:${userId}`;

/** The JWS algorithms of the holder's two keys: EdDSA (Ed25519) and ES256 (P-256). */
export const HOLDER_KEY_ALGS = ['EdDSA', 'ES256'] as const;
export type HolderKeyAlg = (typeof HOLDER_KEY_ALGS)[number];

/** A P-256 public key as a JWK (RFC 7518 6.2). */
export interface P256PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

/** One of the holder's keys, of either kind: what a JWS needs (alg, header jwk, signer). */
export interface HolderSigningKey {
  userId: string;
  alg: HolderKeyAlg;
  publicJwk: Ed25519PublicJwk | P256PublicJwk;
  /**
   * JWS signer: base64url (no padding) of the signature of the UTF-8 `signingInput` (Ed25519, or
   * ECDSA P-256 with SHA-256 as r || s, 64 bytes, RFC 7518 3.4).
   */
  sign(signingInput: string): string;
}

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
 * race-safe: INSERT ... ON CONFLICT DO NOTHING, then the row that won is read back). The row is
 * read every time; its private key is decrypted and imported once per ciphertext and then kept in
 * memory (lib/vault.ts privateKey, docs/security.md "Keys in memory").
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
  let [row] = await prepared(db, 'select_holder_key', (handle) =>
    handle
      .select()
      .from(holderKeys)
      .where(eq(holderKeys.userId, sql.placeholder('userId')))
      .prepare('select_holder_key'),
  ).execute({ userId });
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
  return holderKeyOfRow({ vault, userId }, row);
}

/**
 * The key-binding key of holder `userId` from their `holder_keys` row as the caller just read it
 * (a read joined to one of its own, e.g. the credential a presentation is made of: one statement
 * fewer than loadHolderKey). The row's public key is checked and its private key decrypted,
 * imported and checked against it once per ciphertext, exactly as loadHolderKey does.
 * @throws when `row` is not `userId`'s, or as loadHolderKey.
 */
export function holderKeyOfRow(
  deps: { vault: Vault; userId: string },
  row: HolderKeyRow,
): HolderKey {
  const { vault, userId } = deps;
  if (row.userId !== userId) throw new Error(`The holder key row is not ${userId}'s`);
  const publicJwk = toPublicJwk(row.publicJwk);
  // Decrypted, imported and checked once per ciphertext (lib/vault.ts privateKey).
  const privateKey = vault.privateKey(row.privateKeyCiphertext, holderKeyAad(userId), (key) => {
    if (createPublicKey(key).export({ format: 'jwk' }).x !== publicJwk.x) {
      throw new Error(`The stored holder key of ${userId} does not match its public key`);
    }
  });
  return {
    userId,
    alg: HOLDER_KEY_ALG,
    publicJwk,
    sign: (signingInput) =>
      sign(null, Buffer.from(signingInput, 'utf8'), privateKey).toString('base64url'),
  };
}

/**
 * The P-256 key of holder `userId` (ES256), made and stored on first need in the holder's
 * `holder_keys` row (made first with the Ed25519 key if missing). Race-safe: the key is written
 * only where none is stored (UPDATE ... WHERE p256_public_jwk IS NULL), then the stored one is
 * read back, so two first uses agree on one key.
 * @throws when the stored private key does not decrypt under the vault's key (its own AAD), or
 *   does not match its stored public key.
 */
export async function loadHolderP256Key(deps: {
  db: DbOrTx;
  vault: Vault;
  now: () => Date;
  userId: string;
}): Promise<HolderSigningKey> {
  const { db, vault, userId } = deps;
  await loadHolderKey(deps);
  let [row] = await db.select().from(holderKeys).where(eq(holderKeys.userId, userId));
  if (!row?.p256PublicJwk || !row.p256PrivateKeyCiphertext) {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    await db
      .update(holderKeys)
      .set({
        p256PublicJwk: { kty: 'EC', crv: 'P-256', x: jwk.x ?? '', y: jwk.y ?? '' },
        p256PrivateKeyCiphertext: vault.encrypt(pkcs8, holderP256KeyAad(userId)),
        p256CreatedAt: deps.now(),
      })
      .where(and(eq(holderKeys.userId, userId), isNull(holderKeys.p256PublicJwk)));
    [row] = await db.select().from(holderKeys).where(eq(holderKeys.userId, userId));
  }
  const stored = row?.p256PublicJwk;
  if (!row?.p256PrivateKeyCiphertext || stored?.kty !== 'EC' || stored.crv !== 'P-256') {
    throw new Error(`No P-256 holder key could be stored for ${userId}`);
  }
  const publicJwk: P256PublicJwk = {
    kty: 'EC',
    crv: 'P-256',
    x: String(stored.x),
    y: String(stored.y),
  };
  const privateKey = vault.privateKey(
    row.p256PrivateKeyCiphertext,
    holderP256KeyAad(userId),
    (key) => {
      const derived = createPublicKey(key).export({ format: 'jwk' });
      if (derived.x !== publicJwk.x || derived.y !== publicJwk.y) {
        throw new Error(`The stored P-256 holder key of ${userId} does not match its public key`);
      }
    },
  );
  return {
    userId,
    alg: 'ES256',
    publicJwk,
    sign: (signingInput) =>
      sign('sha256', Buffer.from(signingInput, 'utf8'), {
        key: privateKey,
        dsaEncoding: 'ieee-p1363',
      }).toString('base64url'),
  };
}

/**
 * The holder's key for JWS `alg`: the Ed25519 key for 'EdDSA', the P-256 key for 'ES256' (each
 * made on first need). @throws as loadHolderKey and loadHolderP256Key.
 */
export async function loadHolderKeyOf(deps: {
  db: DbOrTx;
  vault: Vault;
  now: () => Date;
  userId: string;
  alg: HolderKeyAlg;
}): Promise<HolderSigningKey> {
  return deps.alg === 'ES256' ? loadHolderP256Key(deps) : loadHolderKey(deps);
}
