/**
 * The issuers' Ed25519 keys (DECISIONS 4): one key pair and did:key per SPEC 3 issuer, made on
 * first start, kept in `issuer_keys` with the private key encrypted by the vault (AES-256-GCM
 * under the master key). `loadIssuerKeyring` returns what signing and verifying need.
 *
 * Also `nodeProofCrypto`: core's ProofCrypto over node:crypto (synchronous SHA-256, Ed25519
 * KeyObjects cached per public key), the server's choice for verifyCredential (STYLE 8).
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import {
  CONSENT_REGISTRY_NAME,
  didKeyVerificationMethod,
  ed25519PublicKeyToDidKey,
  ISSUERS,
  type IssuerName,
  type ProofCrypto,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { issuerKeys } from '../db/schema';
import type { Vault } from './vault';

/** One issuer's signing identity. */
export interface IssuerKey {
  name: IssuerName;
  /** 'did:key:z6Mk...' */
  did: string;
  /** did + '#' + multibase. */
  verificationMethod: string;
  /** Ed25519 signature (64 bytes) of `data`. */
  sign(data: Uint8Array): Uint8Array;
}

/** Every issuer's key, and their DIDs. */
export interface IssuerKeyring {
  byName: ReadonlyMap<IssuerName, IssuerKey>;
  /** DID -> issuer name, for answers that show the issuer. */
  nameByDid: ReadonlyMap<string, IssuerName>;
  /**
   * The product's own issuers' DIDs: what platform/seed-trust-list.ts puts on the trust list.
   * Verification never reads it: whom this deployment trusts is the trust list's
   * (lib/trust-list.ts), which an operator edits.
   */
  trustedIssuers: readonly string[];
  /**
   * The key of `name`. @throws {Error} when the issuer has none (cannot happen after loading).
   */
  get(name: IssuerName): IssuerKey;
}

/** AAD of an issuer's private-key ciphertext. */
export const issuerKeyAad = (issuer: string) => `issuer-key:${issuer}`;

function rawPublicKey(key: KeyObject): Uint8Array {
  const jwk = key.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('Not an Ed25519 key');
  return new Uint8Array(Buffer.from(jwk.x, 'base64url'));
}

/**
 * Creates the missing issuer keys (idempotent and race-safe: INSERT ... ON CONFLICT DO NOTHING,
 * then read back whatever won) and loads all of them.
 * @throws when a stored private key does not decrypt under the vault's key, or does not match
 *   its stored did.
 */
export async function loadIssuerKeyring(deps: {
  db: DbOrTx;
  vault: Vault;
  now: () => Date;
}): Promise<IssuerKeyring> {
  const { db, vault } = deps;
  const existing = new Set(
    (await db.select({ issuer: issuerKeys.issuer }).from(issuerKeys)).map((r) => r.issuer),
  );
  const missing = ISSUERS.filter((name) => !existing.has(name));
  if (missing.length > 0) {
    await db
      .insert(issuerKeys)
      .values(missing.map((name) => newKeyRow(name, deps)))
      .onConflictDoNothing();
  }
  const rows = await db.select().from(issuerKeys);
  const byName = new Map<IssuerName, IssuerKey>();
  for (const row of rows) {
    const name = ISSUERS.find((issuer) => issuer === row.issuer);
    if (!name) continue;
    byName.set(name, { name, ...signingKeyOf(row, vault) });
  }
  const nameByDid = new Map([...byName.values()].map((key) => [key.did, key.name] as const));
  return {
    byName,
    nameByDid,
    trustedIssuers: [...byName.values()].map((key) => key.did),
    get(name) {
      const key = byName.get(name);
      if (!key) throw new Error(`No signing key for issuer ${name}`);
      return key;
    },
  };
}

