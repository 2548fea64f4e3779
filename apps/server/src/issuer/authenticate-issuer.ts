/**
 * W3C VC API issuer authentication (docs/api-contract.md "W3C VC API issuer"):
 * `Authorization: Bearer <api key>` names one of the product's issuers (core's ISSUERS).
 */
import type { IssuerName } from '@pehchaan/core';
import { and, eq, isNull } from 'drizzle-orm';
import { issuerApiKeys } from '../db/schema';
import { bearerApiKeyHash } from '../lib/api-keys';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';

export const MISSING_ISSUER_KEY_DETAIL = 'Send the issuer API key as Authorization: Bearer <key>.';
export const INVALID_ISSUER_KEY_DETAIL = 'The issuer API key is not valid.';

/**
 * The issuer whose API key the request carries.
 * @param options.authorization the Authorization header, if any.
 * @throws {AppError} 'unauthenticated' (401) when it is missing, malformed, unknown or revoked.
 */
export async function authenticateIssuer(
  options: Pick<ServiceDeps, 'db'> & { authorization: string | undefined },
): Promise<{ issuer: IssuerName }> {
  const keyHash = bearerApiKeyHash(options.authorization, 'pik', {
    missing: MISSING_ISSUER_KEY_DETAIL,
    invalid: INVALID_ISSUER_KEY_DETAIL,
  });
  const [row] = await options.db
    .select({ issuer: issuerApiKeys.issuer })
    .from(issuerApiKeys)
    .where(and(eq(issuerApiKeys.keyHash, keyHash), isNull(issuerApiKeys.revokedAt)));
  if (!row) throw new AppError('unauthenticated', INVALID_ISSUER_KEY_DETAIL);
  return { issuer: row.issuer as IssuerName };
}
