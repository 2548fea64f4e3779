/**
 * The notification rule of SPEC 4 and 9 ("Recent Updates"), pure so the header, the mobile menu
 * and the tests agree, on every device (the seen-state is stored on the server):
 * - a consent request counts while it is pending and was not viewed in the last 5 minutes;
 * - a credential or an activity entry counts when it was issued (logged) within the last
 *   5 minutes and has never been viewed;
 * - a security notice (a sign-in on a new device, a suspicious-activity alert: issue 19's Login
 *   notifications and Suspicious activity alerts) counts while never viewed, for up to 7 days:
 *   the holder may be away when it happens, and it is the notice they must not miss.
 * The badge shows the count, '9+' above 9 and nothing at 0.
 */
import type { ActivityLog, ConsentRequest, CredentialRecord } from '../api/records';

/** SPEC 9: the notification window, in milliseconds. */
export const NOTIFICATION_WINDOW_MS = 5 * 60 * 1000;
/** SPEC 9: the header polls every 30 seconds. */
export const NOTIFICATION_POLL_MS = 30_000;
/** How long an unseen security notice stays in Recent Updates (7 days). */
export const SECURITY_NOTICE_WINDOW_MS = 7 * 24 * 3_600_000;
/** The activity types that are security notices (the bell keeps them until seen). */
export const SECURITY_NOTICE_TYPES: readonly string[] = ['new_device_login', 'security_alert'];

/** SPEC 2: the badge caps at 9+. */
export const BADGE_CAP = 9;

export type RecentUpdateKind = 'credential' | 'consent_request' | 'activity_log';

/** One line of the Recent Updates dropdown. */
export interface RecentUpdate {
  kind: RecentUpdateKind;
  /** The record's id. */
  id: string;
  /** ISO 8601: issuance (credential), request (consent) or log time. */
  at: string;
  /** The credential's document type name, the requester, or the log description. */
  title: string;
  /** The consent purpose; the log type; the credential issuer. */
  detail: string;
}

export interface RecentUpdates {
  /** Newest first. */
  items: RecentUpdate[];
  count: number;
  /** '' at 0, the count up to 9, else '9+'. */
  badge: string;
  /** A red dot on the Credentials link (SPEC 2). */
  credentialsHaveNews: boolean;
  /** A red dot on the Consent link (SPEC 2). */
  consentHasNews: boolean;
}

/** Milliseconds since the epoch of an ISO instant; NaN when absent or unparsable. */
function instant(value: string | null | undefined): number {
  return value ? Date.parse(value) : Number.NaN;
}

/** The badge text of SPEC 2: '' at 0, the count up to 9, else '9+'. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/** True while the pending request was not viewed within the window (SPEC 9). */
export function isConsentRequestNew(request: ConsentRequest, now: number): boolean {
  if (request.status !== 'pending') return false;
  const viewed = instant(request.last_viewed);
  return Number.isNaN(viewed) || now - viewed >= NOTIFICATION_WINDOW_MS;
}

/** True for an item issued within the window and never viewed (SPEC 9). */
function isFreshAndUnseen(
  issuedAt: string,
  lastViewed: string | null | undefined,
  now: number,
  window = NOTIFICATION_WINDOW_MS,
) {
  const at = instant(issuedAt);
  if (Number.isNaN(at) || lastViewed) return false;
  const age = now - at;
  // A clock a little ahead of this device still counts as new.
  return age < window && age > -NOTIFICATION_WINDOW_MS;
}

/**
 * The Recent Updates of one holder.
 * @param lists the holder's own records (already filtered to them)
 * @param now milliseconds since the epoch
 */
export function computeRecentUpdates(
  lists: {
    credentials: readonly CredentialRecord[];
    consentRequests: readonly ConsentRequest[];
    activityLogs: readonly ActivityLog[];
  },
  now: number = Date.now(),
): RecentUpdates {
  const items: RecentUpdate[] = [];
  for (const request of lists.consentRequests) {
    if (!isConsentRequestNew(request, now)) continue;
    items.push({
      kind: 'consent_request',
      id: request.id,
      at: request.requested_at,
      title: request.requester,
      detail: request.purpose,
    });
  }
  const consentCount = items.length;
  for (const credential of lists.credentials) {
    if (!isFreshAndUnseen(credential.issuance_date, credential.last_viewed, now)) continue;
    items.push({
      kind: 'credential',
      id: credential.id,
      at: credential.issuance_date,
      title: credential.credential_subject.document_type,
      detail: credential.issuer,
    });
  }
  const credentialCount = items.length - consentCount;
  for (const log of lists.activityLogs) {
    const window = SECURITY_NOTICE_TYPES.includes(log.type)
      ? SECURITY_NOTICE_WINDOW_MS
      : NOTIFICATION_WINDOW_MS;
    if (!isFreshAndUnseen(log.timestamp, log.last_viewed, now, window)) continue;
    items.push({
      kind: 'activity_log',
      id: log.id,
      at: log.timestamp,
      title: log.description,
      detail: log.type,
    });
  }
  items.sort((a, b) => instant(b.at) - instant(a.at));
  return {
    items,
    count: items.length,
    badge: badgeText(items.length),
    credentialsHaveNews: credentialCount > 0,
    consentHasNews: consentCount > 0,
  };
}
