/**
 * Several credentials in one Credential Response (OpenID4VCI 1.0 section 8.3: `credentials` is
 * an array of one or more issued credentials; with batch issuance, section 8.2 `proofs` and the
 * metadata's `batch_credential_issuance`, they are instances of one credential dataset, each
 * meant to be shown once so that verifiers cannot link them). docs/oid4vci.md "Several
 * credentials in one answer":
 *
 * - instances that say the same about the holder (the same claims) are one credential to the
 *   holder: the wallet keeps the first as the card and drops the other copies (it asks for no
 *   batches, and stores no unlinkable copies);
 * - instances that say different things are different credentials, each kept (its own row), in
 *   the order the issuer sent them;
 * - SPEC 5 holds inside one answer too: two different credentials of one of the SPEC's ten
 *   types are refused (credential_rejected), never stored or answered with a 500.
 */
import { canonicalJson, type DocumentTypeKey, getDocumentType } from '@pehchaan/core';
import { AppError } from '../errors';

/** RFC 8785 text of `claims`; undefined when it has none (too deep to walk): then never a copy. */
function claimsText(claims: unknown): string | undefined {
  try {
    return canonicalJson(claims ?? null);
  } catch {
    return undefined;
  }
}

/**
 * The credentials of one Credential Response the wallet keeps, per the module docs.
 * @param instances the checked credentials of the answer, in the issuer's order.
 * @param sameness `claimsOf(r)`: what `r` says about the holder (an SD-JWT VC's disclosed claims,
 *   an ldp_vc's credentialSubject), compared as RFC 8785 JSON; `documentTypeOf(r)`: its SPEC
 *   type, else undefined.
 * @returns the first instance of each distinct credential (at least one when `instances` has one).
 * @throws AppError credential_rejected (422) for two different credentials of one SPEC type.
 */
export function credentialsOfResponse<R>(
  instances: readonly R[],
  sameness: {
    claimsOf: (instance: R) => unknown;
    documentTypeOf: (instance: R) => DocumentTypeKey | undefined;
  },
): R[] {
  const kept: { instance: R; claims: string | undefined }[] = [];
  for (const instance of instances) {
    const claims = claimsText(sameness.claimsOf(instance));
    if (claims !== undefined && kept.some((k) => k.claims === claims)) continue;
    const type = sameness.documentTypeOf(instance);
    if (type && kept.some((k) => sameness.documentTypeOf(k.instance) === type)) {
      throw new AppError(
        'credential_rejected',
        `The issuer's credential was not accepted: it sent several different ${
          getDocumentType(type)?.name ?? type
        } credentials at once, and only one document of each type is allowed.`,
      );
    }
    kept.push({ instance, claims });
  }
  return kept.map((k) => k.instance);
}
