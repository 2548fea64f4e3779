import type { ShareRecord } from '@pehchaan/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { credential } from '@/testing/fixtures';
import { type Handler, json, mockFetch } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';
import { ShareDialog } from './share-dialog';

const subject = {
  id: 'did:key:z6MkHolder',
  name: 'Rajesh Kumar',
  document_type: 'PAN Card',
  pan_number: 'ABCPK1234K',
  date_of_birth: '1990-01-15',
  father_name: 'Suresh Kumar',
};
const pan = credential('pan-1', { issuer: 'Income Tax Department', credential_subject: subject });

function renderDialog(offline = false) {
  const onCreate = vi.fn();
  render(
    <ShareDialog
      documentType="PAN Card"
      subject={subject}
      offline={offline}
      busy={false}
      onCreate={onCreate}
      onCancel={() => {}}
    />,
  );
  return { onCreate, user: userEvent.setup(), dialog: screen.getByRole('dialog') };
}

function share(id: string, overrides: Partial<ShareRecord> = {}): ShareRecord {
  return {
    id,
    credential_id: 'pan-1',
    document_type: 'PAN Card',
    url: `http://localhost/verify/${id}`,
    fields: ['name', 'date_of_birth'],
    created_at: '2025-06-01T10:00:00.000Z',
    expires_at: '2099-06-08T10:00:00.000Z',
    max_views: null,
    views: 0,
    withdrawn_at: null,
    status: 'active',
    ...overrides,
  };
}

describe('ShareDialog', () => {
  it('offers every field with the sensitive numbers unticked, and 7 days', async () => {
    const { onCreate, user, dialog } = renderDialog();
    expect(within(dialog).getByRole('heading', { name: 'Share PAN Card' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'PAN Number' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Name' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Date of Birth' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: "Father's name" })).toBeChecked();
    expect(within(dialog).queryByRole('checkbox', { name: 'Document type' })).toBeNull();
    expect(within(dialog).getByRole('radio', { name: '7 days' })).toBeChecked();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1h', '1d', '7d', '30d']);

    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(onCreate).toHaveBeenCalledWith({
      fields: ['name', 'date_of_birth', 'father_name'],
      fullValues: [],
      lifetime: '7d',
      maxViews: null,
    });
  });

  it('passes the chosen fields, lifetime and view limit; refuses none ticked', async () => {
    const { onCreate, user, dialog } = renderDialog();
    for (const name of ['Name', 'Date of Birth', "Father's name"]) {
      await user.click(within(dialog).getByRole('checkbox', { name }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Choose at least one field to share',
    );
    expect(onCreate).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'PAN Number' }));
    await user.click(within(dialog).getByRole('radio', { name: '1 hour' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: /View limit/ }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(onCreate).toHaveBeenCalledWith({
      fields: ['pan_number'],
      fullValues: [],
      lifetime: '1h',
      maxViews: 3,
    });
  });

  it('shows a ticked identity number masked; the full value is an extra choice beside a warning that names the risk', async () => {
    const aadhaar = {
      id: 'did:key:z6MkHolder',
      name: 'Rajesh Kumar',
      document_type: 'Aadhaar Card',
      // As the list holds them (DECISIONS 9.6).
      aadhaar_number: 'XXXX XXXX 0125',
      phone: '98XXXXXX10',
      gender: 'Male',
    };
    const onCreate = vi.fn();
    render(
      <ShareDialog
        documentType="Aadhaar Card"
        subject={aadhaar}
        offline={false}
        busy={false}
        onCreate={onCreate}
        onCancel={() => {}}
      />,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog');
    // Nothing to choose while no number is ticked.
    expect(within(dialog).queryByRole('checkbox', { name: /in full$/ })).toBeNull();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Aadhaar number' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Phone' }));
    expect(within(dialog).getByText('Aadhaar number is shown masked:')).toBeInTheDocument();
    expect(within(dialog).getByText('XXXX XXXX 0125')).toBeInTheDocument();
    expect(within(dialog).getByText('98XXXXXX10')).toBeInTheDocument();
    const fullAadhaar = within(dialog).getByRole('checkbox', {
      name: 'Show Aadhaar number in full',
    });
    expect(fullAadhaar).not.toBeChecked();
    expect(fullAadhaar).toHaveAccessibleDescription(
      'Anyone with the link sees all twelve digits. UIDAI advises sharing the masked number; a verifier that needs your identity should ask for your signed credential instead.',
    );
    expect(
      within(dialog).getByRole('checkbox', { name: 'Show Phone in full' }),
    ).toHaveAccessibleDescription(
      'Anyone with the link sees the whole number. A verifier that needs your identity should ask for your signed credential instead.',
    );

    // Masked unless chosen.
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(onCreate).toHaveBeenLastCalledWith(
      expect.objectContaining({
        fields: ['name', 'aadhaar_number', 'phone', 'gender'],
        fullValues: [],
      }),
    );
    await user.click(fullAadhaar);
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(onCreate).toHaveBeenLastCalledWith(
      expect.objectContaining({ fullValues: ['aadhaar_number'] }),
    );
    // Unticking the number drops its full value too.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Aadhaar number' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(onCreate).toHaveBeenLastCalledWith(
      expect.objectContaining({ fields: ['name', 'phone', 'gender'], fullValues: [] }),
    );
  });

  it('offline, says a link needs the server and creates nothing', async () => {
    const { onCreate, user, dialog } = renderDialog(true);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'You are offline. A share link needs the server',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(onCreate).not.toHaveBeenCalled();
  });
});

