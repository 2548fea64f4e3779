/**
 * The life of a consent after SPEC 4's decision (issue 17, DECISIONS 7): an approved consent is
 * valid for a number of days (its request's, else the verifier's registered retention for the
 * purpose, else DEFAULT_CONSENT_VALIDITY_DAYS), the holder is reminded CONSENT_EXPIRY_REMINDER_DAYS
 * before it ends, it becomes `expired` at `valid_until`, and the holder may withdraw it at any
 * time before (DPDP Act s.6(4): as easily as it was given). Renewal is a new request.
 *
 * Also the exact activity texts of these events: stored data, so English, written the same by
 * the server and by the web app's offline withdrawal.
 */
import type { ConsentRequest } from '../api/records';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** SPEC 9: "Sample approved consents run about 6 months to expiry": 180 days. */
export const DEFAULT_CONSENT_VALIDITY_DAYS = 180;

/** The holder is reminded this many days before an approved consent ends. */
export const CONSENT_EXPIRY_REMINDER_DAYS = 7;

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

/** '2025-06-08' of an instant (UTC), as the reminder's text names the day. */
function day(iso: string): string {
  return iso.slice(0, 10);
}

/** The activity texts of the consent's later states (issue 17). */
export const CONSENT_LOG_TEXT = {
  /** The wording: 'Withdrew consent from {requester} for {purpose}'. */
  withdrawn: (c: Pick<ConsentRequest, 'requester' | 'purpose'>) =>
    `Withdrew consent from ${c.requester} for ${c.purpose}`,
  expired: (c: Pick<ConsentRequest, 'requester' | 'purpose'>) =>
    `Consent to ${c.requester} for ${c.purpose} expired`,
  expiring: (c: Pick<ConsentRequest, 'requester' | 'purpose'>, validUntil: string) =>
    `Consent to ${c.requester} for ${c.purpose} expires on ${day(validUntil)}`,
  delivered: (c: Pick<ConsentRequest, 'requester'>) =>
    `Withdrawal notice delivered to ${c.requester}`,
  undelivered: (c: Pick<ConsentRequest, 'requester'>) =>
    `Withdrawal notice could not be delivered to ${c.requester}`,
} as const;

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
