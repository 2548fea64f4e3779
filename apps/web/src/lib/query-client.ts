/**
 * The app's one server-state cache (STYLE 13, issue 15): TanStack Query with the defaults every
 * screen shares.
 *
 * - `refetchOnWindowFocus` and `refetchOnReconnect` are on: coming back to the tab or online
 *   reloads what is shown. The 30-second refresh of SPEC 9 (`REFRESH_INTERVAL_MS`) is set by the
 *   queries of the screens that refresh (their `queryOptions`), not here.
 * - `retry` (`shouldRetry`): an HTTP 4xx answer is final (the server said no), and so is an
 *   unreachable or disabled API (`ERR_NETWORK`, `ERR_API_DISABLED`): the holder's queries already
 *   answer the browser store then (SPEC 1 "every API call falls back"), and retrying would only
 *   delay that answer. Anything else (5xx, a bad answer) is retried once. Mutations never retry:
 *   the outbox (lib/outbox.ts) owns replays, with its Idempotency-Key.
 * - Cached data is per holder: every query key of a holder's resource starts with the resource
 *   and holds the user id (lib/query-keys.ts), and logout clears the whole cache (lib/auth.tsx),
 *   so a second holder on the same browser never sees the first's data.
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError, isApiUnavailable } from './api-client';

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
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        // A list a second screen asks for within this time is not fetched again.
        staleTime: 5_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's client (app/provider.tsx). */
export const queryClient = createQueryClient();
