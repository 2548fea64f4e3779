/**
 * GET /user/{userId}/credentials (SPEC 7) with the local fallback of SPEC 1: the holder's
 * credentials from the API, else from browser storage (`credentials`). A non-empty API answer
 * refreshes the local copy (DECISIONS 5: storage is the offline cache).
 */
import {
  type CredentialRecord,
  credentialListSchema,
  credentialRecordSchema,
} from '@pehchaan/core';
import { api } from '@/lib/api-client';
import { type Sourced, withLocalFallback } from '@/lib/local-fallback';
import { readList, replaceUserRecords, STORAGE_KEYS } from '@/lib/storage';

/** The holder's credentials kept in browser storage (records of other holders are skipped). */
export function readLocalCredentials(userId: string): CredentialRecord[] {
  return readList(STORAGE_KEYS.credentials, credentialRecordSchema).filter(
    (c) => c.userId === userId,
  );
}

/** Never rejects: an API failure answers the local copy with source 'localStorage'. */
export function getCredentials(userId: string): Promise<Sourced<CredentialRecord[]>> {
  return withLocalFallback(
    async () => {
      const answer = await api.get(`/user/${encodeURIComponent(userId)}/credentials`, {
        schema: credentialListSchema,
      });
      if (answer.credentials.length > 0) {
        replaceUserRecords(STORAGE_KEYS.credentials, userId, answer.credentials);
      }
      return answer.credentials;
    },
    () => readLocalCredentials(userId),
  );
}
