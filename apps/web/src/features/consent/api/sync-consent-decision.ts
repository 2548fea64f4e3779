/**
 * Settles a consent decision made offline once the outbox sends it (lib/sync/outbox; queued by
 * decide-consent-request.ts).
 *
 * - 2xx (the first answer or the server's replay of it): the server's request replaces the local
 *   one (no more `pending_sync`) and the server's activity entry replaces the local one.
 * - 409 / 404: the server's current copy of the request is read. (An earlier attempt with this key
 *   still running answers the problem 'idempotency_in_flight': lib/sync/outbox.ts keeps the entry
 *   for later and this handler never sees it.) Decided
 *   the same way (on another device, or by that earlier attempt): nothing to show. Decided the
 *   other way: the server's decision stands (SPEC 4: decisions are final), the local copy takes
 *   it, and the holder sees a conflict notice. Gone: the local copy is dropped and the holder
 *   is told.
 * - Any other refusal (403, 400, 422): the server's copy replaces the local one; notice with the
 *   server's detail.
 * The local activity entry goes in every case but the first (the server's entry is the record).
 */
import {
  type ConsentDecision,
  type ConsentRequest,
  type ConsentStatus,
  consentDecisionAnswerSchema,
  consentRequestListSchema,
} from '@pehchaan/core';
import { dropLocalActivity, replaceLocalActivity } from '@/lib/activity-store';
import { api, hasProblemCode } from '@/lib/api-client';
import type { OutboxEntry, OutboxHandler } from '@/lib/sync/outbox';
import { consentDecisionOutboxLocalSchema } from './decide-consent-request';
import {
  readLocalConsentRequests,
  storeLocalConsentRequest,
  writeLocalConsentRequests,
} from './get-consent-requests';

const DECIDED: Record<ConsentDecision, ConsentStatus> = { approve: 'approved', reject: 'rejected' };

/** The server's copy of one of the holder's requests; null when it has none. */
async function serverRequest(userId: string, requestId: string): Promise<ConsentRequest | null> {
  const answer = await api.get(`/user/${encodeURIComponent(userId)}/consent-requests`, {
    schema: consentRequestListSchema,
  });
  return answer.consent_requests.find((r) => r.id === requestId) ?? null;
}

function dropLocalRequest(userId: string, requestId: string): void {
  writeLocalConsentRequests(
    userId,
    readLocalConsentRequests(userId).filter((r) => r.id !== requestId),
  );
}

export const consentDecisionOutbox: OutboxHandler = {
  onSynced(entry: OutboxEntry, answer: unknown) {
    const local = consentDecisionOutboxLocalSchema.parse(entry.local);
    const parsed = consentDecisionAnswerSchema.parse(answer);
    storeLocalConsentRequest(entry.userId, parsed.consent_request);
    replaceLocalActivity(local.logId, parsed.activity_log);
  },

  async onRefused(entry, error) {
    const local = consentDecisionOutboxLocalSchema.parse(entry.local);
    const params = { requester: local.requester, purpose: local.purpose, decision: local.decision };
    const server = await serverRequest(entry.userId, local.requestId);
    if (!server) {
      dropLocalRequest(entry.userId, local.requestId);
      dropLocalActivity([local.logId]);
      return { action: 'conflict', code: 'consentGone', params };
    }
    storeLocalConsentRequest(entry.userId, server);
    dropLocalActivity([local.logId]);
    if (server.status === DECIDED[local.decision]) return { action: 'synced' };
    if (server.status !== 'pending' && hasProblemCode(error, 'consent_already_decided')) {
      return {
        action: 'conflict',
        code: 'consentDecidedElsewhere',
        params: { ...params, serverStatus: server.status },
      };
    }
    return { action: 'conflict', code: 'consentRefused', params };
  },
};
