/**
 * GET /user/{userId}/consent-receipts (issue 17, docs/api-contract.md "Consent receipts"): the
 * holder's consent receipts, newest first, each with its signed document, and their one cache
 * entry (`getConsentReceiptsQueryOptions`, key `['consent-receipts', userId]`). Receipts are
 * issued by the server (signed by its consent registry), so they are read from it only: with the
 * API unreachable or switched off the query fails and the screen says so.
 */
import { type ConsentReceiptRecord, consentReceiptListSchema } from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { env } from '@/config/env';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** @throws {ApiError} when the API is unreachable, disabled or refuses. */
export async function getConsentReceipts(userId: string): Promise<ConsentReceiptRecord[]> {
  const answer = await api.get(`/user/${encodeURIComponent(userId)}/consent-receipts`, {
    schema: consentReceiptListSchema,
  });
  return answer.consent_receipts;
}

export function getConsentReceiptsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.consentReceipts(userId),
    queryFn: () => getConsentReceipts(userId),
    enabled: env.USE_API,
  });
}
