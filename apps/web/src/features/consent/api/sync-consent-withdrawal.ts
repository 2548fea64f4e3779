/**
 * Settles a withdrawal made offline once the outbox sends it (lib/sync/outbox; queued by
 * withdraw-consent.ts), as sync-consent-decision.ts settles a decision:
 * - 2xx (the first answer or the server's replay of it): the server's consent replaces the local
 *   one (no more `pending_sync`) and the server's activity entry replaces the local one;
 * - a refusal: the server's current copy is read. Withdrawn already (on another device, or by an
 *   earlier attempt): nothing to show. Expired before the withdrawal arrived: the server's copy
 *   stands, with a notice ('consentEndedBeforeWithdrawal'). Gone: dropped, with a notice. Any
 *   other (still approved: e.g. a 403): the server's copy, with 'consentWithdrawalRefused'.
 * The local activity entry goes in every case but the first.
 */
import {
  type ConsentRequest,
  consentRequestListSchema,
  consentWithdrawalAnswerSchema,
} from '@pehchaan/core';
import { dropLocalActivity, replaceLocalActivity } from '@/lib/activity-store';
import { api } from '@/lib/api-client';
import type { OutboxHandler } from '@/lib/sync/outbox';
import {
  readLocalConsentRequests,
  storeLocalConsentRequest,
  writeLocalConsentRequests,
} from './get-consent-requests';
import { consentWithdrawalOutboxLocalSchema } from './withdraw-consent';

/** The server's copy of one of the holder's requests; null when it has none. */
async function serverRequest(userId: string, requestId: string): Promise<ConsentRequest | null> {
  const answer = await api.get(`/user/${encodeURIComponent(userId)}/consent-requests`, {
    schema: consentRequestListSchema,
  });
  return answer.consent_requests.find((r) => r.id === requestId) ?? null;
}

export const consentWithdrawalOutbox: OutboxHandler = {
  onSynced(entry, answer) {
    const local = consentWithdrawalOutboxLocalSchema.parse(entry.local);
    const parsed = consentWithdrawalAnswerSchema.parse(answer);
    storeLocalConsentRequest(entry.userId, parsed.consent_request);
    replaceLocalActivity(local.logId, parsed.activity_log);
  },

  async onRefused(entry) {
    const local = consentWithdrawalOutboxLocalSchema.parse(entry.local);
    const params = { requester: local.requester, purpose: local.purpose };
    const server = await serverRequest(entry.userId, local.requestId);
    dropLocalActivity([local.logId]);
    if (!server) {
      writeLocalConsentRequests(
        entry.userId,
        readLocalConsentRequests(entry.userId).filter((r) => r.id !== local.requestId),
      );
      return { action: 'conflict', code: 'consentGone', params };
    }
    storeLocalConsentRequest(entry.userId, server);
    if (server.status === 'withdrawn') return { action: 'synced' };
    if (server.status === 'expired') {
      return { action: 'conflict', code: 'consentEndedBeforeWithdrawal', params };
    }
    return { action: 'conflict', code: 'consentWithdrawalRefused', params };
  },
};
