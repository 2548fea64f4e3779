/**
 * PUT /user/{userId}/backup-key: the key the holder's automatic backups are encrypted to
 * (Settings › Data and storage, Automatic backup; docs/security.md "Encrypted backups").
 *
 * The browser makes a P-256 key pair, wraps the private key under the holder's passphrase
 * (compact JWE, PBES2-HS512+A256KW, A256GCM) and sends only the public key and that JWE: the
 * server can encrypt backups to the holder but never open them. Setting it again (a new
 * passphrase) replaces it for the backups made from then on; older backups keep the key they
 * were made for.
 *
 * Input: { db, now, userId, publicJwk, wrappedPrivateKey }. Output: { message, key_set: true }.
 * Errors: AppError 'user_not_found'; 'invalid_input' when the public key is not a P-256 point.
 */
import { importJWK } from 'jose';
import type { Db } from '../db/create-db';
import { backupKeys } from '../db/schema';
import { AppError } from '../lib/errors';
import { selectUser } from '../lib/holder-reads';

export async function setBackupKey(options: {
  db: Db;
  now: () => Date;
  userId: string;
  publicJwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string };
  wrappedPrivateKey: string;
}): Promise<{ message: string; key_set: true }> {
  await selectUser(options.db, options.userId);
  try {
    await importJWK(options.publicJwk, 'ECDH-ES+A256KW');
  } catch {
    throw new AppError('invalid_input', 'public_jwk is not a P-256 public key');
  }
  const values = {
    publicJwk: { ...options.publicJwk },
    wrappedPrivateKey: options.wrappedPrivateKey,
    createdAt: options.now(),
  };
  await options.db
    .insert(backupKeys)
    .values({ userId: options.userId, ...values })
    .onConflictDoUpdate({ target: backupKeys.userId, set: values });
  return { message: 'Backup passphrase set', key_set: true };
}
