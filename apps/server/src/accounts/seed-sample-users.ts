/**
 * The ten sample users of SPEC 3 (core's SAMPLE_USERS, DECISIONS 2), with their Aadhaar numbers
 * kept as the vault's ciphertext, keyed hash and last four digits (DECISIONS 5). Seeded once at
 * first start (src/compose.ts seedFirstStart), and one of them again when a demo account was
 * erased (DPDP Act s.12: the demo must keep working, so the next demo sign-in starts a fresh
 * account from the sample data; nothing of the erased account comes back).
 */
import { SAMPLE_USERS } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { type UserRow, users } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { aadhaarAad } from '../lib/records';

type SampleUser = (typeof SAMPLE_USERS)[number];

function userRowOf(deps: Pick<ServiceDeps, 'vault'>, sample: SampleUser, now: Date) {
  const { aadhaarId, ...user } = sample;
  return {
    ...user,
    aadhaarCiphertext: deps.vault.encrypt(aadhaarId, aadhaarAad(user.id)),
    aadhaarHmac: deps.vault.lookupHmac(aadhaarId),
    aadhaarLast4: aadhaarId.slice(-4),
    createdAt: now,
  };
}

/** Inserts every sample user missing; runs in the caller's transaction when handed one. */
export async function seedSampleUsers(
  deps: Pick<ServiceDeps, 'vault' | 'now'> & { db: DbOrTx },
): Promise<void> {
  const now = deps.now();
  await deps.db
    .insert(users)
    .values(SAMPLE_USERS.map((sample) => userRowOf(deps, sample, now)))
    .onConflictDoNothing();
}

/**
 * Seeds one sample user again, with the consent requests SPEC 3 seeds for them (the consent
 * ledger's, through its port).
 * @returns the user's row, or undefined when `userId` is not a sample user.
 */
export async function seedSampleUser(
  deps: Pick<ServiceDeps, 'db' | 'vault' | 'now' | 'roles'> & { userId: string },
): Promise<UserRow | undefined> {
  const sample = SAMPLE_USERS.find((user) => user.id === deps.userId);
  if (!sample) return undefined;
  return deps.db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(userRowOf(deps, sample, deps.now()))
      .onConflictDoNothing();
    await deps.roles.consent.seedRequests(tx, { userId: sample.id });
    const [row] = await tx.select().from(users).where(eq(users.id, sample.id));
    return row;
  });
}
