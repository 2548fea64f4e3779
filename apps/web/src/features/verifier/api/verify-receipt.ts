/**
 * Checking a consent receipt (issue 17; ISO/IEC TS 27560 with DPV, a W3C VC signed by the
 * wallet's consent registry) on the public /verify pages:
 * - `getConsentReceiptById`: GET /api/consent-receipts/{id}, the receipt its public link names,
 *   with the server's verdict;
 * - `verifySubmittedDocument`: a pasted or uploaded JSON document, checked at the W3C VC API's
 *   POST /credentials/verify (proof and trusted issuer), whose answer names a trusted issuer (the
 *   consent registry for a receipt) in `trust`.
 * Both never reject: the outcome says what happened.
 */
import {
  type CredentialVerdictAnswer,
  credentialVerdictSchema,
  publicConsentReceiptSchema,
} from '@pehchaan/core';
import { z } from 'zod';
import { api, hasProblemCode, isApiError } from '@/lib/api-client';

/** What a receipt check answers. */
export type DocumentOutcome =
  | { kind: 'verdict'; verdict: CredentialVerdictAnswer; document: Record<string, unknown> }
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
    const { receipt, receipt_id: _id, ...verdict } = answer;
    return { kind: 'verdict', verdict, document: receipt };
  } catch (error) {
    if (hasProblemCode(error, 'consent_receipt_not_found')) return { kind: 'not_found' };
    return { kind: 'failed' };
  }
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
    return { kind: 'verdict', verdict, document: document as Record<string, unknown> };
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
