/**
 * A consent's present state, as the chain of its receipts states it (DECISIONS 7.8 and 7.13:
 * every decision and every later withdrawal or expiry yields a receipt, so the latest receipt of
 * a consent says what it is now). A receipt records the consent as it stood when it was issued;
 * its public page and answer (GET /api/consent-receipts/{id}) add this, so that a "consent given"
 * receipt never reads "given" once a later receipt withdrew it.
 *
 * The chain of one consent is every receipt with the same consent record id (the receipt's
 * `credentialSubject.identifier`, consent/receipt.ts), which holds even when the consent request
 * the receipts were made for was deleted or reset.
 */
import {
  CONSENT_STATES,
  type ConsentReceiptEvent,
  readConsentReceipt,
  STATE_OF_EVENT,
} from './receipt';
import type { ReceiptConsentState } from './receipt-terms';

// The states a receipt can leave a consent in: zod-free, with the receipt's terms.
export { RECEIPT_CONSENT_STATES, type ReceiptConsentState } from './receipt-terms';

/** One receipt of a consent's chain, as stored. */
export interface ConsentReceiptLink {
  /** 'receipt-…' */
  id: string;
  event: ConsentReceiptEvent;
  issuedAt: Date;
  /** The signed receipt (its events give the time the state was entered). */
  document: unknown;
}

/** A consent's present state (the API's `consent_status`, camel-cased). */
export interface ConsentStatusView {
  value: ReceiptConsentState;
  /** When the consent entered `value` (ISO 8601), as its latest receipt records it. */
  since: string;
  /** The latest receipt of the consent when it is not the one asked about; else null. */
  laterReceiptId: string | null;
}

const rank = (event: ConsentReceiptEvent) => CONSENT_STATES.indexOf(STATE_OF_EVENT[event]);

/**
 * The present state of the consent `chain` records, for its receipt `receiptId`: the latest
 * receipt (by issue time; at the same instant the later state of CONSENT_STATES, then the
 * greater id) gives the state, and the time its events say the consent entered it (else its
 * issue time); `laterReceiptId` is that latest receipt's id unless it is `receiptId` itself.
 * @param chain every receipt of one consent, `receiptId`'s among them, in any order.
 * @throws {Error} when `chain` is empty (a misuse: the receipt asked about is in its own chain).
 */
export function consentStatusOf(
  receiptId: string,
  chain: readonly ConsentReceiptLink[],
): ConsentStatusView {
  const latest = [...chain].sort(
    (a, b) =>
      a.issuedAt.getTime() - b.issuedAt.getTime() ||
      rank(a.event) - rank(b.event) ||
      a.id.localeCompare(b.id),
  )[chain.length - 1];
  if (!latest) throw new Error('A consent status needs the receipt chain');
  // STATE_OF_EVENT maps every event to one of RECEIPT_CONSENT_STATES.
  const value = STATE_OF_EVENT[latest.event] as ReceiptConsentState;
  const entered = readConsentReceipt(latest.document)
    ?.events.filter((event) => event.state === value)
    .at(-1)?.at;
  const enteredAt = entered ? new Date(entered) : undefined;
  const since =
    enteredAt && !Number.isNaN(enteredAt.getTime()) ? enteredAt : new Date(latest.issuedAt);
  return {
    value,
    since: since.toISOString(),
    laterReceiptId: latest.id === receiptId ? null : latest.id,
  };
}
