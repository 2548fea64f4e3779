/**
 * The registered verifiers of first start (core's VERIFIER_SEEDS: the SPEC 3 requesters State
 * Bank of India, Bharti Airtel and LIC of India, DECISIONS 7) and their purposes.
 */
import { VERIFIER_SEEDS } from '@pehchaan/core';
import { sql } from 'drizzle-orm';
import { verifierPurposes, verifiers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { newVerifierKey } from '../lib/verifier-keys';

/**
 * Registers the seeded verifiers (core's VERIFIER_SEEDS: the SPEC 3 requesters) and their
 * purposes when missing. Runs at every start, apart from the once-only seed above, so databases
 * seeded before verifiers existed get them too. Idempotent and race-safe: rows are inserted with
 * ON CONFLICT DO NOTHING (a key pair is only made for an organisation not yet stored); an
 * organisation already stored is left as it is, and a seed purpose already stored gets the seed's
 * claims and claim reasons (nothing else of it changes). No API key is made here: an operator mints one with
 * `npm run verifier:add -- --key-for <name>`, and `npm start` mints demo keys for the
 * organisations this call registered (DEMO_VERIFIER_KEYS, plugins/db.ts).
 * @returns the ids and names of the organisations this call registered.
 */
export async function seedVerifiers(
  deps: Pick<ServiceDeps, 'db' | 'vault' | 'now'>,
): Promise<{ added: { id: string; name: string }[] }> {
  const { db, vault } = deps;
  const now = deps.now();
  const stored = new Set((await db.select({ id: verifiers.id }).from(verifiers)).map((r) => r.id));
  const missing = VERIFIER_SEEDS.filter((seed) => !stored.has(seed.id));
  let added: { id: string; name: string }[] = [];
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
      .returning({ id: verifiers.id, name: verifiers.name });
    added = inserted;
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
