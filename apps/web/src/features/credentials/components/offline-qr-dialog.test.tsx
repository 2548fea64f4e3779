import type { OfflinePresentationAnswer } from '@pehchaan/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { credential } from '@/testing/fixtures';
import { type Handler, json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const subject = {
  id: 'did:key:z6MkHolder',
  name: 'Rajesh Kumar',
  document_type: 'Aadhaar Card',
  aadhaar_number: 'XXXX XXXX 0125',
  date_of_birth: '1988-03-15',
  address: '42, Shanti Nagar, New Delhi',
};
const aadhaar = credential('cred-aadhaar', {
  issuer: 'UIDAI',
  credential_subject: subject,
  proof: {
    type: 'DataIntegrityProof',
    cryptosuite: 'eddsa-jcs-2022',
    created: '2025-06-01T10:00:00Z',
    verificationMethod: 'did:key:z6MkIssuer#z6MkIssuer',
    proofPurpose: 'assertionMethod',
    proofValue: 'z3signature',
    signature: 'z3signature',
  },
});
const PATH = '/user/user-001/credentials/cred-aadhaar/offline-presentation';

function answer(fields: string[], lifetimeMs = 10 * 60_000): OfflinePresentationAnswer {
  const presented = Date.parse('2026-12-07T05:30:00.000Z');
  return {
    qr: 'PH1:8UADT2 /E9WI%DW3$C4KDN0',
    qr_version: 23,
    nonce: 'K7Q2ZP',
    presented_at: new Date(presented).toISOString(),
    expires_at: new Date(presented + lifetimeMs).toISOString(),
    fields,
  };
}

describe("a card's Offline QR", () => {
  afterEach(() => vi.restoreAllMocks());

  async function open(handlers: Record<string, Handler>) {
    signIn();
    const fetch = mockFetch({
      'GET /user/user-001/credentials': () =>
        json({ credentials: [aadhaar], count: 1, user_id: 'user-001' }),
      'GET /user/user-001/shares': () => json({ shares: [], count: 0, user_id: 'user-001' }),
      ...handlers,
    });
    const view = renderApp('/credentials');
    await screen.findByRole('heading', { level: 1, name: /Verifiable Credentials \(\d+\)/ });
    const card = screen.getByRole('article', { name: 'Aadhaar Card' });
    await view.user.click(within(card).getByRole('button', { name: 'Offline QR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offline QR code: Aadhaar Card' });
    return { ...view, ...fetch, dialog };
  }

  it('asks the server for the ticked fields and shows the code, its nonce and 10 minutes', async () => {
    const { user, calls, dialog } = await open({
      [`POST ${PATH}`]: (request) => json(answer((request.body as { fields: string[] }).fields)),
    });
    // The identity number starts unticked; everything else ticked.
    expect(within(dialog).getByRole('checkbox', { name: 'Aadhaar number' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Name' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Address' }));
    await user.click(within(dialog).getByRole('button', { name: 'Make code' }));

    expect(await within(dialog).findByText('K7Q2ZP')).toBeInTheDocument();
    expect(
      await within(dialog).findByRole(
        'img',
        { name: 'Offline QR code of your Aadhaar Card' },
        { timeout: 5000 },
      ),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/^Valid for (10:00|9:\d\d)$/);
    expect(within(dialog).getByText('Shows: Name, Date of Birth')).toBeInTheDocument();
    const post = calls.find((c) => c.path === PATH);
    expect(post?.body).toEqual({ fields: ['name', 'date_of_birth'] });
  });

  it('puts an identity number in only when the holder confirms it in full, after the warning', async () => {
    const { user, calls, dialog } = await open({
      [`POST ${PATH}`]: (request) => json(answer((request.body as { fields: string[] }).fields)),
    });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Aadhaar number' }));
    expect(
      within(dialog).getByText(
        'Aadhaar number cannot be masked in a signed code: if you include it, the code shows the whole number.',
      ),
    ).toBeInTheDocument();
    const confirm = within(dialog).getByRole('checkbox', {
      name: 'Include Aadhaar number in full',
    });
    expect(confirm).toHaveAccessibleDescription(/Anyone who scans the code sees all twelve digits/);

    await user.click(within(dialog).getByRole('button', { name: 'Make code' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Tick “Include Aadhaar number in full”, or untick Aadhaar number',
    );
    expect(calls.some((c) => c.path === PATH)).toBe(false);

    await user.click(confirm);
    await user.click(within(dialog).getByRole('button', { name: 'Make code' }));
    await within(dialog).findByText('K7Q2ZP');
    expect(calls.find((c) => c.path === PATH)?.body).toEqual({
      fields: ['name', 'aadhaar_number', 'date_of_birth', 'address'],
      full_values: ['aadhaar_number'],
    });
  });

  it('says when the code has expired and makes a new one with the same fields', async () => {
    let made = 0;
    const { user, calls, dialog } = await open({
      [`POST ${PATH}`]: (request) => {
        made += 1;
        const fields = (request.body as { fields: string[] }).fields;
        // The first code lives one second, so the test sees it expire.
        return json({ ...answer(fields, made === 1 ? 1000 : 600_000), nonce: `ABC12${made}` });
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Make code' }));
    expect(await within(dialog).findByText('ABC121')).toBeInTheDocument();
    expect(
      await within(dialog).findByText('This code has expired.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Make a new code' }));
    expect(await within(dialog).findByText('ABC122')).toBeInTheDocument();
    const posts = calls.filter((c) => c.path === PATH);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual(posts[0]?.body);
  });

  it('explains a refusal: too many fields for one code, Data sharing off', async () => {
    let refusal = problem('offline_qr_too_large', 422, 'These fields do not fit');
    const { user, dialog } = await open({ [`POST ${PATH}`]: () => refusal });
    await user.click(within(dialog).getByRole('button', { name: 'Make code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'These fields do not fit one QR code. Choose fewer fields.',
    );
    refusal = problem('data_sharing_off', 403, 'Data sharing is off');
    await user.click(within(dialog).getByRole('button', { name: 'Make code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Data sharing is off/);
  });
});
