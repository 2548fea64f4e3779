import type { ConsentRequest } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import { activity, consent } from '@/testing/fixtures';
import { keepUnsyncedDecisions, newestFirst, withUnsyncedEntries } from './unsynced';

const now = Date.parse('2025-06-01T12:00:00.000Z');

function request(id: string, overrides: Partial<ConsentRequest> = {}): ConsentRequest {
  return { ...consent(id, 'pending'), ...overrides };
}

/** An approval made on this device while offline. */
const approvedHere = (id: string): ConsentRequest =>
  request(id, {
    status: 'approved',
    status_updated_at: '2025-06-01T11:00:00.000Z',
    status_updated_by: 'user-001',
    pending_sync: true,
  });

describe('keepUnsyncedDecisions', () => {
  it('keeps a decision made offline while the server still has the request pending', () => {
    const merged = keepUnsyncedDecisions([request('a'), request('b')], [approvedHere('a')]);
    expect(merged.map((r) => [r.id, r.status, r.pending_sync])).toEqual([
      ['a', 'approved', true],
      ['b', 'pending', undefined],
    ]);
  });

  it("lets the server's decision win: decisions are final (SPEC 4)", () => {
    const server = request('a', { status: 'rejected', status_updated_at: '2025-01-02T00:00:00Z' });
    expect(keepUnsyncedDecisions([server], [approvedHere('a')])).toEqual([server]);
  });

  it('keeps a withdrawal made offline while the server still has the consent approved (issue 17)', () => {
    const approved = request('a', {
      status: 'approved',
      status_updated_at: '2025-06-01T10:00:00Z',
    });
    const withdrawnHere = {
      ...approved,
      status: 'withdrawn' as const,
      withdrawn_at: '2025-06-01T11:30:00.000Z',
      pending_sync: true,
    };
    expect(keepUnsyncedDecisions([approved], [withdrawnHere])).toEqual([withdrawnHere]);
    // Once the server has it withdrawn (or expired), the server's copy wins.
    const serverWithdrawn = { ...approved, status: 'withdrawn' as const };
    expect(keepUnsyncedDecisions([serverWithdrawn], [withdrawnHere])).toEqual([serverWithdrawn]);
    const serverExpired = { ...approved, status: 'expired' as const };
    expect(keepUnsyncedDecisions([serverExpired], [withdrawnHere])).toEqual([serverExpired]);
  });

  it('ignores local copies that are only a cache of the server', () => {
    const cached = request('a', { status: 'rejected' });
    expect(keepUnsyncedDecisions([request('a')], [cached])).toEqual([request('a')]);
  });
});

describe('withUnsyncedEntries', () => {
  it('orders newest first', () => {
    const logs = [activity('a', 'login', 5, now), activity('b', 'logout', 1, now)];
    expect(newestFirst(logs).map((l) => l.id)).toEqual(['b', 'a']);
  });

  it('adds only unsynced local entries the server does not hold', () => {
    const server = [activity('s1', 'login', 2, now)];
    const local = [
      { ...activity('s1', 'login', 2, now), pending_sync: true },
      { ...activity('p1', 'consent_approved', 1, now), pending_sync: true },
      activity('cached', 'logout', 0.5, now),
    ];
    expect(withUnsyncedEntries(server, local).map((l) => l.id)).toEqual(['p1', 's1']);
    expect(withUnsyncedEntries(server, [])).toEqual(server);
  });
});
