/**
 * The notification rule of SPEC 4 and 9 ("Recent Updates"), pure so the header, the mobile menu
 * and the tests agree, on every device (the seen-state is stored on the server):
 * - a consent request counts while it is pending and was not viewed in the last 5 minutes;
 *   so does an approved consent about to expire (issue 17: within CONSENT_EXPIRY_REMINDER_DAYS);
 * - a credential or an activity entry counts when it was issued (logged) within the last
 *   5 minutes and has never been viewed;
 * - a security notice (a sign-in on a new device, a suspicious-activity alert: issue 19's Login
 *   notifications and Suspicious activity alerts) counts while never viewed, for up to 7 days:
 *   the holder may be away when it happens, and it is the notice they must not miss; so does a
 *   credential's status change seen by the wallet (SPEC 8: 'Aadhaar Card was revoked by its
 *   issuer'), which the holder learns of only here and in the log.
 * The badge shows the count, '9+' above 9 and nothing at 0.
 *
 * Order (issue 17): what others did or what needs the holder comes before the holder's own
 * actions: 1. pending consent requests, 2. security notices (issue 19), views of share links and
 * an issuer's change of a credential's status,
 * 3. withdrawal notices delivered (or undeliverable) and an organisation's answer to a grievance
 * or erasure request, 4. consents about to expire or just expired, 5. everything else (new
 * credentials, the holder's own actions); newest first within each group.
 */
import type { ActivityLog, ConsentRequest, CredentialRecord } from '../api/records';
import { isConsentExpiringSoon } from '../consent/lifecycle';

/** SPEC 9: the notification window, in milliseconds. */
export const NOTIFICATION_WINDOW_MS = 5 * 60 * 1000;
/** SPEC 9: the header polls every 30 seconds. */
export const NOTIFICATION_POLL_MS = 30_000;
/** How long an unseen security notice stays in Recent Updates (7 days). */
export const SECURITY_NOTICE_WINDOW_MS = 7 * 24 * 3_600_000;
/** The activity types that are security notices (the bell keeps them until seen). */
export const SECURITY_NOTICE_TYPES: readonly string[] = [
  'new_device_login',
  'security_alert',
  'recovery_code_used',
  'recovery_codes_generated',
];

/**
 * Activity types the bell keeps until seen, for up to SECURITY_NOTICE_WINDOW_MS, besides the
 * security notices: an issuer revoked, suspended or reinstated one of the holder's credentials.
 */
export const LASTING_NOTICE_TYPES: readonly string[] = [
  ...SECURITY_NOTICE_TYPES,
  'credential_status_changed',
];

/** SPEC 2: the badge caps at 9+. */
export const BADGE_CAP = 9;

export type RecentUpdateKind =
  | 'credential'
  | 'consent_request'
  | 'consent_expiring'
  | 'activity_log';

/** One line of the Recent Updates dropdown. */
export interface RecentUpdate {
  kind: RecentUpdateKind;
  /** The record's id. */
  id: string;
  /** ISO 8601: issuance (credential), request (consent), the consent's end (expiring), log time. */
  at: string;
  /** The credential's document type name, the requester, or the log description. */
  title: string;
  /** The consent purpose; the log type; the credential issuer. */
  detail: string;
}

export interface RecentUpdates {
  /** By group (see the module docs), newest first within each. */
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

/** True when the consent was not viewed within the window (SPEC 9). */
function notViewedRecently(request: ConsentRequest, now: number): boolean {
  const viewed = instant(request.last_viewed);
  return Number.isNaN(viewed) || now - viewed >= NOTIFICATION_WINDOW_MS;
}

/** True while the pending request was not viewed within the window (SPEC 9). */
export function isConsentRequestNew(request: ConsentRequest, now: number): boolean {
  return request.status === 'pending' && notViewedRecently(request, now);
}

/** Issue 17: an approved consent ending within 7 days, not viewed within the window. */
export function isConsentExpiryNew(request: ConsentRequest, now: number): boolean {
  return isConsentExpiringSoon(request, now) && notViewedRecently(request, now);
}

/** The bell's groups, most urgent first (see the module docs). */
const GROUP_OF_LOG: Partial<Record<ActivityLog['type'], number>> = {
  new_device_login: 1,
  security_alert: 1,
  credential_viewed: 1,
  credential_status_changed: 1,
  withdrawal_delivered: 2,
  withdrawal_undelivered: 2,
  grievance_resolved: 2,
  erasure_resolved: 2,
  consent_expired: 3,
};
const OWN_GROUP = 4;

/** The reminder entry repeats the expiring consent's own item; the bell shows that one. */
const NOT_IN_BELL: ReadonlySet<ActivityLog['type']> = new Set(['consent_expiring']);

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
  const grouped: { item: RecentUpdate; group: number }[] = [];
  let consentCount = 0;
  for (const request of lists.consentRequests) {
    if (isConsentRequestNew(request, now)) {
      grouped.push({
        group: 0,
        item: {
          kind: 'consent_request',
          id: request.id,
          at: request.requested_at,
          title: request.requester,
          detail: request.purpose,
        },
      });
      consentCount += 1;
    } else if (isConsentExpiryNew(request, now) && request.valid_until) {
      grouped.push({
        group: 3,
        item: {
          kind: 'consent_expiring',
          id: request.id,
          at: request.valid_until,
          title: request.requester,
          detail: request.purpose,
        },
      });
      consentCount += 1;
    }
  }
  let credentialCount = 0;
  for (const credential of lists.credentials) {
    if (!isFreshAndUnseen(credential.issuance_date, credential.last_viewed, now)) continue;
    grouped.push({
      group: OWN_GROUP,
      item: {
        kind: 'credential',
        id: credential.id,
        at: credential.issuance_date,
        title: credential.credential_subject.document_type,
        detail: credential.issuer,
      },
    });
    credentialCount += 1;
  }
  for (const log of lists.activityLogs) {
    if (NOT_IN_BELL.has(log.type)) continue;
    const window = LASTING_NOTICE_TYPES.includes(log.type)
      ? SECURITY_NOTICE_WINDOW_MS
      : NOTIFICATION_WINDOW_MS;
    if (!isFreshAndUnseen(log.timestamp, log.last_viewed, now, window)) continue;
    grouped.push({
      group: GROUP_OF_LOG[log.type] ?? OWN_GROUP,
      item: {
        kind: 'activity_log',
        id: log.id,
        at: log.timestamp,
        title: log.description,
        detail: log.type,
      },
    });
  }
  grouped.sort((a, b) => a.group - b.group || instant(b.item.at) - instant(a.item.at));
  const items = grouped.map(({ item }) => item);
  return {
    items,
    count: items.length,
    badge: badgeText(items.length),
    credentialsHaveNews: credentialCount > 0,
    consentHasNews: consentCount > 0,
  };
}
