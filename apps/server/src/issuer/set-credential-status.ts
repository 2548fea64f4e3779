/**
 * POST /issuer/credentials/{id}/status (docs/status-lists.md "The issuer API"; DECISIONS 8): an
 * issuer organisation, authenticated by its API key, suspends, reinstates or revokes a
 * credential it issued, in both of its forms at once (one entry, one id).
 *
 * Input: { ...deps, issuer (the key's), credentialId (the id as issued, 'urn:uuid:...'; POST
 * /issuer/offers answered it as `credential_id`), status: 'valid' | 'suspended' | 'revoked',
 * reason? (at most MAX_STATUS_REASON_LENGTH characters; the route checks it) }.
 * Output: { id, status, reason (null when none was given), updated_at (ISO 8601) }, and the
 * previous status (for the issuer's audit line; not answered).
 * Moves: valid <-> suspended (reinstating is suspended -> valid), valid or suspended -> revoked;
 * revoked is final. Asking for the status a credential already has changes nothing but the
 * reason. A change stamps the list's `updated_at`, so the served lists show it (at once on this
 * instance, within a second on the others; get-status-list.ts).
 *
 * Errors: AppError 'credential_not_found' (404) for an id this issuer did not issue (another
 * issuer's credential included: its existence is not revealed); 'credential_revoked' (409) for
 * any change to a revoked credential.
 */
import type { IssuerName } from '@pehchaan/core';
import { and, eq, ne } from 'drizzle-orm';
import { credentialStatuses, statusLists } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { forgetStatusLists } from './get-status-list';
import type { CredentialStatusValue } from './status-lists';

export const CREDENTIAL_STATUS_NOT_FOUND_DETAIL =
  'This issuer has issued no credential with this id.';
export const CREDENTIAL_REVOKED_DETAIL =
  'This credential is revoked; revoking is final, so its status cannot change.';

export interface CredentialStatusAnswer {
  id: string;
  status: CredentialStatusValue;
  reason: string | null;
  updated_at: string;
}

export async function setCredentialStatus(
  options: Pick<ServiceDeps, 'db' | 'now'> & {
    issuer: IssuerName;
    credentialId: string;
    status: CredentialStatusValue;
    reason?: string | undefined;
  },
): Promise<{ answer: CredentialStatusAnswer; previous: CredentialStatusValue }> {
  const { db, issuer, credentialId } = options;
  const mine = and(
    eq(credentialStatuses.credentialId, credentialId),
    eq(credentialStatuses.issuer, issuer),
  );
  const [row] = await db.select().from(credentialStatuses).where(mine);
  if (!row) throw new AppError('credential_not_found', CREDENTIAL_STATUS_NOT_FOUND_DETAIL);
  const previous = row.status as CredentialStatusValue;
  if (previous === 'revoked' && options.status !== 'revoked') {
    throw new AppError('credential_revoked', CREDENTIAL_REVOKED_DETAIL);
  }
  const now = options.now();
  const [updated] =
    previous === 'revoked'
      ? [row]
      : await db
          .update(credentialStatuses)
          .set({ status: options.status, reason: options.reason ?? null, updatedAt: now })
          // Not over a revocation another request made meanwhile.
          .where(and(mine, ne(credentialStatuses.status, 'revoked')))
          .returning();
  if (!updated) throw new AppError('credential_revoked', CREDENTIAL_REVOKED_DETAIL);
  if (previous !== options.status) {
    await db
      .update(statusLists)
      .set({ updatedAt: now })
      .where(and(eq(statusLists.issuer, issuer), eq(statusLists.listNumber, row.listNumber)));
    forgetStatusLists(db);
  }
  return {
    answer: {
      id: updated.credentialId,
      status: updated.status as CredentialStatusValue,
      reason: updated.reason,
      updated_at: updated.updatedAt.toISOString(),
    },
    previous,
  };
}
