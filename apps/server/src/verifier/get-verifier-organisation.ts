/**
 * GET /verifier/me: the organisation an API key belongs to and its registered purposes, each
 * with its texts (en, hi), retention and the claims it may ask for per document type
 * (docs/api-contract.md "Verifiers (OpenID4VP)"; DPDP Act s.5 and s.6(1): a request names one
 * purpose and asks only for its claims). The verifier portal (/verifier) offers exactly these.
 * Also where the wallet sends its withdrawal notices (the registered notification URL) and the
 * wallet's did:key that signs them (issue 17, docs/oid4vp.md "Withdrawal notices").
 */
import type { VerifierOrganisation } from '@pehchaan/core';
import { asc, eq } from 'drizzle-orm';
import { verifierPurposes, verifiers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { loadWalletKey } from '../lib/wallet-keys';

/**
 * @param options.verifierId the authenticated verifier (authenticate-verifier.ts).
 * @returns the organisation with its purposes ordered by code.
 * @throws {AppError} 'unauthenticated' (401) when the verifier no longer exists (its key then
 *   names nobody).
 */
export async function getVerifierOrganisation(
  options: Pick<ServiceDeps, 'db' | 'vault' | 'now'> & { verifierId: string },
): Promise<VerifierOrganisation> {
  const [verifier] = await options.db
    .select({
      id: verifiers.id,
      name: verifiers.name,
      grievanceContact: verifiers.grievanceContact,
      did: verifiers.did,
      notificationUrl: verifiers.notificationUrl,
    })
    .from(verifiers)
    .where(eq(verifiers.id, options.verifierId));
  if (!verifier) throw new AppError('unauthenticated', 'The verifier API key is not valid.');
  const purposes = await options.db
    .select()
    .from(verifierPurposes)
    .where(eq(verifierPurposes.verifierId, options.verifierId))
    .orderBy(asc(verifierPurposes.code));
  return {
    id: verifier.id,
    name: verifier.name,
    grievance_contact: verifier.grievanceContact,
    did: verifier.did,
    purposes: purposes.map((purpose) => ({
      code: purpose.code,
      text: purpose.textEn,
      text_hi: purpose.textHi,
      retention_days: purpose.retentionDays,
      claims: purpose.claims,
    })),
    notification_url: verifier.notificationUrl,
    wallet_did: (await loadWalletKey(options, 'withdrawal-notice')).did,
  };
}
