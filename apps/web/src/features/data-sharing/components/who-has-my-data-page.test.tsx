/**
 * /consent/who-has-my-data (issue 17) in the real app: reached from /consent; each organisation
 * with what it received and from which credential, the state, the receipts (download, printable
 * page); Withdraw after a confirmation; a grievance pre-filled with the consent and its receipt;
 * the requests' status and age; the open share links with their views and Withdraw; Hindi.
 */
import {
  type ConsentRequest,
  DEFAULT_SETTINGS,
  DOCUMENT_TYPE_LABELS,
  type RightsRequest,
  type ShareRecord,
} from '@pehchaan/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { purposeCode } from '@/lib/consent-texts';
import { i18n, setLanguage } from '@/lib/i18n';
import { pendingEntries } from '@/lib/sync/outbox';
import { receiptRecord, withdrawalAnswer } from '@/testing/consent-receipts';
import { type Handler, json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const USER = '/user/user-001';
const BANK_RECEIPT = receiptRecord({
  id: `receipt-${'1'.repeat(32)}`,
  consentRequestId: 'consent-user-001-bank',
  event: 'approved',
  issuedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
});

const bankConsent: ConsentRequest = {
  id: 'consent-user-001-bank',
  userId: 'user-001',
  requester: 'State Bank of India',
  purpose: 'Open savings account',
  requested_at: '2025-03-01T08:00:00.000Z',
  status: 'approved',
  fields: ['Name', 'PAN'],
  status_updated_at: '2025-03-02T09:00:00.000Z',
  status_updated_by: 'user-001',
  last_viewed: null,
};

const share: ShareRecord = {
  id: `share-${'5'.repeat(32)}`,
  credential_id: 'cred-1',
  document_type: 'PAN Card',
  url: `http://localhost:5000/verify/share-${'5'.repeat(32)}`,
  fields: ['name', 'date_of_birth'],
  created_at: '2025-03-01T08:00:00.000Z',
  expires_at: '2999-03-08T08:00:00.000Z',
  max_views: 10,
  views: 3,
  withdrawn_at: null,
  status: 'active',
};

const sentGrievance: RightsRequest = {
  id: 'rights-1',
  kind: 'grievance',
  status: 'resolved',
  data_fiduciary: 'State Bank of India',
  verifier_id: 'verifier-sbi',
  consent_request_id: 'consent-user-001-bank',
  receipt_id: BANK_RECEIPT.id,
  purpose: 'Open savings account',
  message: 'Why?',
  created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  resolved_at: new Date().toISOString(),
  resolution_note: 'Deleted on request.',
  erasure: null,
};

/** A resolved erasure request, as the organisation's eraser recorded it. */
const erased = (erasure: RightsRequest['erasure']): RightsRequest => ({
  ...sentGrievance,
  id: `rights-${'nothing_held' in (erasure ?? {}) ? 'none' : 'erased'}`,
  kind: 'erasure',
  resolution_note: null,
  erasure,
});

function api(extra: Record<string, Handler> = {}, rights: RightsRequest[] = []) {
  return mockFetch({
    [`GET ${USER}/consent-requests`]: () =>
      json({ consent_requests: [bankConsent], count: 1, user_id: 'user-001' }),
    [`GET ${USER}/consent-receipts`]: () =>
      json({ consent_receipts: [BANK_RECEIPT], count: 1, user_id: 'user-001' }),
    [`GET ${USER}/rights-requests`]: () =>
      json({ rights_requests: rights, count: rights.length, user_id: 'user-001' }),
    [`GET ${USER}/shares`]: () => json({ shares: [share], count: 1, user_id: 'user-001' }),
    ...extra,
  });
}

async function open() {
  signIn();
  const view = renderApp('/consent/who-has-my-data');
  await screen.findByRole('heading', { level: 1, name: 'Who has my data' }, { timeout: 5000 });
  return view;
}

describe('who has my data', () => {
  it('is reached from /consent', async () => {
    api();
    signIn();
    const view = renderApp('/consent');
    // The route's chunk loads on the first visit: allow it time.
    const wait = { timeout: 5000 };
    await view.user.click(await screen.findByRole('link', { name: 'Who has my data' }, wait));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Who has my data' }, wait),
    ).toBeInTheDocument();
    // Two route chunks load in this test: more than the default 5 s on a busy machine.
  }, 20_000);

  it('lists the organisation, what it received from which credential, its receipts and the requests sent', async () => {
    api({}, [sentGrievance]);
    await open();
    const bank = await screen.findByRole('region', { name: 'State Bank of India' });
    expect(within(bank).getByText('Grievance contact: grievance@sbi.example')).toBeVisible();
    expect(within(bank).getByText('Open savings account')).toBeVisible();
    expect(within(bank).getByText('Active')).toBeVisible();
    expect(within(bank).getByText('PAN')).toBeVisible();
    expect(within(bank).getByText('(from your PAN Card)')).toBeVisible();
    expect(
      within(bank).getByRole('button', {
        name: 'Download the receipt "Consent given" as JSON',
      }),
    ).toBeVisible();
    expect(
      within(bank).getByRole('link', {
        name: 'Open the printable page of the receipt "Consent given"',
      }),
    ).toHaveAttribute('href', `/verify/${BANK_RECEIPT.id}`);
    expect(within(bank).getByText(/Resolved · sent 2 days ago/)).toBeVisible();
    expect(within(bank).getByText('Their answer: Deleted on request.')).toBeVisible();
  });

  it('says what a resolved erasure request erased and when, or plainly that nothing was held', async () => {
    api({}, [
      erased({ erased_at: '2025-03-14T11:00:00.000Z', claims: ['name', 'pan_number'] }),
      erased({ nothing_held: true }),
    ]);
    await open();
    const bank = await screen.findByRole('region', { name: 'State Bank of India' });
    expect(within(bank).getByText('Erased on 14/03/2025: Name, PAN Number.')).toBeVisible();
    expect(
      within(bank).getByText(
        "Nothing was held to erase: the organisation had none of this consent's data through Pehchaan, or it was already erased.",
      ),
    ).toBeVisible();
  });

  it('Withdraw asks first, then withdraws the consent', async () => {
    const { calls } = api({
      [`POST ${USER}/consent-requests/consent-user-001-bank/withdraw`]: () =>
        withdrawalAnswer(bankConsent),
    });
    const view = await open();
    const bank = await screen.findByRole('region', { name: 'State Bank of India' });
    await view.user.click(within(bank).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw consent?' });
    expect(calls.some((c) => c.path.endsWith('/withdraw'))).toBe(false);
    await view.user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    // A toast.
    expect(
      await screen.findByText('Consent withdrawn from State Bank of India'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `${USER}/consent-requests/consent-user-001-bank/withdraw`,
    ]);
  });

  it('a consent withdrawn elsewhere: says so and shows the server’s copy', async () => {
    let bank = bankConsent;
    const { calls } = api({
      [`GET ${USER}/consent-requests`]: () =>
        json({ consent_requests: [bank], count: 1, user_id: 'user-001' }),
      [`POST ${USER}/consent-requests/consent-user-001-bank/withdraw`]: () => {
        bank = { ...bankConsent, status: 'withdrawn', withdrawn_at: '2025-03-14T11:00:00.000Z' };
        return problem('consent_already_withdrawn', 409, 'This consent was already withdrawn.');
      },
    });
    const view = await open();
    const region = await screen.findByRole('region', { name: 'State Bank of India' });
    const listed = () => calls.filter((c) => c.path === `${USER}/consent-requests`).length;
    const before = listed();
    await view.user.click(within(region).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw consent?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('This consent has already been withdrawn.')).toBeInTheDocument();
    await waitFor(() => expect(listed()).toBeGreaterThan(before));
    await waitFor(() =>
      expect(within(region).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument(),
    );
  });

  it('offline, Withdraw is kept on this device and queued to sync, as on /consent', async () => {
    // No answer for the withdrawal: the server cannot be reached.
    api();
    const view = await open();
    const bank = await screen.findByRole('region', { name: 'State Bank of India' });
    await view.user.click(within(bank).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw consent?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawn on this device; not yet synced')).toBeInTheDocument();
    expect(pendingEntries('user-001', 'consent_withdrawal')).toEqual([
      expect.objectContaining({
        kind: 'consent_withdrawal',
        path: `${USER}/consent-requests/consent-user-001-bank/withdraw`,
      }),
    ]);
  });

  it('sends a grievance pre-filled with the consent and its receipt', async () => {
    const { calls } = api({
      [`POST ${USER}/rights-requests`]: () =>
        json(
          { message: 'Grievance sent', rights_request: { ...sentGrievance, status: 'open' } },
          201,
        ),
    });
    const view = await open();
    const bank = await screen.findByRole('region', { name: 'State Bank of India' });
    await view.user.click(within(bank).getByRole('button', { name: 'Send a grievance' }));
    const form = within(bank).getByRole('form', { name: 'Grievance' });
    expect(within(form).getByText(BANK_RECEIPT.id)).toBeVisible();
    const message = within(form).getByLabelText('Your message');
    expect(message).toHaveValue(
      'I have a grievance about how State Bank of India handles the data I shared for Open savings account: ',
    );
    await view.user.type(message, 'you called me about a loan.');
    await view.user.click(within(form).getByRole('button', { name: 'Send' }));
    // A toast.
    expect(await screen.findByText('Grievance sent to State Bank of India')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      kind: 'grievance',
      consent_request_id: 'consent-user-001-bank',
      receipt_id: BANK_RECEIPT.id,
      message:
        'I have a grievance about how State Bank of India handles the data I shared for Open savings account: you called me about a loan.',
    });
  });

  it('lists the open share links with their views, and withdraws one', async () => {
    const { calls } = api({
      [`POST ${USER}/shares/${share.id}/withdraw`]: () =>
        json({ message: 'Share link withdrawn', share: { ...share, status: 'withdrawn' } }),
    });
    const view = await open();
    const links = await screen.findByRole('region', { name: 'Open share links' });
    expect(await within(links).findByText('PAN Card')).toBeVisible();
    expect(within(links).getByText(/Anyone with the link · 3 of 10 views/)).toBeVisible();
    await view.user.click(
      within(links).getByRole('button', { name: 'Withdraw the PAN Card link' }),
    );
    // A toast.
    expect(await screen.findByText('Share link withdrawn')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`${share.id}/withdraw`))).toBe(
      true,
    );
  });

  it('gives each open share link Copy, QR code and Open, to find the link again', async () => {
    api();
    const view = await open();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const links = await screen.findByRole('region', { name: 'Open share links' });
    await view.user.click(
      await within(links).findByRole('button', { name: 'Copy link: PAN Card, expires 08/03/2999' }),
    );
    expect(writeText).toHaveBeenCalledWith(share.url);
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(
      within(links).getByRole('link', { name: 'Open in a new tab: PAN Card, expires 08/03/2999' }),
    ).toHaveAttribute('href', `/verify/${share.id}`);
    await view.user.click(within(links).getByRole('button', { name: /^Show QR code: PAN Card/ }));
    const image = await within(links).findByRole('img', { name: /^QR code of the link/ });
    expect(image).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(within(links).getByText(share.url)).toBeVisible();
  });

  it('writes dates in the date format chosen in Settings (issue 19)', async () => {
    api();
    await open();
    const links = await screen.findByRole('region', { name: 'Open share links' });
    // SPEC 9's default, DD/MM/YYYY.
    expect(await within(links).findByText(/expires 08\/03\/2999/)).toBeVisible();
  });

  it('follows a date format changed in Settings', async () => {
    api({
      [`GET ${USER}/settings`]: () =>
        json({
          settings: { ...DEFAULT_SETTINGS, dateFormat: 'YYYY-MM-DD' },
          user_id: 'user-001',
          updated_at: null,
        }),
    });
    await open();
    const links = await screen.findByRole('region', { name: 'Open share links' });
    await waitFor(() => expect(within(links).getByText(/expires 2999-03-08/)).toBeVisible());
  });

  it('says so when the server cannot be reached', async () => {
    mockFetch({});
    await open();
    expect(
      (await screen.findAllByText(/This needs a connection to the Pehchaan server/)).length,
    ).toBeGreaterThan(0);
  });

  it('names the purpose, the data and its credentials in Tamil, as /consent does', async () => {
    api();
    await setLanguage('ta');
    signIn();
    renderApp('/consent/who-has-my-data');
    const code = purposeCode('State Bank of India', 'Open savings account');
    if (!code) throw new Error('the bank purpose is not a registered one');
    const common = i18n.getFixedT('ta', 'common') as unknown as (key: string) => string;
    const purpose = common(`consentPurposes.${code}`);
    expect(purpose).toMatch(/\p{Script=Tamil}/u);
    expect(await screen.findByRole('heading', { level: 3, name: purpose })).toBeVisible();
    const received = within(
      screen.getByRole('heading', { level: 3, name: purpose }).closest('li') as HTMLElement,
    );
    expect(received.getByText(common('consentFields.PAN'))).toBeVisible();
    expect(received.getByText(common('consentFields.Name'))).toBeVisible();
    expect(received.getByText(new RegExp(DOCUMENT_TYPE_LABELS.aadhaar.name.ta))).toBeVisible();
    // The registered bank by its name in Tamil (core's organisation names, by its verifier id).
    expect(screen.getByRole('heading', { name: 'பாரத ஸ்டேட் வங்கி' })).toBeVisible();
    for (const english of [
      'Open savings account',
      'PAN Card',
      'Aadhaar Card',
      'PAN Number',
      'State Bank of India',
    ]) {
      expect(screen.queryByText(new RegExp(english))).toBeNull();
    }
  });

  it('reads in Hindi', async () => {
    api();
    await setLanguage('hi');
    signIn();
    renderApp('/consent/who-has-my-data');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'मेरा डेटा किसके पास है' }),
    ).toBeVisible();
    expect(await screen.findByText('सक्रिय')).toBeVisible();
    expect(screen.getByRole('region', { name: 'खुले साझा लिंक' })).toBeVisible();
  });
});
