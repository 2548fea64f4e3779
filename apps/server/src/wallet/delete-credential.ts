/**
 * DELETE /user/{userId}/credentials/{id} (SPEC 4 and 7, api-contract): deletes one of the
 * holder's credentials and writes a `credential_deleted` activity entry
 * ('Deleted {document type name} credential').
 *
 * Input: { db, now, userId, credentialId }. Output: the deleted credential's id.
 * Errors: AppError 'credential_not_found' (404, 'Credential not found') when the holder has no
 * such credential (another holder's id answers the same); 'invalid_input' (400,
 * 'Basic Identity credential is permanent and cannot be deleted') for a permanent one.
 */
import { MESSAGES } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { credentials } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';

export interface DeleteCredentialOptions extends Pick<ServiceDeps, 'db' | 'now'> {
  userId: string;
  credentialId: string;
}

export async function deleteCredential(options: DeleteCredentialOptions): Promise<string> {
  const { db, userId, credentialId } = options;
  return db.transaction(async (tx) => {
    const where = and(eq(credentials.id, credentialId), eq(credentials.userId, userId));
    const [row] = await tx.select().from(credentials).where(where);
    if (!row) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
    if (row.permanent) throw new AppError('invalid_input', MESSAGES.basicIdentityPermanent);
    await tx.delete(credentials).where(where);
    await recordActivity({
      db: tx,
      now: options.now,
      userId,
      type: 'credential_deleted',
      message: { code: 'credential_deleted', params: { document_type: row.documentType } },
    });
    return row.id;
  });
}
