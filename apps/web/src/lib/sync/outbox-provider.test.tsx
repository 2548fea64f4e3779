import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { createTestQueryClient } from '@/testing/query-client';
import { invalidateSynced } from './outbox-provider';

function cacheWithEveryResource(userIds: readonly string[]) {
  const client = createTestQueryClient();
  for (const userId of userIds) {
    for (const key of [
      queryKeys.credentials(userId),
      queryKeys.consentRequests(userId),
      queryKeys.activityLogs(userId),
      queryKeys.profile(userId),
      queryKeys.settings(userId),
    ]) {
      client.setQueryData(key, { data: [], source: 'api' });
    }
  }
  const invalidated = (key: readonly unknown[]) =>
    client.getQueryState(key)?.isInvalidated ?? false;
  return { client, invalidated };
}

describe('after a sync the outbox invalidates what it settled', () => {
  it('a generated credential: the credentials and the log, not the consent requests', async () => {
    const { client, invalidated } = cacheWithEveryResource(['user-001']);
    await invalidateSynced(client, 'user-001', ['credential_generation']);
    expect(invalidated(queryKeys.credentials('user-001'))).toBe(true);
    expect(invalidated(queryKeys.activityLogs('user-001'))).toBe(true);
    expect(invalidated(queryKeys.consentRequests('user-001'))).toBe(false);
    expect(invalidated(queryKeys.profile('user-001'))).toBe(false);
  });

  it('a consent decision, a profile and a settings Save: each its own resource', async () => {
    const { client, invalidated } = cacheWithEveryResource(['user-001']);
    await invalidateSynced(client, 'user-001', [
      'consent_decision',
      'profile_update',
      'settings_update',
    ]);
    expect(invalidated(queryKeys.consentRequests('user-001'))).toBe(true);
    expect(invalidated(queryKeys.profile('user-001'))).toBe(true);
    expect(invalidated(queryKeys.settings('user-001'))).toBe(true);
    expect(invalidated(queryKeys.credentials('user-001'))).toBe(false);
  });

  it("only the holder's own queries", async () => {
    const { client, invalidated } = cacheWithEveryResource(['user-001', 'user-002']);
    await invalidateSynced(client, 'user-001', ['activity_log']);
    expect(invalidated(queryKeys.activityLogs('user-001'))).toBe(true);
    expect(invalidated(queryKeys.activityLogs('user-002'))).toBe(false);
  });
});
