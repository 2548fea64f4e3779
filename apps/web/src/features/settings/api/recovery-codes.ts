/**
 * The recovery codes of two-factor authentication (docs/security.md "Recovery codes"; docs/api-
 * contract.md "Security settings"): GET /user/{userId}/recovery-codes (how many are left, never
 * the codes) and POST (a new set of ten, answered once; the old set stops working). Online only:
 * the codes are made on the server, which keeps only keyed hashes of them.
 */
import { recoveryCodesAnswerSchema, recoveryCodesStatusSchema } from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const base = (userId: string) => `/user/${encodeURIComponent(userId)}/recovery-codes`;

/** How many unused codes the holder has, and when the set was made. */
export function getRecoveryCodesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.recoveryCodes(userId),
    queryFn: () => api.get(base(userId), { schema: recoveryCodesStatusSchema }),
  });
}

/**
 * Makes a new set; its answer is the only time the codes are seen.
 * @throws {ApiError} 403 'recent_sign_in_required' when it would replace unused codes and the
 *   session was not signed in within core's RECENT_SIGN_IN_MS.
 */
export function makeRecoveryCodes(userId: string) {
  return api.post(base(userId), undefined, { schema: recoveryCodesAnswerSchema });
}
