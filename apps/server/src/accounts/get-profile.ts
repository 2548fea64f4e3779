/**
 * GET /user/{userId}/profile (SPEC 2 Profile; issue 19): the holder's profile record.
 *
 * Input: { db, vault, now, userId }. Output: Profile (core's profileSchema): the contact fields;
 * the identity fields as the holder's issued credentials state them, each with the credential
 * vouching for it (`identity_sources`, `is_verified`); the identity numbers masked (Aadhaar
 * 'XXXX XXXX 1234', PAN 'AB******4K' ...; SPEC 5).
 * Errors: AppError 'user_not_found' (404, 'User not found'); a stored credential that no longer
 * decrypts throws (500).
 */
import type { Profile } from '@pehchaan/core';
import type { DbOrTx } from '../db/create-db';
import type { UserRow } from '../db/schema';
import { selectOrderedCredentials, selectUser } from '../lib/holder-reads';
import { toCredentialRecord, toProfile } from '../lib/records';
import type { Vault } from '../lib/vault';

export interface GetProfileOptions {
  db: DbOrTx;
  vault: Vault;
  now: () => Date;
  userId: string;
}

export async function getProfile(options: GetProfileOptions): Promise<Profile> {
  return profileOf(options, await selectUser(options.db, options.userId));
}

/**
 * The profile of the holder whose row is `row`, read with their credentials from `db` (a
 * transaction's, when called inside one).
 */
export async function profileOf(
  options: Omit<GetProfileOptions, 'userId'>,
  row: UserRow,
): Promise<Profile> {
  const rows = await selectOrderedCredentials(options.db, row.id);
  const credentials = rows.map((credential) => toCredentialRecord(credential, options.vault));
  return toProfile(row, credentials, options.now());
}
