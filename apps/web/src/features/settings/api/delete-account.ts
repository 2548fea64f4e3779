/**
 * Delete Account (DPDP Act s.12; issue 19): POST /user/{userId}/deletion after SPEC 2's two
 * confirmations. The server schedules the erasure 7 days out and signs the holder out everywhere;
 * signing in again before then cancels it. Online only: erasure is the server's to do.
 */
import { accountDeletionSchema } from '@pehchaan/core';
import { api } from '@/lib/api-client';

/** @returns when the account will be erased and what is kept. @throws {ApiError} */
export function requestAccountDeletion(userId: string) {
  return api.post(`/user/${encodeURIComponent(userId)}/deletion`, undefined, {
    schema: accountDeletionSchema,
  });
}
