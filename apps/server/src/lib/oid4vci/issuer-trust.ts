/**
 * Whether the wallet trusts a credential issuer: the deployment's one trust list (DECISIONS 9.3,
 * lib/trust-list.ts, the same list the verifier API, /verify and the W3C endpoints read), looked
 * up by the Credential Issuer Identifier. An untrusted issuer may still be accepted; the holder's
 * offer view and card say trusted: false.
 */
import type { TrustList } from '../trust-list';

/**
 * The issuer's display name in `language` (else English) when `credentialIssuer` is on the trust
 * list, else undefined.
 * @param list the list as loaded for this request (loadTrustList).
 * @param credentialIssuer the Credential Issuer Identifier (an https URL).
 * @param language a UI language code ('en', 'hi', ...).
 */
export function trustedIssuerName(
  list: TrustList,
  credentialIssuer: string,
  language = 'en',
): string | undefined {
  const answer = list.isTrusted({ identifier: credentialIssuer });
  if (!answer.trusted || !answer.names) return undefined;
  return (answer.names as Record<string, string | undefined>)[language] ?? answer.names.en;
}
