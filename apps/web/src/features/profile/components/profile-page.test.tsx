import type { ActivityLog, Profile } from '@pehchaan/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activity, consent, credential } from '@/testing/fixtures';
import { type Handler, json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const BASE = '/user/user-001';

const AADHAAR = { credential_id: 'c-aadhaar', document_type: 'Aadhaar Card', issuer: 'UIDAI' };

const PROFILE: Profile = {
  user_id: 'user-001',
  display_name: null,
  email: 'rajesh.sharma@example.in',
  username: null,
  bio: null,
  name: 'Rajesh Kumar Sharma',
  phone: '9876543210',
  dob: '1988-03-15',
  gender: 'Male',
  address: '42, Shanti Nagar, New Delhi 110024',
  identity_sources: {
    name: AADHAAR,
    phone: AADHAAR,
    dob: AADHAAR,
    gender: AADHAAR,
    address: null,
  },
  is_verified: false,
  member_since: '2025-01-01T00:00:00.000Z',
  updated_at: null,
  identity_documents: {
    aadhaar_number: 'XXXX XXXX 0125',
    pan_number: 'ABXXXXXX4K',
    voter_id: 'DLHXXXXX67',
    driving_license: 'DL-0XXXXXXXXX345',
    passport_number: 'KXXXXX67',
    ckyc_number: 'XXXXXXXXXX8901',
  },
};

function savedEntry(description: string): ActivityLog {
  return {
    id: 'log-saved',
    userId: 'user-001',
    type: 'profile_updated',
    description,
    timestamp: new Date().toISOString(),
    last_viewed: null,
  };
}

/** The API with `profile` on GET and PUT echoing the body as the saved profile. */
function api(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    [`GET ${BASE}/profile`]: () => json({ profile: PROFILE, user_id: 'user-001' }),
    [`PUT ${BASE}/profile`]: (request) => {
      const body = request.body as Record<string, string>;
      return json({
        message: 'Profile updated successfully',
        profile: {
          ...PROFILE,
          ...body,
          username: body.username || null,
          bio: body.bio || null,
          updated_at: new Date().toISOString(),
        },
        activity_log: savedEntry('Updated profile: display name, bio'),
      });
    },
    [`GET ${BASE}/credentials`]: () =>
      json({
        credentials: [
          credential('c1', {
            credential_subject: { id: 'did:x', name: 'R', document_type: 'PAN Card' },
          }),
          credential('c2', { expiration_date: '2000-01-01T00:00:00.000Z' }),
        ],
        count: 2,
        user_id: 'user-001',
      }),
    [`GET ${BASE}/consent-requests`]: () =>
      json({
        consent_requests: [
          consent('a', 'pending'),
          consent('b', 'approved'),
          consent('c', 'approved'),
        ],
        count: 3,
      }),
    [`GET ${BASE}/activity-logs`]: () =>
      json({
        activity_logs: [
          { ...activity('l1', 'login', 2.5), description: 'Logged in with demo credentials' },
        ],
        count: 1,
      }),
    ...overrides,
  };
}

async function openProfile(handlers: Record<string, Handler> = api()) {
  signIn();
  const fetch = mockFetch(handlers);
  const view = renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  await screen.findByRole('region', { name: 'Personal Information' });
  return { ...view, ...fetch };
}

function personal(): HTMLElement {
  return screen.getByRole('region', { name: 'Personal Information' });
}

function fromCredentials(): HTMLElement {
  return screen.getByRole('region', { name: 'Identity from your credentials' });
}

