/**
 * Only the consent registry makes consent receipts (DECISIONS 7.13: a receipt is a W3C VC signed
 * by the wallet's consent registry key). A document typed `ConsentReceipt` is a trusted receipt
 * only when every proof it carries was made with the registry's verification method; one signed
 * by any other key (an identity issuer's included, though that issuer is trusted for the
 * credentials it issues) is "not a trusted receipt", whatever issuer name it gives itself.
 *
 * `trustAsConsentReceipt` applies that rule to a verdict of `verifyCredential` (the server's
 * GET /api/consent-receipts/{id} and POST /credentials/verify, whose verdicts the web's /verify
 * receipt views show); `isConsentReceiptType` is also the W3C VC API issuer's refusal of the type.
 */
import type { CredentialVerdict, VerificationStatus } from '../proofs/verify-credential';
import { VERIFICATION_STATUSES } from '../proofs/verify-credential';

/** The credential type of a consent receipt (consent/receipt.ts buildConsentReceipt). */
export const CONSENT_RECEIPT_TYPE = 'ConsentReceipt';

/**
 * True when `type` names the consent receipt type: the term itself, or an IRI or compact IRI
 * ending in it ('https://…#ConsentReceipt', 'ex:ConsentReceipt'), so that no spelling of the
 * type slips past the rule.
 */
export function isConsentReceiptType(type: unknown): boolean {
  if (typeof type !== 'string') return false;
  return type === CONSENT_RECEIPT_TYPE || /[#/:]ConsentReceipt$/.test(type);
}

/** True when `document` is an object whose `type` (a string or a list) names ConsentReceipt. */
export function isTypedConsentReceipt(document: unknown): boolean {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return false;
  const type = (document as { type?: unknown }).type;
  return Array.isArray(type) ? type.some(isConsentReceiptType) : isConsentReceiptType(type);
}

/**
 * The `verificationMethod` of each proof of `document` (`proof` one object or a set), in order;
 * a proof without a string verificationMethod counts as ''. Never throws.
 */
export function proofVerificationMethods(document: unknown): string[] {
  if (typeof document !== 'object' || document === null) return [];
  const proof = (document as { proof?: unknown }).proof;
  const proofs = Array.isArray(proof) ? proof : proof === undefined ? [] : [proof];
  return proofs.map((entry) => {
    const method =
      typeof entry === 'object' && entry !== null
        ? (entry as { verificationMethod?: unknown }).verificationMethod
        : undefined;
    return typeof method === 'string' ? method : '';
  });
}

/** The reason a receipt not signed by the consent registry's key is refused (an error text). */
export function notARegistryReceiptReason(signers: readonly string[]): string {
  const by = signers.filter(Boolean);
  return `Not a trusted receipt: a consent receipt is signed only by the consent registry's key, and this one is signed by ${by.length > 0 ? by.join(', ') : 'no key'}`;
}

const severity = (status: VerificationStatus) => VERIFICATION_STATUSES.indexOf(status);

/**
 * `verdict` (verifyCredential's, on `document`) with the consent-receipt rule applied: when
 * `document` is typed ConsentReceipt and any of its proofs (or all, when it has none) was not
 * made with `options.registryVerificationMethod` (the consent registry's did:key verification
 * method, exactly), its issuer is not trusted: `trust.trusted` and `checks.trusted_issuer` become
 * false and the reason (notARegistryReceiptReason) is added, as an error when the trusted-issuer
 * check decides the verdict (`options.required`: status at least 'untrusted_issuer', not
 * verified), else as a warning. Any other document, or a receipt the registry signed, is
 * answered unchanged. Pure; never throws.
 */
export function trustAsConsentReceipt<V extends CredentialVerdict>(
  verdict: V,
  document: unknown,
  options: { registryVerificationMethod: string; required: boolean },
): V {
  if (!isTypedConsentReceipt(document)) return verdict;
  const signers = proofVerificationMethods(document);
  const byRegistry =
    signers.length > 0 && signers.every((method) => method === options.registryVerificationMethod);
  if (byRegistry) return verdict;
  const reason = notARegistryReceiptReason(signers);
  const trust = { issuer: verdict.trust.issuer, trusted: false };
  const checks = { ...verdict.checks, trusted_issuer: false };
  if (!options.required) {
    return { ...verdict, trust, checks, warnings: [...verdict.warnings, reason] };
  }
  const status: VerificationStatus =
    severity(verdict.status) < severity('untrusted_issuer') ? verdict.status : 'untrusted_issuer';
  return {
    ...verdict,
    verified: false,
    status,
    trust,
    checks,
    errors: [...verdict.errors, reason],
  };
}
