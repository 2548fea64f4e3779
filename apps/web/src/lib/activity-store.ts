/**
 * The one owner of the `activityLogs` browser-storage key (STYLE 14): the offline copy
 * of the holder's activity log (SPEC 1, 7). Every other module that needs a local entry written
 * (an action logged while the API is unreachable, a decision or Save made offline, the outbox
 * settling one of those, the seen-stamp of the bell) calls these functions; none writes the key
 * itself. The screens learn of a change through the activity query, which the writer invalidates
 * or updates (lib/query-keys.ts `activityLogs`), never through storage.
 *
 * Records are kept for every holder on this device; functions taking a `userId` touch only that
 * holder's records, and items that do not parse are kept as stored.
 */
import { type ActivityLog, activityLogSchema } from '@pehchaan/core';
import { z } from 'zod';
import {
  readList,
  replaceUserRecords,
  STORAGE_KEYS,
  stampUserRecordsSeen,
  writeJson,
} from './storage';
import { newestFirst } from './sync/unsynced';

function idOf(item: unknown): string | null {
  return typeof item === 'object' && item !== null && 'id' in item ? String(item.id) : null;
}

function readRaw(): unknown[] {
  return readList(STORAGE_KEYS.activityLogs, z.unknown());
}

/** The holder's log entries kept in browser storage, newest first. */
export function readLocalActivityLogs(userId: string): ActivityLog[] {
  return newestFirst(
    readList(STORAGE_KEYS.activityLogs, activityLogSchema).filter((log) => log.userId === userId),
  );
}

/**
 * Replaces the holder's stored entries with `logs` (the API's answer with this device's unsynced
 * entries; other holders' records stay). @returns false when the browser refused to store.
 */
export function storeActivityLogs(userId: string, logs: readonly ActivityLog[]): boolean {
  return replaceUserRecords(STORAGE_KEYS.activityLogs, userId, logs);
}

/** Appends `entry` (an entry made on this device); false when the browser refused. */
export function appendLocalActivity(entry: ActivityLog): boolean {
  return writeJson(STORAGE_KEYS.activityLogs, [...readRaw(), entry]);
}

/**
 * Replaces the entry with id `localId` by `fromServer` (the outbox settled its change), or drops
 * it when `fromServer` is null. When `localId` is not stored, the server's entry is added unless
 * its id is already there.
 * @returns false when the browser refused to store.
 */
export function replaceLocalActivity(localId: string, fromServer: ActivityLog | null): boolean {
  const raw = readRaw();
  const others = raw.filter((item) => idOf(item) !== localId);
  if (fromServer === null) {
    return others.length === raw.length || writeJson(STORAGE_KEYS.activityLogs, others);
  }
  const at = raw.findIndex((item) => idOf(item) === localId);
  if (at !== -1) return writeJson(STORAGE_KEYS.activityLogs, raw.with(at, fromServer));
  if (raw.some((item) => idOf(item) === fromServer.id)) return true;
  return writeJson(STORAGE_KEYS.activityLogs, [...raw, fromServer]);
}

/** Drops the entries with these ids; false when the browser refused. */
export function dropLocalActivity(ids: readonly string[]): boolean {
  if (ids.length === 0) return true;
  const drop = new Set(ids);
  const raw = readRaw();
  const kept = raw.filter((item) => !drop.has(idOf(item) ?? ''));
  return kept.length === raw.length || writeJson(STORAGE_KEYS.activityLogs, kept);
}

/**
 * Stamps the holder's stored entries as viewed at `at` (ISO 8601; SPEC 4 seen-state, the bell's
 * Clear All and a visit to /logs), so the bell reads the same when it falls back to this copy.
 * @returns false when the browser refused to store.
 */
export function stampActivityLogsSeen(userId: string, at: string): boolean {
  return stampUserRecordsSeen(STORAGE_KEYS.activityLogs, userId, at);
}
