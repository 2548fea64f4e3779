/**
 * First-start data: the ten sample users (SPEC 3, core's SAMPLE_USERS) and user-001's three
 * pending consent requests (core's seedConsentRequests). The activity log is not seeded: it
 * records only real events.
 *
 * Idempotent and restart-safe: a 'seeded_at' meta row is claimed with INSERT ... ON CONFLICT DO
 * NOTHING inside the seeding transaction, so the seed runs once per database, ever (a consent
 * request the holder answered is not re-created at the next start), even with two servers
 * starting at once on one PostgreSQL. Rows use ON CONFLICT DO NOTHING as a second guard.
 *
 * Also pins the master key: the first start stores its fingerprint ('master_key_check'); a later
 * start with another key fails loudly instead of writing rows the old data cannot be read with.
 */
import { SAMPLE_USERS, seedConsentRequests, VERIFIER_SEEDS } from '@pehchaan/core';
import { eq, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../lib/deps';
import { aadhaarAad } from '../lib/records';
import { newVerifierKey } from '../lib/verifier-keys';
import type { UserRow } from './schema';
import { consentRequests, meta, users, verifierPurposes, verifiers } from './schema';

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
 * The rows of core's three seeded consent requests of `userId` (SPEC 3: a bank, a telecom
 * operator, an insurer), pending, requested relative to `now`. Used by the first-start seed
 * (seedDatabase below) and by Reset Requests.
 */
export function consentSeedRows(now: Date, userId: string) {
  return seedConsentRequests(now, userId).map((seed) => ({
    id: seed.id,
    userId,
    requester: seed.requester,
    purpose: seed.purpose,
    fields: seed.fields,
    requestedAt: new Date(seed.requested_at),
    status: 'pending',
  }));
}

/**
 * Checks the master key and seeds the database if it has never been seeded.
 * @returns seeded: true when this call inserted the seed data.
 * @throws {MasterKeyMismatchError} when the stored key fingerprint differs.
 */
export async function seedDatabase(
  deps: Pick<ServiceDeps, 'db' | 'vault' | 'now'>,
): Promise<{ seeded: boolean }> {
  const { db, vault } = deps;
  const now = deps.now();
  return db.transaction(async (tx) => {
    await tx
      .insert(meta)
      .values({ key: MASTER_KEY_CHECK_KEY, value: vault.keyCheck(), updatedAt: now })
      .onConflictDoNothing();
    const [check] = await tx.select().from(meta).where(eq(meta.key, MASTER_KEY_CHECK_KEY));
    if (check?.value !== vault.keyCheck()) throw new MasterKeyMismatchError();

    const claimed = await tx
      .insert(meta)
      .values({ key: SEEDED_AT_KEY, value: now.toISOString(), updatedAt: now })
      .onConflictDoNothing()
      .returning({ key: meta.key });
    if (claimed.length === 0) return { seeded: false };

    await tx
      .insert(users)
      .values(
        SAMPLE_USERS.map(({ aadhaarId, ...user }) => ({
          ...user,
          aadhaarCiphertext: vault.encrypt(aadhaarId, aadhaarAad(user.id)),
          aadhaarHmac: vault.lookupHmac(aadhaarId),
          aadhaarLast4: aadhaarId.slice(-4),
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(consentRequests)
      // SPEC 3: the three pending requests are seeded for user-001.
      .values(consentSeedRows(now, 'user-001'))
      .onConflictDoNothing();
    return { seeded: true };
  });
}

/**
 * Seeds one sample user again (a demo account erased after Delete Account, DPDP Act s.12: the
 * demo must keep working, so the next demo sign-in starts a fresh account from the sample data),
 * with user-001's three seeded consent requests. Nothing of the erased account comes back.
 * @returns the user's row, or undefined when `userId` is not a sample user.
 */
export async function seedSampleUser(
  deps: Pick<ServiceDeps, 'db' | 'vault' | 'now'> & { userId: string },
): Promise<UserRow | undefined> {
  const sample = SAMPLE_USERS.find((user) => user.id === deps.userId);
  if (!sample) return undefined;
  const { vault } = deps;
  const now = deps.now();
  const { aadhaarId, ...user } = sample;
  return deps.db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({
        ...user,
        aadhaarCiphertext: vault.encrypt(aadhaarId, aadhaarAad(user.id)),
        aadhaarHmac: vault.lookupHmac(aadhaarId),
        aadhaarLast4: aadhaarId.slice(-4),
        createdAt: now,
      })
      .onConflictDoNothing();
    if (user.id === 'user-001') {
      await tx.insert(consentRequests).values(consentSeedRows(now, user.id)).onConflictDoNothing();
    }
    const [row] = await tx.select().from(users).where(eq(users.id, user.id));
    return row;
  });
}

/**
 * Registers the seeded verifiers (core's VERIFIER_SEEDS: the SPEC 3 requesters) and their
 * purposes when missing. Runs at every start, apart from the once-only seed above, so databases
 * seeded before verifiers existed get them too. Idempotent and race-safe: rows are inserted with
 * ON CONFLICT DO NOTHING (a key pair is only made for an organisation not yet stored); an
 * organisation already stored is left as it is, and a seed purpose already stored gets the seed's
 * claims and claim reasons (nothing else of it changes). No API key is made: an operator mints
 * one with `npm run verifier:add -- --key-for <name>`.
 * @returns how many organisations this call registered.
 */
export async function seedVerifiers(
  deps: Pick<ServiceDeps, 'db' | 'vault' | 'now'>,
): Promise<{ added: number }> {
  const { db, vault } = deps;
  const now = deps.now();
  const stored = new Set((await db.select({ id: verifiers.id }).from(verifiers)).map((r) => r.id));
  const missing = VERIFIER_SEEDS.filter((seed) => !stored.has(seed.id));
  let added = 0;
  if (missing.length > 0) {
    const inserted = await db
      .insert(verifiers)
      .values(
        missing.map((seed) => ({
          id: seed.id,
          name: seed.name,
          grievanceContact: seed.grievanceContact,
          ...newVerifierKey(vault, seed.id),
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: verifiers.id });
    added = inserted.length;
  }
  // An organisation registered by hand under a seed's name keeps its own row: no seed purposes.
  const present = new Set((await db.select({ id: verifiers.id }).from(verifiers)).map((r) => r.id));
  const purposes = VERIFIER_SEEDS.filter((seed) => present.has(seed.id));
  if (purposes.length === 0) return { added };
  await db
    .insert(verifierPurposes)
    .values(
      purposes.flatMap((seed) =>
        seed.purposes.map((purpose) => ({
          verifierId: seed.id,
          code: purpose.code,
          textEn: purpose.textEn,
          textHi: purpose.textHi,
          claims: purpose.claims as Record<string, string[]>,
          claimReasons: { ...purpose.claimReasons },
          retentionDays: purpose.retentionDays,
          createdAt: now,
        })),
      ),
    )
    // A seed purpose's claims and their reasons follow the seed (Basic Identity, the seeded
    // requests' fallback, came later; so did the reasons): databases seeded earlier get them too.
    // Text and retention are left as stored.
    .onConflictDoUpdate({
      target: [verifierPurposes.verifierId, verifierPurposes.code],
      set: { claims: sql`excluded.claims`, claimReasons: sql`excluded.claim_reasons` },
    });
  return { added };
}