describe('/profile (SPEC 2 Profile)', () => {
  it('shows the fields, stat cards, recent activity, security, quick actions and masked identity documents', async () => {
    await openProfile();
    expect(within(personal()).getByText('rajesh.sharma@example.in')).toBeInTheDocument();
    expect(within(personal()).getAllByText('Not set')).toHaveLength(3);
    const stats = screen.getByRole('list', { name: 'Your wallet at a glance' });
    await waitFor(() =>
      expect(within(stats).getByRole('link', { name: /Active Credentials\s*1/ })).toBeVisible(),
    );
    expect(within(stats).getByRole('link', { name: /Pending Consents\s*1/ })).toHaveAttribute(
      'href',
      '/consent',
    );
    expect(within(stats).getByRole('link', { name: /Approved Consents\s*2/ })).toBeVisible();
    expect(within(stats).getByRole('link', { name: /Activities\s*1/ })).toHaveAttribute(
      'href',
      '/logs',
    );

    const recent = screen.getByRole('region', { name: 'Recent Activity' });
    expect(within(recent).getByText('Logged in with demo credentials')).toBeVisible();
    expect(within(recent).getByText('2 hours ago')).toBeVisible();
    expect(within(recent).getByRole('link', { name: 'View All Activity' })).toHaveAttribute(
      'href',
      '/logs',
    );

    expect(screen.getByRole('region', { name: 'Security Features' })).toHaveTextContent(
      'AES-256 encryption',
    );
    const quick = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(quick).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );

    const identity = screen.getByRole('region', { name: 'Identity Documents' });
    expect(within(identity).getByText('XXXX XXXX 0125')).toBeVisible();
    expect(within(identity).getByText('ABXXXXXX4K')).toBeVisible();
    expect(within(identity).getAllByText('In your wallet')).toHaveLength(1);
    // Not editable: no input anywhere while not editing.
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows the identity fields from the credentials, each with its issuer, read-only, and how to correct them', async () => {
    const { user } = await openProfile();
    const identity = fromCredentials();
    expect(within(identity).getByText('Rajesh Kumar Sharma')).toBeVisible();
    expect(within(identity).getByText('15/03/1988')).toBeVisible();
    expect(within(identity).getByText('Male')).toBeVisible();
    expect(within(identity).getAllByText('Verified by UIDAI · Aadhaar Card')).toHaveLength(4);
    expect(
      within(identity).getByText('Not verified: no credential in your wallet states it yet'),
    ).toBeVisible();
    expect(within(identity).getByText(/myaadhaar\.uidai\.gov\.in/)).toBeVisible();
    // Not every field is vouched for: the summary does not say Verified.
    const summary = screen.getByRole('region', { name: 'Profile summary' });
    expect(within(summary).getByText('Not verified')).toBeVisible();
    expect(within(summary).queryByText('Verified')).toBeNull();

    // Editing offers the contact fields only; the identity fields stay text.
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveFocus();
    for (const label of ['Full Name', 'Mobile number', 'Address', 'Phone']) {
      expect(screen.queryByRole('textbox', { name: label })).toBeNull();
    }
    expect(screen.queryByLabelText(/Date of Birth/)).toBeNull();
    expect(within(fromCredentials()).queryByRole('textbox')).toBeNull();
  });

  it('says Verified when an issuer vouches for every identity field', async () => {
    const verified = {
      ...PROFILE,
      identity_sources: { ...PROFILE.identity_sources, address: AADHAAR },
      is_verified: true,
    };
    await openProfile(
      api({ [`GET ${BASE}/profile`]: () => json({ profile: verified, user_id: 'user-001' }) }),
    );
    const summary = screen.getByRole('region', { name: 'Profile summary' });
    expect(within(summary).getByText('Verified')).toBeVisible();
  });

  it('edits the contact fields, saves via PUT and greets by the display name', async () => {
    const { user, calls } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.type(screen.getByRole('textbox', { name: 'Display name' }), 'Raju');
    await user.type(screen.getByRole('textbox', { name: 'Bio' }), 'Teacher in Delhi');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`${BASE}/profile`);
    expect(put?.body).toEqual({
      display_name: 'Raju',
      email: PROFILE.email,
      username: '',
      bio: 'Teacher in Delhi',
    });
    expect(within(personal()).getByText('Raju')).toBeVisible();
    expect(within(personal()).getByText('Teacher in Delhi')).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Profile summary' });
    expect(within(summary).getByText('Raju')).toBeVisible();
    expect(
      within(summary).getByText('Name on your credentials: Rajesh Kumar Sharma'),
    ).toBeVisible();
    // The name on the credentials does not change.
    expect(within(fromCredentials()).getByText('Rajesh Kumar Sharma')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();
    const recent = screen.getByRole('region', { name: 'Recent Activity' });
    expect(within(recent).getByText('Updated profile: display name, bio')).toBeVisible();
    // The browser copy follows the server.
    const stored = JSON.parse(window.localStorage.getItem('profile') ?? '{}');
    expect(stored['user-001'].profile).toMatchObject({ display_name: 'Raju' });
  });

  it('says how to correct an identity field when the server refuses to change one', async () => {
    const { user } = await openProfile(
      api({
        [`PUT ${BASE}/profile`]: () =>
          problem('credential_backed_field', 422, 'Your name comes from your issued credentials'),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.type(screen.getByRole('textbox', { name: 'Display name' }), 'Raju');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Your name, date of birth, gender, address and mobile number come from your credentials and cannot be changed here.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a clear message at each invalid field and sends nothing', async () => {
    const { user, calls } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'rajesh@');
    const username = screen.getByRole('textbox', { name: 'Username' });
    await user.type(username, 'a b');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(username).toHaveAccessibleDescription(
      expect.stringContaining('Username must be 3 to 30 characters'),
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // Correcting a field clears its message.
    await user.type(email, 'example.in');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('Cancel restores the saved values', async () => {
    const { user, calls } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const name = screen.getByRole('textbox', { name: 'Display name' });
    await user.type(name, 'Someone Else');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Someone Else')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveValue('');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the server refusing a taken username at the field', async () => {
    const { user } = await openProfile(
      api({
        [`PUT ${BASE}/profile`]: () =>
          problem('username_taken', 409, 'This username is already taken'),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const username = screen.getByRole('textbox', { name: 'Username' });
    await user.type(username, 'priya.v');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(username).toHaveAccessibleDescription(
      expect.stringContaining('This username is already taken'),
    );
  });

  it('keeps a Save made offline on this device, marked not yet synced, and the outbox sends it on the next visit', async () => {
    const handlers = api();
    const { [`PUT ${BASE}/profile`]: put, ...offlinePut } = handlers;
    const { user, unmount } = await openProfile(offlinePut);
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const name = screen.getByRole('textbox', { name: 'Display name' });
    await user.type(name, 'Rajesh Offline');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Profile saved on this device. It will be sent to your account when you are back online.',
      ),
    ).toBeInTheDocument();
    expect(within(personal()).getByText('Not yet synced')).toBeVisible();
    const stored = JSON.parse(window.localStorage.getItem('profile') ?? '{}')['user-001'];
    expect(stored.profile).toMatchObject({ display_name: 'Rajesh Offline', pending_sync: true });
    const logs = JSON.parse(window.localStorage.getItem('activityLogs') ?? '[]');
    expect(logs.filter((log: ActivityLog) => log.pending_sync)).toEqual([
      expect.objectContaining({
        type: 'profile_updated',
        description: 'Updated profile: display name',
        pending_sync: true,
      }),
    ]);
    const [queued] = JSON.parse(window.localStorage.getItem('outbox') ?? '{}').entries;
    expect(queued).toMatchObject({
      kind: 'profile_update',
      method: 'PUT',
      path: `${BASE}/profile`,
      body: { display_name: 'Rajesh Offline' },
      baseUpdatedAt: null,
    });
    unmount();

    // Back online: the outbox sends it on the next visit (its key as Idempotency-Key), and the
    // local entry gives way to the server's.
    const { calls } = await openProfile({ ...offlinePut, [`PUT ${BASE}/profile`]: put as Handler });
    expect(await screen.findByText('Synced 1 change')).toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toMatchObject({ display_name: 'Rajesh Offline' });
    expect(puts[0]?.headers['idempotency-key']).toBe(queued.id);
    expect(JSON.parse(window.localStorage.getItem('activityLogs') ?? '[]')).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ pending_sync: true })]),
    );
  });

  it('does not overwrite a profile changed on another device after an offline Save: conflict', async () => {
    const seen = { ...PROFILE, updated_at: '2025-06-01T10:00:00.000Z' };
    const { [`PUT ${BASE}/profile`]: _put, ...offlinePut } = api({
      [`GET ${BASE}/profile`]: () => json({ profile: seen, user_id: 'user-001' }),
    });
    const { user, unmount } = await openProfile(offlinePut);
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const name = screen.getByRole('textbox', { name: 'Display name' });
    await user.type(name, 'Rajesh Offline');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await within(personal()).findByText('Not yet synced');
    expect(JSON.parse(window.localStorage.getItem('outbox') ?? '{}').entries).toEqual([
      expect.objectContaining({ kind: 'profile_update', baseUpdatedAt: seen.updated_at }),
    ]);
    unmount();

    // Meanwhile the profile was saved on another device.
    const elsewhere = {
      ...PROFILE,
      display_name: 'Rajesh Elsewhere',
      updated_at: '2025-06-01T11:00:00.000Z',
    };
    const { calls } = await openProfile(
      api({ [`GET ${BASE}/profile`]: () => json({ profile: elsewhere, user_id: 'user-001' }) }),
    );
    expect(
      await screen.findByText(
        'Your profile edit from this device was not applied: your profile was changed on another device after it. The saved profile is shown; edit it again if needed.',
      ),
    ).toBeInTheDocument();
    expect(await within(personal()).findByText('Rajesh Elsewhere')).toBeInTheDocument();
    expect(within(personal()).queryByText('Not yet synced')).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(JSON.parse(window.localStorage.getItem('activityLogs') ?? '[]')).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ pending_sync: true })]),
    );
  });

  it('shows the sample profile and says so when nothing loads', async () => {
    signIn();
    mockFetch({});
    renderApp('/profile');
    expect(
      await screen.findByText('Your profile could not be loaded: showing sample data.'),
    ).toBeInTheDocument();
    expect(within(fromCredentials()).getByText('Rajesh Kumar Sharma')).toBeVisible();
    expect(await screen.findByText('Failed to load profile')).toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    window.localStorage.setItem('language', 'hi');
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('hi');
    signIn();
    mockFetch(api());
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'प्रोफ़ाइल' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'प्रोफ़ाइल बदलें' })).toBeVisible();
    expect(screen.getByText('पुरुष')).toBeVisible();
    // The vouching credential is named in Hindi too (the catalogue's name).
    expect(
      screen.getAllByText('भारतीय विशिष्ट पहचान प्राधिकरण (UIDAI) द्वारा सत्यापित · आधार कार्ड'),
    ).toHaveLength(4);
  });
});
