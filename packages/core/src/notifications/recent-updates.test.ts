import { describe, expect, it } from 'vitest';
import type { ActivityLog, ConsentRequest, CredentialRecord } from '../api/records';
import { badgeText, computeRecentUpdates, NOTIFICATION_WINDOW_MS } from './recent-updates';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

function request(id: string, over: Partial<ConsentRequest> = {}): ConsentRequest {
  return {
    id,
    userId: 'user-001',
    requester: `Bank ${id}`,
    purpose: 'Open savings account',
    requested_at: ago(60 * MIN),
    status: 'pending',
    fields: ['Name'],
    status_updated_at: null,
    status_updated_by: null,
    last_viewed: null,
    ...over,
  };
}

function log(id: string, over: Partial<ActivityLog> = {}): ActivityLog {
  return {
    id,
    userId: 'user-001',
    type: 'credential_shared',
    description: `entry ${id}`,
    timestamp: ago(MIN),
    last_viewed: null,
    ...over,
  };
}

function credential(id: string, over: Partial<CredentialRecord> = {}): CredentialRecord {
  return {
    id,
    userId: 'user-001',
    type: ['VerifiableCredential', 'PANCredential'],
    issuer: 'Income Tax Department',
    issuance_date: ago(MIN),
    expiration_date: '',
    credential_subject: { id: 'did:x', name: 'A', document_type: 'PAN Card' },
    proof: null,
    last_viewed: null,
    status: { value: 'valid', checked_at: '2025-01-01T00:00:00.000Z' },
    ...over,
  };
}

describe('computeRecentUpdates (SPEC 4, 9)', () => {
  it('counts pending requests not viewed in the last 5 minutes, never decided ones', () => {
    const updates = computeRecentUpdates(
      {
        credentials: [],
        consentRequests: [
          request('never-viewed'),
          request('viewed-6-min-ago', { last_viewed: ago(6 * MIN) }),
          request('viewed-1-min-ago', { last_viewed: ago(MIN) }),
          request('approved', { status: 'approved' }),
          request('rejected', { status: 'rejected' }),
        ],
        activityLogs: [],
      },
      NOW,
    );
    expect(updates.items.map((i) => i.id).sort()).toEqual(['never-viewed', 'viewed-6-min-ago']);
    expect(updates.consentHasNews).toBe(true);
    expect(updates.credentialsHaveNews).toBe(false);
  });

  it('counts credentials and log entries issued within 5 minutes and never viewed', () => {
    const updates = computeRecentUpdates(
      {
        credentials: [
          credential('fresh'),
          credential('old', { issuance_date: ago(NOTIFICATION_WINDOW_MS + 1) }),
          credential('seen', { last_viewed: ago(10) }),
        ],
        consentRequests: [],
        activityLogs: [log('fresh-log'), log('old-log', { timestamp: ago(10 * MIN) })],
      },
      NOW,
    );
    expect(updates.items.map((i) => i.id).sort()).toEqual(['fresh', 'fresh-log']);
    expect(updates.count).toBe(2);
    expect(updates.badge).toBe('2');
    expect(updates.credentialsHaveNews).toBe(true);
    expect(updates.consentHasNews).toBe(false);
  });

  it('lists what others did before the holder’s own actions, newest first within each group (issue 17)', () => {
    const updates = computeRecentUpdates(
      {
        credentials: [credential('own-credential', { issuance_date: ago(MIN / 2) })],
        consentRequests: [
          request('pending', { requested_at: ago(90 * MIN) }),
          request('expiring', {
            status: 'approved',
            valid_until: new Date(NOW + 3 * 24 * 60 * MIN).toISOString(),
          }),
          // Not within the reminder window, or seen a minute ago: not in the bell.
          request('far', {
            status: 'approved',
            valid_until: new Date(NOW + 30 * 24 * 60 * MIN).toISOString(),
          }),
          request('expiring-seen', {
            status: 'approved',
            valid_until: new Date(NOW + 24 * 60 * MIN).toISOString(),
            last_viewed: ago(MIN),
          }),
        ],
        activityLogs: [
          log('own-login', { type: 'login', timestamp: ago(MIN / 4) }),
          log('delivered', { type: 'withdrawal_delivered', timestamp: ago(2 * MIN) }),
          log('viewed-old', { type: 'credential_viewed', timestamp: ago(4 * MIN) }),
          log('viewed-new', { type: 'credential_viewed', timestamp: ago(3 * MIN) }),
          log('own-withdrawal', { type: 'consent_withdrawn', timestamp: ago(3 * MIN) }),
          // The reminder entry repeats the expiring consent's own line.
          log('reminder', { type: 'consent_expiring', timestamp: ago(MIN) }),
        ],
      },
      NOW,
    );
    expect(updates.items.map((i) => i.id)).toEqual([
      'pending',
      'viewed-new',
      'viewed-old',
      'delivered',
      'expiring',
      'own-login',
      'own-credential',
      'own-withdrawal',
    ]);
    expect(updates.items.find((i) => i.id === 'expiring')?.kind).toBe('consent_expiring');
    expect(updates.consentHasNews).toBe(true);
    expect(updates.badge).toBe('8');
  });

  it('empty lists give no updates and no badge', () => {
    const updates = computeRecentUpdates(
      { credentials: [], consentRequests: [], activityLogs: [] },
      NOW,
    );
    expect(updates).toMatchObject({ count: 0, badge: '', items: [] });
  });
});

describe('badgeText (SPEC 2: 9+ above 9)', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%i -> %j', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});

describe('security notices (issue 19: Login notifications, Suspicious activity alerts)', () => {
  const lists = (activityLogs: ActivityLog[]) => ({
    credentials: [],
    consentRequests: [],
    activityLogs,
  });

  it('stay in Recent Updates until seen, for up to 7 days, unlike other entries', () => {
    const updates = computeRecentUpdates(
      lists([
        log('device', { type: 'new_device_login', timestamp: ago(3 * 24 * 60 * MIN) }),
        log('alert', { type: 'security_alert', timestamp: ago(60 * MIN) }),
        log('old-share', { timestamp: ago(60 * MIN) }),
        log('seen', { type: 'security_alert', timestamp: ago(MIN), last_viewed: ago(0) }),
        log('week-old', { type: 'new_device_login', timestamp: ago(8 * 24 * 60 * MIN) }),
      ]),
      NOW,
    );
    expect(updates.items.map((item) => item.id)).toEqual(['alert', 'device']);
    expect(updates.badge).toBe('2');
  });
});

describe("a credential's status change (SPEC 8 status lists)", () => {
  it('stays in Recent Updates until seen, for up to 7 days, before the holder’s own actions', () => {
    const updates = computeRecentUpdates(
      {
        credentials: [],
        consentRequests: [],
        activityLogs: [
          log('own', { type: 'credential_shared', timestamp: ago(MIN) }),
          log('revoked', {
            type: 'credential_status_changed',
            description: 'Aadhaar Card was revoked by its issuer',
            timestamp: ago(2 * 24 * 60 * MIN),
          }),
          log('seen', {
            type: 'credential_status_changed',
            timestamp: ago(MIN),
            last_viewed: ago(0),
          }),
          log('old', { type: 'credential_status_changed', timestamp: ago(8 * 24 * 60 * MIN) }),
        ],
      },
      NOW,
    );
    expect(updates.items.map((item) => item.id)).toEqual(['revoked', 'own']);
    expect(updates.items[0]?.title).toBe('Aadhaar Card was revoked by its issuer');
  });
});
