/**
 * Checking a consent receipt (issue 17; ISO/IEC TS 27560 with DPV, a W3C VC signed by the
 * wallet's consent registry) on the public /verify pages:
 * - `getConsentReceiptById`: GET /api/consent-receipts/{id}, the receipt its public link names,
 *   with the server's verdict and the consent's present state (`consent_status`: a receipt
 *   records the consent as it stood when issued);
 * - `verifySubmittedDocument`: a pasted or uploaded JSON document, first told apart (a consent
 *   receipt, a W3C credential, or neither: submitted-document.ts); a receipt or a credential is
 *   checked at the W3C VC API's POST /credentials/verify (proof and trusted issuer), whose answer
 *   names a trusted issuer (the consent registry for a receipt) in `trust`; a receipt the server
 *   trusts then gets the consent's present state from its public link, when the server holds it;
 *   anything else is not sent anywhere.
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
import { type CredentialView, kindOfDocument, readCredential } from '../submitted-document';

/** What a receipt check answers. */
export type DocumentOutcome =
  | {
      kind: 'verdict';
      verdict: CredentialVerdictAnswer;
      document: Record<string, unknown>;
      /** The consent's present state, when the server holds the receipt. */
      consentStatus?: ReceiptConsentStatus;
      /** The registered verifier its data fiduciary is, when the server holds the receipt. */
      registeredVerifierId?: string | null;
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
    const {
      receipt,
      receipt_id: _id,
      consent_status: consentStatus,
      registered_verifier_id: registeredVerifierId,
      ...verdict
    } = answer;
    return { kind: 'verdict', verdict, document: receipt, consentStatus, registeredVerifierId };
  } catch (error) {
    if (hasProblemCode(error, 'consent_receipt_not_found')) return { kind: 'not_found' };
    return { kind: 'failed' };
  }
}

/**
 * The present state of the consent a trusted receipt records and the registered verifier its
 * data fiduciary is, from its public link; {} when `document` is no receipt or the server does
 * not hold it (a receipt of another deployment).
 */
async function heldReceiptOfDocument(
  document: unknown,
): Promise<{ consentStatus?: ReceiptConsentStatus; registeredVerifierId?: string | null }> {
  const receiptId = readConsentReceipt(document)?.receiptId;
  if (!receiptId || !isConsentReceiptId(receiptId)) return {};
  const outcome = await getConsentReceiptById(receiptId);
  return outcome.kind === 'verdict'
    ? { consentStatus: outcome.consentStatus, registeredVerifierId: outcome.registeredVerifierId }
    : {};
}

/** What checking a pasted or uploaded document answers. */
export type SubmittedOutcome =
  | {
      kind: 'receipt';
      verdict: CredentialVerdictAnswer;
      document: Record<string, unknown>;
      /** The consent's present state, when the server holds the receipt. */
      consentStatus?: ReceiptConsentStatus;
      /** The registered verifier its data fiduciary is, when the server holds the receipt. */
      registeredVerifierId?: string | null;
    }
  | {
      kind: 'credential';
      verdict: CredentialVerdictAnswer;
      document: Record<string, unknown>;
      credential: CredentialView;
    }
  /** JSON, but neither a consent receipt nor a W3C credential: not checked. */
  | { kind: 'unknown' }
  /** The text is not JSON, or not a JSON object. */
  | { kind: 'not_json' }
  | { kind: 'failed' };

/** The verdict a refusal of POST /credentials/verify carries (`verification`). */
const refusalSchema = z.object({ verification: credentialVerdictSchema });

/**
 * Tells what `text` (a pasted or uploaded JSON document) is and checks a receipt or a credential
 * with the server's W3C verifier, asking for the proof, a trusted issuer and the status (the
 * issuer's status list, when the document has an entry). Never rejects.
 */
export async function verifySubmittedDocument(text: string): Promise<SubmittedOutcome> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'not_json' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { kind: 'not_json' };
  }
  const document = parsed as Record<string, unknown>;
  const kind = kindOfDocument(document);
  if (kind === 'unknown') return { kind: 'unknown' };
  const verdict = await checkAtVerifier(document);
  if (!verdict) return { kind: 'failed' };
  if (kind === 'receipt') {
    const held = verdict.trust?.trusted ? await heldReceiptOfDocument(document) : {};
    return {
      kind: 'receipt',
      verdict,
      document,
      ...(held.consentStatus ? { consentStatus: held.consentStatus } : {}),
      ...(held.registeredVerifierId ? { registeredVerifierId: held.registeredVerifierId } : {}),
    };
  }
  const credential = readCredential(document);
  return credential ? { kind: 'credential', verdict, document, credential } : { kind: 'unknown' };
}

/** The server's verdict on `document`, refused or not; null when none came. */
async function checkAtVerifier(
  document: Record<string, unknown>,
): Promise<CredentialVerdictAnswer | null> {
  const body = {
    verifiableCredential: document,
    // The issuer's status list too (docs/status-lists.md): revoked, suspended or unknown fail.
    options: { checks: ['proof', 'trusted_issuer', 'credentialStatus'] },
  };
  try {
    return await api.post('/credentials/verify', body, {
      schema: credentialVerdictSchema,
      authRedirect: false,
    });
  } catch (error) {
    const refusal = isApiError(error) ? refusalSchema.safeParse(error.problem) : undefined;
    return refusal?.success ? refusal.data.verification : null;
  }
}
