/**
 * GET /user/{userId}/credentials (SPEC 7): the holder's credentials as screen records, oldest
 * first (the order they were issued in; the screens let the holder reorder them).
 *
 * Input: { db, vault, userId }. Output: CredentialRecord[] (possibly empty).
 * Errors: a stored document that no longer decrypts (wrong master key) throws (500).
 */
import type { CredentialRecord } from '@pehchaan/core';
import { asc, eq } from 'drizzle-orm';
import { credentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { toCredentialRecord } from '../lib/records';

export interface ListCredentialsOptions extends Pick<ServiceDeps, 'db' | 'vault'> {
  userId: string;
}

export async function listCredentials(
  options: ListCredentialsOptions,
): Promise<CredentialRecord[]> {
  const rows = await options.db
    .select()
    .from(credentials)
    .where(eq(credentials.userId, options.userId))
    .orderBy(asc(credentials.issuedAt), asc(credentials.id));
  return rows.map((row) => toCredentialRecord(row, options.vault));
}
