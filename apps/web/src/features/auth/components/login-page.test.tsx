import { MESSAGES } from '@pehchaan/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { forgetEarlierDelays, passDelay } from '@/testing/fake-delays';
import { json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { DEMO_LOGIN_DELAY_MS } from '../api/login';
import { DEMO_OTP_DELAY_MS } from '../api/request-otp';
import { DEMO_CHECK_DELAY_MS } from './login-debugger';

async function fillStep1(
  user: ReturnType<typeof renderApp>['user'],
  aadhaar: string,
  phone: string,
) {
  await user.type(await screen.findByLabelText('Aadhaar Number'), aadhaar);
  await user.type(screen.getByLabelText('Mobile Number'), phone);
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
}

/** Step 2 for the primary demo pair, after SPEC 9's simulated send (passed, fake-delays.ts). */
async function reachStep2(user: ReturnType<typeof renderApp>['user']) {
  await fillStep1(user, '234567890125', '9876543210');
  await passDelay(DEMO_OTP_DELAY_MS);
  return screen.findByLabelText('Enter OTP');
}

const apiLoginAnswer = {
  user_id: 'user-001',
  session_token: 'server-token-abc',
  message: 'Demo login successful',
  expires_at: '2030-01-01T00:00:00.000Z',
  user: {
    id: 'user-001',
    name: 'Rajesh Kumar Sharma',
    aadhaarId: 'XXXX XXXX 0125',
    phone: '9876543210',
    type: 'demo',
  },
};

describe('/login step 1', () => {
  // SPEC 9's simulated sends and local sign-ins are passed at once (testing/fake-delays.ts), not waited out.
  beforeEach(forgetEarlierDelays);

  it('groups the Aadhaar number 4-4-4 and keeps digits only', async () => {
    const { user } = renderApp('/login');
    const aadhaar = await screen.findByLabelText('Aadhaar Number');
    await user.type(aadhaar, '2345a6789-0125999');
    expect(aadhaar).toHaveValue('2345 6789 0125');
    expect(aadhaar).toHaveAttribute('maxlength', '14');
    const phone = screen.getByLabelText('Mobile Number');
    await user.type(phone, '98x7654321099');
    expect(phone).toHaveValue('9876543210');
  });

  it("shows India's +91 before the mobile number", async () => {
    renderApp('/login');
    const phone = await screen.findByLabelText('Mobile Number');
    const prefix = screen.getByText('+91');
    expect(prefix).toBeVisible();
    // Before the field, and read with it.
    expect(prefix.compareDocumentPosition(phone) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(phone).toHaveAccessibleDescription('+91');
  });

  it('rejects a short Aadhaar number with the SPEC 5 message and sends nothing', async () => {
    const { calls } = mockFetch();
    const { user } = renderApp('/login');
    await fillStep1(user, '23456789', '9876543210');
    // Under its field, and not repeated as a toast.
    expect(await screen.findAllByText(MESSAGES.aadhaar)).toHaveLength(1);
    expect(screen.getByLabelText('Aadhaar Number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByLabelText('Enter OTP')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('rejects a short phone number with the SPEC 5 message', async () => {
    const { user } = renderApp('/login');
    await fillStep1(user, '234567890125', '98765');
    expect(await screen.findAllByText(MESSAGES.phone)).toHaveLength(1);
  });

  it('moves a demo pair to step 2 after the simulated send, without calling the API', async () => {
    const { calls } = mockFetch();
    const { user } = renderApp('/login');
    await fillStep1(user, '234567890125', '9876543210');
    expect(screen.getByRole('button', { name: 'Sending OTP...' })).toBeDisabled();
    await passDelay(DEMO_OTP_DELAY_MS);
    expect(await screen.findByText('Demo OTP sent! Use 123456')).toBeInTheDocument();
    expect(screen.getByText('An OTP has been sent to +91 9876543210')).toBeInTheDocument();
    const otp = screen.getByLabelText('Enter OTP');
    expect(otp).toHaveAttribute('type', 'password');
    expect(calls).toHaveLength(0);
  });

  it("asks the API for a non-demo pair and toasts SPEC 5's text for the refusal's code", async () => {
    const { calls } = mockFetch({
      'POST /api/auth/send-otp': () => problem('otp_disabled', 403, MESSAGES.demoOnlySend),
    });
    const { user } = renderApp('/login');
    await fillStep1(user, '789012345674', '9447123456');
    expect(await screen.findAllByText(MESSAGES.demoOnlySend)).not.toHaveLength(0);
    expect(calls[0]?.body).toEqual({ phoneNumber: '9447123456', aadhaarNumber: '789012345674' });
    expect(screen.queryByLabelText('Enter OTP')).not.toBeInTheDocument();
  });

  it('toasts "OTP sent to {phone}" and moves on when the API sends a real OTP', async () => {
    mockFetch({
      'POST /api/auth/send-otp': () => json({ success: true, message: 'OTP sent to 9447123456' }),
    });
    const { user } = renderApp('/login');
    await fillStep1(user, '789012345674', '9447123456');
    expect(await screen.findByText('OTP sent to 9447123456')).toBeInTheDocument();
    expect(screen.getByLabelText('Enter OTP')).toBeInTheDocument();
  });

  it('explains an unreachable backend for a non-demo pair (SPEC 8)', async () => {
    mockFetch();
    const { user } = renderApp('/login');
    await fillStep1(user, '789012345674', '9447123456');
    expect(await screen.findByText(MESSAGES.backendUnavailableToast)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      MESSAGES.backendUnavailable('2345 6789 0125', '9876543210'),
    );
  });

  it('falls back to "Failed to send OTP" when the server gives no detail', async () => {
    mockFetch({ 'POST /api/auth/send-otp': () => new Response('oops', { status: 500 }) });
    const { user } = renderApp('/login');
    await fillStep1(user, '789012345674', '9447123456');
    expect(await screen.findAllByText('Failed to send OTP')).not.toHaveLength(0);
  });
});

describe('/login step 2', () => {
  beforeEach(forgetEarlierDelays);

  it('shows and hides the OTP and goes back to step 1', async () => {
    const { user } = renderApp('/login');
    const otp = await reachStep2(user);
    await user.click(screen.getByRole('button', { name: 'Show OTP' }));
    expect(otp).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide OTP' }));
    expect(otp).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Aadhaar Number')).toHaveValue('2345 6789 0125');
    expect(screen.queryByLabelText('Enter OTP')).not.toBeInTheDocument();
  });

  it('rejects a short OTP with the SPEC 5 message', async () => {
    const { user } = renderApp('/login');
    await user.type(await reachStep2(user), '123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText(MESSAGES.otp)).not.toHaveLength(0);
  });

  it('asks for the account password after the OTP when the holder set one', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/verify-otp': () =>
        problem('second_factor_required', 403, 'Confirm it is you', {
          extensions: {
            login_token: 'login-token-0123456789abcdef',
            factors: ['password'],
            expires_at: '2030-01-01T00:05:00.000Z',
          },
        }),
      'POST /api/auth/second-factor': (request) =>
        (request.body as { password: string }).password === 'mango-tree-42'
          ? json(apiLoginAnswer)
          : problem('second_factor_invalid', 401, 'Wrong password. Please try again.'),
    });
    const { user, router } = renderApp('/login');
    await user.type(await reachStep2(user), '123456');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(
      await screen.findByRole('heading', { name: "One more step: confirm it's you" }),
    ).toBeVisible();
    const password = screen.getByLabelText('Account password');
    await user.type(password, 'mango-tree-41');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password. Please try again.');
    expect(localStorage.getItem('sessionToken')).toBeNull();
    await user.clear(password);
    await user.type(password, 'mango-tree-42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.filter((c) => c.path === '/api/auth/second-factor').at(-1)?.body).toEqual({
      login_token: 'login-token-0123456789abcdef',
      password: 'mango-tree-42',
    });
    expect(localStorage.getItem('sessionToken')).toBe('server-token-abc');
  });

  it('signs in through the API, stores the session and opens the dashboard', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/verify-otp': () => json(apiLoginAnswer),
    });
    const { user, router } = renderApp('/login');
    await user.type(await reachStep2(user), '123456');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.find((c) => c.path === '/api/auth/verify-otp')?.body).toEqual({
      aadhaarNumber: '234567890125',
      phoneNumber: '9876543210',
      otp: '123456',
      // This browser's random id (lib/device.ts), kept for the next sign-in: Login notifications.
      deviceId: localStorage.getItem('deviceId'),
    });
    expect(localStorage.getItem('deviceId')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(localStorage.getItem('sessionToken')).toBe('server-token-abc');
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toEqual({
      id: 'user-001',
      aadhaarId: 'XXXX XXXX 0125',
      phone: '9876543210',
      sessionToken: 'server-token-abc',
      name: 'Demo User',
      type: 'demo',
    });
  });

  it("says SPEC 5's wrong-OTP text for the 401's code without signing out or redirecting", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockFetch({
      'POST /api/auth/verify-otp': () =>
        problem('wrong_demo_otp', 401, 'Wrong OTP for demo user. Use: 123456'),
    });
    const { user, router } = renderApp('/login');
    await user.type(await reachStep2(user), '111111');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wrong OTP for demo user. Use: 123456',
    );
    expect(assign).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('sessionToken')).toBeNull();
  });

  it('falls back to a local demo session when the API is unreachable', async () => {
    mockFetch();
    const { user, router } = renderApp('/login');
    await user.type(await reachStep2(user), '123456');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    await passDelay(DEMO_LOGIN_DELAY_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const stored = JSON.parse(localStorage.getItem('userData') ?? '{}');
    expect(stored).toMatchObject({ id: 'user-001', name: 'Demo User', type: 'demo' });
    expect(localStorage.getItem('sessionToken')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a wrong demo OTP locally when the API is unreachable', async () => {
    mockFetch();
    const { user } = renderApp('/login');
    await user.type(await reachStep2(user), '654321');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await passDelay(DEMO_LOGIN_DELAY_MS);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.wrongDemoOtp('123456'));
    expect(localStorage.getItem('sessionToken')).toBeNull();
  });
});

