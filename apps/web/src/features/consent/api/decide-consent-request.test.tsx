/**
 * useDecideConsentRequest: the holder's decision as a TanStack Query mutation. On success the
 * cached consent list shows the decision and the consent list and activity log are invalidated
 * (reloaded by the cache); while the API is unreachable the decision goes through the outbox.
 */
import type { ConsentRequest } from '@pehchaan/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Sourced } from '@/lib/local-fallback';
import { queryKeys } from '@/lib/query-keys';
import { readOutbox } from '@/lib/sync/outbox';
import { activity, consent } from '@/testing/fixtures';
import { json, mockFetch } from '@/testing/mock-fetch';
import { createTestQueryClient, withQueryClient } from '@/testing/query-client';
import { useDecideConsentRequest } from './decide-consent-request';

const USER = 'user-001';

function setUp(shown: Sourced<ConsentRequest[]>) {
  const client = createTestQueryClient();
  client.setQueryData(queryKeys.consentRequests(USER), shown);
  client.setQueryData(queryKeys.activityLogs(USER), {
    data: [activity('l0', 'login', 1)],
    source: 'api',
  });
  const wrapper = ({ children }: { children: ReactNode }) => withQueryClient(children, client);
  const { result } = renderHook(() => useDecideConsentRequest(USER), { wrapper });
  const invalidated = (queryKey: readonly unknown[]) =>
    client.getQueryState(queryKey)?.isInvalidated === true;
  return { client, result, invalidated };
}

describe('useDecideConsentRequest', () => {
  it('shows the decision and invalidates the consent list and the activity log', async () => {
    const pending = consent('r1', 'pending');
    const approved = { ...pending, status: 'approved' as const, status_updated_by: USER };
    const { calls } = mockFetch({
      'POST /user/user-001/consent-requests/r1/approve': () =>
        json({
          message: 'Consent request approved',
          consent_request: approved,
          activity_log: { ...activity('l1', 'consent_approved', 0), description: 'Approved' },
        }),
    });
    const { client, result, invalidated } = setUp({ data: [pending], source: 'api' });

    await act(() =>
      result.current.mutateAsync({
        request: pending,
        decision: 'approve',
        shown: { requests: [pending], source: 'api' },
      }),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(client.getQueryData(queryKeys.consentRequests(USER))).toMatchObject({
      source: 'api',
      data: [{ id: 'r1', status: 'approved' }],
    });
    expect(invalidated(queryKeys.consentRequests(USER))).toBe(true);
    expect(invalidated(queryKeys.activityLogs(USER))).toBe(true);
  });

  it('offline: keeps the decision and the shown sample requests here, queued for the outbox', async () => {
    mockFetch({});
    const samples = [consent('s1', 'pending'), consent('s2', 'pending')];
    const { result, invalidated } = setUp({ data: [], source: 'localStorage' });

    const outcome = await act(() =>
      result.current.mutateAsync({
        request: samples[0] as ConsentRequest,
        decision: 'reject',
        shown: { requests: samples, source: 'sample' },
      }),
    );
    expect(outcome.source).toBe('localStorage');
    const stored = JSON.parse(localStorage.getItem('consentRequests') ?? '[]') as ConsentRequest[];
    expect(stored.map((r) => [r.id, r.status])).toEqual([
      ['s1', 'rejected'],
      ['s2', 'pending'],
    ]);
    expect(readOutbox().entries.map((entry) => entry.path)).toEqual([
      '/user/user-001/consent-requests/s1/reject',
    ]);
    await waitFor(() => expect(invalidated(queryKeys.activityLogs(USER))).toBe(true));
  });

  it('a refused decision changes nothing in the cache', async () => {
    mockFetch({
      'POST /user/user-001/consent-requests/r1/approve': () =>
        json({ type: '/problems/internal_error', title: 'x', status: 500, detail: 'x' }, 500),
    });
    const pending = consent('r1', 'pending');
    const { client, result, invalidated } = setUp({ data: [pending], source: 'api' });
    await expect(
      act(() =>
        result.current.mutateAsync({
          request: pending,
          decision: 'approve',
          shown: { requests: [pending], source: 'api' },
        }),
      ),
    ).rejects.toThrow();
    expect(client.getQueryData(queryKeys.consentRequests(USER))).toMatchObject({
      data: [{ status: 'pending' }],
    });
    expect(invalidated(queryKeys.activityLogs(USER))).toBe(false);
  });
});
