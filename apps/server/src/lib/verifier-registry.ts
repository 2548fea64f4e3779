/**
 * The registered verifier organisations as the wallet sees them (ServiceDeps.verifierRegistry):
 * `find(did)` answers the organisation whose did:key signs its request objects, with its
 * grievance contact and registered purposes, each with why it needs each claim (tables
 * verifiers and verifier_purposes), or
 * undefined for a DID nobody registered. A request from a registered DID whose signature
 * verifies is shown to the holder as from a verified verifier (docs/oid4vp.md).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { verifierPurposes, verifiers } from '../db/schema';
import type { RegisteredVerifier, VerifierRegistry } from './deps';

/** The registry over `db`; every lookup reads the database (organisations are few, rarely read). */
export function createVerifierRegistry(db: Db): VerifierRegistry {
  return {
    async find(did: string): Promise<RegisteredVerifier | undefined> {
      const [verifier] = await db.select().from(verifiers).where(eq(verifiers.did, did));
      if (!verifier) return undefined;
      const purposes = await db
        .select()
        .from(verifierPurposes)
        .where(eq(verifierPurposes.verifierId, verifier.id));
      return {
        name: verifier.name,
        grievanceContact: verifier.grievanceContact,
        purposes: purposes.map((purpose) => ({
          code: purpose.code,
          text: purpose.textEn,
          retentionDays: purpose.retentionDays,
          claimReasons: purpose.claimReasons,
        })),
      };
    },
  };
}