/** A new Ed25519 key pair as an `issuer_keys` row: the private key encrypted by the vault. */
function newKeyRow(name: string, deps: { vault: Vault; now: () => Date }) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  return {
    issuer: name,
    did: ed25519PublicKeyToDidKey(rawPublicKey(publicKey)),
    privateKeyCiphertext: deps.vault.encrypt(pkcs8, issuerKeyAad(name)),
    createdAt: deps.now(),
  };
}

/**
 * The signing identity of a stored `issuer_keys` row.
 * @throws when the private key does not decrypt under the vault's key or does not match the
 *   stored did.
 */
function signingKeyOf(
  row: { issuer: string; did: string; privateKeyCiphertext: string },
  vault: Vault,
): Omit<IssuerKey, 'name'> {
  const privateKey = createPrivateKey({
    key: Buffer.from(vault.decrypt(row.privateKeyCiphertext, issuerKeyAad(row.issuer)), 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  if (ed25519PublicKeyToDidKey(rawPublicKey(createPublicKey(privateKey))) !== row.did) {
    throw new Error(`The stored key of ${row.issuer} does not match its did`);
  }
  return {
    did: row.did,
    verificationMethod: didKeyVerificationMethod(row.did),
    sign: (data) => new Uint8Array(sign(null, data, privateKey)),
  };
}

/**
 * The `issuer_keys` row name of the wallet's consent registry key (issue 17), which signs
 * consent receipts. Not one of core's ISSUERS: it issues no identity credential, so it is never
 * on the trusted-issuer list of presentations.
 */
export const CONSENT_REGISTRY_KEY = 'consent-registry';

/** The consent registry's signing identity: its did:key and its name on every receipt. */
export interface ConsentRegistryKey extends Omit<IssuerKey, 'name'> {
  /** core's CONSENT_REGISTRY_NAME. */
  name: string;
}

/**
 * Creates the consent registry's Ed25519 key on first start (kept like the issuers' keys: a
 * did:key, the private key encrypted under the master key, race-safe) and loads it.
 * @throws as loadIssuerKeyring.
 */
export async function loadConsentRegistryKey(deps: {
  db: DbOrTx;
  vault: Vault;
  now: () => Date;
}): Promise<ConsentRegistryKey> {
  await deps.db
    .insert(issuerKeys)
    .values(newKeyRow(CONSENT_REGISTRY_KEY, deps))
    .onConflictDoNothing();
  const [row] = await deps.db
    .select()
    .from(issuerKeys)
    .where(eq(issuerKeys.issuer, CONSENT_REGISTRY_KEY));
  if (!row) throw new Error('The consent registry key could not be stored');
  return { name: CONSENT_REGISTRY_NAME, ...signingKeyOf(row, deps.vault) };
}

/**
 * core's ProofCrypto over node:crypto: SHA-256 synchronously, Ed25519 verification with a
 * KeyObject imported once per public key (cached by the Uint8Array instance core hands over,
 * which core itself caches per did). Never throws for a bad key or signature.
 * @param options.offload verify in libuv's thread pool (node:crypto's callback form), so a busy
 *   server verifies on other cores while its event loop serves requests; default false
 *   (synchronous, the lowest latency for one verification at a time).
 */
export function nodeProofCrypto(options: { offload?: boolean } = {}): ProofCrypto {
  const keys = new WeakMap<Uint8Array, KeyObject>();
  const keyOf = (publicKey: Uint8Array): KeyObject => {
    let key = keys.get(publicKey);
    if (!key) {
      key = createPublicKey({
        key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
        format: 'jwk',
      });
      keys.set(publicKey, key);
    }
    return key;
  };
  return {
    sha256: (text) => createHash('sha256').update(text, 'utf8').digest(),
    verifyEd25519(publicKey, signature, data) {
      let key: KeyObject;
      try {
        key = keyOf(publicKey);
        if (!options.offload) return verify(null, data, key, signature);
      } catch {
        return false;
      }
      return new Promise<boolean>((resolve) => {
        try {
          verify(null, data, key, signature, (error, valid) => resolve(!error && valid));
        } catch {
          resolve(false);
        }
      });
    },
  };
}
