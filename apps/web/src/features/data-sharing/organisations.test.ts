/**
 * "Who has my data" grouping (issue 17): receipts by organisation and consent, what each
 * received and when, the state now, the Withdraw rule, the requests sent, open share links.
 */
import type { ConsentRequest, RightsRequest } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import { receiptRecord } from '@/testing/consent-receipts';
import { groupByOrganisation, openShares } from './organisations';

const consent = (id: string, status: ConsentRequest['status']): ConsentRequest => ({
  id,
  userId: 'user-001',
  requester: 'State Bank of India',
  purpose: 'Open savings account',
  requested_at: '2025-03-01T08:00:00.000Z',
  status,
  fields: ['Name'],
  status_updated_at: null,
  status_updated_by: null,
  last_viewed: null,
});

const approved = receiptRecord({
  id: `receipt-${'1'.repeat(32)}`,
  consentRequestId: 'consent-bank',
  event: 'approved',
  issuedAt: '2025-03-02T09:00:00.000Z',
});
const refused = receiptRecord({
  id: `receipt-${'2'.repeat(32)}`,
  consentRequestId: 'consent-telecom',
  event: 'rejected',
  organisation: 'Bharti Airtel',
  contact: null,
  purpose: 'SIM card KYC verification',
  issuedAt: '2025-03-03T09:00:00.000Z',
});

describe('groupByOrganisation', () => {
  it('one card per organisation, newest first; what was received, when, and Withdraw for an active consent', () => {
    const groups = groupByOrganisation(
      [approved, refused],
      [consent('consent-bank', 'approved'), consent('consent-telecom', 'rejected')],
      [],
    );
    expect(groups.map((g) => g.name)).toEqual(['Bharti Airtel', 'State Bank of India']);
    const [airtel, bank] = groups;
    expect(bank).toMatchObject({ grievanceContact: 'grievance@sbi.example', registered: true });
    expect(bank?.consents[0]).toMatchObject({
      consentRequestId: 'consent-bank',
      state: 'given',
      givenAt: '2025-03-02T09:00:00Z',
      canWithdraw: true,
    });
    expect(bank?.consents[0]?.received.map((item) => [item.label, item.source])).toEqual([
      ['Name', 'Aadhaar Card'],
      ['PAN', 'PAN Card'],
    ]);
    // Refused: nothing received, nothing to withdraw.
    expect(airtel?.consents[0]).toMatchObject({ state: 'refused', givenAt: null, received: [] });
    expect(airtel?.consents[0]?.canWithdraw).toBe(false);
  });

  it('a withdrawn consent keeps what was received, shows withdrawn, and cannot be withdrawn again', () => {
    const withdrawn = receiptRecord({
      id: `receipt-${'3'.repeat(32)}`,
      consentRequestId: 'consent-bank',
      event: 'withdrawn',
      givenAt: '2025-03-02T09:00:00.000Z',
      issuedAt: '2025-03-05T09:00:00.000Z',
    });
    const [bank] = groupByOrganisation(
      [approved, withdrawn],
      [consent('consent-bank', 'approved')],
      [],
    );
    expect(bank?.consents).toHaveLength(1);
    expect(bank?.consents[0]).toMatchObject({
      state: 'withdrawn',
      givenAt: '2025-03-02T09:00:00Z',
      changedAt: '2025-03-05T09:00:00Z',
      canWithdraw: false,
    });
    expect(bank?.consents[0]?.receipts.map((r) => r.event)).toEqual(['withdrawn', 'approved']);
    expect(bank?.consents[0]?.received).toHaveLength(2);
  });

  it('attaches the requests sent about a consent; an unregistered organisation is marked so', () => {
    const sent: RightsRequest = {
      id: 'rights-1',
      kind: 'erasure',
      status: 'open',
      data_fiduciary: 'State Bank of India',
      verifier_id: 'verifier-sbi',
      consent_request_id: 'consent-bank',
      receipt_id: approved.id,
      purpose: 'Open savings account',
      message: 'Erase',
      created_at: '2025-03-04T09:00:00.000Z',
      resolved_at: null,
      erasure: null,
      resolution_note: null,
    };
    const shop = receiptRecord({
      id: `receipt-${'4'.repeat(32)}`,
      consentRequestId: null,
      event: 'approved',
      organisation: 'Acme Stores',
      verifierId: null,
      issuedAt: '2025-03-01T09:00:00.000Z',
    });
    const groups = groupByOrganisation(
      [approved, shop],
      [consent('consent-bank', 'approved')],
      [sent],
    );
    const bank = groups.find((g) => g.name === 'State Bank of India');
    const acme = groups.find((g) => g.name === 'Acme Stores');
    expect(bank?.consents[0]?.rightsRequests.map((r) => r.id)).toEqual(['rights-1']);
    expect(acme?.registered).toBe(false);
    // Its consent request is gone from the holder's list: nothing to withdraw it by.
    expect(acme?.consents[0]).toMatchObject({ consentRequestId: null, canWithdraw: false });
  });

  it('a reset request decided again is a second consent; only the newest can be withdrawn', () => {
    const again = receiptRecord({
      id: `receipt-${'5'.repeat(32)}`,
      consentRequestId: 'consent-bank',
      event: 'approved',
      recordId: 'e'.repeat(32),
      issuedAt: '2025-04-02T09:00:00.000Z',
    });
    const [bank] = groupByOrganisation(
      [approved, again],
      [consent('consent-bank', 'approved')],
      [],
    );
    expect(bank?.consents.map((c) => [c.key, c.canWithdraw])).toEqual([
      ['e'.repeat(32), true],
      ['c'.repeat(32), false],
    ]);
  });

  it('openShares keeps the links that still answer', () => {
    const shares = [{ status: 'active' }, { status: 'withdrawn' }, { status: 'expired' }];
    expect(openShares(shares)).toEqual([{ status: 'active' }]);
  });
});
