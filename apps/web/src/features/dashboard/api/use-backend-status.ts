/**
 * The backend status card's data (SPEC 2, 7, 8): GET /health and GET /storage/status, loaded
 * together and on demand. A failed health check is 'Unhealthy' with its error text.
 */
import type { Health, StorageStatus } from '@pehchaan/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { getHealth, getStorageStatus } from './get-backend-status';

export interface BackendStatus {
  loading: boolean;
  health: Health | null;
  /** The health check's error text when it failed. */
  healthError: string | null;
  storage: StorageStatus | null;
  storageError: string | null;
  refresh: () => Promise<void>;
}

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

export function useBackendStatus(): BackendStatus {
  const [loading, setLoading] = useState(true);
  const [health, setHealth] = useState<Health | null>(null);
  const [healthError, setHealthError] = useState<string | null>(null);
  const [storage, setStorage] = useState<StorageStatus | null>(null);
  const [storageError, setStorageError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    setLoading(true);
    const [h, s] = await Promise.allSettled([getHealth(), getStorageStatus()]);
    setHealth(h.status === 'fulfilled' ? h.value : null);
    setHealthError(h.status === 'rejected' ? errorText(h.reason) : null);
    setStorage(s.status === 'fulfilled' ? s.value : null);
    setStorageError(s.status === 'rejected' ? errorText(s.reason) : null);
    setLoading(false);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { loading, health, healthError, storage, storageError, refresh };
}
