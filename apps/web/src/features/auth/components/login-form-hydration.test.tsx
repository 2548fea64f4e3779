/**
 * The prerendered /login form (ADR 0010): the app may start after the visitor has typed. What
 * was typed stays and is what the form sends.
 */
import { MESSAGES } from '@pehchaan/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { mockFetch, problem } from '@/testing/mock-fetch';
import { createTestQueryClient } from '@/testing/query-client';
import { LoginForm } from './login-form';

function page() {
  return (
    <AppProvider queryClient={createTestQueryClient()}>
      <MemoryRouter>
        <LoginForm onSuccess={vi.fn()} />
      </MemoryRouter>
    </AppProvider>
  );
}

describe('the prerendered login form', () => {
  let container: HTMLElement | undefined;
  afterEach(() => container?.remove());

  it('keeps what was typed before the app started and sends it', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/send-otp': () => problem('otp_disabled', 403, MESSAGES.demoOnlySend),
    });
    container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    // Typed into the HTML, before React runs.
    (screen.getByLabelText('Aadhaar Number') as HTMLInputElement).value = '789012345674';
    (screen.getByLabelText('Mobile Number') as HTMLInputElement).value = '9447123456';

    const root = container;
    await act(async () => {
      hydrateRoot(root, page());
    });
    // Formatted as the form formats what is typed into it.
    expect(screen.getByLabelText('Aadhaar Number')).toHaveValue('7890 1234 5674');
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findAllByText(MESSAGES.demoOnlySend)).not.toHaveLength(0);
    expect(calls[0]?.body).toEqual({ phoneNumber: '9447123456', aadhaarNumber: '789012345674' });
  });
});
