/**
 * Verifier API authentication (docs/api-contract.md "Verifiers (OpenID4VP)"):
 * `Authorization: Bearer <api key>` names a registered verifier organisation.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { verifierApiKeys } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { API_KEY_PATTERN, hashApiKey } from '../lib/verifier-keys';

export const MISSING_API_KEY_DETAIL = 'Send the verifier API key as Authorization: Bearer <key>.';
export const INVALID_API_KEY_DETAIL = 'The verifier API key is not valid.';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The verifier id of the request's API key.
 * @param options.authorization the Authorization header, if any.
 * @throws {AppError} 'unauthenticated' (401) when it is missing, malformed, unknown or revoked.
 */
export async function authenticateVerifier(
  options: Pick<ServiceDeps, 'db'> & { authorization: string | undefined },
): Promise<{ verifierId: string }> {
  if (!options.authorization) throw new AppError('unauthenticated', MISSING_API_KEY_DETAIL);
  const key = BEARER.exec(options.authorization)?.[1];
  if (!key || !API_KEY_PATTERN.test(key)) {
    throw new AppError('unauthenticated', INVALID_API_KEY_DETAIL);
  }
  const [row] = await options.db
    .select({ verifierId: verifierApiKeys.verifierId })
    .from(verifierApiKeys)
    .where(and(eq(verifierApiKeys.keyHash, hashApiKey(key)), isNull(verifierApiKeys.revokedAt)));
  if (!row) throw new AppError('unauthenticated', INVALID_API_KEY_DETAIL);
  return row;
}
