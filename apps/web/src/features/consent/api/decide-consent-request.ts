/**
 * The holder's decision on a pending consent request (SPEC 4 Consent request status):
 * POST /user/{userId}/consent-requests/{id}/approve or .../reject (DECISIONS 6). The server moves
 * the request, stamps status_updated_at/by and writes the activity entry. An approval of a
 * seeded request (a real OpenID4VP request answered in-process, presentation.seeded) carries the
 * claim names the holder left ticked (`claims`); the server sends only those.
 *
 * Offline: when the API cannot be used at all (unreachable, timed out, disabled), the
 * decision is kept in browser storage instead — the request under `consentRequests` and the
 * activity entry under `activityLogs`, both marked `pending_sync: true` ("Not yet synced") — and
 * queued in the outbox (lib/sync/outbox), which sends it once the API answers again
 * (sync-consent-decision.ts settles the answer).
 *
 * `useDecideConsentRequest` is the screen's TanStack Query mutation around it: on success the
 * decided request is shown at once, then the consent list and the activity log (the decision
 * wrote an entry, on the server or here) are invalidated, so the cache reloads both.
 */
import {
  type ActivityLog,
  activityLogSchema,
  CONSENT_DECISIONS,
  type ConsentDecision,
  type ConsentRequest,
  consentDecisionAnswerSchema,
  describeActivity,
} from '@pehchaan/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { appendLocalActivity } from '@/lib/activity-store';
import { api, isApiUnavailable } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import type { Sourced } from '@/lib/local-fallback';
import { queryKeys } from '@/lib/query-keys';
import { enqueueOutbox } from '@/lib/sync/outbox';
import { type ConsentSource, consentLogMessage, decideLocally } from '../consent-records';
import { storeLocalConsentRequest, writeLocalConsentRequests } from './get-consent-requests';

export interface ConsentDecisionResult {
  /** 'api': the server took it; 'localStorage': kept on this device, not yet synced. */
  source: 'api' | 'localStorage';
  /** The decided request as it now stands. */
  request: ConsentRequest;
  activityLog: ActivityLog;
}

/** Thrown when the API is unreachable and the browser also refused to store the decision. */
export class LocalSaveError extends Error {
  override readonly name = 'LocalSaveError';
}

/** POST path of a decision (DECISIONS 6). */
export function decisionPath(userId: string, requestId: string, decision: ConsentDecision): string {
  return `/user/${encodeURIComponent(userId)}/consent-requests/${encodeURIComponent(requestId)}/${decision}`;
}

/** What a queued decision keeps to settle its local records (lib/sync/outbox `local`). */
export const consentDecisionOutboxLocalSchema = z.object({
  requestId: z.string(),
  decision: z.enum(CONSENT_DECISIONS),
  /** The local activity entry written with the decision. */
  logId: z.string(),
  requester: z.string().default(''),
  purpose: z.string().default(''),
});
export type ConsentDecisionOutboxLocal = z.infer<typeof consentDecisionOutboxLocalSchema>;

function localLogId(): string {
  return `local-log-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * @param options.request the pending request as the screen shows it (needed for the offline path).
 * @param options.now the instant of an offline decision (default: the clock).
 * @throws {ApiError} HTTP_ERROR 409 when it was already decided (the detail says so), 404
 *   'Consent request not found', 403, or ERR_BAD_RESPONSE; never for an unreachable API.
 * @throws {LocalSaveError} when the API is unreachable and storage refused the decision.
 */
export async function decideConsentRequest(options: {
  userId: string;
  request: ConsentRequest;
  decision: ConsentDecision;
  /** Approve of a request with a presentation: the claim names left ticked. */
  claims?: readonly string[];
  now?: Date;
}): Promise<ConsentDecisionResult> {
  const { userId, request, decision } = options;
  const path = decisionPath(userId, request.id, decision);
  const claims = decision === 'approve' && options.claims ? { claims: [...options.claims] } : {};
  try {
    // The language the holder read the request in: the consent receipt's notice language.
    const answer = await api.post(
      path,
      { ...claims, notice_language: i18n.language },
      { schema: consentDecisionAnswerSchema },
    );
    storeLocalConsentRequest(userId, answer.consent_request);
    return { source: 'api', request: answer.consent_request, activityLog: answer.activity_log };
  } catch (error) {
    if (!isApiUnavailable(error)) throw error;
    const now = options.now ?? new Date();
    const decided = decideLocally(request, decision, userId, now, options.claims);
    const message = consentLogMessage(decision, request);
    const activityLog = activityLogSchema.parse({
      id: localLogId(),
      userId,
      type: decision === 'approve' ? 'consent_approved' : 'consent_rejected',
      description: describeActivity(message),
      message_code: message.code,
      message_params: message.params,
      timestamp: now.toISOString(),
      last_viewed: null,
      pending_sync: true,
    });
    if (!storeLocalConsentRequest(userId, decided) || !appendLocalActivity(activityLog)) {
      throw new LocalSaveError('The browser refused to store the decision', { cause: error });
    }
    const local: ConsentDecisionOutboxLocal = {
      requestId: request.id,
      decision,
      logId: activityLog.id,
      requester: request.requester,
      purpose: request.purpose,
    };
    // decided_at: the server keeps the time the holder decided, not the time of the replay.
    const body = { decided_at: now.toISOString(), ...claims, notice_language: i18n.language };
    enqueueOutbox({ userId, kind: 'consent_decision', method: 'POST', path, body, local }, { now });
    return { source: 'localStorage', request: decided, activityLog };
  }
}

export interface ConsentDecisionVariables {
  /** The pending request decided on, as the screen shows it. */
  request: ConsentRequest;
  decision: ConsentDecision;
  /** Approve of a request with a presentation: the claim names left ticked. */
  claims?: readonly string[];
  /** What the screen shows now: its requests and where they came from. */
  shown: { requests: readonly ConsentRequest[]; source: ConsentSource | null };
}

export interface ConsentDecisionOutcome extends ConsentDecisionResult {
  /** The screen's requests with the decided one in its new state. */
  requests: ConsentRequest[];
}

/**
 * The holder's decision as a mutation (`decideConsentRequest` with the screen's list).
 * A decision kept on this device while the screen shows the sample requests (SPEC 8) stores
 * those too, so the undecided ones stay beside it. On success the cached list shows the
 * decision at once (a load under way is cancelled first: it was read before the decision), and
 * the consent list and the activity log are invalidated.
 * Rejects like `decideConsentRequest` (ApiError with a problem code, LocalSaveError).
 */
export function useDecideConsentRequest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      request,
      decision,
      claims,
      shown,
    }: ConsentDecisionVariables): Promise<ConsentDecisionOutcome> => {
      const result = await decideConsentRequest({
        userId,
        request,
        decision,
        ...(claims ? { claims } : {}),
      });
      const requests = shown.requests.map((r) => (r.id === request.id ? result.request : r));
      if (result.source === 'localStorage' && shown.source === 'sample') {
        writeLocalConsentRequests(userId, requests);
      }
      return { ...result, requests };
    },
    onSuccess: async (outcome, { shown }) => {
      const queryKey = queryKeys.consentRequests(userId);
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<Sourced<ConsentRequest[]>>(queryKey, (current) => ({
        data: outcome.requests,
        source: outcome.source === 'api' && shown.source === 'api' ? 'api' : 'localStorage',
        error: current?.error,
      }));
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activityLogs(userId) });
      // The decision or withdrawal issued a consent receipt (who has my data lists them).
      void queryClient.invalidateQueries({ queryKey: queryKeys.consentReceipts(userId) });
    },
  });
}
