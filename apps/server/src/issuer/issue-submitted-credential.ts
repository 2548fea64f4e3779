/**
 * POST /credentials/issue, the W3C VC API issuer (W3C-CCG VC API "Issue Credential";
 * docs/api-contract.md "W3C VC API issuer"): an issuer organisation, authenticated by its API
 * key, has the product sign a credential as that issuer.
 *
 * Input: { ...deps, issuer: the authenticated issuer, credential: the request's `credential`
 * (VCDM 2.0 or 1.1, no proof), cryptosuite: 'eddsa-rdfc-2022' (default) | 'eddsa-jcs-2022' }.
 * Output: the credential as sent, with one DataIntegrityProof (assertionMethod, the issuer's
 * did:key verification method, `created` now to the second); a VCDM 1.1 credential without the
 * Data Integrity context gets it appended to its @context (the proof's terms need it).
 *
 * Checks, in order: the issuer named is the key's own (credential.issuer, a string or { id,
 * name }; authorization, so before any validation: assertIssuesAs, which the route also runs
 * before it validates the body); the Data Model rules (core's checkCredentialRules: @context,
 * type, issuer, credentialSubject with claims, validFrom/validUntil or
 * issuanceDate/expirationDate, id, name/description, credentialStatus, credentialSchema,
 * refreshService, termsOfUse, evidence and relatedResource with its digests) and no `proof`
 * yet; JSON-LD expansion in safe mode over the bundled contexts only (an undefined term or
 * type, a relative IRI, a redefined protected term or a context that is not bundled is an
 * error; nothing is fetched).
 * A credential typed ConsentReceipt (any spelling core's isConsentReceiptType reads) is refused
 * before the rules are checked: only the wallet's consent registry makes consent receipts
 * (DECISIONS 7.13), so no issuer key may sign one that a reader could take for a receipt.
 *
 * Errors: 'forbidden' (403) when the credential names another issuer; 'type_not_issuable' (422)
 * when its type is ConsentReceipt; AppError 'credential_not_issuable' (400) with `reasons` (the
 * broken rules, one sentence each) for input the Data Model or safe mode refuses.
 */
import {
  addEddsaJcs2022Proof,
  addEddsaRdfc2022Proof,
  CanonicalizationError,
  canonizeRdfc,
  checkCredentialRules,
  credentialIssuerId,
  dataModelVersion,
  EDDSA_JCS_2022,
  EDDSA_RDFC_2022,
  type IssuerName,
  isJsonObject,
  isTypedConsentReceipt,
} from '@pehchaan/core';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';

/** The cryptosuites the issuer signs with (W3C Data Integrity EdDSA Cryptosuites v1.0). */
export const ISSUE_CRYPTOSUITES = [EDDSA_RDFC_2022, EDDSA_JCS_2022] as const;
export type IssueCryptosuite = (typeof ISSUE_CRYPTOSUITES)[number];

/** The Data Integrity v2 context: what a VCDM 1.1 credential needs for DataIntegrityProof. */
export const DATA_INTEGRITY_V2_CONTEXT = 'https://w3id.org/security/data-integrity/v2';

export const INVALID_CREDENTIAL_DETAIL = 'The credential cannot be issued as it is.';

/** The `detail` of 'type_not_issuable'. */
export const CONSENT_RECEIPT_NOT_ISSUABLE_DETAIL =
  'A ConsentReceipt is issued only by the wallet’s consent registry; an issuer cannot issue this type.';

export interface IssueSubmittedCredentialOptions
  extends Pick<ServiceDeps, 'issuers' | 'now' | 'proofCrypto'> {
  issuer: IssuerName;
  credential: Record<string, unknown>;
  cryptosuite?: IssueCryptosuite;
}

function invalid(errors: string[]): AppError {
  return new AppError('credential_not_issuable', INVALID_CREDENTIAL_DETAIL, undefined, {
    reasons: errors,
  });
}

/**
 * Authorization of an issue request: a credential that names an issuer (credential.issuer or
 * credential.issuer.id, a string) must name the key's own issuer's DID. Anything it cannot read
 * (no credential object, no issuer id) is left to validation.
 * @param credential the request's `credential`, not validated yet (any value).
 * @throws {AppError} 'forbidden' (403) when it names another issuer.
 */
export function assertIssuesAs(
  options: Pick<ServiceDeps, 'issuers'> & { issuer: IssuerName; credential: unknown },
): void {
  const { did } = options.issuers.get(options.issuer);
  const named = isJsonObject(options.credential)
    ? credentialIssuerId(options.credential)
    : undefined;
  if (named !== undefined && named !== did) {
    throw new AppError('forbidden', `This API key issues only as ${did}.`);
  }
}

export async function issueSubmittedCredential(
  options: IssueSubmittedCredentialOptions,
): Promise<Record<string, unknown>> {
  assertIssuesAs(options);
  if (isTypedConsentReceipt(options.credential)) {
    throw new AppError('type_not_issuable', CONSENT_RECEIPT_NOT_ISSUABLE_DETAIL);
  }
  const key = options.issuers.get(options.issuer);
  const errors = checkCredentialRules(options.credential);
  if (options.credential.proof !== undefined) {
    errors.push('The credential to issue must not have a proof (the issuer adds it)');
  }
  if (errors.length > 0) throw invalid(errors);
  let credential = options.credential;
  const context = credential['@context'] as unknown[];
  if (dataModelVersion(credential) === '1.1' && !context.includes(DATA_INTEGRITY_V2_CONTEXT)) {
    credential = { ...credential, '@context': [...context, DATA_INTEGRITY_V2_CONTEXT] };
  }
  try {
    await canonizeRdfc(credential);
  } catch (error) {
    if (error instanceof CanonicalizationError) throw invalid([error.message]);
    throw error;
  }
  const proofOptions = {
    verificationMethod: key.verificationMethod,
    created: `${options.now().toISOString().slice(0, 19)}Z`,
    sign: key.sign,
    crypto: options.proofCrypto,
  };
  const signed =
    options.cryptosuite === EDDSA_JCS_2022
      ? await addEddsaJcs2022Proof(credential, proofOptions)
      : await addEddsaRdfc2022Proof(credential, proofOptions);
  // One proof: answer it as an object, as issuers commonly do (a proof set only when asked).
  const [proof] = signed.proof;
  return { ...signed, proof };
}
