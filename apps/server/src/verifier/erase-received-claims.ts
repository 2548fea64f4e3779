/**
 * Erases the claims this product's verifier holds for the request a holder's consent answered
 * (DPDP Act s.12(3) and s.8(7)(a): a data principal's erasure request, once the organisation
 * resolves it). The request is the organisation's own whose accepted vp_token has the digest the
 * consent's approval receipt names (`presentation_sha256`), so only the holder whose
 * presentation was accepted can have claims erased, never another holder's. The claims'
 * ciphertext is dropped and `erased_at` set; the status stays as it is (shared), the checks and
 * the digest stay (they are not personal data and prove what was received).
 *
 * Runs inside the caller's transaction (`db` may be a transaction): the route composes it with
 * resolving the erasure request (consent/resolve-rights-request.ts), which takes it as its
 * `eraseClaims` function.
 *
 * `eraseClaimsOfEndedConsent` is the same erasure when the consent itself ends (withdrawn or
 * expired, DPDP Act s.8(7)(a)), reached by the consent ledger through the verifier's port.
 *
 * Input: { db, vault, verifierId, presentationSha256 (null: nothing was presented), at }.
 * Output: { erased_at, claims: the claim names erased, each once, sorted } | { nothing_held: true } (no
 * such request, or its claims were already erased, e.g. on withdrawal).
 */
import type { RightsRequestErasure, VerifiedCredential } from '@pehchaan/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { verifierRequests } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import type { ClaimsErasureReason } from '../lib/roles';
import { verifierRequestAad } from './receive-verifier-response';

const NOTHING_HELD = { nothing_held: true } as const;

export async function eraseReceivedClaims(
  options: Pick<ServiceDeps, 'vault'> & {
    db: DbOrTx;
    verifierId: string;
    presentationSha256: string | null;
    at: Date;
  },
): Promise<RightsRequestErasure> {
  const { db } = options;
  if (!options.presentationSha256) return NOTHING_HELD;
  const [row] = await db
    .select({ id: verifierRequests.id, claimsCiphertext: verifierRequests.claimsCiphertext })
    .from(verifierRequests)
    .where(
      and(
        eq(verifierRequests.verifierId, options.verifierId),
        eq(verifierRequests.vpTokenSha256, options.presentationSha256),
      ),
    )
    .for('update');
  if (!row?.claimsCiphertext) return NOTHING_HELD;
  const credentials = JSON.parse(
    options.vault.decrypt(row.claimsCiphertext, verifierRequestAad(row.id)),
  ) as Record<string, VerifiedCredential[]>;
  const claims = [
    ...new Set(
      Object.values(credentials).flatMap((list) =>
        list.flatMap((credential) => Object.keys(credential.claims)),
      ),
    ),
  ].sort();
  const erased = await db
    .update(verifierRequests)
    .set({ claimsCiphertext: null, erasedAt: options.at })
    .where(and(eq(verifierRequests.id, row.id), isNotNull(verifierRequests.claimsCiphertext)))
    .returning({ id: verifierRequests.id });
  if (erased.length === 0) return NOTHING_HELD;
  return { erased_at: options.at.toISOString(), claims };
}

/**
 * Erases at `at` the claims received from the presentation whose `vp_token` has SHA-256
 * `vpTokenSha256`, because the consent it was given under ended: the request reads 'withdrawn'
 * or 'consent_expired'. An earlier erasure (an erasure request resolved) is left as it was.
 * @returns when they were erased; null when none were held here.
 */
export async function eraseClaimsOfEndedConsent(
  db: DbOrTx,
  options: { vpTokenSha256: string; reason: ClaimsErasureReason; at: Date },
): Promise<Date | null> {
  const status = options.reason === 'withdrawn' ? 'withdrawn' : 'consent_expired';
  const erased = await db
    .update(verifierRequests)
    .set({ claimsCiphertext: null, erasedAt: options.at, status })
    .where(
      and(
        eq(verifierRequests.vpTokenSha256, options.vpTokenSha256),
        isNotNull(verifierRequests.claimsCiphertext),
      ),
    )
    .returning({ erasedAt: verifierRequests.erasedAt });
  return erased[0]?.erasedAt ?? null;
}
