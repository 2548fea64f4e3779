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

/**
 * The dashboard's Last Activity text (SPEC 9): under 1 hour 'Just now', under 24 hours
 * 'N hours ago', else 'N days ago' (whole units, rounded down). A timestamp in the future counts
 * as 'Just now'. An unparsable timestamp gives ''.
 */
export function formatLastActivity(timestamp: Instant, now: Instant = Date.now()): string {
  const ms = toMs(timestamp);
  if (Number.isNaN(ms)) return '';
  const hours = Math.floor((toMs(now) - ms) / HOUR_MS);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours} hours ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/**
 * The activity list's relative time (SPEC 9): under 1 hour 'Just now', under 24 hours
 * 'N hours ago', under 48 hours 'Yesterday', else the date formatted for en-IN (e.g.
 * '15/3/2025'). An unparsable timestamp gives ''.
 */
export function formatRelativeTime(timestamp: Instant, now: Instant = Date.now()): string {
  const ms = toMs(timestamp);
  if (Number.isNaN(ms)) return '';
  const hours = Math.floor((toMs(now) - ms) / HOUR_MS);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours} hours ago`;
  if (hours < 48) return 'Yesterday';
  return new Date(ms).toLocaleDateString('en-IN');
}
