/**
 * The backend status card's data (SPEC 2, 7, 8): GET /health and GET /storage/status from the
 * cache (get-backend-status.ts). A failed check is shown with its error text and without the
 * answer it gave before (an unreachable API is not shown as connected).
 */
import type { Health, StorageStatus } from '@pehchaan/core';
import { useQueries } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '@/lib/api-client';
import { problemMessage } from '@/lib/problem-message';
import { getHealthQueryOptions, getStorageStatusQueryOptions } from './get-backend-status';

export interface BackendStatus {
  /** True until both checks have answered once. */
  loading: boolean;
  /** True while either check is under way (the card's Refresh button). */
  refreshing: boolean;
  health: Health | null;
  /** The health check's error text when it failed. */
  healthError: string | null;
  storage: StorageStatus | null;
  storageError: string | null;
  refresh: () => Promise<void>;
}

function errorText(error: unknown): string {
  // A server problem in the holder's language (lib/problem-message.ts), not its English detail.
  if (error instanceof ApiError) return error.problem ? problemMessage(error) : error.message;
  return error instanceof Error ? error.message : String(error);
}

export function useBackendStatus(): BackendStatus {
  const [health, storage] = useQueries({
    queries: [getHealthQueryOptions(), getStorageStatusQueryOptions()],
  });
  const refetchHealth = health.refetch;
  const refetchStorage = storage.refetch;
  const refresh = useCallback(async () => {
    await Promise.all([refetchHealth(), refetchStorage()]);
  }, [refetchHealth, refetchStorage]);

  return {
    loading: health.isPending || storage.isPending,
    refreshing: health.isFetching || storage.isFetching,
    health: health.isError ? null : (health.data ?? null),
    healthError: health.isError ? errorText(health.error) : null,
    storage: storage.isError ? null : (storage.data ?? null),
    storageError: storage.isError ? errorText(storage.error) : null,
    refresh,
  };
}
