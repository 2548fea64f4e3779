/**
 * The dashboard's four stat figures (SPEC 2) from the holder's lists; pure, so the screen and
 * the tests agree.
 */
import {
  type ActivityLog,
  type ConsentRequest,
  type CredentialRecord,
  credentialDisplayStatus,
  type ShareRecord,
} from '@pehchaan/core';

export interface DashboardStats {
  /** Credentials that are not expired (permanent, valid or expiring). */
  activeCredentials: number;
  /** Consent requests with status 'pending'. */
  pendingConsents: number;
  /**
   * The share links the holder has made (every status: active, withdrawn, expired, used up),
   * counted from the share list; without it (offline before it was ever loaded, or local-only
   * mode) from the activity log kept on this device, one 'credential_shared' entry per link
   * made (per bare link shared, in local-only mode).
   */
  totalShares: number;
  /** Newest activity timestamp (ISO 8601), or null with no activity. */
  lastActivityAt: string | null;
}

export function computeDashboardStats(
  lists: {
    credentials: readonly CredentialRecord[];
    consentRequests: readonly ConsentRequest[];
    activityLogs: readonly ActivityLog[];
    /** The holder's share links (GET /user/{userId}/shares); null when not known. */
    shares?: readonly ShareRecord[] | null;
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
    totalShares:
      lists.shares?.length ??
      lists.activityLogs.filter((l) => l.type === 'credential_shared').length,
    lastActivityAt,
  };
}
