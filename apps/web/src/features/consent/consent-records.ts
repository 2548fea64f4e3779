/**
 * Pure rules of the Consent Management screen (SPEC 2, 4, 6, 8) over SPEC 3 consent requests:
 * the migration of browser-local requests to the signed-in holder, keeping decisions made offline
 * over the server's still-pending copy, the offline decision and withdrawal themselves, the
 * sample requests, the activity text of a decision and the lists of the screen. No storage, no network.
 */
import {
  type ActivityMessage,
  type ConsentDecision,
  type ConsentRequest,
  type ConsentStatus,
  plannedDisclosure,
  type SentCredential,
  seedConsentRequests,
} from '@pehchaan/core';

/**
 * SPEC 6: browser-local consent requests that carry another user's id become the current
 * holder's (local data only; the server never moves records between users, DECISIONS 6).
 * When an id occurs twice, the copy that already belongs to `userId` wins, else the first one.
 * @returns every request as the holder's, in the given order, and how many were moved.
 */
export function migrateConsentRequests(
  requests: readonly ConsentRequest[],
  userId: string,
): { requests: ConsentRequest[]; migrated: number } {
  const own = new Set(requests.filter((r) => r.userId === userId).map((r) => r.id));
  const seen = new Set<string>();
  const result: ConsentRequest[] = [];
  let migrated = 0;
  for (const request of requests) {
    if (seen.has(request.id)) continue;
    if (request.userId === userId) {
      seen.add(request.id);
      result.push(request);
    } else if (!own.has(request.id)) {
      seen.add(request.id);
      result.push({ ...request, userId });
      migrated += 1;
    }
  }
  return { requests: result, migrated };
}

/** The status a decision moves a pending request to (SPEC 4). */
export const DECISION_STATUS: Record<ConsentDecision, Exclude<ConsentStatus, 'pending'>> = {
  approve: 'approved',
  reject: 'rejected',
};

/**
 * What approving `request` with the claims `ticked` sends (core's plannedDisclosure, the
 * server's own rule), in the shape a decided request reports it (`presentation.sent`); [] for a
 * rejection. Undefined for a request without a presentation (SPEC 3 fields only).
 */
export function sentOnDecision(
  request: ConsentRequest,
  decision: ConsentDecision,
  ticked?: readonly string[],
): SentCredential[] | undefined {
  if (!request.presentation) return undefined;
  if (decision === 'reject') return [];
  return plannedDisclosure(request.presentation, ticked).map((credential) => ({
    query_id: credential.query_id,
    document_type: credential.document_type,
    document_name: credential.document_name,
    claims: credential.claims.map((claim) => ({ name: claim.name, label: claim.label })),
  }));
}

/**
 * A decision made on this device while the API is unreachable: the new status, stamped now and by
 * the holder, and marked `pending_sync` ("Not yet synced"). A request with a presentation says
 * what the decision will send once synced (`presentation.sent`, sentOnDecision with `ticked`).
 */
export function decideLocally(
  request: ConsentRequest,
  decision: ConsentDecision,
  userId: string,
  now: Date = new Date(),
  ticked?: readonly string[],
): ConsentRequest {
  const sent = sentOnDecision(request, decision, ticked);
  return {
    ...request,
    status: DECISION_STATUS[decision],
    status_updated_at: now.toISOString(),
    status_updated_by: userId,
    pending_sync: true,
    ...(request.presentation && sent ? { presentation: { ...request.presentation, sent } } : {}),
  };
}

/**
 * A withdrawal made on this device while the API is unreachable (issue 17): status withdrawn,
 * stamped now and by the holder, marked `pending_sync` ("Not yet synced"). The decision's own
 * stamps (status_updated_at/by) stay: SPEC 4's decision is final.
 */
export function withdrawLocally(
  request: ConsentRequest,
  userId: string,
  now: Date = new Date(),
): ConsentRequest {
  return {
    ...request,
    status: 'withdrawn',
    withdrawn_at: now.toISOString(),
    withdrawn_by: userId,
    pending_sync: true,
  };
}

/**
 * The activity entry of a decision as the server writes it: its message code and parameters,
 * whose English text (core's describeActivity) is SPEC 4's 'Approved consent request from
 * {requester} for {purpose}' or 'Rejected ...'.
 */
export function consentLogMessage(
  decision: ConsentDecision,
  request: Pick<ConsentRequest, 'requester' | 'purpose'>,
): ActivityMessage {
  return {
    code: decision === 'approve' ? 'consent_approved' : 'consent_rejected',
    params: { requester: request.requester, purpose: request.purpose },
  };
}

/**
 * SPEC 8: the three sample pending requests (a bank, a telecom operator, an insurer) shown when
 * loading fails and nothing is stored; the same ids as the server's seeds for `userId`.
 */
export function sampleConsentRequests(now: Date, userId: string): ConsentRequest[] {
  return seedConsentRequests(now, userId).map((seed) => ({
    ...seed,
    status: 'pending',
    status_updated_at: null,
    status_updated_by: null,
    last_viewed: null,
  }));
}

/** Where the screen's list came from; 'sample' is SPEC 8's fallback. */
export type ConsentSource = 'api' | 'localStorage' | 'sample';

export interface ConsentLists {
  /** Newest request first. */
  pending: ConsentRequest[];
  /** Most recent decision first. */
  approved: ConsentRequest[];
  rejected: ConsentRequest[];
  /** Issue 17: approved consents that ended (withdrawn or expired), most recent end first. */
  ended: ConsentRequest[];
}

function time(iso: string | null): number {
  const ms = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
}

/** When an ended consent ended: its withdrawal, else the end of its validity. */
function endedAt(request: ConsentRequest): string | null {
  return request.withdrawn_at ?? request.valid_until ?? request.status_updated_at;
}

/** The screen's lists: SPEC 2's three, and the consents that ended since (issue 17). */
export function groupByStatus(requests: readonly ConsentRequest[]): ConsentLists {
  const byRequested = (a: ConsentRequest, b: ConsentRequest) =>
    time(b.requested_at) - time(a.requested_at);
  const byDecided = (a: ConsentRequest, b: ConsentRequest) =>
    time(b.status_updated_at) - time(a.status_updated_at) || byRequested(a, b);
  const byEnded = (a: ConsentRequest, b: ConsentRequest) =>
    time(endedAt(b)) - time(endedAt(a)) || byRequested(a, b);
  return {
    pending: requests.filter((r) => r.status === 'pending').sort(byRequested),
    approved: requests.filter((r) => r.status === 'approved').sort(byDecided),
    rejected: requests.filter((r) => r.status === 'rejected').sort(byDecided),
    ended: requests.filter((r) => r.status === 'withdrawn' || r.status === 'expired').sort(byEnded),
  };
}
