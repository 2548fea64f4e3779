/**
 * The life of a consent after SPEC 4's decision (issue 17, DECISIONS 7): an approved consent is
 * valid for a number of days (its request's, else the verifier's registered retention for the
 * purpose, else DEFAULT_CONSENT_VALIDITY_DAYS), the holder is reminded CONSENT_EXPIRY_REMINDER_DAYS
 * before it ends, it becomes `expired` at `valid_until`, and the holder may withdraw it at any
 * time before (DPDP Act s.6(4): as easily as it was given). Renewal is a new request.
 *
 * Also the activity messages of these events, written the same by the server and by the web
 * app's offline withdrawal.
 */
import type { ActivityMessage } from '../api/activity-messages';
import type { ConsentRequest } from '../api/records';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** SPEC 9: "Sample approved consents run about 6 months to expiry": 180 days. */
export const DEFAULT_CONSENT_VALIDITY_DAYS = 180;

/** The holder is reminded this many days before an approved consent ends. */
export const CONSENT_EXPIRY_REMINDER_DAYS = 7;

/**
 * Days an approval stays valid: the request's own validity (`validityDays`, a stored request's
 * `validity_days`), else the retention the verifier registered for the purpose (an OpenID4VP
 * request's `retention_days`), else DEFAULT_CONSENT_VALIDITY_DAYS.
 */
export function consentValidityDays(
  request: { validityDays?: number | null },
  presentation?: { retention_days?: number | null } | null,
): number {
  return request.validityDays ?? presentation?.retention_days ?? DEFAULT_CONSENT_VALIDITY_DAYS;
}

/** Milliseconds since the epoch of an ISO instant; NaN when absent or unparsable. */
function instant(value: string | null | undefined): number {
  return value ? Date.parse(value) : Number.NaN;
}

/**
 * True when `request` is approved and ends within CONSENT_EXPIRY_REMINDER_DAYS of `now`
 * (epoch ms), not yet past its end.
 */
export function isConsentExpiringSoon(request: ConsentRequest, now: number): boolean {
  if (request.status !== 'approved') return false;
  const end = instant(request.valid_until);
  return !Number.isNaN(end) && end > now && end - now <= CONSENT_EXPIRY_REMINDER_DAYS * DAY_MS;
}

/** True when the holder can withdraw `request` now: approved and not past its validity. */
export function isConsentWithdrawable(request: ConsentRequest, now: number): boolean {
  if (request.status !== 'approved') return false;
  const end = instant(request.valid_until);
  return Number.isNaN(end) || end > now;
}

/**
 * The activity message of a consent's later state (issue 17; core's activity-messages.ts words
 * it): withdrawn, expired, expiring (with the consent's last day, YYYY-MM-DD, UTC), or the
 * withdrawal notice delivered / undelivered.
 */
export function consentEventMessage(
  code: 'consent_withdrawn' | 'consent_expired' | 'withdrawal_delivered' | 'withdrawal_undelivered',
  consent: Pick<ConsentRequest, 'requester' | 'purpose'>,
): ActivityMessage;
export function consentEventMessage(
  code: 'consent_expiring',
  consent: Pick<ConsentRequest, 'requester' | 'purpose'>,
  validUntil: string,
): ActivityMessage;
export function consentEventMessage(
  code: ActivityMessage['code'],
  consent: Pick<ConsentRequest, 'requester' | 'purpose'>,
  validUntil?: string,
): ActivityMessage {
  return {
    code,
    params: {
      requester: consent.requester,
      purpose: consent.purpose,
      ...(validUntil ? { date: validUntil.slice(0, 10) } : {}),
    },
  };
}

/**
 * The next instant (epoch ms) after `now` at which `requests` change by the clock alone: an
 * approved consent's end or the start of its reminder window; undefined when none will. A
 * cached answer of the list is good until then.
 */
export function nextConsentChange(
  requests: readonly ConsentRequest[],
  now: number,
): number | undefined {
  let next: number | undefined;
  for (const request of requests) {
    if (request.status !== 'approved') continue;
    const end = instant(request.valid_until);
    if (Number.isNaN(end)) continue;
    for (const at of [end - CONSENT_EXPIRY_REMINDER_DAYS * DAY_MS, end]) {
      if (at > now && (next === undefined || at < next)) next = at;
    }
  }
  return next;
}
