import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';

vi.mock('@/config/env', () => ({
  env: { API_URL: '', USE_API: false, MODE: 'test' },
}));

describe('api client with VITE_USE_API=false', () => {
  it('makes no request and fails with ERR_API_DISABLED', async () => {
    const { calls } = mockFetch();
    const { api, isApiUnavailable } = await import('./api-client');
    const error = await api.get('/health').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ERR_API_DISABLED' });
    expect(isApiUnavailable(error)).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('makes the data services answer from browser storage', async () => {
    localStorage.setItem(
      'activityLogs',
      JSON.stringify([
        {
          id: 'log-1',
          userId: 'user-001',
          type: 'login',
          description: 'Logged in',
          timestamp: '2025-01-01T10:00:00.000Z',
          last_viewed: null,
        },
        { broken: true },
      ]),
    );
    const { getActivityLogs } = await import('@/features/activity/api/get-activity-logs');
    const result = await getActivityLogs('user-001');
    expect(result.source).toBe('localStorage');
    expect(result.data.map((l) => l.id)).toEqual(['log-1']);
  });

  it('queues nothing in the outbox: there is no server to send it to', async () => {
    const { enqueueOutbox, pendingEntries, syncOutbox } = await import('./sync/outbox');
    expect(
      enqueueOutbox({ userId: 'user-001', kind: 'activity_log', method: 'POST', path: '/x' }),
    ).toBeNull();
    expect(pendingEntries('user-001')).toEqual([]);
    const { calls } = mockFetch();
    const handlers = {} as Parameters<typeof syncOutbox>[0]['handlers'];
    await expect(syncOutbox({ userId: 'user-001', handlers })).resolves.toMatchObject({
      stoppedBy: 'disabled',
    });
    expect(calls).toHaveLength(0);
  });
});
