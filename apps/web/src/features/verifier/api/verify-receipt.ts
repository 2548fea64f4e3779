/**
 * Checking a consent receipt (issue 17; ISO/IEC TS 27560 with DPV, a W3C VC signed by the
 * wallet's consent registry) on the public /verify pages:
 * - `getConsentReceiptById`: GET /api/consent-receipts/{id}, the receipt its public link names,
 *   with the server's verdict and the consent's present state (`consent_status`: a receipt
 *   records the consent as it stood when issued);
 * - `verifySubmittedDocument`: a pasted or uploaded JSON document, checked at the W3C VC API's
 *   POST /credentials/verify (proof and trusted issuer), whose answer names a trusted issuer (the
 *   consent registry for a receipt) in `trust`; a receipt the server trusts then gets the
 *   consent's present state from its public link, when the server holds it.
 * The server trusts a document typed ConsentReceipt only when the consent registry's key signed
 * it (core's trustAsConsentReceipt). Both never reject: the outcome says what happened.
 */
import {
  type CredentialVerdictAnswer,
  credentialVerdictSchema,
  isConsentReceiptId,
  publicConsentReceiptSchema,
  type ReceiptConsentStatus,
  readConsentReceipt,
} from '@pehchaan/core';
import { z } from 'zod';
import { api, hasProblemCode, isApiError } from '@/lib/api-client';

/** What a receipt check answers. */
export type DocumentOutcome =
  | {
      kind: 'verdict';
      verdict: CredentialVerdictAnswer;
      document: Record<string, unknown>;
      /** The consent's present state, when the server holds the receipt. */
      consentStatus?: ReceiptConsentStatus;
    }
  | { kind: 'not_found' }
  /** The text is not JSON, or not a JSON object. */
  | { kind: 'not_json' }
  | { kind: 'failed' };

/** Never rejects: 404 is 'not_found', any other failure 'failed'. */
export async function getConsentReceiptById(receiptId: string): Promise<DocumentOutcome> {
  try {
    const answer = await api.get(`/api/consent-receipts/${encodeURIComponent(receiptId)}`, {
      schema: publicConsentReceiptSchema,
      authRedirect: false,
    });
    const { receipt, receipt_id: _id, consent_status: consentStatus, ...verdict } = answer;
    return { kind: 'verdict', verdict, document: receipt, consentStatus };
  } catch (error) {
    if (hasProblemCode(error, 'consent_receipt_not_found')) return { kind: 'not_found' };
    return { kind: 'failed' };
  }
}

/**
 * The present state of the consent a trusted receipt records, from its public link; undefined
 * when `document` is no receipt or the server does not hold it (a receipt of another deployment).
 */
async function consentStatusOfDocument(
  document: unknown,
): Promise<ReceiptConsentStatus | undefined> {
  const receiptId = readConsentReceipt(document)?.receiptId;
  if (!receiptId || !isConsentReceiptId(receiptId)) return undefined;
  const outcome = await getConsentReceiptById(receiptId);
  return outcome.kind === 'verdict' ? outcome.consentStatus : undefined;
}

/** The verdict a refusal of POST /credentials/verify carries (`verification`). */
const refusalSchema = z.object({ verification: credentialVerdictSchema });

/**
 * Checks `text` (a pasted or uploaded JSON document) with the server's W3C verifier, asking for
 * the proof and a trusted issuer. Never rejects.
 */
export async function verifySubmittedDocument(text: string): Promise<DocumentOutcome> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { kind: 'not_json' };
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return { kind: 'not_json' };
  }
  const body = {
    verifiableCredential: document,
    options: { checks: ['proof', 'trusted_issuer'] },
  };
  try {
    const verdict = await api.post('/credentials/verify', body, {
      schema: credentialVerdictSchema,
      authRedirect: false,
    });
    const consentStatus = verdict.trust?.trusted
      ? await consentStatusOfDocument(document)
      : undefined;
    return {
      kind: 'verdict',
      verdict,
      document: document as Record<string, unknown>,
      ...(consentStatus ? { consentStatus } : {}),
    };
  } catch (error) {
    const refusal = isApiError(error) ? refusalSchema.safeParse(error.problem) : undefined;
    if (refusal?.success) {
      return {
        kind: 'verdict',
        verdict: refusal.data.verification,
        document: document as Record<string, unknown>,
      };
    }
    return { kind: 'failed' };
  }
}
