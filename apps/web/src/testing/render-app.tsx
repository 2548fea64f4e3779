/**
 * Renders the real app (providers and route table) in a memory router at `path`, as the tests
 * of STYLE 9 do: query by role and visible text.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createAppRoutes } from '@/app/router';
import type { UserData } from '@/lib/auth';
import { STORAGE_KEYS } from '@/lib/storage';
import { createTestQueryClient } from './query-client';

export const DEMO_USER: UserData = {
  id: 'user-001',
  aadhaarId: 'XXXX XXXX 0125',
  phone: '9876543210',
  sessionToken: 'test-session-token',
  name: 'Demo User',
  type: 'demo',
};

/** Stores a signed-in session the way the app does. */
export function signIn(user: UserData = DEMO_USER): UserData {
  window.localStorage.setItem(STORAGE_KEYS.sessionToken, user.sessionToken);
  window.localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
  return user;
}

/**
 * user-event's pauses between actions (setTimeout) run at once when the test has faked the
 * clock (vi.useFakeTimers), as they would with real timers; nothing with real timers.
 */
function advanceFakedClock(ms: number): void {
  if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
}

/**
 * Renders the app at `path` with a fresh query cache (`queryClient` in the result) and a
 * user-event `user` that also works under faked timers (vi.useFakeTimers).
 */
export function renderApp(path: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const user = userEvent.setup({ advanceTimers: advanceFakedClock });
  const queryClient = createTestQueryClient();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, queryClient };
}
