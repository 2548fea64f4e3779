/**
 * PUT /user/{userId}/credentials/{id}/public-link (DECISIONS 9.6, docs/api-contract.md
 * "Credentials, signing and verification"): the holder turns the bare link /verify/{id} of one
 * of their credentials on or off. SPEC 2 opens that link to anyone with the id, so it is on by
 * default; off, GET /api/verify/{id}, its /payload and the page's JSON form answer 410
 * `link_disabled` (wallet/view-credential-link.ts). Share links of the credential are not
 * affected: each has its own lifetime and can be withdrawn. Setting the state it already has
 * changes nothing.
 *
 * Input: { db, userId, credentialId, enabled }. Output: { credential_id, public_link }.
 * Errors: AppError 'credential_not_found' (404) when the holder has no credential with that id
 * (another holder's id answers the same).
 */
import { MESSAGES, type PublicLinkAnswer } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { credentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { refuseReceivedCredential } from '../lib/received-records';

export interface SetCredentialPublicLinkOptions extends Pick<ServiceDeps, 'db'> {
  userId: string;
  credentialId: string;
  enabled: boolean;
}

export async function setCredentialPublicLink(
  options: SetCredentialPublicLinkOptions,
): Promise<PublicLinkAnswer> {
  const [row] = await options.db
    .update(credentials)
    .set({ publicLink: options.enabled })
    .where(and(eq(credentials.id, options.credentialId), eq(credentials.userId, options.userId)))
    .returning({ id: credentials.id, publicLink: credentials.publicLink });
  if (!row) {
    await refuseReceivedCredential(
      options.db,
      options.userId,
      options.credentialId,
      'The public link',
    );
    throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  }
  return { credential_id: row.id, public_link: row.publicLink };
}
