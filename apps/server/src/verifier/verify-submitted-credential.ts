/**
 * POST /credentials/verify, the W3C VC API verifier (DECISIONS 4, api-contract "Credentials,
 * signing and verification"): verifies a credential a caller sends, issued by anyone whose key
 * resolves offline (did:key), with the checks the caller asks for.
 *
 * Input: { ...deps, credential: the `verifiableCredential` object, checks: the request's
 * `options.checks` (default ['proof']) }. The issuers the trust list trusts for the credential's
 * type (lib/trust-list.ts, DECISIONS 9.3), and the consent registry (the issuer of consent
 * receipts, issue 17), are told apart in the verdict's `trust`, which then also names them; they fail the answer only when 'trusted_issuer' is asked for. A
 * document typed ConsentReceipt is trusted only when every proof was made with the consent
 * registry's key (core's trustAsConsentReceipt, DECISIONS 7.13): signed by an identity issuer's
 * key it is "Not a trusted receipt", with that reason among the errors (or warnings). A
 * consent receipt's eddsa-rdfc-2022 form is canonicalized with the bundled receipt context bound
 * to this deployment's URL (consentReceiptContexts), never fetched. Accepts VCDM
 * 2.0 and 1.1, eddsa-jcs-2022, eddsa-rdfc-2022 and Ed25519Signature2020, proof sets and chains.
 * Output: the verdict (core's CredentialVerdict) when it is verified.
 * Errors: AppError 'invalid_credential' (400) for a malformed credential (a Data Model rule,
 * an unreadable proof, a key that cannot be resolved offline, a context that is not bundled);
 * 'credential_not_verified' (422) when a requested check fails. Both carry the extension
 * members `verified: false` and `verification` (the whole verdict, with the reasons); the
 * `detail` is a fixed text per status (NOT_VERIFIED_DETAIL), never the caller's input.
 */
import {
  type CredentialCheck,
  type CredentialVerdict,
  consentReceiptContexts,
  trustAsConsentReceipt,
  VC_API_CRYPTOSUITES,
  type VerificationStatus,
  verifyCredential,
} from '@pehchaan/core';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { loadTrustList } from '../lib/trust-list';

export interface VerifySubmittedCredentialOptions
  extends Pick<ServiceDeps, 'db' | 'now' | 'proofCrypto' | 'consentRegistry' | 'publicOrigin'> {
  credential: Record<string, unknown>;
  /** The checks that decide the answer; default ['proof']. */
  checks?: readonly CredentialCheck[];
}

/** VC API `options.checks` when the request names none. */
export const DEFAULT_VC_API_CHECKS: readonly CredentialCheck[] = ['proof'];

export async function verifySubmittedCredential(
  options: VerifySubmittedCredentialOptions,
): Promise<CredentialVerdict> {
  const trustList = await loadTrustList(options);
  const registry = options.consentRegistry;
  const checks = options.checks ?? DEFAULT_VC_API_CHECKS;
  const verdictOfProofs = await verifyCredential(options.credential, {
    trustedIssuers: (issuerId, document) =>
      issuerId === registry.did || trustList.trustsCredential(issuerId, document),
    now: options.now(),
    crypto: options.proofCrypto,
    cryptosuites: VC_API_CRYPTOSUITES,
    checks,
    contexts: consentReceiptContexts(options.publicOrigin),
  });
  // A consent receipt is trusted only when the consent registry's key signed it.
  const checked = trustAsConsentReceipt(verdictOfProofs, options.credential, {
    registryVerificationMethod: options.consentRegistry.verificationMethod,
    required: checks.includes('trusted_issuer'),
  });
  const name = !checked.trust.trusted
    ? undefined
    : checked.trust.issuer === registry.did
      ? registry.name
      : trustList.nameOfDid(checked.trust.issuer);
  const verdict = name ? { ...checked, trust: { ...checked.trust, name } } : checked;
  if (verdict.verified) return verdict;
  throw new AppError(
    verdict.status === 'malformed' ? 'invalid_credential' : 'credential_not_verified',
    NOT_VERIFIED_DETAIL[verdict.status],
    undefined,
    { verified: false, verification: verdict },
  );
}

/**
 * The problem's `detail` per verdict status: fixed texts (the reasons, which may quote the
 * caller's input, are in `verification.errors`).
 */
export const NOT_VERIFIED_DETAIL: Record<VerificationStatus, string> = {
  malformed: 'The credential is malformed; see verification.errors',
  invalid_signature: 'The credential’s proof does not verify; see verification.errors',
  untrusted_issuer: 'The credential’s issuer is not a trusted issuer; see verification.errors',
  expired: 'The credential is outside its validity period; see verification.errors',
  verified: 'The credential is verified',
};
