/**
 * GET /api/consent-receipts/{receiptId} (public; issue 17): a consent receipt by its id, the
 * capability of its link (128 random bits, as share links), with the server's verdict on it:
 * the eddsa-jcs-2022 proof, the consent registry as its trusted issuer (`trust.name`), and no
 * validity window (a receipt records an event; it does not expire). Anyone holding the link
 * sees what it records: the data fiduciary, purpose, claim names and times, never claim values
 * or who the data principal is beyond a pseudonymous id.
 *
 * Input: { db, now, proofCrypto, publicOrigin, consentRegistry, receiptId }.
 * Output: core's PublicConsentReceipt. Errors: AppError 'consent_receipt_not_found' (404).
 */
import {
  consentReceiptContexts,
  isConsentReceiptId,
  type PublicConsentReceipt,
  verifyCredential,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import { consentReceipts } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';

export const RECEIPT_NOT_FOUND = 'Consent receipt not found';

export async function getConsentReceipt(
  options: Pick<ServiceDeps, 'db' | 'now' | 'proofCrypto' | 'publicOrigin' | 'consentRegistry'> & {
    receiptId: string;
  },
): Promise<PublicConsentReceipt> {
  if (!isConsentReceiptId(options.receiptId)) {
    throw new AppError('consent_receipt_not_found', RECEIPT_NOT_FOUND);
  }
  const [row] = await options.db
    .select({ document: consentReceipts.document })
    .from(consentReceipts)
    .where(eq(consentReceipts.id, options.receiptId));
  if (!row) throw new AppError('consent_receipt_not_found', RECEIPT_NOT_FOUND);
  const registry = options.consentRegistry;
  const verdict = await verifyCredential(row.document, {
    trustedIssuers: [registry.did],
    now: options.now(),
    crypto: options.proofCrypto,
    checks: ['proof', 'trusted_issuer'],
    contexts: consentReceiptContexts(options.publicOrigin),
  });
  const trust = verdict.trust.trusted ? { ...verdict.trust, name: registry.name } : verdict.trust;
  return { ...verdict, trust, receipt_id: options.receiptId, receipt: row.document };
}
