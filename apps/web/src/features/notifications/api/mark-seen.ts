/**
 * The seen-state of SPEC 4 ("visiting /credentials, /consent or /logs stamps the items as
 * viewed; Clear All stamps all three"): POST /user/{userId}/seen with the kinds, so every device
 * agrees. The same stamp is written on the holder's records in browser storage, so the bell reads
 * the same when it falls back to them (SPEC 1, 7: every call falls back to local storage).
 */
import { markSeenAnswerSchema, type SeenKind } from '@pehchaan/core';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { readList, STORAGE_KEYS, type StorageKey, writeJson } from '@/lib/storage';

/** The storage key of each seen kind. */
export const SEEN_KIND_STORAGE_KEYS: Record<SeenKind, StorageKey> = {
  credentials: STORAGE_KEYS.credentials,
  consent_requests: STORAGE_KEYS.consentRequests,
  activity_logs: STORAGE_KEYS.activityLogs,
};

/**
 * Sets `last_viewed` to `stamp` on the holder's stored records of `kinds` (other holders'
 * records and every other field are kept as stored).
 */
export function stampSeenLocally(userId: string, kinds: readonly SeenKind[], stamp: string): void {
  for (const kind of kinds) {
    const key = SEEN_KIND_STORAGE_KEYS[kind];
    const items = readList(key, z.record(z.string(), z.unknown()));
    if (!items.some((item) => item.userId === userId)) continue;
    writeJson(
      key,
      items.map((item) => (item.userId === userId ? { ...item, last_viewed: stamp } : item)),
    );
  }
}

/**
 * Stamps `kinds` as viewed now: locally at once, then on the server.
 * Never rejects.
 * @returns 'api' when the server stamped them, 'localStorage' when only this browser did.
 */
export async function markSeen(options: {
  userId: string;
  kinds: readonly SeenKind[];
  now?: Date;
}): Promise<'api' | 'localStorage'> {
  const { userId, kinds } = options;
  stampSeenLocally(userId, kinds, (options.now ?? new Date()).toISOString());
  try {
    await api.post(
      `/user/${encodeURIComponent(userId)}/seen`,
      { kinds },
      { schema: markSeenAnswerSchema },
    );
    return 'api';
  } catch {
    return 'localStorage';
  }
}