describe('share links on the credential card', () => {
  afterEach(() => vi.restoreAllMocks());

  async function open(handlers: Record<string, Handler>) {
    signIn();
    const fetch = mockFetch({
      'GET /user/user-001/credentials': () =>
        json({ credentials: [pan], count: 1, user_id: 'user-001' }),
      ...handlers,
    });
    const view = renderApp('/credentials');
    await screen.findByRole('heading', { level: 1, name: /Verifiable Credentials \(\d+\)/ });
    return { ...view, ...fetch };
  }

  it('sums up "2 active links · 5 views" and withdraws one', async () => {
    const shares = [
      share('share-a', { views: 2, max_views: 5 }),
      share('share-b', { views: 3 }),
      share('share-c', { status: 'withdrawn', withdrawn_at: '2025-06-02T10:00:00.000Z' }),
    ];
    const { user, calls } = await open({
      'GET /user/user-001/shares': () => json({ shares, count: 3, user_id: 'user-001' }),
      'POST /user/user-001/shares/share-a/withdraw': () =>
        json({ message: 'Share link withdrawn', share: { ...shares[0], status: 'withdrawn' } }),
    });
    const card = screen.getByRole('article', { name: 'PAN Card' });
    const summary = await within(card).findByText('2 active links · 5 views');
    await user.click(summary);
    const list = within(card).getByRole('list', { name: 'Share links' });
    expect(within(list).getByText('2 of 5 views')).toBeInTheDocument();
    expect(within(list).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(list).getAllByText('Shows: Name, Date of Birth')).toHaveLength(3);
    const withdraw = within(list).getAllByRole('button', { name: /^Withdraw link expiring/ });
    expect(withdraw).toHaveLength(2);
    await user.click(withdraw[0] as HTMLElement);
    expect(await screen.findByText('Link withdrawn')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/user/user-001/shares/share-a/withdraw')).toBe(true);
  });

  it('offers Copy, QR code and Open on each active link, so a link can be found again', async () => {
    const shares = [
      share('share-a', { views: 1 }),
      share('share-c', { status: 'withdrawn', withdrawn_at: '2025-06-02T10:00:00.000Z' }),
    ];
    const { user } = await open({
      'GET /user/user-001/shares': () => json({ shares, count: 2, user_id: 'user-001' }),
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const card = screen.getByRole('article', { name: 'PAN Card' });
    await user.click(await within(card).findByText('1 active link · 1 view'));
    const list = within(card).getByRole('list', { name: 'Share links' });
    // The withdrawn link has none of them: it no longer opens.
    expect(within(list).getAllByRole('button', { name: /^Copy link: PAN Card/ })).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: /^Copy link: PAN Card, Expires/ }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/verify/share-a');
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();

    const open_ = within(list).getByRole('link', { name: /^Open in a new tab: PAN Card/ });
    expect(open_).toHaveAttribute('href', '/verify/share-a');
    expect(open_).toHaveAttribute('target', '_blank');
    expect(open_).toHaveAttribute('rel', expect.stringContaining('noopener'));

    const qrButton = within(list).getByRole('button', { name: /^Show QR code: PAN Card/ });
    await user.click(qrButton);
    expect(qrButton).toHaveAttribute('aria-expanded', 'true');
    const image = await within(list).findByRole('img', { name: /^QR code of the link: PAN Card/ });
    expect(image).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(image).toHaveAttribute('width', '200');
    expect(within(list).getByText('http://localhost/verify/share-a')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /^Hide QR code: PAN Card/ }));
    expect(within(list).queryByRole('img')).toBeNull();
  });

  it('Share creates a link with the chosen fields and copies it', async () => {
    const created = share('share-new');
    const { user, calls } = await open({
      'GET /user/user-001/shares': () => json({ shares: [], count: 0, user_id: 'user-001' }),
      'POST /user/user-001/shares': () =>
        json({ message: 'Share link created', share: created }, 201),
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    const card = screen.getByRole('article', { name: 'PAN Card' });
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Credential link copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(created.url);
    const post = calls.find((c) => c.method === 'POST' && c.path === '/user/user-001/shares');
    expect(post?.body).toEqual({
      credential_id: 'pan-1',
      fields: ['name', 'date_of_birth', 'father_name'],
      lifetime: '7d',
      max_views: null,
    });
    expect(post?.body).not.toHaveProperty('full_values');
    // The server logs the link it made: the app posts no entry of its own, and reloads the log.
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/activity-logs'))).toBe(false);
    expect(calls.filter((c) => c.path === '/user/user-001/activity-logs').length).toBeGreaterThan(
      0,
    );
  });

  it('Share sends full_values only for a number the holder chose to show whole; the link list says so', async () => {
    const created = share('share-full', {
      fields: ['name', 'pan_number'],
      full_values: ['pan_number'],
    });
    const { user, calls } = await open({
      'GET /user/user-001/shares': () => json({ shares: [created], count: 1, user_id: 'user-001' }),
      'POST /user/user-001/shares': () =>
        json({ message: 'Share link created', share: created }, 201),
    });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => {}) },
      configurable: true,
    });
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    const card = screen.getByRole('article', { name: 'PAN Card' });
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog');
    for (const name of ['Date of Birth', "Father's name", 'PAN Number']) {
      await user.click(within(dialog).getByRole('checkbox', { name }));
    }
    await user.click(within(dialog).getByRole('checkbox', { name: 'Show PAN Number in full' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Credential link copied to clipboard')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/user/user-001/shares');
    expect(post?.body).toEqual({
      credential_id: 'pan-1',
      fields: ['name', 'pan_number'],
      full_values: ['pan_number'],
      lifetime: '7d',
      max_views: null,
    });
    await user.click(within(card).getByText('1 active link · 0 views'));
    expect(within(card).getByText('Shows: Name, PAN Number (in full)')).toBeInTheDocument();
  });

  it('Show QR Code makes a link the same way (the server logs it) and shows it as the QR code', async () => {
    const created = share('share-qr');
    const { user, calls } = await open({
      'GET /user/user-001/shares': () => json({ shares: [], count: 0, user_id: 'user-001' }),
      'POST /user/user-001/shares': () =>
        json({ message: 'Share link created', share: created }, 201),
    });
    const logReads = () => calls.filter((c) => c.path === '/user/user-001/activity-logs').length;
    const before = logReads();
    const card = screen.getByRole('article', { name: 'PAN Card' });
    await user.click(within(card).getByRole('button', { name: 'Show QR Code' }));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await within(card).findByText(created.url)).toBeInTheDocument();
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/user/user-001/shares'),
    ).toHaveLength(1);
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/activity-logs'))).toBe(false);
    // The activity log is read again, so the server's entry shows.
    await waitFor(() => expect(logReads()).toBeGreaterThan(before));
  });
});
