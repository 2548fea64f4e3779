/**
 * Creates the holder's Basic Identity credential when it is missing (SPEC 4: "created
 * automatically if missing, marked permanent, and cannot be deleted"). Called at login and when
 * the credentials are listed. Issued as every Add Credentials card is (wallet/generate-credential
 * .ts): offered by the Digital Identity System, SPEC 3's issuer of the Basic Identity and one of
 * the product's OpenID4VCI issuers, and received over OpenID4VCI. Never call it inside a
 * transaction: the exchange reaches the issuer in process, which needs the database.
 *
 * Input: { ...deps, userId }. Output: true when this call issued it, false when it was there
 * (also when a concurrent request issued it first: the unique index decides).
 * Errors: AppError 'user_not_found' (404) for an unknown holder.
 */
import { and, eq } from 'drizzle-orm';
import { credentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { isAppError } from '../lib/errors';
import { generateCredential } from './generate-credential';

export interface EnsureBasicIdentityOptions extends ServiceDeps {
  userId: string;
}

export async function ensureBasicIdentity(options: EnsureBasicIdentityOptions): Promise<boolean> {
  const [held] = await options.db
    .select({ id: credentials.id })
    .from(credentials)
    .where(
      and(eq(credentials.userId, options.userId), eq(credentials.documentType, 'basic_identity')),
    );
  if (held) return false;
  try {
    await generateCredential({ ...options, documentType: 'basic_identity' });
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === 'duplicate_document') return false;
    throw error;
  }
}
