/**
 * A stranger opens a credential's bare link /verify/{credentialId} (SPEC 2: open to anyone with
 * the id; DECISIONS 9.6): refused once the holder turned the link off, otherwise recorded in the
 * holder's activity log, once per view (the chain head read with the credential: on PGlite the
 * entry is then one insert, lib/activity-log.ts recordActivityAfter), as a share link's view is (`credential_viewed`, message
 * `credential_link_viewed`: 'The public verify link of your PAN Card was viewed'). What the link shows is
 * wallet/verify-stored-credential.ts's answer (the name and masked identifiers, dates without a
 * time of day); the route calls this first, for GET /api/verify/{id}, its /payload and the page's
 * JSON form alike.
 *
 * Input: { db, now, credentialId }. Output: { holderId }.
 * Errors: AppError 'credential_not_found' (404, 'Credential not found') for an unknown id;
 * 'link_disabled' (410, 'The holder turned this link off') while the link is off. Nothing is
 * logged then.
 */
import { MESSAGES } from '@pehchaan/core';
import { eq, sql } from 'drizzle-orm';
import { credentials } from '../db/schema';
import { chainHeadOf } from '../lib/activity-chain';
import { recordActivityAfter } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { refuseUnshareableCredential } from './refuse-unshareable-credential';

export interface ViewCredentialLinkOptions extends Pick<ServiceDeps, 'db' | 'now'> {
  credentialId: string;
}

export async function viewCredentialLink(
  options: ViewCredentialLinkOptions,
): Promise<{ holderId: string }> {
  // The holder's chain head comes with the credential: on PGlite the entry is then one insert.
  const head = chainHeadOf(options.db, credentials.userId);
  const [row] = await options.db
    .select({
      userId: credentials.userId,
      documentType: credentials.documentType,
      publicLink: credentials.publicLink,
      statusValue: credentials.statusValue,
      headSeq: head.headSeq,
      headHash: head.headHash,
    })
    .from(credentials)
    .leftJoinLateral(head, sql`true`)
    .where(eq(credentials.id, options.credentialId));
  if (!row) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  if (!row.publicLink) throw new AppError('link_disabled', MESSAGES.linkDisabled);
  refuseUnshareableCredential(row.statusValue, 'link');
  await recordActivityAfter({
    db: options.db,
    now: options.now,
    userId: row.userId,
    type: 'credential_viewed',
    message: { code: 'credential_link_viewed', params: { document_type: row.documentType } },
    head: row,
  });
  return { holderId: row.userId };
}
