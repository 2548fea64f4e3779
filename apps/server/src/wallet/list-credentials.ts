/**
 * GET /user/{userId}/credentials (SPEC 7): the holder's credentials as screen records. The
 * Basic Identity is issued first when missing (SPEC 4) and always listed first; then the order
 * the holder chose (position), then issuance order (oldest first).
 *
 * Input: { ...deps, userId }. Output: CredentialRecord[] (at least the Basic Identity).
 * Errors: AppError 'user_not_found' (404) for an unknown holder; a stored document that no
 * longer decrypts (wrong master key) throws (500).
 */
import type { CredentialRecord } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { type CredentialRow, credentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { toCredentialRecord } from '../lib/records';
import { ensureBasicIdentity } from './ensure-basic-identity';

export interface ListCredentialsOptions extends ServiceDeps {
  userId: string;
}

export async function listCredentials(
  options: ListCredentialsOptions,
): Promise<CredentialRecord[]> {
  let rows = await selectOrderedCredentials(options.db, options.userId);
  // One query when the Basic Identity is there (nearly always); issue it and read again if not.
  if (!rows.some((row) => row.documentType === 'basic_identity')) {
    await ensureBasicIdentity(options);
    rows = await selectOrderedCredentials(options.db, options.userId);
  }
  return rows.map((row) => toCredentialRecord(row, options.vault));
}

/**
 * The holder's credential rows in display order: Basic Identity first, then by position (unset
 * last), then by issuance instant and id.
 */
export async function selectOrderedCredentials(
  db: DbOrTx,
  userId: string,
): Promise<CredentialRow[]> {
  const rows = await db.select().from(credentials).where(eq(credentials.userId, userId));
  return rows.sort(compareDisplayOrder);
}

function compareDisplayOrder(a: CredentialRow, b: CredentialRow): number {
  const basic =
    Number(b.documentType === 'basic_identity') - Number(a.documentType === 'basic_identity');
  if (basic !== 0) return basic;
  const pa = a.position ?? Number.POSITIVE_INFINITY;
  const pb = b.position ?? Number.POSITIVE_INFINITY;
  if (pa !== pb) return pa < pb ? -1 : 1;
  const time = a.issuedAt.getTime() - b.issuedAt.getTime();
  if (time !== 0) return time;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
