/**
 * The three lists the bell, the red dots and the search read (SPEC 2, 4, 9): the holder's
 * credentials, consent requests and activity logs, each from its GET of SPEC 7 with the browser
 * storage fallback of SPEC 1 (keys `credentials`, `consentRequests`, `activityLogs`).
 *
 * Read-only on purpose: the screens that own these lists keep the browser copy up to date; the
 * bell polls every 30 seconds and must never overwrite what a screen stored (for example a
 * consent decision made offline). Local records marked `pending_sync` (a decision or entry the
 * server has not accepted yet) are laid over the API's answer by the same rules /consent and
 * /logs use (lib/unsynced.ts), so the bell agrees with what the holder sees there.
 */
import {
  type ActivityLog,
  activityLogListSchema,
  activityLogSchema,
  type ConsentRequest,
  type CredentialRecord,
  consentRequestListSchema,
  consentRequestSchema,
  credentialListSchema,
  credentialRecordSchema,
} from '@pehchaan/core';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { type Sourced, withLocalFallback } from '@/lib/local-fallback';
import { readList, STORAGE_KEYS, type StorageKey } from '@/lib/storage';
import { keepUnsyncedDecisions, withUnsyncedEntries } from '@/lib/unsynced';

export interface HolderLists {
  credentials: CredentialRecord[];
  consentRequests: ConsentRequest[];
  activityLogs: ActivityLog[];
}

function readLocal<T extends { userId: string }>(
  key: StorageKey,
  schema: z.ZodType<T>,
  userId: string,
): T[] {
  return readList(key, schema).filter((item) => item.userId === userId);
}

const user = (userId: string) => `/user/${encodeURIComponent(userId)}`;

/** GET /user/{userId}/credentials, else the local copy. Never rejects. */
export function getHolderCredentials(userId: string): Promise<Sourced<CredentialRecord[]>> {
  const local = () => readLocal(STORAGE_KEYS.credentials, credentialRecordSchema, userId);
  return withLocalFallback(
    async () =>
      (await api.get(`${user(userId)}/credentials`, { schema: credentialListSchema })).credentials,
    local,
  );
}

/** GET /user/{userId}/consent-requests (+ local pending decisions), else the local copy. */
export function getHolderConsentRequests(userId: string): Promise<Sourced<ConsentRequest[]>> {
  const local = () => readLocal(STORAGE_KEYS.consentRequests, consentRequestSchema, userId);
  return withLocalFallback(async () => {
    const answer = await api.get(`${user(userId)}/consent-requests`, {
      schema: consentRequestListSchema,
    });
    return keepUnsyncedDecisions(answer.consent_requests, local());
  }, local);
}

/** GET /user/{userId}/activity-logs (+ local pending entries), else the local copy. */
export function getHolderActivityLogs(userId: string): Promise<Sourced<ActivityLog[]>> {
  const local = () => readLocal(STORAGE_KEYS.activityLogs, activityLogSchema, userId);
  return withLocalFallback(async () => {
    const answer = await api.get(`${user(userId)}/activity-logs`, {
      schema: activityLogListSchema,
    });
    return withUnsyncedEntries(answer.activity_logs, local());
  }, local);
}

/** The three lists at once. Never rejects for API failures. */
export async function getHolderLists(userId: string): Promise<HolderLists> {
  const [credentials, consentRequests, activityLogs] = await Promise.all([
    getHolderCredentials(userId),
    getHolderConsentRequests(userId),
    getHolderActivityLogs(userId),
  ]);
  return {
    credentials: credentials.data,
    consentRequests: consentRequests.data,
    activityLogs: activityLogs.data,
  };
}
