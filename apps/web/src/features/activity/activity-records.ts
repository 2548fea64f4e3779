/**
 * Pure rules of the Activity Logs screen (SPEC 2 /logs, SPEC 3 activity log, SPEC 8, SPEC 9)
 * over SPEC 3 activity entries: newest-first order, the local not-yet-synced entries laid over the
 * server's list, the search and type filter, the relative time of SPEC 9 as translatable parts,
 * and the demo entries shown when loading fails. No storage, no network, no React.
 */
import { ACTIVITY_TYPES, type ActivityLog, type ActivityType } from '@pehchaan/core';

const HOUR_MS = 3_600_000;

/** The SPEC 3 types in the order the type filter lists them. */
export const ACTIVITY_FILTER_TYPES: readonly ActivityType[] = ACTIVITY_TYPES;

/** The type filter's value: one SPEC 3 type or every type. */
export type ActivityTypeFilter = ActivityType | 'all';

/** True for a value the type filter accepts. */
export function isActivityTypeFilter(value: string): value is ActivityTypeFilter {
  return value === 'all' || (ACTIVITY_TYPES as readonly string[]).includes(value);
}

/**
 * The entries the search box and the type filter let through, in the given order. `query`
 * matches, case-insensitively and ignoring surrounding spaces, the description as stored or the
 * type's label as shown (`labelOf`); an empty query matches every entry.
 */
export function filterActivityLogs(
  logs: readonly ActivityLog[],
  options: { query: string; type: ActivityTypeFilter; labelOf: (type: ActivityType) => string },
): ActivityLog[] {
  const needle = options.query.trim().toLocaleLowerCase();
  return logs.filter((log) => {
    if (options.type !== 'all' && log.type !== options.type) return false;
    if (needle === '') return true;
    return (
      log.description.toLocaleLowerCase().includes(needle) ||
      options.labelOf(log.type).toLocaleLowerCase().includes(needle)
    );
  });
}

/** The demo entries of SPEC 8 ("falls back to demo logs"), each with its age in hours. */
export const DEMO_ACTIVITY = [
  { key: 'login', type: 'login', hoursAgo: 0.2 },
  { key: 'consentApproved', type: 'consent_approved', hoursAgo: 3 },
  { key: 'credentialGenerated', type: 'credential_generated', hoursAgo: 5 },
  { key: 'credentialShared', type: 'credential_shared', hoursAgo: 30 },
  { key: 'basicIdentityCreated', type: 'basic_identity_created', hoursAgo: 24 * 6 },
] as const satisfies readonly { key: string; type: ActivityType; hoursAgo: number }[];

export type DemoActivityKey = (typeof DEMO_ACTIVITY)[number]['key'];

/**
 * The demo entries shown when the holder's log cannot be loaded (SPEC 8), newest first, with
 * times relative to `now` and ids starting with 'demo-'. `describe` gives each entry's
 * description (translated by the caller).
 */
export function demoActivityLogs(
  now: Date,
  userId: string,
  describe: (key: DemoActivityKey) => string,
): ActivityLog[] {
  return DEMO_ACTIVITY.map((demo, index) => ({
    id: `demo-${index + 1}`,
    userId,
    type: demo.type,
    description: describe(demo.key),
    timestamp: new Date(now.getTime() - demo.hoursAgo * HOUR_MS).toISOString(),
    last_viewed: null,
  }));
}
