/**
 * Verifier API authentication (docs/api-contract.md "Verifiers (OpenID4VP)"):
 * `Authorization: Bearer <api key>` names a registered verifier organisation.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { verifierApiKeys } from '../db/schema';
import { bearerApiKeyHash } from '../lib/api-keys';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';

export const MISSING_API_KEY_DETAIL = 'Send the verifier API key as Authorization: Bearer <key>.';
export const INVALID_API_KEY_DETAIL = 'The verifier API key is not valid.';

/**
 * The verifier id of the request's API key.
 * @param options.authorization the Authorization header, if any.
 * @throws {AppError} 'unauthenticated' (401) when it is missing, malformed, unknown or revoked.
 */
export async function authenticateVerifier(
  options: Pick<ServiceDeps, 'db'> & { authorization: string | undefined },
): Promise<{ verifierId: string }> {
  const keyHash = bearerApiKeyHash(options.authorization, 'pvk', {
    missing: MISSING_API_KEY_DETAIL,
    invalid: INVALID_API_KEY_DETAIL,
  });
  const [row] = await options.db
    .select({ verifierId: verifierApiKeys.verifierId })
    .from(verifierApiKeys)
    .where(and(eq(verifierApiKeys.keyHash, keyHash), isNull(verifierApiKeys.revokedAt)));
  if (!row) throw new AppError('unauthenticated', INVALID_API_KEY_DETAIL);
  return row;
}
