import { ACTIVITY_TYPES, type ActivityLog } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { newestFirst } from '@/lib/sync/unsynced';
import { activity } from '@/testing/fixtures';
import {
  ACTIVITY_FILTER_TYPES,
  type ActivityTypeFilter,
  DEMO_ACTIVITY,
  demoActivityLogs,
  filterActivityLogs,
  isActivityTypeFilter,
} from './activity-records';

const now = Date.parse('2025-06-01T12:00:00.000Z');
const labelOf = (type: ActivityLog['type']) => i18n.getFixedT('en', 'activity')(`types.${type}`);

describe('activity records', () => {
  it("filters by the twelve SPEC 3 types, credential_viewed, the consent lifecycle's and the security settings' types", () => {
    expect(ACTIVITY_FILTER_TYPES).toEqual(ACTIVITY_TYPES);
    expect(ACTIVITY_FILTER_TYPES).toHaveLength(41);
    expect(ACTIVITY_FILTER_TYPES).toContain('credential_status_changed');
    expect(ACTIVITY_FILTER_TYPES).toContain('credential_presented_offline');
    expect(ACTIVITY_FILTER_TYPES).toContain('credential_field_revealed');
    expect(ACTIVITY_FILTER_TYPES).toContain('credential_offer_received');
    expect(ACTIVITY_FILTER_TYPES).toContain('credential_received');
    expect(ACTIVITY_FILTER_TYPES).toContain('credential_viewed');
    expect(ACTIVITY_FILTER_TYPES).toContain('consent_withdrawn');
    expect(ACTIVITY_FILTER_TYPES).toContain('new_device_login');
    expect(ACTIVITY_FILTER_TYPES).toContain('recovery_code_used');
    expect(isActivityTypeFilter('all')).toBe(true);
    expect(isActivityTypeFilter('consent_rejected')).toBe(true);
    expect(isActivityTypeFilter('hacked')).toBe(false);
  });

  it('filters by description or type label, case-insensitively, and by type', () => {
    const logs = [
      { ...activity('a', 'consent_approved', 1, now), description: 'Approved SBI request' },
      { ...activity('b', 'credential_shared', 2, now), description: 'Shared PAN Card' },
      { ...activity('c', 'login', 3, now), description: 'Logged in' },
    ];
    const ids = (query: string, type: ActivityTypeFilter = 'all') =>
      filterActivityLogs(logs, { query, type, labelOf }).map((l) => l.id);
    expect(ids('')).toEqual(['a', 'b', 'c']);
    expect(ids('  sbi ')).toEqual(['a']);
    // 'Credential shared' is b's type label, not in its description.
    expect(ids('CREDENTIAL SHARED')).toEqual(['b']);
    expect(ids('', 'login')).toEqual(['c']);
    expect(ids('pan', 'login')).toEqual([]);
  });

  it('builds demo entries relative to now, newest first, for the holder', () => {
    const logs = demoActivityLogs(new Date(now), 'user-007', (key) => `demo ${key}`);
    expect(logs).toHaveLength(DEMO_ACTIVITY.length);
    expect(logs.map((l) => l.type)).toEqual([
      'login',
      'consent_approved',
      'credential_generated',
      'credential_shared',
      'basic_identity_created',
    ]);
    expect(newestFirst(logs)).toEqual(logs);
    expect(logs.every((l) => l.userId === 'user-007' && l.id.startsWith('demo-'))).toBe(true);
    expect(logs[0]?.description).toBe('demo login');
    expect(Date.parse(logs[0]?.timestamp ?? '')).toBeLessThanOrEqual(now);
  });
});
