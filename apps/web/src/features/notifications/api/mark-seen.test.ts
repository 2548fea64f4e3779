/**
 * markSeen (SPEC 4 seen-state): the bell stamps the three lists' stored copies only through the
 * owners' stamps it is handed (STYLE 14), then tells the server.
 */
import { SEEN_KINDS } from '@pehchaan/core';
import { describe, expect, it, vi } from 'vitest';
import { credential } from '@/testing/fixtures';
import { json, mockFetch } from '@/testing/mock-fetch';
import { markSeen, type SeenStamps } from './mark-seen';

const NOW = new Date('2026-11-25T10:00:00.000Z');

function spyStamps() {
  return {
    credentials: vi.fn(),
    consent_requests: vi.fn(),
    activity_logs: vi.fn(),
  } satisfies SeenStamps;
}

describe('markSeen', () => {
  it("calls the owner's stamp of each kind with the holder and the time, and no other", async () => {
    mockFetch({
      'POST /user/user-001/seen': () =>
        json({ kinds: ['credentials', 'activity_logs'], last_viewed: NOW.toISOString() }),
    });
    const stamps = spyStamps();
    await expect(
      markSeen({ userId: 'user-001', kinds: ['credentials', 'activity_logs'], stamps, now: NOW }),
    ).resolves.toBe('api');
    expect(stamps.credentials).toHaveBeenCalledExactlyOnceWith('user-001', NOW.toISOString());
    expect(stamps.activity_logs).toHaveBeenCalledExactlyOnceWith('user-001', NOW.toISOString());
    expect(stamps.consent_requests).not.toHaveBeenCalled();
  });

  it("writes none of the lists' storage keys itself", async () => {
    const stored = JSON.stringify([credential('c1')]);
    for (const key of ['credentials', 'consentRequests', 'activityLogs']) {
      localStorage.setItem(key, stored);
    }
    mockFetch({});
    await markSeen({ userId: 'user-001', kinds: SEEN_KINDS, stamps: spyStamps(), now: NOW });
    for (const key of ['credentials', 'consentRequests', 'activityLogs']) {
      expect(localStorage.getItem(key)).toBe(stored);
    }
  });

  it('stamps locally before the server answers, and answers localStorage without it', async () => {
    const { calls } = mockFetch({});
    const stamps = spyStamps();
    await expect(
      markSeen({ userId: 'user-001', kinds: ['consent_requests'], stamps, now: NOW }),
    ).resolves.toBe('localStorage');
    expect(stamps.consent_requests).toHaveBeenCalledExactlyOnceWith('user-001', NOW.toISOString());
    expect(calls.map((c) => c.body)).toEqual([{ kinds: ['consent_requests'] }]);
  });
});
