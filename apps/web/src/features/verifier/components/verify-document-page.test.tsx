/**
 * /verify says what it was given: a pasted or uploaded W3C credential (a real one, signed
 * eddsa-jcs-2022 by a did:key issuer and checked with core's verifyCredential, as the server's
 * POST /credentials/verify checks it) is shown as a credential: issuer, holder name, its fields
 * masked as on the credential cards with a reveal toggle per field, and the verdict; a changed
 * one is an invalid signature; a consent receipt is shown as a receipt; any other JSON is an
 * unknown document, checked nowhere.
 */
import { findSampleUser, maskField } from '@pehchaan/core';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { VERIFY_DELAY_MS } from '@/features/verifier/verify-delay';
import { VERIFIED_RECEIPT_VERDICT, WITHDRAWN_RECEIPT } from '@/testing/consent-receipts';
import { forgetEarlierDelays, passDelay } from '@/testing/fake-delays';
import { json, mockFetch, withoutPublicLists } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedCredential, verifyEndpoint } from '@/testing/signed-credential';

const holder = findSampleUser('user-001');
if (!holder) throw new Error('sample user-001 missing');

async function pasteAndCheck(document: unknown) {
  const view = renderApp('/verify');
  const paste = await screen.findByLabelText('Paste the JSON');
  await view.user.click(paste);
  await view.user.paste(JSON.stringify(document));
  await view.user.click(screen.getByRole('button', { name: 'Check' }));
  return view;
}

beforeEach(forgetEarlierDelays);

describe('/verify: what it was given', () => {
  it("shows 'Credential revoked' when the verifier's status check says so", async () => {
    const { document } = await signedCredential();
    mockFetch({
      'POST /credentials/verify': () =>
        json(
          {
            type: '/problems/credential_revoked',
            title: 'Credential revoked',
            status: 422,
            detail: 'Credential revoked: its issuer revoked it; see verification.errors',
            code: 'credential_revoked',
            verified: false,
            verification: {
              verified: false,
              status: 'revoked',
              checks: { signature: true, trusted_issuer: true, validity: true, status: false },
              errors: ['Credential revoked: The issuer revoked the credential.'],
              credential_status: { value: 'revoked', checked_at: '2026-01-01T00:00:00.000Z' },
            },
          },
          422,
        ),
    });
    await pasteAndCheck(document);
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'Credential revoked' })).toBeVisible();
    expect(
      screen.getByText('Credential revoked: The issuer revoked the credential.'),
    ).toBeVisible();
    expect(screen.queryByText('Credential verified')).toBeNull();
  });

  it('shows a credential as a credential: issuer, holder, masked fields, verdict', async () => {
    const { document, issuer } = await signedCredential();
    const { calls } = mockFetch({ 'POST /credentials/verify': verifyEndpoint(issuer) });
    const view = await pasteAndCheck(document);

    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'Credential verified' })).toBeVisible();
    expect(screen.getByText('A W3C verifiable credential')).toBeVisible();
    // Not a receipt, and never said to be one.
    expect(screen.queryByText(/Receipt verified/)).toBeNull();
    expect(screen.queryByText(/not a consent receipt/)).toBeNull();
    expect(withoutPublicLists(calls).map((c) => c.path)).toEqual(['/credentials/verify']);

    const details = screen.getByRole('region', { name: 'Credential details' });
    expect(within(details).getByText('PAN Card')).toBeVisible();
    expect(within(details).getByText('Income Tax Department')).toBeVisible();
    expect(within(details).getByText(issuer.did)).toBeVisible();
    expect(within(details).getByText(holder.name)).toBeVisible();
    const checks = within(details).getByRole('list', { name: 'Checks made' });
    expect(within(checks).getAllByText('Passed')).toHaveLength(3);

    // The PAN is masked as the cards mask it, until its own eye toggle is pressed.
    const subject = screen.getByRole('region', { name: 'Subject' });
    const pan = subject.querySelector('[data-field="pan_number"]');
    expect(pan).toHaveTextContent(String(maskField('pan_number', holder.panNumber)));
    expect(screen.queryByText(holder.panNumber)).toBeNull();
    await view.user.click(within(subject).getByRole('button', { name: 'Show PAN Number' }));
    expect(pan).toHaveTextContent(holder.panNumber);
    expect(within(subject).getByRole('button', { name: 'Hide PAN Number' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The father's name is not a number: shown as on the card.
    expect(subject.querySelector('[data-field="father_name"]')).toHaveTextContent(
      holder.fatherName,
    );
  });

  it('names a credential changed after signing an invalid signature', async () => {
    const { document, issuer } = await signedCredential();
    const subject = document.credentialSubject as Record<string, unknown>;
    const changed = { ...document, credentialSubject: { ...subject, name: 'Someone Else' } };
    mockFetch({ 'POST /credentials/verify': verifyEndpoint(issuer) });
    await pasteAndCheck(changed);
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'Invalid signature' })).toBeVisible();
    expect(screen.getByText('A W3C verifiable credential')).toBeVisible();
    const checks = screen.getByRole('list', { name: 'Checks made' });
    expect(within(checks).getByText('Signature').nextSibling).toHaveTextContent('Failed');
  });

  it('shows a consent receipt as a receipt', async () => {
    mockFetch({ 'POST /credentials/verify': () => json(VERIFIED_RECEIPT_VERDICT) });
    await pasteAndCheck(WITHDRAWN_RECEIPT.receipt);
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'Receipt verified' })).toBeVisible();
    expect(screen.getByText('A consent receipt')).toBeVisible();
    expect(screen.getByRole('region', { name: 'What this receipt records' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Credential details' })).toBeNull();
  });

  it('names anything else an unknown document and sends it nowhere', async () => {
    const { calls } = mockFetch({});
    await pasteAndCheck({ name: 'Rajesh Kumar', pan_number: holder.panNumber });
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { name: 'Unknown document' })).toBeVisible();
    expect(
      screen.getByText(/neither a consent receipt nor a W3C verifiable credential/),
    ).toBeVisible();
    expect(withoutPublicLists(calls)).toEqual([]);
    expect(screen.queryByText(/verified/i)).toBeNull();
  });
});
