/**
 * GET /user/{userId}/shares (docs/api-contract.md "Share links"): the holder's share links with
 * their views and status, and their one cache entry (`getSharesQueryOptions`, key
 * `['shares', userId]`), which every credential card reads for its "2 active links · 5 views".
 * Shares live on the server only (a link is only as good as the server answering it): with the
 * API unreachable or switched off the query fails and the cards show no summary.
 */
import { type ShareRecord, shareListSchema } from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { env } from '@/config/env';
import { api } from '@/lib/api-client';
import { REFRESH_INTERVAL_MS } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** @throws {ApiError} when the API is unreachable, disabled or refuses. */
export async function getShares(userId: string): Promise<ShareRecord[]> {
  const answer = await api.get(`/user/${encodeURIComponent(userId)}/shares`, {
    schema: shareListSchema,
  });
  return answer.shares;
}

/**
 * The holder's shares in the query cache, refreshed every 30 seconds while shown (views arrive
 * from strangers); off in local-only mode (VITE_USE_API=false).
 */
export function getSharesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.shares(userId),
    queryFn: () => getShares(userId),
    refetchInterval: REFRESH_INTERVAL_MS,
    enabled: env.USE_API,
  });
}
