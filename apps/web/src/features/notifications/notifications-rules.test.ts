import { computeRecentUpdates } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import { activity, consent, credential } from '@/testing/fixtures';
import { hasNewOfKind, seenKindForPath, stampLists } from './api/use-notifications';

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

describe('stampLists', () => {
  it('stamps only the given kinds', () => {
    const lists = {
      credentials: [credential('c1', { last_viewed: null })],
      consentRequests: [consent('r1', 'pending')],
      activityLogs: [activity('l1', 'login', 0)],
    };
    const stamped = stampLists(lists, ['consent_requests'], '2025-01-01T00:00:00.000Z');
    expect(stamped.consentRequests[0]?.last_viewed).toBe('2025-01-01T00:00:00.000Z');
    expect(stamped.credentials[0]?.last_viewed).toBeNull();
    expect(stamped.activityLogs[0]?.last_viewed).toBeNull();
    expect(lists.consentRequests[0]?.last_viewed).toBeNull();
  });

  it('clears what hasNewOfKind reports for that kind', () => {
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
    const after = computeRecentUpdates(
      stampLists(lists, ['activity_logs'], new Date(now).toISOString()),
      now,
    );
    expect(hasNewOfKind(after, 'activity_logs')).toBe(false);
    expect(hasNewOfKind(after, 'credentials')).toBe(true);
  });
});
