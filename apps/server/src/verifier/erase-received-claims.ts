/**
 * The product-hosted verifier forgets what a holder shared (DPDP Act s.8(7)(a): a data fiduciary
 * erases personal data once consent is withdrawn or its purpose is served; s.12(3): on the data
 * principal's request): the claims it verified from the presentation whose `vp_token` has
 * SHA-256 `vpTokenSha256` are erased (claims_ciphertext null, erased_at set) and the request
 * reads 'withdrawn' or 'consent_expired' (an erasure request leaves its status as it is).
 *
 * The presentation's digest is the link between the holder's consent and the verifier's
 * request (the holder's approval receipt names the same digest), so nothing but the consent
 * that was accepted can erase, or be attached to, a request.
 *
 * Input: (db or the caller's transaction, { vpTokenSha256, reason, at }). Output: when the
 * claims were erased, or null when none were held here (an outside verifier, or erased before).
 * Errors: database only.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { verifierRequests } from '../db/schema';
import type { ClaimsErasureReason } from '../lib/roles';

const STATUS_AFTER: Record<ClaimsErasureReason, string | undefined> = {
  withdrawn: 'withdrawn',
  consent_expired: 'consent_expired',
  erasure_request: undefined,
};

export async function eraseReceivedClaims(
  db: DbOrTx,
  options: { vpTokenSha256: string; reason: ClaimsErasureReason; at: Date },
): Promise<Date | null> {
  const status = STATUS_AFTER[options.reason];
  const erased = await db
    .update(verifierRequests)
    .set({ claimsCiphertext: null, erasedAt: options.at, ...(status ? { status } : {}) })
    .where(
      and(
        eq(verifierRequests.vpTokenSha256, options.vpTokenSha256),
        isNotNull(verifierRequests.claimsCiphertext),
      ),
    )
    .returning({ erasedAt: verifierRequests.erasedAt });
  return erased[0]?.erasedAt ?? null;
}
