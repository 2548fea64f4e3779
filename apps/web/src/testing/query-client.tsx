/**
 * A fresh query cache per rendered test: no answer of one test leaks into the next.
 * Same defaults as the app (lib/query-client.ts), except that nothing is retried, so a failure a
 * test sets up shows at once.
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';

/** A new client with the app's defaults and no retries. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  return client;
}

/** Wraps `children` in a QueryClientProvider with `client` (a fresh one when left out). */
export function withQueryClient(
  children: ReactNode,
  client: QueryClient = createTestQueryClient(),
) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
