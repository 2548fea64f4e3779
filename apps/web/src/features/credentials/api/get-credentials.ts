/**
 * GET /user/{userId}/credentials (SPEC 7) with the local fallback of SPEC 1: the holder's
 * credentials from the API, else from browser storage (`credentials`), and its one cache entry
 * (`getCredentialsQueryOptions`) that /credentials, /dashboard, the header's bell and
 * search all read.
 *
 * An API answer (in the server's order) keeps, after it, the credentials made on this device while
 * the API was unreachable (not known to the API yet, 'Awaiting issuer'), and refreshes the local
 * copy with that list when it is not empty (DECISIONS 5: storage is the offline cache). The list
 * holds identity numbers masked (DECISIONS 9.6: the server answers them so, and this module masks
 * whatever it stores or answers again), so the offline store never holds one whole; the card's
 * eye toggle asks the server for one (reveal-credential-field.ts) and keeps it in memory only.
 */
import {
  type CredentialRecord,
  credentialListSchema,
  credentialRecordSchema,
  maskCredentialSubject,
} from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type Sourced, withLocalFallback } from '@/lib/local-fallback';
import { REFRESH_INTERVAL_MS } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { readList, replaceUserRecords, STORAGE_KEYS } from '@/lib/storage';

/** Id prefix of a credential made on this device while the API was unreachable (no proof). */
export const LOCAL_CREDENTIAL_PREFIX = 'local-';

/**
 * `list` with every identity number masked as the screens show it (DECISIONS 9.6): what the
 * browser's offline store may keep. Idempotent.
 */
export function maskedForStore(list: readonly CredentialRecord[]): CredentialRecord[] {
  return list.map((c) => ({
    ...c,
    credential_subject: maskCredentialSubject(c.credential_subject),
  }));
}

/** The holder's credentials kept in browser storage, in stored order (other holders skipped). */
export function readLocalCredentials(userId: string): CredentialRecord[] {
  return readList(STORAGE_KEYS.credentials, credentialRecordSchema).filter(
    (c) => c.userId === userId,
  );
}

/**
 * Never rejects: an API failure answers the local copy with source 'localStorage' and the error.
 */
export function getCredentials(userId: string): Promise<Sourced<CredentialRecord[]>> {
  return withLocalFallback(
    async () => {
      const local = readLocalCredentials(userId);
      const answer = await api.get(`/user/${encodeURIComponent(userId)}/credentials`, {
        schema: credentialListSchema,
      });
      const known = new Set(answer.credentials.map((c) => c.id));
      const pending = local.filter(
        (c) => c.id.startsWith(LOCAL_CREDENTIAL_PREFIX) && !known.has(c.id),
      );
      const list = maskedForStore([...answer.credentials, ...pending]);
      if (list.length > 0) replaceUserRecords(STORAGE_KEYS.credentials, userId, list);
      return list;
    },
    () => readLocalCredentials(userId),
  );
}

/**
 * The holder's credentials in the query cache: key `['credentials', userId]`, refreshed every
 * 30 seconds while shown (SPEC 9). The data is `Sourced`: `source` says whether the API or the
 * browser store answered (the screens' data-source badges).
 */
export function getCredentialsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.credentials(userId),
    queryFn: () => getCredentials(userId),
    refetchInterval: REFRESH_INTERVAL_MS,
  });
}
