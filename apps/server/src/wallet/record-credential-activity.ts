/**
 * POST /user/{userId}/credentials/{credentialId}/activity (SPEC 2 credential card: Copy JSON,
 * Download JSON, Download PDF): records in the holder's activity log what their app did with one
 * of their credentials on the device, which the server cannot see itself. The holder names only
 * the type (core's HOLDER_CREDENTIAL_ACTIVITY_TYPES); the server writes the entry's text from
 * its own record of the credential ('Copied PAN Card as JSON', 'Downloaded PAN Card'), with
 * `written_by: "holder"`: the holder's app asserted it.
 *
 * Input: { db, now, userId, credentialId, type }. Output: the stored ActivityLog.
 * Errors: AppError 'credential_not_found' (404, 'Credential not found') when the holder has no
 * credential with that id (another holder's id answers the same); nothing is written then.
 * A credential received from an issuer (OpenID4VCI) is recorded the same way.
 */
import { type ActivityLog, type HolderCredentialActivityType, MESSAGES } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { credentials } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { selectReceivedCredential } from '../lib/received-records';

export interface RecordCredentialActivityOptions extends Pick<ServiceDeps, 'db' | 'now'> {
  userId: string;
  credentialId: string;
  type: HolderCredentialActivityType;
}

export async function recordCredentialActivity(
  options: RecordCredentialActivityOptions,
): Promise<ActivityLog> {
  const { db, userId, type } = options;
  const [credential] = await db
    .select({ documentType: credentials.documentType })
    .from(credentials)
    .where(and(eq(credentials.id, options.credentialId), eq(credentials.userId, userId)));
  // A credential received from an issuer is named by its type or its display name.
  const received = credential
    ? undefined
    : await selectReceivedCredential(db, userId, options.credentialId);
  const documentType =
    credential?.documentType ?? received?.documentType ?? received?.display.name.slice(0, 200);
  if (documentType === undefined) {
    throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  }
  return recordActivity({
    db,
    now: options.now,
    userId,
    type,
    message: { code: type, params: { document_type: documentType } },
    writtenBy: 'holder',
  });
}
