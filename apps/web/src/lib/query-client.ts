/**
 * The app's one server-state cache (STYLE 13): TanStack Query with the defaults every
 * screen shares.
 *
 * - `networkMode: 'always'`: queries run even while the browser says it is offline, because the
 *   holder's queries answer from the browser store then (see below).
 * - `refetchOnWindowFocus` and `refetchOnReconnect` are on: coming back to the tab or online
 *   reloads what is shown. The 30-second refresh of SPEC 9 (`REFRESH_INTERVAL_MS`) is set by the
 *   queries of the screens that refresh (their `queryOptions`), not here.
 * - `retry` (`shouldRetry`): an HTTP 4xx answer is final (the server said no), and so is an
 *   unreachable or disabled API (`ERR_NETWORK`, `ERR_API_DISABLED`): the holder's queries already
 *   answer the browser store then (SPEC 1 "every API call falls back"), and retrying would only
 *   delay that answer. Anything else (5xx, a bad answer) is retried once. Mutations never retry:
 *   the outbox (lib/sync/outbox.ts) owns replays, with its Idempotency-Key.
 * - Cached data is per holder: every query key of a holder's resource starts with the resource
 *   and holds the user id (lib/query-keys.ts), and logout clears the whole cache (lib/auth.tsx),
 *   so a second holder on the same browser never sees the first's data.
 */
import { QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { isApiError, isApiUnavailable } from './api-client';
import type { Sourced } from './local-fallback';

/** SPEC 9: how often the dashboard, the bell and the lists refresh while shown (ms). */
export const REFRESH_INTERVAL_MS = 30_000;

/** Retries after the first failure for errors worth retrying (see the module docs). */
export const MAX_RETRIES = 1;

/**
 * The retry policy of every query (see the module docs).
 * @param failureCount failures so far (1 after the first).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiUnavailable(error)) return false;
  if (isApiError(error, 'HTTP_ERROR') && error.status !== undefined) {
    if (error.status >= 400 && error.status < 500) return false;
  }
  return failureCount <= MAX_RETRIES;
}

/** A new client with the app's defaults (one per app; tests make one per render). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The holder's queries answer the browser store when the API cannot be reached (SPEC 1),
        // so they must run while the browser says it is offline too; TanStack's default
        // ('online') would pause them instead.
        networkMode: 'always',
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        // A list a second screen asks for within this time is not fetched again.
        staleTime: 5_000,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

/** The app's client (app/provider.tsx). */
export const queryClient = createQueryClient();

/**
 * The options of a query of one of the holder's lists that falls back to the browser store
 * (data `Sourced<T[]>`), e.g. the features' `getCredentialsQueryOptions`; `K` is its key type.
 */
export type SourcedListQuery<T, K extends QueryKey> = (
  userId: string,
) => UseQueryOptions<Sourced<T[]>, Error, Sourced<T[]>, K>;
