/**
 * POST /user/{userId}/consent-requests/{id}/withdraw (issue 17, the withdrawal half: DPDP Act
 * s.6(4), withdrawing as easy as giving): the consent moves to `withdrawn` and a withdrawal
 * receipt is issued. The mutation refetches the consent requests, the receipts and the activity
 * log, which all change.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** @throws {ApiError} 404, 409 (not approved, already withdrawn), unreachable. */
export async function withdrawConsent(userId: string, consentRequestId: string): Promise<void> {
  await api.post(
    `/user/${encodeURIComponent(userId)}/consent-requests/${encodeURIComponent(consentRequestId)}/withdraw`,
  );
}

export function useWithdrawConsent(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consentRequestId: string) => withdrawConsent(userId, consentRequestId),
    onSettled: () =>
      Promise.all(
        [
          queryKeys.consentRequests(userId),
          queryKeys.consentReceipts(userId),
          queryKeys.activityLogs(userId),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
