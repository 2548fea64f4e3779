/**
 * GET /trust-list (DECISIONS 9.3: the trust list is public): the issuers this deployment trusts,
 * as lib/trust-list.ts reads them (the cached list), in core's trustListSchema shape: identifier,
 * English name and every name, keys (JWK Set) or JWKS URL, DIDs, the document types each may
 * issue, origin and when it was added. Removed issuers are not listed. Holds no personal data.
 *
 * Input: { db, publicOrigin }. Output: { issuers, count }, the product's issuers first (in
 * core's ISSUERS order), then the added ones by when they were added.
 * Errors: database errors only.
 */
import { ISSUERS, type TrustListAnswer } from '@pehchaan/core';
import type { DbOrTx } from '../db/create-db';
import { loadTrustList, type TrustedIssuer } from '../lib/trust-list';

/** The product's issuers in core's ISSUERS order, then the added ones. */
const rank = (issuer: TrustedIssuer) =>
  issuer.origin === 'product'
    ? (ISSUERS as readonly string[]).indexOf(issuer.names.en)
    : ISSUERS.length;

export async function getTrustList(deps: {
  db: DbOrTx;
  publicOrigin: string;
}): Promise<TrustListAnswer> {
  const list = await loadTrustList(deps);
  const issuers = [...list.issuers]
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        a.addedAt.getTime() - b.addedAt.getTime() ||
        a.identifier.localeCompare(b.identifier),
    )
    .map((issuer) => ({
      identifier: issuer.identifier,
      name: issuer.names.en,
      names: { ...issuer.names },
      jwks: issuer.jwks as { keys: Record<string, unknown>[] } | null,
      jwks_url: issuer.jwksUrl,
      dids: [...issuer.dids],
      document_types: [...issuer.documentTypes],
      origin: issuer.origin,
      added_at: issuer.addedAt.toISOString(),
    }));
  return { issuers, count: issuers.length };
}
