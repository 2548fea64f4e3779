/**
 * GET /api/consent-receipts/{receiptId} (public; issue 17): a consent receipt by its id, the
 * capability of its link (128 random bits, as share links), with the server's verdict on it:
 * the eddsa-jcs-2022 proof, made with the consent registry's key (core's trustAsConsentReceipt:
 * no other key makes a receipt), the registry as its trusted issuer (`trust.name`), and no
 * validity window (a receipt records an event; it does not expire). Anyone holding the link
 * sees what it records: the data fiduciary, purpose, claim names and times, never claim values
 * or who the data principal is beyond a pseudonymous id.
 *
 * Beside it, `consent_status`: the consent's present state (DECISIONS 7.8, 7.13), from the chain
 * of receipts of the same consent (same holder, same consent record id in the signed receipt,
 * core's consentStatusOf), so it holds when the consent request was since deleted or reset.
 * The holder's consent clock runs first (expire-consents.ts), so a consent past its validity
 * reads expired with its expiry receipt, not given, even between the server's job runs.
 *
 * `registered_verifier_id`: the registered verifier the receipt's data fiduciary was when it was
 * issued (issue-consent-receipt.ts records it), null for any other fiduciary, so a page can name
 * it in its reader's language beside the name the receipt signs.
 *
 * Input: { db, vault, now, proofCrypto, publicOrigin, consentRegistry, receiptId }.
 * Output: core's PublicConsentReceipt. Errors: AppError 'consent_receipt_not_found' (404).
 */
import {
  type ConsentReceiptEvent,
  consentReceiptContexts,
  consentStatusOf,
  isConsentReceiptId,
  type PublicConsentReceipt,
  type ReceiptConsentStatus,
  readConsentReceipt,
  trustAsConsentReceipt,
  verifyCredential,
} from '@pehchaan/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { consentReceipts } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { expireConsents } from './expire-consents';

export const RECEIPT_NOT_FOUND = 'Consent receipt not found';

export async function getConsentReceipt(
  options: Pick<
    ServiceDeps,
    'db' | 'vault' | 'now' | 'proofCrypto' | 'publicOrigin' | 'consentRegistry' | 'roles'
  > & { receiptId: string },
): Promise<PublicConsentReceipt> {
  if (!isConsentReceiptId(options.receiptId)) {
    throw new AppError('consent_receipt_not_found', RECEIPT_NOT_FOUND);
  }
  const [row] = await options.db
    .select({
      userId: consentReceipts.userId,
      document: consentReceipts.document,
      verifierId: consentReceipts.verifierId,
    })
    .from(consentReceipts)
    .where(eq(consentReceipts.id, options.receiptId));
  if (!row) throw new AppError('consent_receipt_not_found', RECEIPT_NOT_FOUND);
  const { userId } = row;
  // A receipt never changes; the chain it belongs to may grow by the expiry issued here.
  await expireConsents({ ...options, userId });
  const registry = options.consentRegistry;
  const checked = await verifyCredential(row.document, {
    trustedIssuers: [registry.did],
    now: options.now(),
    crypto: options.proofCrypto,
    checks: ['proof', 'trusted_issuer'],
    contexts: consentReceiptContexts(options.publicOrigin),
  });
  const verdict = trustAsConsentReceipt(checked, row.document, {
    registryVerificationMethod: registry.verificationMethod,
    required: true,
  });
  const trust = verdict.trust.trusted ? { ...verdict.trust, name: registry.name } : verdict.trust;
  return {
    ...verdict,
    trust,
    receipt_id: options.receiptId,
    receipt: row.document,
    consent_status: await consentStatusOfReceipt(options.db, {
      receiptId: options.receiptId,
      userId,
      document: row.document,
    }),
    registered_verifier_id: row.verifierId,
  };
}

/** The present state of the consent the receipt records, from its chain of receipts. */
async function consentStatusOfReceipt(
  db: Db,
  receipt: { receiptId: string; userId: string; document: Record<string, unknown> },
): Promise<ReceiptConsentStatus> {
  const recordId = readConsentReceipt(receipt.document)?.recordId ?? null;
  const chain = await db
    .select({
      id: consentReceipts.id,
      event: consentReceipts.event,
      issuedAt: consentReceipts.issuedAt,
      document: consentReceipts.document,
    })
    .from(consentReceipts)
    .where(
      recordId
        ? and(
            eq(consentReceipts.userId, receipt.userId),
            sql`${consentReceipts.document}->'credentialSubject'->>'identifier' = ${recordId}`,
          )
        : eq(consentReceipts.id, receipt.receiptId),
    );
  const status = consentStatusOf(
    receipt.receiptId,
    chain.map((link) => ({ ...link, event: link.event as ConsentReceiptEvent })),
  );
  return { value: status.value, since: status.since, later_receipt_id: status.laterReceiptId };
}
