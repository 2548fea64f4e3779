/**
 * The dashboard's four stat figures (SPEC 2) from the holder's lists; pure, so the screen and
 * the tests agree.
 */
import {
  type ActivityLog,
  type ConsentRequest,
  type CredentialRecord,
  credentialDisplayStatus,
} from '@pehchaan/core';

export interface DashboardStats {
  /** Credentials that are not expired (permanent, valid or expiring). */
  activeCredentials: number;
  /** Consent requests with status 'pending'. */
  pendingConsents: number;
  /** Activity entries of type 'credential_shared'. */
  totalShares: number;
  /** Newest activity timestamp (ISO 8601), or null with no activity. */
  lastActivityAt: string | null;
}

export function computeDashboardStats(
  lists: {
    credentials: readonly CredentialRecord[];
    consentRequests: readonly ConsentRequest[];
    activityLogs: readonly ActivityLog[];
  },
  now: number = Date.now(),
): DashboardStats {
  let lastActivityAt: string | null = null;
  let newest = Number.NEGATIVE_INFINITY;
  for (const log of lists.activityLogs) {
    const at = Date.parse(log.timestamp);
    if (!Number.isNaN(at) && at > newest) {
      newest = at;
      lastActivityAt = log.timestamp;
    }
  }
  return {
    activeCredentials: lists.credentials.filter(
      (c) => credentialDisplayStatus(c, now) !== 'expired',
    ).length,
    pendingConsents: lists.consentRequests.filter((r) => r.status === 'pending').length,
    totalShares: lists.activityLogs.filter((l) => l.type === 'credential_shared').length,
    lastActivityAt,
  };
}
