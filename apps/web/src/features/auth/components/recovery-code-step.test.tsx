import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetEarlierDelays, passDelay } from '@/testing/fake-delays';
import { json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { DEMO_OTP_DELAY_MS } from '../api/request-otp';

/**
 * The sign-in's second step with a recovery code in place of a lost passkey (docs/security.md
 * "Recovery codes"): 'Use a recovery code' opens an input; a text that cannot be a code is said
 * at once without a call; a wrong or used code is said in words; a right one signs in and the
 * holder is told how many codes are left, warned when few are.
 */

const LOGIN_TOKEN = 'login-token-0123456789abcdef';

const loginAnswer = (left: number) => ({
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
  recovery_codes_left: left,
});

/** The API of a holder whose sign-in owes a passkey; `right` is the one code that works. */
function api(right: string, left: number) {
  return mockFetch({
    'POST /api/auth/verify-otp': () =>
      problem('second_factor_required', 403, 'Confirm it is you', {
        extensions: {
          login_token: LOGIN_TOKEN,
          factors: ['passkey'],
          expires_at: '2030-01-01T00:05:00.000Z',
        },
      }),
    'POST /api/auth/second-factor': (request) =>
      (request.body as { recovery_code: string }).recovery_code === right
        ? json(loginAnswer(left))
        : problem(
            'second_factor_invalid',
            401,
            'This recovery code is not valid or was already used. Please check it and try again.',
          ),
  });
}

async function reachSecondStep() {
  const view = renderApp('/login');
  const { user } = view;
  await user.type(await screen.findByLabelText('Aadhaar Number'), '234567890125');
  await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
  await passDelay(DEMO_OTP_DELAY_MS);
  await user.type(await screen.findByLabelText('Enter OTP'), '123456');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  await screen.findByRole('heading', { name: "One more step: confirm it's you" });
  return view;
}

describe('/login second step: a recovery code in place of the passkey', () => {
  // SPEC 9's simulated OTP send is passed at once (testing/fake-delays.ts), not waited out.
  beforeEach(forgetEarlierDelays);

  it('takes a code, refuses a wrong one in words and says how many are left', async () => {
    const { calls } = api('7kq4 m2xd', 9);
    const { user, router } = await reachSecondStep();
    expect(screen.getByRole('button', { name: 'Use passkey' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(
      screen.getByText(
        'Lost your passkey? Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.',
      ),
    ).toBeVisible();
    const input = screen.getByLabelText('Recovery code');
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription('8 letters and digits, like 7KQ4-M2XD');

    // Empty, then not a code at all: said at once, no try used up at the server.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a recovery code');
    await user.type(input, 'abc');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A recovery code has 8 letters and digits, like 7KQ4-M2XD. Please check it.',
    );
    expect(calls.some((c) => c.path === '/api/auth/second-factor')).toBe(false);

    // A code the server refuses (wrong or used).
    await user.clear(input);
    await user.type(input, 'ZZZZ-ZZZZ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This recovery code is not valid or was already used. Please check it and try again.',
    );
    expect(localStorage.getItem('sessionToken')).toBeNull();

    // The right one, as typed (the server reads spaces and case alike).
    await user.clear(input);
    await user.type(input, '7kq4 m2xd');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.filter((c) => c.path === '/api/auth/second-factor').at(-1)?.body).toEqual({
      login_token: LOGIN_TOKEN,
      recovery_code: '7kq4 m2xd',
    });
    expect(
      await screen.findByText('Signed in with a recovery code. 9 codes left.'),
    ).toBeInTheDocument();
  });

  it('warns when few codes are left, and when the last one was used', async () => {
    api('ABCD-EFGH', 2);
    const first = await reachSecondStep();
    await first.user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await first.user.type(screen.getByLabelText('Recovery code'), 'ABCD-EFGH');
    await first.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'Signed in with a recovery code. Only 2 codes left: make new ones in Settings › Security.',
      ),
    ).toBeInTheDocument();
    first.unmount();
    localStorage.clear();

    api('ABCD-EFGH', 0);
    const last = await reachSecondStep();
    await last.user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await last.user.type(screen.getByLabelText('Recovery code'), 'ABCD-EFGH');
    await last.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'Signed in with your last recovery code. Make new ones in Settings › Security now.',
      ),
    ).toBeInTheDocument();
  });

  it('goes back to the passkey on request', async () => {
    api('ABCD-EFGH', 5);
    const { user } = await reachSecondStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Use passkey instead' }));
    expect(screen.getByRole('button', { name: 'Use passkey' })).toBeVisible();
    expect(screen.queryByLabelText('Recovery code')).not.toBeInTheDocument();
  });
});
