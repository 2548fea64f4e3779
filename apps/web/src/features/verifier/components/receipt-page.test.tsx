/**
 * Checking a consent receipt (issue 17) in the real app: its public link /verify/{receiptId}
 * shows the server's verdict and what the receipt records (organisation, purpose, details and
 * their credentials, history, pseudonymous data principal, digest) and the consent now (a
 * "consent given" receipt of a consent since withdrawn: "Given on X and withdrawn on Y" with a
 * link to the later receipt); a receipt not signed with the consent registry's key reads 'Not a
 * trusted receipt'; an unknown id reads 'Receipt not found'; /verify checks a pasted or uploaded
 * file at the W3C verify endpoint and shows a changed receipt as an invalid signature; a link
 * pasted there opens its page; Hindi.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { VERIFY_DELAY_MS } from '@/features/verifier/verify-delay';
import { setLanguage } from '@/lib/i18n';
import {
  publicReceiptAnswer,
  receiptRecord,
  VERIFIED_RECEIPT_VERDICT,
  WITHDRAWN_RECEIPT,
} from '@/testing/consent-receipts';
import { forgetEarlierDelays, passDelay } from '@/testing/fake-delays';
import { json, mockFetch, problem, withoutPublicLists } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

const RECEIPT = WITHDRAWN_RECEIPT;
const VERIFIED = VERIFIED_RECEIPT_VERDICT;
/** The approval's receipt of the consent RECEIPT withdrew. */
const GIVEN = receiptRecord({
  id: `receipt-${'6'.repeat(32)}`,
  consentRequestId: 'consent-user-001-bank',
  event: 'approved',
  issuedAt: '2025-03-02T09:00:00.000Z',
});

beforeEach(forgetEarlierDelays);

