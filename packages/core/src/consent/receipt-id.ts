/**
 * A consent receipt's id (ISO/IEC TS 27560 receipts, receipt.ts): 'receipt-' + 32 hex characters
 * (128 random bits). A module of its own, without zod, so a page that only tells a receipt's id
 * from a credential's (the web app's /verify island, before the app is loaded) does not load the
 * receipts' schemas.
 */
export const CONSENT_RECEIPT_ID_PREFIX = 'receipt-';
const RECEIPT_ID = /^receipt-[0-9a-f]{32}$/;

/** True when `id` is a consent receipt id (not a credential or share id). */
export function isConsentReceiptId(id: string): boolean {
  return RECEIPT_ID.test(id);
}
