import { computeRecentUpdates } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import { activity, consent, credential } from '@/testing/fixtures';
import { hasNewOfKind, seenKindForPath } from './api/use-notifications';

describe('seenKindForPath (SPEC 4)', () => {
  it.each([
    ['/credentials', 'credentials'],
    ['/consent', 'consent_requests'],
    ['/consent/', 'consent_requests'],
    ['/logs', 'activity_logs'],
    ['/dashboard', null],
    ['/profile', null],
    ['/', null],
  ])('%s -> %s', (path, kind) => {
    expect(seenKindForPath(path)).toBe(kind);
  });
});

describe('hasNewOfKind', () => {
  it('clears for a kind once its records are stamped as viewed', () => {
    const now = Date.now();
    const lists = {
      credentials: [credential('c1', { issuance_date: new Date(now).toISOString() })],
      consentRequests: [consent('r1', 'pending')],
      activityLogs: [activity('l1', 'login', 0, now)],
    };
    const before = computeRecentUpdates(lists, now);
    expect(hasNewOfKind(before, 'credentials')).toBe(true);
    expect(hasNewOfKind(before, 'consent_requests')).toBe(true);
    expect(hasNewOfKind(before, 'activity_logs')).toBe(true);
    const stamp = new Date(now).toISOString();
    const after = computeRecentUpdates(
      { ...lists, activityLogs: lists.activityLogs.map((l) => ({ ...l, last_viewed: stamp })) },
      now,
    );
    expect(hasNewOfKind(after, 'activity_logs')).toBe(false);
    expect(hasNewOfKind(after, 'credentials')).toBe(true);
  });
});
