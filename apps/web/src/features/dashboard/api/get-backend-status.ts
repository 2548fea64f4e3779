/**
 * The dashboard's backend status card (SPEC 2, 7): GET /health and GET /storage/status.
 * These report on the API itself, so they have no local fallback: a failure is shown as
 * Unhealthy with its error text (SPEC 8).
 */
import { type Health, healthSchema, type StorageStatus, storageStatusSchema } from '@pehchaan/core';
import { api } from '@/lib/api-client';

/** GET /health. @throws {ApiError} on any failure. */
export function getHealth(): Promise<Health> {
  return api.get('/health', { schema: healthSchema });
}

/** GET /storage/status. @throws {ApiError} on any failure. */
export function getStorageStatus(): Promise<StorageStatus> {
  return api.get('/storage/status', { schema: storageStatusSchema });
}
