/**
 * GET /user/{userId}/passkeys: the holder's passkeys, newest first (never their public keys).
 *
 * Input: { db, userId }. Output: PasskeyList. Errors: database errors only.
 */
import type { PasskeyList } from '@pehchaan/core';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { passkeys } from '../db/schema';
import { toPasskeyRecord } from './register-passkey';

export async function listPasskeys(options: { db: DbOrTx; userId: string }): Promise<PasskeyList> {
  const rows = await options.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, options.userId))
    .orderBy(desc(passkeys.createdAt));
  return { passkeys: rows.map(toPasskeyRecord) };
}
