/**
 * Automatic backup (issue 19; docs/security.md "Encrypted backups"): the holder's export,
 * encrypted by the server to a key whose private half only the holder's passphrase opens.
 *
 * - `setBackupPassphrase`: makes a P-256 key pair in this browser (jose, WebCrypto), wraps the
 *   private key under the passphrase as a compact JWE (PBES2-HS512+A256KW with A256GCM,
 *   PBES2_ITERATIONS iterations) and sends the public key and that JWE (PUT
 *   /user/{userId}/backup-key). The passphrase and the private key never leave the browser.
 * - `getBackupsQueryOptions`, `backUpNow`, `downloadBackup`: GET/POST /user/{userId}/backups and
 *   one backup as a file.
 * - `restoreBackupFile`: opens a backup file with the passphrase here, then sends its settings,
 *   signed credentials and the credentials received from issuers (export version 2; none in a
 *   version 1 backup) to POST /user/{userId}/restore (the server checks every signature).
 * jose is loaded only when one of these runs (it is not in the page's first chunk).
 */
import {
  type BackupFile,
  backupFileSchema,
  backupListSchema,
  backupRecordSchema,
  holderExportSchema,
  restoreAnswerSchema,
} from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadJson } from '@/lib/download-file';
import { queryKeys } from '@/lib/query-keys';

/** PBKDF2 iterations of the passphrase (OWASP: 210,000 for PBKDF2-HMAC-SHA512). */
export const PBES2_ITERATIONS = 310_000;
/** The shortest backup passphrase accepted (characters). */
export const PASSPHRASE_MIN_LENGTH = 12;
const WRAP_ALG = 'PBES2-HS512+A256KW';

const base = (userId: string) => `/user/${encodeURIComponent(userId)}`;
const encode = (text: string) => new TextEncoder().encode(text);

export function getBackupsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.backups(userId),
    queryFn: () => api.get(`${base(userId)}/backups`, { schema: backupListSchema }),
  });
}

/** Sets (or replaces) the backup passphrase; see the module docs. @throws {ApiError} */
export async function setBackupPassphrase(userId: string, passphrase: string): Promise<void> {
  const { CompactEncrypt, exportJWK, generateKeyPair } = await import('jose');
  const { publicKey, privateKey } = await generateKeyPair('ECDH-ES+A256KW', {
    crv: 'P-256',
    extractable: true,
  });
  const publicJwk = await exportJWK(publicKey);
  const wrapped = await new CompactEncrypt(encode(JSON.stringify(await exportJWK(privateKey))))
    .setProtectedHeader({ alg: WRAP_ALG, enc: 'A256GCM', cty: 'jwk+json' })
    .setKeyManagementParameters({ p2c: PBES2_ITERATIONS })
    .encrypt(encode(passphrase));
  await api.put(`${base(userId)}/backup-key`, {
    public_jwk: { kty: 'EC', crv: 'P-256', x: publicJwk.x, y: publicJwk.y },
    wrapped_private_key: wrapped,
  });
}

/** Makes a backup now. @throws {ApiError} 409 'backup_key_required' */
export function backUpNow(userId: string) {
  return api.post(`${base(userId)}/backups`, undefined, { schema: backupRecordSchema });
}

/** Downloads one backup as 'pehchaan-backup-<date>.json'. @throws {ApiError} */
export async function downloadBackup(userId: string, backupId: string): Promise<void> {
  const file = await api.get(`${base(userId)}/backups/${encodeURIComponent(backupId)}`, {
    schema: backupFileSchema,
  });
  downloadJson(`pehchaan-backup-${file.created_at.slice(0, 10)}.json`, file);
}

/** Why a backup file could not be opened here. */
export type BackupOpenError = 'not_a_backup' | 'wrong_passphrase';

export class BackupFileError extends Error {
  override readonly name = 'BackupFileError';
  constructor(readonly reason: BackupOpenError) {
    super(reason);
  }
}

/**
 * Opens `text` (a backup file) with `passphrase` and restores it.
 * @returns what came back.
 * @throws {BackupFileError} not a backup file, or the passphrase does not open it;
 *   {ApiError} 422 'backup_invalid' when the server refuses its credentials.
 */
export async function restoreBackupFile(userId: string, text: string, passphrase: string) {
  let file: BackupFile;
  try {
    file = backupFileSchema.parse(JSON.parse(text));
  } catch {
    throw new BackupFileError('not_a_backup');
  }
  const { compactDecrypt, importJWK } = await import('jose');
  let data: ReturnType<typeof holderExportSchema.parse>;
  try {
    const { plaintext: jwk } = await compactDecrypt(file.wrapped_private_key, encode(passphrase), {
      keyManagementAlgorithms: [WRAP_ALG],
      maxPBES2Count: 2_000_000,
    });
    const key = await importJWK(JSON.parse(new TextDecoder().decode(jwk)), 'ECDH-ES+A256KW');
    const { plaintext } = await compactDecrypt(file.backup, key);
    data = holderExportSchema.parse(JSON.parse(new TextDecoder().decode(plaintext)));
  } catch {
    throw new BackupFileError('wrong_passphrase');
  }
  return api.post(
    `${base(userId)}/restore`,
    {
      settings: data.settings,
      verifiable_credentials: data.verifiable_credentials,
      received_credentials: data.received_credentials,
    },
    { schema: restoreAnswerSchema },
  );
}
