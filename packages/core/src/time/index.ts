/**
 * The relative-time texts of SPEC 9.
 * Timestamps are ISO 8601 strings, epoch milliseconds or Dates; `now` defaults to the clock.
 */

const HOUR_MS = 3_600_000;

type Instant = string | number | Date;

function toMs(value: Instant): number {
  return value instanceof Date
    ? value.getTime()
    : typeof value === 'number'
      ? value
      : Date.parse(value);
}

/** SPEC 9 "Activity relative time" as parts a UI can translate (see formatRelativeTime). */
export type RelativeTimeParts =
  | { unit: 'justNow' }
  | { unit: 'hours'; count: number }
  | { unit: 'yesterday' }
  | { unit: 'date'; ms: number }
  | { unit: 'invalid' };

/** SPEC 9 "Last Activity text" as parts a UI can translate (see formatLastActivity). */
export type LastActivityParts =
  | { unit: 'justNow' }
  | { unit: 'hours'; count: number }
  | { unit: 'days'; count: number }
  | { unit: 'invalid' };

/** Whole hours from `timestamp` to `now` (rounded down), or NaN for an unparsable timestamp. */
function hoursBetween(timestamp: Instant, now: Instant): number {
  const ms = toMs(timestamp);
  return Number.isNaN(ms) ? Number.NaN : Math.floor((toMs(now) - ms) / HOUR_MS);
}

/**
 * SPEC 9 Last Activity: under 1 hour (or in the future) justNow, under 24 hours the hours,
 * else the days (whole units, rounded down); 'invalid' for an unparsable timestamp.
 */
export function lastActivityParts(
  timestamp: Instant,
  now: Instant = Date.now(),
): LastActivityParts {
  const hours = hoursBetween(timestamp, now);
  if (Number.isNaN(hours)) return { unit: 'invalid' };
  if (hours < 1) return { unit: 'justNow' };
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}

/**
 * SPEC 9 Activity relative time: under 1 hour (or in the future) justNow, under 24 hours the
 * hours, under 48 hours yesterday, else the instant to show as a date; 'invalid' when unparsable.
 */
export function relativeTimeParts(
  timestamp: Instant,
  now: Instant = Date.now(),
): RelativeTimeParts {
  const hours = hoursBetween(timestamp, now);
  if (Number.isNaN(hours)) return { unit: 'invalid' };
  if (hours < 1) return { unit: 'justNow' };
  if (hours < 24) return { unit: 'hours', count: hours };
  if (hours < 48) return { unit: 'yesterday' };
  return { unit: 'date', ms: toMs(timestamp) };
}

/**
 * The dashboard's Last Activity text (SPEC 9): under 1 hour 'Just now', under 24 hours
 * 'N hours ago', else 'N days ago' (whole units, rounded down). A timestamp in the future counts
 * as 'Just now'. An unparsable timestamp gives ''.
 */
export function formatLastActivity(timestamp: Instant, now: Instant = Date.now()): string {
  const parts = lastActivityParts(timestamp, now);
  switch (parts.unit) {
    case 'justNow':
      return 'Just now';
    case 'hours':
      return `${parts.count} hours ago`;
    case 'days':
      return `${parts.count} days ago`;
    case 'invalid':
      return '';
  }
}

/**
 * The activity list's relative time (SPEC 9): under 1 hour 'Just now', under 24 hours
 * 'N hours ago', under 48 hours 'Yesterday', else the date formatted for en-IN (e.g.
 * '15/3/2025'). An unparsable timestamp gives ''.
 */
export function formatRelativeTime(timestamp: Instant, now: Instant = Date.now()): string {
  const parts = relativeTimeParts(timestamp, now);
  switch (parts.unit) {
    case 'justNow':
      return 'Just now';
    case 'hours':
      return `${parts.count} hours ago`;
    case 'yesterday':
      return 'Yesterday';
    case 'date':
      return new Date(parts.ms).toLocaleDateString('en-IN');
    case 'invalid':
      return '';
  }
}
