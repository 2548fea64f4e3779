import { type ConsentRequest, describeActivity } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import { consent } from '@/testing/fixtures';
import {
  consentLogMessage,
  decideLocally,
  groupByStatus,
  migrateConsentRequests,
  sampleConsentRequests,
  withdrawLocally,
} from './consent-records';

function request(id: string, overrides: Partial<ConsentRequest> = {}): ConsentRequest {
  return { ...consent(id, 'pending'), ...overrides };
}

describe('migrateConsentRequests (SPEC 6, local data only)', () => {
  it("moves another user's requests to the current holder and counts them", () => {
    const stored = [
      request('a', { userId: 'user-001' }),
      request('b', { userId: 'user-007' }),
      request('c', { userId: 'user-002', status: 'approved' }),
    ];
    const { requests, migrated } = migrateConsentRequests(stored, 'user-003');
    expect(migrated).toBe(3);
    expect(requests.map((r) => [r.id, r.userId, r.status])).toEqual([
      ['a', 'user-003', 'pending'],
      ['b', 'user-003', 'pending'],
      ['c', 'user-003', 'approved'],
    ]);
    // Pure: the input is untouched.
    expect(stored[0]?.userId).toBe('user-001');
  });

  it("keeps the holder's own requests as they are, and their copy wins over a duplicate id", () => {
    const own = request('a', { userId: 'user-001', status: 'approved' });
    const { requests, migrated } = migrateConsentRequests(
      [request('a', { userId: 'user-002' }), own, request('b', { userId: 'user-001' })],
      'user-001',
    );
    expect(migrated).toBe(0);
    expect(requests).toEqual([own, request('b', { userId: 'user-001' })]);
  });

  it('answers nothing to migrate for an empty store', () => {
    expect(migrateConsentRequests([], 'user-001')).toEqual({ requests: [], migrated: 0 });
  });
});

describe('decisions', () => {
  it('an offline decision is stamped now, by the holder, and marked not yet synced', () => {
    const now = new Date('2025-03-01T10:00:00.000Z');
    expect(decideLocally(request('a'), 'reject', 'user-001', now)).toMatchObject({
      status: 'rejected',
      status_updated_at: '2025-03-01T10:00:00.000Z',
      status_updated_by: 'user-001',
      pending_sync: true,
    });
  });

  it('words the activity entry exactly as SPEC 4 does', () => {
    const bank = { requester: 'State Bank of India', purpose: 'Open savings account' };
    expect(describeActivity(consentLogMessage('approve', bank))).toBe(
      'Approved consent request from State Bank of India for Open savings account',
    );
    expect(describeActivity(consentLogMessage('reject', bank))).toBe(
      'Rejected consent request from State Bank of India for Open savings account',
    );
  });
});

describe('sampleConsentRequests (SPEC 8)', () => {
  it('gives the three seeded requesters, pending, for the holder', () => {
    const samples = sampleConsentRequests(new Date('2025-03-01T10:00:00Z'), 'user-003');
    expect(samples.map((r) => [r.id, r.requester, r.status, r.userId])).toEqual([
      ['consent-user-003-bank', 'State Bank of India', 'pending', 'user-003'],
      ['consent-user-003-telecom', 'Bharti Airtel', 'pending', 'user-003'],
      ['consent-user-003-insurer', 'LIC of India', 'pending', 'user-003'],
    ]);
  });
});

describe('groupByStatus', () => {
  it('splits by status: pending newest request first, decided latest decision first', () => {
    const lists = groupByStatus([
      request('old', { requested_at: '2025-01-01T00:00:00Z' }),
      request('new', { requested_at: '2025-02-01T00:00:00Z' }),
      request('a1', { status: 'approved', status_updated_at: '2025-01-05T00:00:00Z' }),
      request('a2', { status: 'approved', status_updated_at: '2025-01-09T00:00:00Z' }),
      request('r1', { status: 'rejected', status_updated_at: '2025-01-03T00:00:00Z' }),
    ]);
    expect(lists.pending.map((r) => r.id)).toEqual(['new', 'old']);
    expect(lists.approved.map((r) => r.id)).toEqual(['a2', 'a1']);
    expect(lists.rejected.map((r) => r.id)).toEqual(['r1']);
    expect(lists.ended).toEqual([]);
  });

  it('lists withdrawn and expired consents apart, the latest end first (issue 17)', () => {
    const lists = groupByStatus([
      request('w1', { status: 'withdrawn', withdrawn_at: '2025-03-01T00:00:00Z' }),
      request('e1', { status: 'expired', valid_until: '2025-04-01T00:00:00Z' }),
      request('a1', { status: 'approved', status_updated_at: '2025-01-05T00:00:00Z' }),
    ]);
    expect(lists.ended.map((r) => r.id)).toEqual(['e1', 'w1']);
    expect(lists.approved.map((r) => r.id)).toEqual(['a1']);
  });
});

describe('withdrawLocally', () => {
  it('withdraws on this device, keeping the decision’s own stamps (SPEC 4)', () => {
    const approved = request('a', {
      status: 'approved',
      status_updated_at: '2025-01-05T00:00:00.000Z',
      status_updated_by: 'user-001',
    });
    const now = new Date('2025-02-01T10:00:00.000Z');
    expect(withdrawLocally(approved, 'user-001', now)).toEqual({
      ...approved,
      status: 'withdrawn',
      withdrawn_at: '2025-02-01T10:00:00.000Z',
      withdrawn_by: 'user-001',
      pending_sync: true,
    });
  });
});
