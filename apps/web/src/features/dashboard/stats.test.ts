import { describe, expect, it } from 'vitest';
import { activity, consent, credential, share } from '@/testing/fixtures';
import { computeDashboardStats } from './stats';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const DAY = 86_400_000;

describe('computeDashboardStats (SPEC 2)', () => {
  const lists = {
    credentials: [
      credential('valid'),
      credential('permanent', { permanent: true, expiration_date: '' }),
      credential('expired', { expiration_date: new Date(NOW - DAY).toISOString() }),
      credential('expiring', { expiration_date: new Date(NOW + 5 * DAY).toISOString() }),
    ],
    consentRequests: [
      consent('p1', 'pending'),
      consent('p2', 'pending'),
      consent('a1', 'approved'),
      consent('x1', 'rejected'),
    ],
    activityLogs: [
      activity('s1', 'credential_shared', 50, NOW),
      activity('l1', 'login', 5, NOW),
      activity('s2', 'credential_shared', 3, NOW),
      activity('c1', 'credential_copied', 1, NOW),
    ],
  };

  it('Active Credentials leaves out expired ones', () => {
    expect(computeDashboardStats(lists, NOW).activeCredentials).toBe(3);
  });

  it('Pending Consents counts pending requests only', () => {
    expect(computeDashboardStats(lists, NOW).pendingConsents).toBe(2);
  });

  it('Total Shares counts the share links made, whatever their status', () => {
    const shares = (['active', 'withdrawn', 'expired'] as const).map((status, i) =>
      share(`share-${i}`, { status }),
    );
    // Three links, though the log holds two credential_shared entries.
    expect(computeDashboardStats({ ...lists, shares }, NOW).totalShares).toBe(3);
    expect(computeDashboardStats({ ...lists, shares: [] }, NOW).totalShares).toBe(0);
  });

  it('without the share list (offline, local-only mode), counts the credential_shared entries kept on this device', () => {
    expect(computeDashboardStats(lists, NOW).totalShares).toBe(2);
    expect(computeDashboardStats({ ...lists, shares: null }, NOW).totalShares).toBe(2);
  });

  it('Last Activity is the newest entry, whatever the list order', () => {
    expect(computeDashboardStats(lists, NOW).lastActivityAt).toBe(
      new Date(NOW - 3_600_000).toISOString(),
    );
  });

  it('is all zero / null with no data', () => {
    expect(
      computeDashboardStats({ credentials: [], consentRequests: [], activityLogs: [] }, NOW),
    ).toEqual({ activeCredentials: 0, pendingConsents: 0, totalShares: 0, lastActivityAt: null });
  });
});
