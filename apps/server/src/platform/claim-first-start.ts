/**
 * The platform's own bookkeeping of a database (table `meta`): the fingerprint of the master key
 * it was written under, and whether its first-start data were seeded (DECISIONS 5).
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { meta } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';

export const SEEDED_AT_KEY = 'seeded_at';
export const MASTER_KEY_CHECK_KEY = 'master_key_check';

/** Thrown when the database was written under a different master key. */
export class MasterKeyMismatchError extends Error {
  constructor() {
    super(
      'The master key does not match the one this database was written with. Set MASTER_KEY ' +
        '(or restore DATA_DIR/master.key) to the original key.',
    );
    this.name = 'MasterKeyMismatchError';
  }
}

/**
 * Checks the master key against the database, recording its fingerprint on first use.
 * @throws {MasterKeyMismatchError} when the stored key fingerprint differs.
 */
export async function checkMasterKey(
  deps: Pick<ServiceDeps, 'vault' | 'now'> & { db: DbOrTx },
): Promise<void> {
  const { db, vault } = deps;
  await db
    .insert(meta)
    .values({ key: MASTER_KEY_CHECK_KEY, value: vault.keyCheck(), updatedAt: deps.now() })
    .onConflictDoNothing();
  const [check] = await db.select().from(meta).where(eq(meta.key, MASTER_KEY_CHECK_KEY));
  if (check?.value !== vault.keyCheck()) throw new MasterKeyMismatchError();
}

/**
 * Claims the first start: true for exactly one caller ever, who then seeds the first-start data
 * in the same transaction (checking the master key first).
 * @throws {MasterKeyMismatchError} when the stored key fingerprint differs.
 */
export async function claimFirstStart(
  deps: Pick<ServiceDeps, 'vault' | 'now'> & { db: DbOrTx },
): Promise<boolean> {
  await checkMasterKey(deps);
  const now = deps.now();
  const claimed = await deps.db
    .insert(meta)
    .values({ key: SEEDED_AT_KEY, value: now.toISOString(), updatedAt: now })
    .onConflictDoNothing()
    .returning({ key: meta.key });
  return claimed.length > 0;
}
