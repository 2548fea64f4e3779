/**
 * Browser-storage edits the outbox handlers of several features share (issue 9, lib/outbox): an
 * activity entry kept on this device (`pending_sync`) gives way to the server's entry once the
 * change it belongs to is synced, or is dropped when the server refused the change.
 */
import type { ActivityLog } from '@pehchaan/core';
import { z } from 'zod';
import { readList, STORAGE_KEYS, writeJson } from './storage';

function idOf(item: unknown): string | null {
  return typeof item === 'object' && item !== null && 'id' in item ? String(item.id) : null;
}

/**
 * In the local `activityLogs` list (raw items kept), replaces the entry with id `localId` by
 * `fromServer`, or drops it when `fromServer` is null. When `localId` is not stored, the server's
 * entry is added unless its id is already there.
 * @returns false when the browser refused to store.
 */
export function replaceLocalActivity(localId: string, fromServer: ActivityLog | null): boolean {
  const raw = readList(STORAGE_KEYS.activityLogs, z.unknown());
  const others = raw.filter((item) => idOf(item) !== localId);
  if (fromServer === null) {
    return others.length === raw.length || writeJson(STORAGE_KEYS.activityLogs, others);
  }
  const at = raw.findIndex((item) => idOf(item) === localId);
  if (at !== -1) return writeJson(STORAGE_KEYS.activityLogs, raw.with(at, fromServer));
  if (raw.some((item) => idOf(item) === fromServer.id)) return true;
  return writeJson(STORAGE_KEYS.activityLogs, [...raw, fromServer]);
}

/** Drops the local activity entries with these ids; false when the browser refused. */
export function dropLocalActivity(ids: readonly string[]): boolean {
  if (ids.length === 0) return true;
  const drop = new Set(ids);
  const raw = readList(STORAGE_KEYS.activityLogs, z.unknown());
  const kept = raw.filter((item) => !drop.has(idOf(item) ?? ''));
  return kept.length === raw.length || writeJson(STORAGE_KEYS.activityLogs, kept);
}