describe('/login extras', () => {
  beforeEach(forgetEarlierDelays);

  it('shows the three demo accounts and the demo OTP', async () => {
    renderApp('/login');
    const banner = (await screen.findByRole('heading', { name: 'Demo Mode' })).closest('section');
    if (!banner) throw new Error('no banner');
    for (const text of ['2345 6789 0125', '3456 7890 1238', '4567 8901 2341']) {
      expect(within(banner).getByText(new RegExp(text))).toBeInTheDocument();
    }
    expect(within(banner).getAllByText(/9876543210|9123456780|8765432109/)).toHaveLength(3);
    expect(within(banner).getByText('123456')).toBeInTheDocument();
  });

  it("fills the form from a demo account's Use button", async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Use the Secondary demo account' }));
    expect(screen.getByLabelText('Aadhaar Number')).toHaveValue('3456 7890 1238');
    expect(screen.getByLabelText('Mobile Number')).toHaveValue('9123456780');
  });

  it('Login Debugger: Test Demo Login signs in the primary demo account', async () => {
    mockFetch({ 'POST /api/auth/verify-otp': () => json(apiLoginAnswer) });
    const { user, router } = renderApp('/login');
    // The Login Debugger sits in the collapsed Developer tools panel (issue 19).
    const toggle = await screen.findByRole('button', { name: 'Developer tools' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Test Demo Login' })).toBeNull();
    await user.click(toggle);
    expect(screen.getByRole('heading', { name: 'Login Debugger' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Test Demo Login' }));
    await passDelay(DEMO_CHECK_DELAY_MS);
    expect(await screen.findByText('Demo login successful!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('sessionToken')).toBe('server-token-abc');
  });

  it('Login Debugger: Check Current User reports no stored user and the API answer', async () => {
    mockFetch({
      'GET /api/auth/session': () => json({ detail: 'Not signed in' }, 401),
    });
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Developer tools' }));
    await user.click(screen.getByRole('button', { name: 'Check Current User' }));
    const output = screen.getByRole('status', { name: 'Debugger output' });
    await waitFor(() =>
      expect(output).toHaveTextContent('Server session unavailable: Not signed in'),
    );
    expect(output).toHaveTextContent('No user is stored on this device.');
  });
});

describe('/login resend OTP (issue 19)', () => {
  // Intervals and the clock are faked (and still move with real time); timeouts stay real, so
  // the simulated sends and the typing run as in the app.
  const fakeClock = () =>
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });

  it('offers Resend OTP only after a 30-second countdown, then sends the demo OTP again', async () => {
    fakeClock();
    const { calls } = mockFetch();
    const { user } = renderApp('/login');
    await fillStep1(user, '234567890125', '9876543210');
    await screen.findByLabelText('Enter OTP');
    expect(screen.getByText("Didn't get it? You can resend the OTP in 30 s")).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText(/resend the OTP in 1\d s$/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
    act(() => vi.advanceTimersByTime(10_000));
    await user.click(await screen.findByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findAllByText('Demo OTP sent! Use 123456')).not.toHaveLength(0);
    // The countdown starts again; the demo pair still makes no call.
    expect(await screen.findByText(/resend the OTP in 30 s$/)).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('calls send-otp again for a non-demo pair', async () => {
    fakeClock();
    const { calls } = mockFetch({
      'POST /api/auth/send-otp': () => json({ success: true, message: 'OTP sent to 9447123456' }),
    });
    const { user } = renderApp('/login');
    await fillStep1(user, '789012345674', '9447123456');
    await screen.findByLabelText('Enter OTP');
    act(() => vi.advanceTimersByTime(30_000));
    await user.click(await screen.findByRole('button', { name: 'Resend OTP' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/auth/send-otp')).toHaveLength(2),
    );
    expect(calls[1]?.body).toEqual({ phoneNumber: '9447123456', aadhaarNumber: '789012345674' });
  });
});
