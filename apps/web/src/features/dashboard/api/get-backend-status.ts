/**
 * The dashboard's backend status card (SPEC 2, 7): GET /health and GET /storage/status, and their
 * cache entries, refreshed every 30 seconds while shown (SPEC 9). These report on the
 * API itself, so they have no local fallback: a failure is shown as Unhealthy with its error text
 * (SPEC 8).
 */
import { type Health, healthSchema, type StorageStatus, storageStatusSchema } from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REFRESH_INTERVAL_MS } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /health. @throws {ApiError} on any failure. */
export function getHealth(): Promise<Health> {
  return api.get('/health', { schema: healthSchema });
}

/** GET /storage/status. @throws {ApiError} on any failure. */
export function getStorageStatus(): Promise<StorageStatus> {
  return api.get('/storage/status', { schema: storageStatusSchema });
}

/** GET /health in the cache: key `['backend', 'health']`; the query fails as the call does. */
export function getHealthQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.health(),
    queryFn: getHealth,
    refetchInterval: REFRESH_INTERVAL_MS,
  });
}

/** GET /storage/status in the cache: key `['backend', 'storage-status']`. */
export function getStorageStatusQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.storageStatus(),
    queryFn: getStorageStatus,
    refetchInterval: REFRESH_INTERVAL_MS,
  });
}
