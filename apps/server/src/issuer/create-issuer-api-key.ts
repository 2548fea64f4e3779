/**
 * Mints an API key for one of the product's issuers (`npm run issuer:key -- <issuer>`), for the
 * W3C VC API issuer (POST /credentials/issue). The key is answered once and stored only as its
 * hash. The issuer's signing key must exist (made on the server's first start, or by the
 * script's loadIssuerKeyring).
 */
import { ISSUERS, type IssuerName } from '@pehchaan/core';
import { issuerApiKeys } from '../db/schema';
import { newApiKey } from '../lib/api-keys';
import type { ServiceDeps } from '../lib/deps';
import { newId } from '../lib/ids';

/** True for one of core's ISSUERS names, e.g. 'UIDAI'. */
export function isIssuerName(value: string): value is IssuerName {
  return (ISSUERS as readonly string[]).includes(value);
}

/**
 * Stores a new API key of `issuer`.
 * @returns the key itself (shown once), its prefix and the issuer's DID.
 */
export async function createIssuerApiKey(
  options: Pick<ServiceDeps, 'db' | 'now' | 'issuers'> & { issuer: IssuerName },
): Promise<{ apiKey: string; prefix: string; did: string }> {
  const { key, keyHash, prefix } = newApiKey('pik');
  await options.db.insert(issuerApiKeys).values({
    id: newId('ikey', 8),
    issuer: options.issuer,
    prefix,
    keyHash,
    createdAt: options.now(),
  });
  return { apiKey: key, prefix, did: options.issuers.get(options.issuer).did };
}
