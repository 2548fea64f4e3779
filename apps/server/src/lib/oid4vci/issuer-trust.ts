/**
 * Whether the wallet trusts a credential issuer (DECISIONS 8: one trust list of issuers serves
 * the wallet, the verifier API, /verify and the W3C endpoints). Until that list is wired in, the
 * trusted issuers are this deployment's own: the Credential Issuer Identifier of each of SPEC 3's
 * issuers (core's `credentialIssuerIdentifier(PUBLIC_ORIGIN, name)` for each ISSUERS name). This
 * one function is the seam the trust list replaces.
 */
import { credentialIssuerIdentifier, ISSUERS } from '@pehchaan/core';

/**
 * The trusted issuer's display name when `credentialIssuer` is on the trust list, else undefined
 * (an untrusted issuer may still be accepted; the offer says trusted: false).
 * @param publicOrigin AppConfig.publicOrigin ('http://localhost:5000').
 */
export function trustedIssuerName(
  publicOrigin: string,
  credentialIssuer: string,
): string | undefined {
  return ISSUERS.find(
    (name) => credentialIssuerIdentifier(publicOrigin, name) === credentialIssuer,
  );
}
