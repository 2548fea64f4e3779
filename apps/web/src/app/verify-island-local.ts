/**
 * The copy of a credential kept in this browser's encrypted store, for the /verify/{id} island
 * (verify-island.ts) when the server cannot be reached: SPEC 4 'failed on error' shows it, marked
 * as not verified, as the app's verifier page does (features/verifier/api/verify-credential.ts).
 * Loaded only then (a dynamic import): it needs the encrypted store and zod, which the island's
 * usual path does without.
 */
import type { CredentialRecord } from '@pehchaan/core';
import { findLocalCredential } from '@/features/verifier/api/verify-credential';
import { detailsFromLocal } from '@/features/verifier/local-details';
import type { Details } from '@/features/verifier/verdicts';
import { openSecureStorage } from '@/lib/storage';

/**
 * The stored credential `credentialId` and its details as the page shows them, or null. Never
 * rejects.
 */
export async function localCopyOf(
  credentialId: string,
): Promise<{ record: CredentialRecord; details: Details } | null> {
  try {
    await openSecureStorage();
    const record = findLocalCredential(credentialId);
    return record ? { record, details: detailsFromLocal(record) } : null;
  } catch {
    return null;
  }
}
