/**
 * The seen-state of SPEC 4 ("visiting /credentials, /consent or /logs stamps the items as
 * viewed; Clear All stamps all three"): POST /user/{userId}/seen with the kinds, so every device
 * agrees. The same stamp is written on the holder's records in browser storage, so the bell reads
 * the same when it falls back to them (SPEC 1, 7: every call falls back to local storage).
 *
 * This feature writes no storage key of its own: each kind's stored copy belongs to the feature
 * that owns it (STYLE 14), which exports the stamp; the route module composing the bell hands
 * them in as `SeenStamps` (app/holder-list-queries.ts), since features do not import each other
 * (STYLE 1).
 */
import { markSeenAnswerSchema, type SeenKind } from '@pehchaan/core';
import { api } from '@/lib/api-client';

/**
 * Stamps `last_viewed` = `at` (ISO 8601) on the holder's stored records of one kind, keeping
 * other holders' records and every other field; written by the kind's owner. Its answer (false
 * when the browser refused to store) is not needed here: the server's stamp is what counts.
 */
export type StampSeen = (userId: string, at: string) => unknown;

/** The owner's stamp of each seen kind. */
export type SeenStamps = Readonly<Record<SeenKind, StampSeen>>;

/**
 * Stamps `kinds` as viewed at `now` (default: the clock): in browser storage at once through the
 * owners' `stamps`, then on the server.
 * Never rejects.
 * @returns 'api' when the server stamped them, 'localStorage' when only this browser did.
 */
export async function markSeen(options: {
  userId: string;
  kinds: readonly SeenKind[];
  stamps: SeenStamps;
  now?: Date;
}): Promise<'api' | 'localStorage'> {
  const { userId, kinds, stamps } = options;
  const at = (options.now ?? new Date()).toISOString();
  for (const kind of kinds) stamps[kind](userId, at);
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
