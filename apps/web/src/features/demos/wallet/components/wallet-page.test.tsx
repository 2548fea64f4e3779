/**
 * /digital-wallet as a visitor uses it (SPEC 2, 4): the route renders the demo with no request
 * of any kind; the consent tabs (keyboard, counts, Approve/Reject/Revoke with dates, empty
 * state); the sharing and linked switches; the completeness bars; uploads and quick actions say
 * honestly what happens; Hindi.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FORMAT_PREFERENCES, formatDate } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { addMonths } from '../wallet-state';

let fetchMock: ReturnType<typeof mockFetch>['fetchMock'];

beforeEach(() => {
  ({ fetchMock } = mockFetch());
});

async function openWallet() {
  const view = renderApp('/digital-wallet');
  await screen.findByRole('heading', { level: 1, name: 'Digital Wallet' });
  return view;
}

const consentCard = () => screen.getByRole('region', { name: 'Consent Management' });
const tab = (name: RegExp) => within(consentCard()).getByRole('tab', { name });
const panel = () => within(consentCard()).getByRole('tabpanel');
const today = (offsetMonths = 0) =>
  formatDate(addMonths(new Date(), offsetMonths).toISOString(), DEFAULT_FORMAT_PREFERENCES);

describe('/digital-wallet (SPEC 2)', () => {
  it('shows the demo banner, the holder and every section, and makes no request', async () => {
    await openWallet();
    expect(screen.getByRole('note', { name: 'Demo mode' })).toHaveTextContent(
      'Nothing you do here is sent anywhere or saved',
    );
    expect(screen.getByText('Rajesh Kumar Sharma')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toHaveClass('text-green-800');
    expect(screen.getByText('92 out of 100')).toBeInTheDocument();
    expect(screen.getByText('High quality')).toBeInTheDocument();
    expect(screen.getByText('XXXXXXXXXX8901')).toBeInTheDocument();
    for (const name of [
      'Identity Sources',
      'My Documents',
      'Data Completeness',
      'Quick Actions',
      'Identity Documents',
      'Consent Management',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the Data Completeness bars as progressbars', async () => {
    await openWallet();
    for (const [name, value] of [
      ['Identity Verification', '95'],
      ['Document Upload', '75'],
      ['Address Verification', '90'],
    ] as const) {
      const bar = screen.getByRole('progressbar', { name });
      expect(bar).toHaveAttribute('aria-valuenow', value);
      expect(bar).toHaveAttribute('aria-valuetext', `${value}%`);
    }
  });

  it('consent tabs: Pending first, counts, arrow keys move between tabs', async () => {
    const { user } = await openWallet();
    expect(tab(/^Pending/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/^Pending/)).toHaveTextContent('Pending 3');
    expect(tab(/^Approved/)).toHaveTextContent('Approved 2');
    expect(tab(/^Declined/)).toHaveTextContent('Declined 1');
    expect(
      within(panel())
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Bharat National Bank', 'Sampark Telecom', 'Suraksha Life Insurance']);

    tab(/^Pending/).focus();
    await user.keyboard('{ArrowRight}');
    expect(tab(/^Approved/)).toHaveFocus();
    expect(tab(/^Approved/)).toHaveAttribute('aria-selected', 'true');
    expect(within(panel()).getAllByText('Active')).toHaveLength(2);
    await user.keyboard('{End}');
    expect(tab(/^Declined/)).toHaveAttribute('aria-selected', 'true');
    expect(panel()).toHaveTextContent('it asked for more data than the purpose needs.');
    await user.keyboard('{ArrowRight}');
    expect(tab(/^Pending/)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab(/^Declined/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab(/^Pending/)).toHaveAttribute('aria-selected', 'true');
  });

  it('Approve, then Revoke, moves a request through the tabs with its dates', async () => {
    const { user } = await openWallet();
    await user.click(
      screen.getByRole('button', { name: 'Approve the request from Bharat National Bank' }),
    );
    expect(tab(/^Pending/)).toHaveTextContent('Pending 2');
    expect(tab(/^Approved/)).toHaveTextContent('Approved 3');
    // Focus stays in the panel, not lost with the card.
    expect(panel()).toHaveFocus();
    expect(
      await screen.findByText(/Approved\. Bharat National Bank may use this data until/),
    ).toBeInTheDocument();

    await user.click(tab(/^Approved/));
    const card = within(panel())
      .getByRole('heading', { name: 'Bharat National Bank' })
      .closest('li') as HTMLElement;
    expect(card).toHaveTextContent(`Approved on ${today()}`);
    expect(card).toHaveTextContent(`Expires on ${today(6)}`);
    expect(within(card).getByText('Active')).toBeInTheDocument();

    await user.click(
      within(card).getByRole('button', {
        name: 'Revoke the consent given to Bharat National Bank',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Revoke this consent?' });
    expect(dialog).toHaveTextContent(
      'Bharat National Bank will no longer be allowed to use Name, Aadhaar, Phone and Address.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(tab(/^Approved/)).toHaveTextContent('Approved 2');
    expect(tab(/^Declined/)).toHaveTextContent('Declined 2');

    await user.click(tab(/^Declined/));
    const revoked = within(panel())
      .getByRole('heading', { name: 'Bharat National Bank' })
      .closest('li') as HTMLElement;
    expect(revoked).toHaveTextContent(`Revoked on ${today()}`);
    expect(revoked).toHaveTextContent('you revoked this consent after approving it.');
  });

  it('Keep consent in the revoke dialog changes nothing', async () => {
    const { user } = await openWallet();
    await user.click(tab(/^Approved/));
    await user.click(
      screen.getByRole('button', { name: 'Revoke the consent given to Kisan Finance' }),
    );
    await user.click(screen.getByRole('button', { name: 'Keep consent' }));
    expect(tab(/^Approved/)).toHaveTextContent('Approved 2');
  });

  it("Reject moves a request to Declined; an empty tab says 'No pending consent requests'", async () => {
    const { user } = await openWallet();
    for (const requester of [
      'Bharat National Bank',
      'Sampark Telecom',
      'Suraksha Life Insurance',
    ]) {
      await user.click(
        screen.getByRole('button', { name: `Reject the request from ${requester}` }),
      );
    }
    expect(tab(/^Pending/)).toHaveTextContent('Pending 0');
    expect(tab(/^Declined/)).toHaveTextContent('Declined 4');
    expect(panel()).toHaveTextContent('No pending consent requests');
    await user.click(tab(/^Declined/));
    expect(within(panel()).getAllByText(`Declined on ${today()}`)).toHaveLength(3);
  });

  it('sharing switches flip between Sharing enabled and Private; unlinked documents have none', async () => {
    const { user } = await openWallet();
    const list = screen.getByRole('region', { name: 'Identity Documents' });
    const aadhaar = within(list).getByRole('switch', { name: 'Share Aadhaar Card' });
    expect(aadhaar).toHaveAttribute('aria-checked', 'true');
    expect(aadhaar.parentElement).toHaveTextContent('Sharing enabled');
    await user.click(aadhaar);
    expect(aadhaar).toHaveAttribute('aria-checked', 'false');
    expect(aadhaar.parentElement).toHaveTextContent('Private');
    const pan = within(list).getByRole('switch', { name: 'Share PAN Card' });
    expect(pan).toHaveAttribute('aria-checked', 'false');
    await user.keyboard('{Tab}');
    expect(pan).toHaveFocus();
    await user.keyboard(' ');
    expect(pan).toHaveAttribute('aria-checked', 'true');
    expect(within(list).queryByRole('switch', { name: 'Share Passport' })).toBeNull();
  });

  it('Link links a source (focus moves to its switch); the switch unlinks it again', async () => {
    const { user } = await openWallet();
    const sources = screen.getByRole('region', { name: 'Identity Sources' });
    await user.click(within(sources).getByRole('button', { name: 'Link Passport' }));
    const linked = within(sources).getByRole('switch', { name: 'Passport linked' });
    expect(linked).toHaveFocus();
    expect(sources).toHaveTextContent('KXXXXX67');
    expect(await screen.findByText(/Passport linked for this visit/)).toBeInTheDocument();
    // Linked now, so it has a sharing switch, private at first.
    expect(screen.getByRole('switch', { name: 'Share Passport' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    await user.click(linked);
    expect(within(sources).getByRole('button', { name: 'Link Passport' })).toHaveFocus();
    expect(sources).not.toHaveTextContent('KXXXXX67');
    expect(screen.queryByRole('switch', { name: 'Share Passport' })).toBeNull();
  });

  it('Upload lists the picked file for this visit only and says nothing is stored', async () => {
    const { user } = await openWallet();
    const documents = screen.getByRole('region', { name: 'My Documents' });
    const input = documents.querySelector('input[type="file"]') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    await user.click(within(documents).getByRole('button', { name: 'Upload Bank Statement' }));
    expect(click).toHaveBeenCalled();
    await user.upload(
      input,
      new File(['x'.repeat(2048)], 'statement.pdf', { type: 'application/pdf' }),
    );
    expect(
      within(documents).getByRole('button', { name: 'Download Bank Statement' }),
    ).toBeVisible();
    expect(await screen.findByText(/this demo uploads and stores nothing/)).toBeInTheDocument();

    await user.click(within(documents).getByRole('button', { name: 'Upload New' }));
    await user.upload(input, new File(['y'], 'rent-agreement.pdf'));
    expect(within(documents).getByText('rent-agreement.pdf')).toBeVisible();

    await user.click(within(documents).getByRole('button', { name: 'Download Aadhaar XML' }));
    expect(await screen.findByText(/holds no real file for Aadhaar XML/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('quick actions: the audit trail records this visit; Ask AI and Download say what happens', async () => {
    const { user } = await openWallet();
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    const audit = within(actions).getByRole('button', { name: 'View Audit Trail' });
    await user.click(audit);
    expect(audit).toHaveAttribute('aria-expanded', 'true');
    expect(actions).toHaveTextContent('Nothing has happened yet.');
    await user.click(
      screen.getByRole('button', { name: 'Reject the request from Sampark Telecom' }),
    );
    expect(actions).toHaveTextContent('Declined the request from Sampark Telecom');

    await user.click(within(actions).getByRole('button', { name: 'Ask AI about my data' }));
    expect(await screen.findByText(/not part of this offline demo/)).toBeInTheDocument();

    // jsdom has no object URLs: stand them in, and see the file made on the device.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:wallet');
    const anchorClick = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('pehchaan-wallet-demo.json');
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    try {
      await user.click(within(actions).getByRole('button', { name: 'Download My Data' }));
      expect(createObjectURL).toHaveBeenCalledTimes(1);
      expect(anchorClick).toHaveBeenCalledTimes(1);
      const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
      const data = JSON.parse(
        await new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.readAsText(blob);
        }),
      );
      expect(data.consentRequests).toHaveLength(6);
      expect(data.profile.name).toBe('Rajesh Kumar Sharma');
      expect(await screen.findByText(/Nothing was sent anywhere/)).toBeInTheDocument();
    } finally {
      anchorClick.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks Hindi', async () => {
    await act(() => i18n.changeLanguage('hi'));
    renderApp('/digital-wallet');
    expect(await screen.findByRole('heading', { level: 1, name: 'डिजिटल वॉलेट' })).toBeVisible();
    expect(screen.getByRole('tab', { name: /^लंबित/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('सत्यापित')).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
  });
});
