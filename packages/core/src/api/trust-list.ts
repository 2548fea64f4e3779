/**
 * The trust list as published (DECISIONS 9.3: one list of issuers, their keys and the types each
 * may issue; public at GET /trust-list): the issuers this deployment trusts, read by the wallet,
 * the verifier API, /verify and the W3C verify endpoints. snake_case, as every answer.
 */
import { z } from 'zod';

/** One trusted issuer. */
export const trustListIssuerSchema = z.object({
  /** Its OpenID4VCI Credential Issuer Identifier (an https URL) or a DID. */
  identifier: z.string(),
  /** Its English display name. */
  name: z.string(),
  /** Its display names by UI language (en, hi, es, fr, de, ja, ta, bn); `en` always. */
  names: z.record(z.string(), z.string()),
  /** Its public keys (RFC 7517 JWK Set), or null. */
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).nullable(),
  /** Where its JWK Set is published, or null. */
  jwks_url: z.string().nullable(),
  /** The DIDs it signs as. */
  dids: z.array(z.string()),
  /** What it may issue: catalogue keys ('pan') or vct / type URIs; trusted for these only. */
  document_types: z.array(z.string()),
  /** 'product': one of the product's own issuers; 'operator': added by this deployment. */
  origin: z.enum(['product', 'operator']),
  /** ISO 8601 instant it was put on the list. */
  added_at: z.string(),
});
export type TrustListIssuer = z.infer<typeof trustListIssuerSchema>;

/** GET /trust-list. */
export const trustListSchema = z.object({
  issuers: z.array(trustListIssuerSchema),
  count: z.number().int().nonnegative(),
});
export type TrustListAnswer = z.infer<typeof trustListSchema>;
