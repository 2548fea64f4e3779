import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { createTestQueryClient, withQueryClient } from '@/testing/query-client';
import { AuthProvider, restoreSession, useAuth, useUserId } from './auth';
import { AppToaster } from './toast';

const USER = {
  id: 'user-002',
  aadhaarId: 'XXXX XXXX 1238',
  phone: '9123456780',
  sessionToken: 'tok-2',
  name: 'Demo User',
  type: 'demo',
};

function Probe() {
  const { user, loading, logout } = useAuth();
  const userId = useUserId();
  return (
    <div>
      <p>loading:{String(loading)}</p>
      <p>user:{user ? user.id : 'none'}</p>
      <p>userId:{userId}</p>
      <button type="button" onClick={() => void logout()}>
        logout
      </button>
    </div>
  );
}

function renderProbe(queryClient = createTestQueryClient()) {
  return render(
    withQueryClient(
      <AuthProvider>
        <Probe />
        <AppToaster />
      </AuthProvider>,
      queryClient,
    ),
  );
}

describe('session restore (SPEC 4)', () => {
  it('restores the user when both keys exist', async () => {
    localStorage.setItem('sessionToken', 'tok-2');
    localStorage.setItem('userData', JSON.stringify(USER));
    renderProbe();
    expect(await screen.findByText('user:user-002')).toBeInTheDocument();
    expect(screen.getByText('loading:false')).toBeInTheDocument();
    expect(screen.getByText('userId:user-002')).toBeInTheDocument();
  });

  it('stays signed out, defaulting screens to user-001, when the token is missing', async () => {
    localStorage.setItem('userData', JSON.stringify(USER));
    renderProbe();
    expect(await screen.findByText('loading:false')).toBeInTheDocument();
    expect(screen.getByText('user:none')).toBeInTheDocument();
    expect(screen.getByText('userId:user-001')).toBeInTheDocument();
    // Only unparsable data removes keys.
    expect(localStorage.getItem('userData')).not.toBeNull();
  });

  it('removes both keys when userData cannot be parsed', () => {
    localStorage.setItem('sessionToken', 'tok-2');
    localStorage.setItem('userData', '{not json');
    expect(restoreSession()).toBeNull();
    expect(localStorage.getItem('sessionToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it('removes both keys when userData is JSON but not a user record', () => {
    localStorage.setItem('sessionToken', 'tok-2');
    localStorage.setItem('userData', JSON.stringify({ hello: 'world' }));
    expect(restoreSession()).toBeNull();
    expect(localStorage.getItem('sessionToken')).toBeNull();
  });

  it('logout revokes on the API, clears the session keys but keeps the theme', async () => {
    localStorage.setItem('sessionToken', 'tok-2');
    localStorage.setItem('userData', JSON.stringify(USER));
    for (const key of ['credentials', 'consentRequests', 'activityLogs']) {
      localStorage.setItem(key, '[]');
    }
    localStorage.setItem('theme', 'dark');
    const { calls } = mockFetch({
      'POST /api/auth/logout': () => json({ message: 'Logged out successfully' }),
    });
    renderProbe();
    await userEvent.click(await screen.findByRole('button', { name: 'logout' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.getByText('user:none')).toBeInTheDocument();
    expect(calls[0]?.headers.authorization).toBe('Bearer tok-2');
    for (const key of [
      'sessionToken',
      'userData',
      'credentials',
      'consentRequests',
      'activityLogs',
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it("logout empties the query cache, so the next holder never sees this holder's lists", async () => {
    localStorage.setItem('sessionToken', 'tok-2');
    localStorage.setItem('userData', JSON.stringify(USER));
    mockFetch();
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['credentials', USER.id], [{ id: 'pan-1' }]);
    renderProbe(queryClient);
    await userEvent.click(await screen.findByRole('button', { name: 'logout' }));
    await waitFor(() => expect(screen.getByText('user:none')).toBeInTheDocument());
    expect(queryClient.getQueryData(['credentials', USER.id])).toBeUndefined();
  });

  it('logout still signs out when the API is unreachable', async () => {
    localStorage.setItem('sessionToken', 'tok-2');
    localStorage.setItem('userData', JSON.stringify(USER));
    mockFetch();
    renderProbe();
    await userEvent.click(await screen.findByRole('button', { name: 'logout' }));
    await waitFor(() => expect(screen.getByText('user:none')).toBeInTheDocument());
    expect(localStorage.getItem('sessionToken')).toBeNull();
  });
});
