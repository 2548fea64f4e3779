/**
 * Logs out: revokes the session and writes a `logout` activity entry (api-contract,
 * DECISIONS 3). A revoked token answers 401 from then on.
 *
 * Input: { db, now, sessionId, userId }. Output: nothing. Errors: database errors only.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { sessions } from '../db/schema';
import { recordActivity } from './record-activity';

export interface RevokeSessionOptions {
  db: Db;
  now: () => Date;
  sessionId: string;
  userId: string;
}

export async function revokeSession(options: RevokeSessionOptions): Promise<void> {
  const { db, now } = options;
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now() })
      .where(and(eq(sessions.id, options.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    // Only the request that actually ended the session logs it, so a double logout logs once.
    if (revoked.length > 0) {
      await recordActivity({
        db: tx,
        now,
        userId: options.userId,
        type: 'logout',
        description: 'Logged out',
      });
    }
  });
}
