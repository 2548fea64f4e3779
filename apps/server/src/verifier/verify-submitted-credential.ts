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
 * Status (docs/status-lists.md "Checking status"): a credential with BitstringStatusListEntry
 * entries in `credentialStatus` has its issuer's lists read (lib/status-list) unless it is
 * malformed; the VC API check 'credentialStatus' is required when `checks` is not given or names
 * it, else its failure is a warning. The verdict's `checks.status` and `credential_status` say
 * what the list said.
 * Output: the verdict (core's CredentialVerdict) when it is verified.
 * Errors: AppError 'invalid_credential' (400) for a malformed credential (a Data Model rule,
 * an unreadable proof, a key that cannot be resolved offline, a context that is not bundled);
 * 'credential_revoked', 'credential_suspended' or 'status_unknown' (409, 409, 422) when the required
 * status check fails (and no more severe check did); 'credential_not_verified' (422) when
 * another requested check fails. Both carry the extension
 * members `verified: false` and `verification` (the whole verdict, with the reasons); the
 * `detail` is a fixed text per status (NOT_VERIFIED_DETAIL), never the caller's input.
 */
import {
  CREDENTIAL_STATUS_CHECK,
  type CredentialCheck,
  type CredentialVerdict,
  consentReceiptContexts,
  credentialIssuerId,
  trustAsConsentReceipt,
  VC_API_CRYPTOSUITES,
  type VcApiCheck,
  type VerificationStatus,
  verifyCredential,
} from '@pehchaan/core';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import {
  checkCredentialStatus,
  type StatusListDeps,
  statusEntriesOfCredential,
} from '../lib/status-list';
import { statusProblemCode, withStatus } from '../lib/status-list/verdict';
import { loadTrustList } from '../lib/trust-list';

export interface VerifySubmittedCredentialOptions
  extends Pick<ServiceDeps, 'db' | 'now' | 'proofCrypto' | 'consentRegistry' | 'publicOrigin'>,
    StatusListDeps {
  credential: Record<string, unknown>;
  /** The checks that decide the answer; default ['proof'] (and 'credentialStatus'). */
  checks?: readonly VcApiCheck[];
}

/** The checks core's verifyCredential makes (all but the status check, made here). */
export function proofChecksOf(checks: readonly VcApiCheck[] | undefined) {
  return (checks ?? DEFAULT_VC_API_CHECKS).filter(
    (check): check is CredentialCheck => check !== CREDENTIAL_STATUS_CHECK,
  );
}

/** True when the status check decides the answer: by default, or when `checks` names it. */
export const statusRequired = (checks: readonly VcApiCheck[] | undefined) =>
  checks === undefined || checks.includes(CREDENTIAL_STATUS_CHECK);

/**
 * `verdict` of `credential` with its status read when it has status entries and is not
 * malformed (lib/status-list/verdict.ts withStatus); unchanged otherwise.
 */
export async function withCredentialStatus(
  verdict: CredentialVerdict,
  credential: unknown,
  required: boolean,
  deps: StatusListDeps,
): Promise<CredentialVerdict> {
  if (verdict.status === 'malformed' || typeof credential !== 'object' || credential === null) {
    return verdict;
  }
  const document = credential as Record<string, unknown>;
  const entries = statusEntriesOfCredential(document);
  if (entries.length === 0) return verdict;
  const issuer = credentialIssuerId(document) ?? '';
  const check = await checkCredentialStatus({ issuer, entries }, deps);
  return withStatus(verdict, check, required);
}

/** VC API `options.checks` when the request names none. */
export const DEFAULT_VC_API_CHECKS: readonly CredentialCheck[] = ['proof'];

export async function verifySubmittedCredential(
  options: VerifySubmittedCredentialOptions,
): Promise<CredentialVerdict> {
  const trustList = await loadTrustList(options);
  const registry = options.consentRegistry;
  const checks = proofChecksOf(options.checks);
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
  const named = name ? { ...checked, trust: { ...checked.trust, name } } : checked;
  const verdict = await withCredentialStatus(
    named,
    options.credential,
    statusRequired(options.checks),
    options,
  );
  if (verdict.verified) return verdict;
  throw new AppError(
    statusProblemCode(verdict.status) ??
      (verdict.status === 'malformed' ? 'invalid_credential' : 'credential_not_verified'),
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
  revoked: 'Credential revoked: its issuer revoked it; see verification.errors',
  suspended: 'Credential suspended: its issuer suspended it; see verification.errors',
  status_unknown:
    'Status unknown: the issuer’s status list could not be read or verified; see verification.errors',
  verified: 'The credential is verified',
};
