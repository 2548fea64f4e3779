/**
 * A consent's present state from the chain of its receipts (DECISIONS 7.8, 7.13): the latest
 * receipt gives the state and the time it was entered; an earlier receipt names it as the later
 * one; receipts issued at the same instant are ordered by the states' order.
 */
import { describe, expect, it } from 'vitest';
import { type ConsentReceiptLink, consentStatusOf } from './consent-status';
import { buildConsentReceipt, type ConsentEventEntry, type ConsentReceiptEvent } from './receipt';

const link = (
  id: string,
  event: ConsentReceiptEvent,
  issuedAt: string,
  events: ConsentEventEntry[],
): ConsentReceiptLink => ({
  id,
  event,
  issuedAt: new Date(issuedAt),
  document: buildConsentReceipt({
    origin: 'http://localhost:5000',
    receiptId: id,
    recordId: 'f'.repeat(32),
    issuer: { id: 'did:key:z6MkRegistry', name: 'Pehchaan consent registry' },
    issuedAt: new Date(issuedAt),
    dataPrincipal: `urn:pehchaan:data-principal:${'d'.repeat(32)}`,
    dataFiduciary: { id: 'did:example:bank', name: 'State Bank of India', contact: null },
    purpose: { code: null, text: 'Open savings account' },
    items: [{ claim: 'pan_number', label: 'PAN', source: 'PAN Card' }],
    noticeLanguage: 'en',
    events,
    presentationSha256: null,
  }),
});

const requested = { state: 'requested', at: new Date('2025-06-01T09:00:00Z') } as const;
const givenAt = new Date('2025-06-01T10:00:00Z');
const given = link('receipt-given', 'approved', '2025-06-01T10:00:00.400Z', [
  requested,
  { state: 'given', at: givenAt },
]);
// Withdrawn offline at 11:00, sent (and its receipt issued) at 12:00.
const withdrawn = link('receipt-withdrawn', 'withdrawn', '2025-06-01T12:00:00Z', [
  requested,
  { state: 'given', at: givenAt },
  { state: 'withdrawn', at: new Date('2025-06-01T11:00:00Z') },
]);

describe('consentStatusOf', () => {
  it('the latest receipt reads its own state, since its event, with no later receipt', () => {
    expect(consentStatusOf(given.id, [given])).toEqual({
      value: 'given',
      since: '2025-06-01T10:00:00.000Z',
      laterReceiptId: null,
    });
  });

  it('an earlier receipt reads the state of the latest, in any order, and names it', () => {
    const status = { value: 'withdrawn', since: '2025-06-01T11:00:00.000Z' };
    expect(consentStatusOf(given.id, [withdrawn, given])).toEqual({
      ...status,
      laterReceiptId: withdrawn.id,
    });
    expect(consentStatusOf(withdrawn.id, [given, withdrawn])).toEqual({
      ...status,
      laterReceiptId: null,
    });
  });

  it('at the same instant, the later state wins; a document without the event falls back to the issue time', () => {
    const at = '2025-06-01T10:00:00.400Z';
    const sameInstant = { ...link('receipt-a-expired', 'expired', at, []), document: {} };
    expect(consentStatusOf(given.id, [sameInstant, given])).toEqual({
      value: 'expired',
      since: at,
      laterReceiptId: 'receipt-a-expired',
    });
  });

  it('refuses an empty chain', () => {
    expect(() => consentStatusOf(given.id, [])).toThrow();
  });
});
