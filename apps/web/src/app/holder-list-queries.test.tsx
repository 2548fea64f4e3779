import { type QueryKey, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { REFRESH_INTERVAL_MS, type SourcedListQuery } from '@/lib/query-client';
import type { StorageKey } from '@/lib/storage';
import { activity, consent, credential } from '@/testing/fixtures';
import { type Handler, json, mockFetch } from '@/testing/mock-fetch';
import { createTestQueryClient, withQueryClient } from '@/testing/query-client';
import { holderListQueries, holderSeenStamps } from './holder-list-queries';

/** The behaviour every list query of the holder shares. */
function describeListQuery<T extends { id: string }, K extends QueryKey>(list: {
  name: string;
  query: SourcedListQuery<T, K>;
  path: string;
  key: StorageKey;
  answer: Handler;
  stored: () => { id: string };
}) {
  const { query, path, key, answer, stored } = list;
  describe(`the ${list.name} query`, () => {
    it("is keyed by the holder's id, so two holders never share an entry", () => {
      expect(query('user-001').queryKey).toContain('user-001');
      expect(query('user-002').queryKey).not.toEqual(query('user-001').queryKey);
    });

    it('refreshes every 30 seconds while shown (SPEC 9)', () => {
      expect(query('user-001').refetchInterval).toBe(REFRESH_INTERVAL_MS);
      expect(REFRESH_INTERVAL_MS).toBe(30_000);
    });

    it("answers the browser store, marked as such, when the API can't be reached", async () => {
      localStorage.setItem(key, JSON.stringify([stored()]));
      mockFetch({});
      const client = createTestQueryClient();
      const result = await client.fetchQuery(query('user-001'));
      expect(result.source).toBe('localStorage');
      expect(result.data.map((item) => item.id)).toEqual([stored().id]);
    });

    it('answers the API, marked as such, when it answers', async () => {
      mockFetch({ [`GET ${path}`]: answer });
      const result = await createTestQueryClient().fetchQuery(query('user-001'));
      expect(result.source).toBe('api');
      expect(result.data).toHaveLength(1);
    });

    it('is fetched once for two components showing it', async () => {
      const { calls } = mockFetch({ [`GET ${path}`]: answer });
      const client = createTestQueryClient();
      const wrapper = ({ children }: { children: ReactNode }) => withQueryClient(children, client);
      const { result } = renderHook(
        () => [useQuery(query('user-001')), useQuery(query('user-001'))] as const,
        { wrapper },
      );
      await waitFor(() => expect(result.current[0].data?.source).toBe('api'));
      expect(result.current[1].data).toBe(result.current[0].data);
      expect(calls.filter((c) => c.path === path)).toHaveLength(1);
    });
  });
}

describeListQuery({
  name: 'credentials',
  query: holderListQueries.credentials,
  path: '/user/user-001/credentials',
  key: 'credentials',
  answer: () => json({ credentials: [credential('c1')], count: 1, user_id: 'user-001' }),
  stored: () => credential('c-local'),
});

describeListQuery({
  name: 'consent requests',
  query: holderListQueries.consentRequests,
  path: '/user/user-001/consent-requests',
  key: 'consentRequests',
  answer: () =>
    json({ consent_requests: [consent('r1', 'pending')], count: 1, user_id: 'user-001' }),
  stored: () => consent('r-local', 'pending'),
});

describeListQuery({
  name: 'activity logs',
  query: holderListQueries.activityLogs,
  path: '/user/user-001/activity-logs',
  key: 'activityLogs',
  answer: () =>
    json({ activity_logs: [activity('l1', 'login', 1)], count: 1, user_id: 'user-001' }),
  stored: () => activity('l-local', 'login', 1),
});

describe('the seen-stamps handed to the bell (SPEC 4)', () => {
  it.each([
    ['credentials', 'credentials', () => credential('c1')],
    ['consent_requests', 'consentRequests', () => consent('r1', 'pending')],
    ['activity_logs', 'activityLogs', () => activity('l1', 'login', 1)],
  ] as const)("%s stamps the holder's records under its own key %s", (kind, key, record) => {
    const others = ['credentials', 'consentRequests', 'activityLogs'].filter((k) => k !== key);
    for (const k of ['credentials', 'consentRequests', 'activityLogs']) {
      localStorage.setItem(k, JSON.stringify([{ ...record(), userId: 'user-001' }]));
    }
    holderSeenStamps[kind]('user-001', '2026-11-25T10:00:00.000Z');
    const stamped = JSON.parse(localStorage.getItem(key) ?? '[]') as { last_viewed: unknown }[];
    expect(stamped.map((item) => item.last_viewed)).toEqual(['2026-11-25T10:00:00.000Z']);
    for (const k of others) {
      const untouched = JSON.parse(localStorage.getItem(k) ?? '[]') as { last_viewed: unknown }[];
      expect(untouched.map((item) => item.last_viewed)).not.toContain('2026-11-25T10:00:00.000Z');
    }
  });
});
