/**
 * POST /user/{userId}/seen (SPEC 4 Notification seen-state): stamps last_viewed = now on
 * every one of the holder's items of the given kinds, so the bell and the red dots read the same
 * on every device. Visiting /credentials, /consent or /logs sends one kind; Clear All sends all
 * three.
 *
 * Each kind is stamped by its owner: the wallet's credentials here, the consent ledger's
 * requests through its port (lib/roles.ts stampSeen), the activity log's entries by
 * lib/activity-log.ts.
 *
 * Input: { db, now, roles, userId, kinds: SeenKind[] } (distinct; the route's schema checks them).
 * Output: { kinds, lastViewed } (the instant written). Errors: database errors only.
 */
import type { SeenKind } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import { credentials } from '../db/schema';
import { stampActivitySeen } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';

export interface MarkSeenOptions extends Pick<ServiceDeps, 'db' | 'now' | 'roles'> {
  userId: string;
  kinds: readonly SeenKind[];
}

export async function markSeen(
  options: MarkSeenOptions,
): Promise<{ kinds: SeenKind[]; lastViewed: Date }> {
  const { db, userId, kinds } = options;
  const lastViewed = options.now();
  await db.transaction(async (tx) => {
    for (const kind of kinds) {
      if (kind === 'credentials') {
        await tx.update(credentials).set({ lastViewed }).where(eq(credentials.userId, userId));
      } else if (kind === 'consent_requests') {
        await options.roles.consent.stampSeen(tx, { userId, at: lastViewed });
      } else {
        await stampActivitySeen(tx, { userId, at: lastViewed });
      }
    }
  });
  return { kinds: [...kinds], lastViewed };
}
