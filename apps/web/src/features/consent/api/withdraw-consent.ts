/**
 * Withdrawing an approved consent (issue 17; DPDP Act s.6(4): as easy as giving it):
 * POST /user/{userId}/consent-requests/{id}/withdraw. The server moves the consent to withdrawn,
 * stops its uses, erases what the verifier holds here, notifies the verifier and writes the
 * activity entry 'Withdrew consent from {requester} for {purpose}'.
 *
 * Offline: exactly as a decision (decide-consent-request.ts): when the API cannot be used at
 * all, the withdrawal is kept in browser storage (the consent and the activity entry, both
 * marked `pending_sync`, "Not yet synced") and queued in the outbox with `withdrawn_at`, the
 * holder's time, which the server keeps; sync-consent-withdrawal.ts settles the answer.
 *
 * `useWithdrawConsent` is the screen's mutation: the withdrawn consent is shown at once, then the
 * consent list and the activity log are invalidated.
 */
import {
  type ActivityLog,
  activityLogSchema,
  type ConsentRequest,
  consentEventMessage,
  consentWithdrawalAnswerSchema,
  describeActivity,
} from '@pehchaan/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { appendLocalActivity } from '@/lib/activity-store';
import { api, isApiUnavailable } from '@/lib/api-client';
import type { Sourced } from '@/lib/local-fallback';
import { queryKeys } from '@/lib/query-keys';
import { enqueueOutbox } from '@/lib/sync/outbox';
import { withdrawLocally } from '../consent-records';
import { LocalSaveError } from './decide-consent-request';
import { storeLocalConsentRequest } from './get-consent-requests';

/** POST path of a withdrawal. */
export function withdrawalPath(userId: string, requestId: string): string {
  return `/user/${encodeURIComponent(userId)}/consent-requests/${encodeURIComponent(requestId)}/withdraw`;
}

/** What a queued withdrawal keeps to settle its local records (lib/sync/outbox `local`). */
export const consentWithdrawalOutboxLocalSchema = z.object({
  requestId: z.string(),
  /** The local activity entry written with the withdrawal. */
  logId: z.string(),
  requester: z.string().default(''),
  purpose: z.string().default(''),
});
export type ConsentWithdrawalOutboxLocal = z.infer<typeof consentWithdrawalOutboxLocalSchema>;

export interface ConsentWithdrawalResult {
  /** 'api': the server took it; 'localStorage': kept on this device, not yet synced. */
  source: 'api' | 'localStorage';
  /** The consent as it now stands (withdrawn). */
  request: ConsentRequest;
  activityLog: ActivityLog;
}

function localLogId(): string {
  return `local-log-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * @param options.request the approved consent as the screen shows it (for the offline path).
 * @param options.now the instant of an offline withdrawal (default: the clock).
 * @throws {ApiError} HTTP_ERROR 409 ('consent_already_withdrawn', 'consent_expired',
 *   'consent_not_approved'), 404, 403; never for an unreachable API.
 * @throws {LocalSaveError} when the API is unreachable and storage refused the withdrawal.
 */
export async function withdrawConsent(options: {
  userId: string;
  request: ConsentRequest;
  now?: Date;
}): Promise<ConsentWithdrawalResult> {
  const { userId, request } = options;
  const path = withdrawalPath(userId, request.id);
  try {
    const answer = await api.post(path, undefined, { schema: consentWithdrawalAnswerSchema });
    storeLocalConsentRequest(userId, answer.consent_request);
    return { source: 'api', request: answer.consent_request, activityLog: answer.activity_log };
  } catch (error) {
    if (!isApiUnavailable(error)) throw error;
    const now = options.now ?? new Date();
    const withdrawn = withdrawLocally(request, userId, now);
    const message = consentEventMessage('consent_withdrawn', request);
    const activityLog = activityLogSchema.parse({
      id: localLogId(),
      userId,
      type: 'consent_withdrawn',
      description: describeActivity(message),
      message_code: message.code,
      message_params: message.params,
      timestamp: now.toISOString(),
      last_viewed: null,
      pending_sync: true,
    });
    if (!storeLocalConsentRequest(userId, withdrawn) || !appendLocalActivity(activityLog)) {
      throw new LocalSaveError('The browser refused to store the withdrawal', { cause: error });
    }
    const local: ConsentWithdrawalOutboxLocal = {
      requestId: request.id,
      logId: activityLog.id,
      requester: request.requester,
      purpose: request.purpose,
    };
    const body = { withdrawn_at: now.toISOString() };
    enqueueOutbox(
      { userId, kind: 'consent_withdrawal', method: 'POST', path, body, local },
      { now },
    );
    return { source: 'localStorage', request: withdrawn, activityLog };
  }
}

/**
 * The withdrawal as a mutation: on success the cached list shows the withdrawn consent at once
 * (a load under way is cancelled first), then the list and the activity log are invalidated.
 * When the server refuses it (it ended elsewhere: withdrawn on another device, expired, gone),
 * the list and the receipts are invalidated, so every screen that withdraws shows the server's
 * copy. Rejects like `withdrawConsent`.
 */
export function useWithdrawConsent(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ConsentRequest) => withdrawConsent({ userId, request }),
    onSuccess: async (result) => {
      const queryKey = queryKeys.consentRequests(userId);
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<Sourced<ConsentRequest[]>>(queryKey, (current) =>
        current
          ? {
              ...current,
              data: current.data.map((r) => (r.id === result.request.id ? result.request : r)),
              source: result.source === 'api' ? current.source : 'localStorage',
            }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activityLogs(userId) });
      // The decision or withdrawal issued a consent receipt (who has my data lists them).
      void queryClient.invalidateQueries({ queryKey: queryKeys.consentReceipts(userId) });
    },
    onError: (error) => {
      if (error instanceof LocalSaveError) return;
      for (const queryKey of [
        queryKeys.consentRequests(userId),
        queryKeys.consentReceipts(userId),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
