/**
 * The /verify/{receiptId} island draws the consent receipt's page without React
 * (verify-receipt-island-view.ts): for every state a visitor can get, what it puts on the page
 * must be what the app's receipt page renders (the same elements, classes, texts and accessible
 * names), so nothing changes or moves when the app takes the page over (ADR 0010). The island
 * runs only for a visitor who sees the English page with the system theme (public-start.ts
 * starts the app at once otherwise): the dark theme is the same classes' `dark:` variants,
 * compared here with the rest.
 */
import { type ConsentReceiptRecord, readConsentReceipt } from '@pehchaan/core';
import { act, fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { VERIFY_DELAY_MS } from '@/features/verifier/verify-delay';
import {
  publicReceiptAnswer,
  REGISTRY_DID,
  receiptRecord,
  WITHDRAWN_RECEIPT,
} from '@/testing/consent-receipts';
import { forgetEarlierDelays, passDelay } from '@/testing/fake-delays';
import { json, mockFetch, problem } from '@/testing/mock-fetch';
import {
  appPage,
  expectSamePage,
  prerenderedMain,
  removePrerendered,
} from '@/testing/verify-islands';
import { RECEIPT_FRAME_ID } from './prerender';
import { clearVerifyHandOver, handedOverVerifyOutcome } from './verify-hand-over';
import { mountReceiptIsland } from './verify-receipt-island';
import { isPublicReceiptAnswer, readReceiptInIsland } from './verify-receipt-island-answer';

/** The approval's receipt of the consent WITHDRAWN_RECEIPT withdrew. */
const GIVEN = receiptRecord({
  id: `receipt-${'6'.repeat(32)}`,
  consentRequestId: 'consent-user-001-bank',
  event: 'approved',
  issuedAt: '2025-03-02T09:00:00.000Z',
});
const REFUSED = receiptRecord({
  id: `receipt-${'5'.repeat(32)}`,
  consentRequestId: 'consent-user-001-shop',
  event: 'rejected',
  organisation: 'Corner Shop',
  verifierId: null,
  contact: null,
  items: [{ claim: 'name', label: 'Name', source: null }],
  issuedAt: '2025-03-03T09:00:00.000Z',
});
/** A receipt of the registered State Bank of India signing the name 'SBI'. */
const SIGNED_SBI = receiptRecord({
  id: `receipt-${'3'.repeat(32)}`,
  consentRequestId: 'consent-user-001-bank',
  event: 'approved',
  organisation: 'SBI',
  issuedAt: '2025-03-04T09:00:00.000Z',
});
const EXPIRED = receiptRecord({
  id: `receipt-${'4'.repeat(32)}`,
  consentRequestId: 'consent-user-001-bank',
  event: 'expired',
  givenAt: '2025-03-02T09:00:00.000Z',
  issuedAt: '2025-06-02T09:00:00.000Z',
});

/** `record` with its receipt changed by `change` (a receipt of another shape or language). */
function withReceipt(
  record: ConsentReceiptRecord,
  change: (receipt: Record<string, unknown>) => Record<string, unknown>,
): ConsentReceiptRecord {
  return { ...record, receipt: change(structuredClone(record.receipt)) };
}
type Subject = {
  hasProcess: Record<string, unknown>;
  hasDataController: Record<string, unknown>;
  [member: string]: unknown;
};
/** A receipt in Hindi, with an event this product does not know and no withdrawal page. */
const UNUSUAL = withReceipt(GIVEN, (receipt) => {
  const subject = receipt.credentialSubject as Subject;
  subject.hasNotice = { language: 'hi' };
  subject.hasProcess = { ...subject.hasProcess, hasConsentControl: undefined };
  subject.hasConsentStatus = [
    { type: 'ConsentSomethingElse', isIndicatedAtTime: '2025-03-01T08:00:00Z' },
  ] as never;
  return JSON.parse(JSON.stringify(receipt));
});

const UNTRUSTED = {
  verified: false,
  status: 'untrusted_issuer',
  checks: { signature: true, trusted_issuer: false, validity: true },
  errors: ['Not a trusted receipt: signed by did:key:z6MkUidai'],
  warnings: [],
  trust: { issuer: 'did:key:z6MkUidai', trusted: false },
};
const INVALID = {
  verified: false,
  status: 'invalid_signature',
  checks: { signature: false, trusted_issuer: true, validity: true },
  errors: ['The proof does not verify'],
  warnings: [],
  trust: { issuer: REGISTRY_DID, trusted: true, name: 'Pehchaan consent registry' },
};

/** The prerendered frame the server sends for a receipt's id: the receipt page's <main>. */
const receiptFrame = () => prerenderedMain(paths.verify.getHref(RECEIPT_FRAME_ID));

beforeEach(forgetEarlierDelays);

afterEach(() => {
  clearVerifyHandOver();
  removePrerendered();
});

const W = WITHDRAWN_RECEIPT;

describe('the /verify/{receiptId} island draws what the app draws', () => {
  it.each([
    ['a withdrawal receipt, verified', W, () => json(publicReceiptAnswer(W)), 'Receipt verified'],
    [
      'a "consent given" receipt of a consent since withdrawn (the later receipt)',
      GIVEN,
      () =>
        json(
          publicReceiptAnswer(GIVEN, {
            consentStatus: {
              value: 'withdrawn',
              since: '2025-03-05T09:00:00.000Z',
              later_receipt_id: W.id,
            },
          }),
        ),
      'Receipt verified',
    ],
    [
      'the latest "consent given" receipt',
      GIVEN,
      () => json(publicReceiptAnswer(GIVEN)),
      'Receipt verified',
    ],
    [
      'a given receipt of a consent since expired',
      GIVEN,
      () =>
        json(
          publicReceiptAnswer(GIVEN, {
            consentStatus: {
              value: 'expired',
              since: '2025-06-02T09:00:00.000Z',
              later_receipt_id: EXPIRED.id,
            },
          }),
        ),
      'Receipt verified',
    ],
    ['an expiry receipt', EXPIRED, () => json(publicReceiptAnswer(EXPIRED)), 'Receipt verified'],
    [
      'a refusal (no contact, no presentation)',
      REFUSED,
      () => json(publicReceiptAnswer(REFUSED)),
      'Receipt verified',
    ],
    [
      'a Hindi notice, an unknown event',
      UNUSUAL,
      () => json(publicReceiptAnswer(UNUSUAL)),
      'Receipt verified',
    ],
    [
      'a registered organisation the receipt signs by another name',
      SIGNED_SBI,
      () => json(publicReceiptAnswer(SIGNED_SBI)),
      'Receipt verified',
    ],
    [
      'not signed with the registry key (not a trusted receipt)',
      GIVEN,
      () => json(publicReceiptAnswer(GIVEN, { verdict: UNTRUSTED })),
      'Not a trusted receipt',
    ],
    [
      'a document that is not a receipt (issuer not trusted)',
      withReceipt(GIVEN, (receipt) => ({ ...receipt, type: ['VerifiableCredential'] })),
      null,
      'Issuer not trusted',
    ],
    [
      'changed after signing (invalid signature)',
      GIVEN,
      () => json(publicReceiptAnswer(GIVEN, { verdict: INVALID })),
      'Invalid signature',
    ],
    [
      'not found',
      GIVEN,
      () => problem('consent_receipt_not_found', 404, 'Consent receipt not found'),
      'Receipt not found',
    ],
    [
      'a server error',
      GIVEN,
      () => problem('internal_error', 500, 'Something went wrong'),
      'Verification failed',
    ],
    [
      'an answer of another shape',
      GIVEN,
      () => json({ ...publicReceiptAnswer(GIVEN), consent_status: { value: 'maybe' } }),
      'Verification failed',
    ],
  ] as const)('%s', async (_name, record, answer, heading) => {
    const id = record.id;
    mockFetch({
      [`GET /api/consent-receipts/${id}`]:
        answer ?? (() => json(publicReceiptAnswer(record, { verdict: UNTRUSTED }))),
    });
    const main = await receiptFrame();
    const title = within(main).getByRole('heading', { level: 1, name: 'Consent Receipt' });
    const island = mountReceiptIsland(main, id);
    // The frame's receipt page stays (the island draws no title or lead of its own),
    // 'Loading...' in the verdict's place for SPEC 9's second.
    expect(within(main).getByRole('heading', { level: 1 })).toBe(title);
    expect(title).toBeVisible();
    expect(within(main).getByText('Loading...')).toBeVisible();
    await passDelay(VERIFY_DELAY_MS);
    await within(main).findByRole('heading', { level: 2, name: heading });
    act(() => island.unmount());
    const handedOver = handedOverVerifyOutcome(id);
    if (handedOver?.page !== 'receipt') throw new Error('no receipt outcome handed over');

    expectSamePage(main.firstElementChild as HTMLElement, appPage(id, handedOver));
  });

  it('names a registered organisation by its name, with the name the receipt signs beside it', async () => {
    mockFetch({
      [`GET /api/consent-receipts/${SIGNED_SBI.id}`]: () => json(publicReceiptAnswer(SIGNED_SBI)),
    });
    const main = await receiptFrame();
    const island = mountReceiptIsland(main, SIGNED_SBI.id);
    await passDelay(VERIFY_DELAY_MS);
    await within(main).findByRole('heading', { level: 2, name: 'Receipt verified' });
    const contents = within(main).getByRole('region', { name: 'What this receipt records' });
    const organisation = within(contents).getByText('Organisation (data fiduciary)');
    expect(organisation.nextElementSibling?.textContent).toBe('State Bank of India');
    const signed = within(contents).getByText('Name as signed in the receipt');
    expect(signed.nextElementSibling?.textContent).toBe('SBI');
    act(() => island.unmount());
  });

  it("the prerendered frame is the app's receipt page before its check, and stays so", async () => {
    mockFetch({ [`GET /api/consent-receipts/${W.id}`]: () => json(publicReceiptAnswer(W)) });
    const main = await receiptFrame();
    const app = appPage(W.id);
    expectSamePage(main.firstElementChild as HTMLElement, app);
    mountReceiptIsland(main, W.id);
    expectSamePage(main.firstElementChild as HTMLElement, app);
    await passDelay(VERIFY_DELAY_MS);
    await within(main).findByRole('heading', { level: 2 });
  });

  it("draws the receipt page over the credential page's frame (a server without the receipt frame)", async () => {
    mockFetch({ [`GET /api/consent-receipts/${W.id}`]: () => json(publicReceiptAnswer(W)) });
    const main = await prerenderedMain(paths.verify.getHref('_'));
    const island = mountReceiptIsland(main, W.id);
    expect(within(main).getByRole('heading', { level: 1, name: 'Consent Receipt' })).toBeVisible();
    expect(within(main).queryByText('Credential Verification')).toBeNull();
    expectSamePage(main.firstElementChild as HTMLElement, appPage(W.id));
    await passDelay(VERIFY_DELAY_MS);
    await within(main).findByRole('heading', { level: 2, name: 'Receipt verified' });
    act(() => island.unmount());
    const handedOver = handedOverVerifyOutcome(W.id);
    if (!handedOver) throw new Error('no receipt outcome handed over');
    expectSamePage(main.firstElementChild as HTMLElement, appPage(W.id, handedOver));
  });

  it('checks again on Try again, after the delay', async () => {
    let calls = 0;
    mockFetch({
      [`GET /api/consent-receipts/${W.id}`]: () => {
        calls += 1;
        return calls === 1 ? problem('internal_error', 500, 'Down') : json(publicReceiptAnswer(W));
      },
    });
    const main = await receiptFrame();
    mountReceiptIsland(main, W.id);
    await passDelay(VERIFY_DELAY_MS);
    expect(await within(main).findByRole('heading', { name: 'Verification failed' })).toBeVisible();
    fireEvent.click(within(main).getByRole('button', { name: 'Try again' }));
    expect(within(main).getByText('Loading...')).toBeVisible();
    await passDelay(VERIFY_DELAY_MS);
    expect(await within(main).findByRole('heading', { name: 'Receipt verified' })).toBeVisible();
    expect(calls).toBe(2);
  });
});

describe("the island's reading of a receipt", () => {
  it('reads a receipt as core does, and refuses what core refuses', () => {
    const documents: unknown[] = [
      W.receipt,
      GIVEN.receipt,
      REFUSED.receipt,
      EXPIRED.receipt,
      UNUSUAL.receipt,
      withReceipt(GIVEN, (r) => ({ ...r, issuer: REGISTRY_DID, identifier: undefined })).receipt,
      withReceipt(GIVEN, (r) => ({ ...r, type: ['VerifiableCredential'] })).receipt,
      withReceipt(GIVEN, (r) => ({ ...r, validFrom: 5 })).receipt,
      withReceipt(GIVEN, (r) => {
        (r.credentialSubject as Subject).hasProcess.hasPersonalData = [];
        return r;
      }).receipt,
      withReceipt(GIVEN, (r) => {
        (r.credentialSubject as Subject).hasProcess.hasPersonalData = {
          identifier: 'name',
        } as never;
        return r;
      }).receipt,
      withReceipt(GIVEN, (r) => {
        (r.credentialSubject as Subject).hasDataController.hasName = 'x'.repeat(2001);
        return r;
      }).receipt,
      withReceipt(GIVEN, (r) => ({ ...r, disclosedPresentation: { digestSRI: 'sha256-no' } }))
        .receipt,
      null,
      [],
      'receipt',
    ];
    for (const document of documents) {
      expect(readReceiptInIsland(document)).toEqual(readConsentReceipt(document));
    }
  });

  it('accepts the answers the server sends and refuses other shapes', () => {
    const answer = publicReceiptAnswer(W);
    expect(isPublicReceiptAnswer(answer)).toBe(true);
    expect(isPublicReceiptAnswer({ ...answer, receipt: [] })).toBe(false);
    expect(isPublicReceiptAnswer({ ...answer, receipt_id: undefined })).toBe(false);
    expect(
      isPublicReceiptAnswer({
        ...answer,
        consent_status: { ...answer.consent_status, later_receipt_id: undefined },
      }),
    ).toBe(false);
    expect(isPublicReceiptAnswer({ ...answer, checks: {} })).toBe(false);
    expect(isPublicReceiptAnswer({ ...answer, registered_verifier_id: null })).toBe(true);
    expect(isPublicReceiptAnswer({ ...answer, registered_verifier_id: 7 })).toBe(false);
  });
});
