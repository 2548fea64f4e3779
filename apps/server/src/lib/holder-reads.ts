/**
 * Reads of the holder's rows that several roles need (reading another role's table is allowed;
 * writing it is not, docs/ARCHITECTURE.md "Rooms by role"): the holder's user row and their
 * credentials in display order.
 */
import { MESSAGES } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { type CredentialRow, credentials, type UserRow, users } from '../db/schema';
import { AppError } from './errors';

/**
 * The holder's row. @throws AppError 'user_not_found'.
 */
export async function selectUser(db: DbOrTx, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('user_not_found', MESSAGES.userNotFound);
  return row;
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