describe('consent receipt pages', () => {
  it('/verify/{receiptId}: the verdict and what the receipt records', async () => {
    const { calls } = mockFetch({
      [`GET /api/consent-receipts/${RECEIPT.id}`]: () => json(publicReceiptAnswer(RECEIPT)),
    });
    renderApp(`/verify/${RECEIPT.id}`);
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'Receipt verified' })).toBeVisible();
    expect(
      screen.getByText(
        'The signature is valid and the receipt was issued by Pehchaan consent registry.',
      ),
    ).toBeVisible();
    const contents = screen.getByRole('region', { name: 'What this receipt records' });
    expect(within(contents).getByText('State Bank of India')).toBeVisible();
    // The name signed is the registered organisation's English name: no second row.
    expect(within(contents).queryByText('Name as signed in the receipt')).toBeNull();
    expect(within(contents).getByText('Open savings account')).toBeVisible();
    expect(within(contents).getByText('Withdrawn')).toBeVisible();
    expect(within(contents).getByText('PAN')).toBeVisible();
    expect(within(contents).getByText('(from PAN Card)')).toBeVisible();
    expect(within(contents).getByText(/^Given:/)).toBeVisible();
    expect(within(contents).getByText('ab'.repeat(32))).toBeVisible();
    expect(
      within(contents).getByText(`urn:pehchaan:data-principal:${'d'.repeat(32)}`),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
    expect(calls.map((c) => c.path)).toEqual([`/api/consent-receipts/${RECEIPT.id}`]);
  });

  it('a "consent given" receipt of a consent since withdrawn says so, with a link to the later receipt', async () => {
    mockFetch({
      [`GET /api/consent-receipts/${GIVEN.id}`]: () =>
        json(
          publicReceiptAnswer(GIVEN, {
            consentStatus: {
              value: 'withdrawn',
              since: '2025-03-05T09:00:00.000Z',
              later_receipt_id: RECEIPT.id,
            },
          }),
        ),
    });
    renderApp(`/verify/${GIVEN.id}`);
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'Receipt verified' })).toBeVisible();
    const now = screen.getByRole('region', { name: 'Consent now' });
    expect(within(now).getByText('Withdrawn')).toBeVisible();
    // In the page's formats (SPEC 9's defaults: DD/MM/YYYY, India's time).
    expect(
      within(now).getByText('Given on 02/03/2025, 2:30 pm and withdrawn on 05/03/2025, 2:30 pm.'),
    ).toBeVisible();
    expect(within(now).getByRole('link', { name: 'Open the later receipt' })).toHaveAttribute(
      'href',
      `/verify/${RECEIPT.id}`,
    );
    // What this receipt itself records stays: the consent given.
    const contents = screen.getByRole('region', { name: 'What this receipt records' });
    expect(within(contents).getByText('State on this receipt').nextSibling).toHaveTextContent(
      'Given',
    );
  });

  it('the latest receipt states the consent now with no later receipt', async () => {
    mockFetch({
      [`GET /api/consent-receipts/${GIVEN.id}`]: () => json(publicReceiptAnswer(GIVEN)),
    });
    renderApp(`/verify/${GIVEN.id}`);
    await passDelay(VERIFY_DELAY_MS);
    const now = await screen.findByRole('region', { name: 'Consent now' });
    expect(within(now).getByText('Given')).toBeVisible();
    expect(within(now).getByText('Given on 02/03/2025, 2:30 pm.')).toBeVisible();
    expect(within(now).queryByRole('link')).toBeNull();
  });

  it('a receipt not signed with the consent registry key is not a trusted receipt', async () => {
    const reason =
      "Not a trusted receipt: a consent receipt is signed only by the consent registry's key, and this one is signed by did:key:z6MkUidai#z6MkUidai";
    mockFetch({
      [`GET /api/consent-receipts/${GIVEN.id}`]: () =>
        json(
          publicReceiptAnswer(GIVEN, {
            verdict: {
              verified: false,
              status: 'untrusted_issuer',
              checks: { signature: true, trusted_issuer: false, validity: true },
              errors: [reason],
              warnings: [],
              trust: { issuer: 'did:key:z6MkUidai', trusted: false },
            },
          }),
        ),
    });
    renderApp(`/verify/${GIVEN.id}`);
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'Not a trusted receipt' })).toBeVisible();
    // Named by its key's identifier, not by the name the document gives itself.
    expect(
      screen.getByText(
        "The signature is valid, but it was not made with the key of Pehchaan's consent registry, which signs every Pehchaan consent receipt. It was signed by did:key:z6MkUidai.",
      ),
    ).toBeVisible();
    expect(screen.getByText(reason)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Consent now' })).toBeNull();
    expect(screen.queryByText('Receipt verified')).toBeNull();
  });

  it('an unknown receipt id reads Receipt not found', async () => {
    mockFetch({
      [`GET /api/consent-receipts/${RECEIPT.id}`]: () =>
        problem('consent_receipt_not_found', 404, 'Consent receipt not found'),
    });
    renderApp(`/verify/${RECEIPT.id}`);
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'Receipt not found' })).toBeVisible();
  });

  it('/verify: a pasted receipt is checked at the W3C verify endpoint, then its consent now read', async () => {
    const { calls } = mockFetch({
      'POST /credentials/verify': () => json(VERIFIED),
      [`GET /api/consent-receipts/${RECEIPT.id}`]: () => json(publicReceiptAnswer(RECEIPT)),
    });
    const view = renderApp('/verify');
    const paste = await screen.findByLabelText('Paste the JSON');
    await view.user.click(paste);
    await view.user.paste(JSON.stringify(RECEIPT.receipt));
    await view.user.click(screen.getByRole('button', { name: 'Check' }));
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'Receipt verified' })).toBeVisible();
    const sent = withoutPublicLists(calls);
    expect(sent[0]?.body).toEqual({
      verifiableCredential: RECEIPT.receipt,
      options: { checks: ['proof', 'trusted_issuer', 'credentialStatus'] },
    });
    expect(sent.map((c) => c.path)).toEqual([
      '/credentials/verify',
      `/api/consent-receipts/${RECEIPT.id}`,
    ]);
    const now = screen.getByRole('region', { name: 'Consent now' });
    expect(
      within(now).getByText('Given on 02/03/2025, 2:30 pm and withdrawn on 05/03/2025, 2:30 pm.'),
    ).toBeVisible();
  });

  it('/verify: an uploaded receipt changed after signing is an invalid signature', async () => {
    const changed = { ...RECEIPT.receipt, name: 'Consent receipu' };
    const verdict = {
      ...VERIFIED,
      verified: false,
      status: 'invalid_signature',
      checks: { signature: false, trusted_issuer: true, validity: true },
      errors: ['Invalid signature: the credential was changed or not signed by its issuer'],
    };
    mockFetch({
      'POST /credentials/verify': () =>
        new Response(
          JSON.stringify({
            type: '/problems/credential_not_verified',
            title: 'Credential not verified',
            status: 422,
            detail: 'The credential’s proof does not verify; see verification.errors',
            code: 'credential_not_verified',
            verified: false,
            verification: verdict,
          }),
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    const view = renderApp('/verify');
    const file = new File([JSON.stringify(changed)], 'receipt.json', { type: 'application/json' });
    await view.user.upload(await screen.findByLabelText('Or upload a JSON file'), file);
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'Invalid signature' })).toBeVisible();
    expect(
      screen.getByText('Invalid signature: the credential was changed or not signed by its issuer'),
    ).toBeVisible();
  });

  it('/verify: text that is not JSON is named; a receipt link opens its page', async () => {
    mockFetch({
      [`GET /api/consent-receipts/${RECEIPT.id}`]: () => json(publicReceiptAnswer(RECEIPT)),
    });
    const view = renderApp('/verify');
    await view.user.type(await screen.findByLabelText('Paste the JSON'), 'not json');
    await view.user.click(screen.getByRole('button', { name: 'Check' }));
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByText(/This is not a JSON document/)).toBeVisible();
    await view.user.type(screen.getByLabelText('Receipt link or id'), RECEIPT.url);
    await view.user.click(screen.getByRole('button', { name: 'Open' }));
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'Receipt verified' })).toBeVisible();
    expect(view.router.state.location.pathname).toBe(`/verify/${RECEIPT.id}`);
    // Two checks, each after SPEC 9's 1 s delay.
  }, 15_000);

  it('reads in Hindi', async () => {
    mockFetch({
      [`GET /api/consent-receipts/${RECEIPT.id}`]: () => json(publicReceiptAnswer(RECEIPT)),
    });
    await setLanguage('hi');
    renderApp(`/verify/${RECEIPT.id}`);
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'रसीद सत्यापित' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'यह रसीद क्या दर्ज करती है' })).toBeVisible();
    const now = screen.getByRole('region', { name: 'सहमति अभी' });
    expect(within(now).getByText('वापस ली गई')).toBeVisible();
    expect(within(now).getByText(/ को वापस ली गई।$/)).toBeVisible();
    // A registered organisation by its Hindi name; the name the receipt signs kept, labelled.
    const contents = screen.getByRole('region', { name: 'यह रसीद क्या दर्ज करती है' });
    const organisation = within(contents).getByText('संस्था (डेटा फ़िड्यूशियरी)');
    expect(organisation.nextElementSibling).toHaveTextContent(/^भारतीय स्टेट बैंक$/);
    const signed = within(contents).getByText('रसीद में हस्ताक्षरित नाम');
    expect(signed.nextElementSibling).toHaveTextContent(/^State Bank of India$/);
  });

  it('names an organisation no verifier registered as by the name its receipt signs, in Urdu too', async () => {
    const shop = receiptRecord({
      id: `receipt-${'7'.repeat(32)}`,
      consentRequestId: 'consent-user-001-shop',
      event: 'approved',
      organisation: 'Corner Shop',
      verifierId: null,
      issuedAt: '2025-03-02T09:00:00.000Z',
    });
    const sbi = GIVEN;
    mockFetch({
      [`GET /api/consent-receipts/${shop.id}`]: () => json(publicReceiptAnswer(shop)),
      [`GET /api/consent-receipts/${sbi.id}`]: () => json(publicReceiptAnswer(sbi)),
    });
    await setLanguage('ur');
    const view = renderApp(`/verify/${shop.id}`);
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'رسید کی تصدیق ہو گئی' })).toBeVisible();
    let contents = screen.getByRole('region', { name: 'یہ رسید کیا درج کرتی ہے' });
    expect(
      within(contents).getByText('ادارہ (ڈیٹا فیڈوشیری)').nextElementSibling,
    ).toHaveTextContent(/^Corner Shop$/);
    expect(within(contents).queryByText('رسید میں دستخط شدہ نام')).toBeNull();

    view.unmount();
    renderApp(`/verify/${sbi.id}`);
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'رسید کی تصدیق ہو گئی' })).toBeVisible();
    contents = screen.getByRole('region', { name: 'یہ رسید کیا درج کرتی ہے' });
    expect(
      within(contents).getByText('ادارہ (ڈیٹا فیڈوشیری)').nextElementSibling,
    ).toHaveTextContent(/^اسٹیٹ بینک آف انڈیا$/);
    expect(
      within(contents).getByText('رسید میں دستخط شدہ نام').nextElementSibling,
    ).toHaveTextContent(/^State Bank of India$/);
  }, 15_000);
});
