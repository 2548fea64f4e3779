/**
 * Gives a credential about to be offered its id as issued and its status entry
 * (docs/status-lists.md "Indexes"; W3C Bitstring Status List v1.0 section 6.5, herd privacy).
 *
 * Input: { db, now, issuer }. Output: { credentialId: 'urn:uuid:<random UUID>', listNumber,
 * index }, stored as a 'valid' row of credential_statuses. The index is drawn uniformly at random
 * among the list's unused ones (a drawn index already taken is drawn again; unique per list in
 * the database, so two instances drawing the same one at once cannot both keep it), in the
 * issuer's newest list; when that list is half full (STATUS_LIST_FILL_LIMIT) or the issuer has
 * none, a new list of STATUS_LIST_SIZE entries is opened. So a list's indexes say nothing about
 * the order or number of credentials issued.
 *
 * Errors: an Error after MAX_DRAWS taken draws in a row (cannot happen below the fill limit but
 * by a broken random source) or when no list can be opened; database errors.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { IssuerName } from '@pehchaan/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { credentialStatuses, statusLists } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import {
  type CredentialStatusEntry,
  STATUS_LIST_FILL_LIMIT,
  STATUS_LIST_SIZE,
} from './status-lists';

/** Draws before giving up: at half full, 64 taken draws in a row has odds of 2^-64. */
const MAX_DRAWS = 64;

/** The issuer's list to draw from: its newest, or a new one when that is half full. */
async function openList(
  db: DbOrTx,
  issuer: IssuerName,
  now: Date,
): Promise<{ listNumber: number; size: number }> {
  // Twice is enough unless other instances keep opening lists meanwhile; a few more, then fail.
  for (let attempt = 0; attempt < 8; attempt++) {
    const [newest] = await db
      .select({
        listNumber: statusLists.listNumber,
        size: statusLists.size,
        used: statusLists.used,
      })
      .from(statusLists)
      .where(eq(statusLists.issuer, issuer))
      .orderBy(desc(statusLists.listNumber))
      .limit(1);
    if (newest && newest.used < newest.size * STATUS_LIST_FILL_LIMIT) return newest;
    // Another instance may open the same number first: then take the newest list again.
    await db
      .insert(statusLists)
      .values({
        issuer,
        listNumber: (newest?.listNumber ?? 0) + 1,
        size: STATUS_LIST_SIZE,
        used: 0,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
  }
  throw new Error(`Could not open a status list for ${issuer}`);
}

export async function allocateCredentialStatus(
  options: Pick<ServiceDeps, 'now'> & { db: DbOrTx; issuer: IssuerName },
): Promise<CredentialStatusEntry> {
  const { db, issuer } = options;
  const now = options.now();
  const credentialId = `urn:uuid:${randomUUID()}`;
  const list = await openList(db, issuer, now);
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const index = randomInt(0, list.size);
    const [kept] = await db
      .insert(credentialStatuses)
      .values({
        credentialId,
        issuer,
        listNumber: list.listNumber,
        idx: index,
        status: 'valid',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ idx: credentialStatuses.idx });
    if (!kept) continue;
    await db
      .update(statusLists)
      .set({ used: sql`${statusLists.used} + 1` })
      .where(and(eq(statusLists.issuer, issuer), eq(statusLists.listNumber, list.listNumber)));
    return { credentialId, listNumber: list.listNumber, index };
  }
  throw new Error(`No free status list index found in ${MAX_DRAWS} draws`);
}

/**
 * The status entry of the credential `credentialId` names (as allocateCredentialStatus made it),
 * or undefined for null (an offer older than status lists) or an id without one.
 */
export async function credentialStatusEntryOf(
  db: DbOrTx,
  credentialId: string | null,
): Promise<CredentialStatusEntry | undefined> {
  if (credentialId === null) return undefined;
  const [row] = await db
    .select({ listNumber: credentialStatuses.listNumber, idx: credentialStatuses.idx })
    .from(credentialStatuses)
    .where(eq(credentialStatuses.credentialId, credentialId));
  return statusEntryOfRow(credentialId, row);
}

/**
 * A credential_statuses row's columns (listNumber, idx; null from a left join that found none)
 * as the status entry of credential `credentialId`; undefined for a null id or a missing row.
 */
export function statusEntryOfRow(
  credentialId: string | null,
  row: { listNumber: number | null; idx: number | null } | undefined,
): CredentialStatusEntry | undefined {
  return credentialId !== null && row?.listNumber != null && row.idx != null
    ? { credentialId, listNumber: row.listNumber, index: row.idx }
    : undefined;
}
