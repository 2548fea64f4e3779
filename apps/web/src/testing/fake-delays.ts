/**
 * SPEC 9's simulated delays (lib/delay.ts: the 1 s verification delay, the 500 ms demo OTP send
 * and local sign-in, the 300 ms debugger check, ...) passed at a call instead of waited out, for
 * the tests whose subject is what shows before and after a delay, not how long it lasts in real
 * time.
 *
 * `fakeDelays()` fakes `setTimeout` and `clearTimeout` only (Vitest's fake timers), with the
 * clock also moving with real time (`shouldAdvanceTime`), so everything behaves as with real
 * timers (Testing Library's findBy* waits and their timeouts, user-event's pauses: render-app.tsx
 * advances the clock for them; React's timers, taken at import) except that `passDelay(ms)` moves
 * the clock `ms` ahead at once. `setInterval` and `Date` stay real.
 * Undone after every test by testing/setup.ts (vi.useRealTimers).
 */
import { waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { runningDelays } from './observed-delay';

/** Fakes `setTimeout`/`clearTimeout` for the current test (a beforeEach or the test itself). */
export function fakeDelays(): void {
  // Delays of an earlier test never end (its faked timers went with it).
  runningDelays.length = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
}

/**
 * Waits until the code under test is in a delay of `ms` milliseconds (lib/delay.ts), then moves
 * the faked clock `ms` ahead, running each timer due and awaiting the promise callbacks it starts.
 * @throws when no such delay starts within Testing Library's wait (setup.ts: 5 s), or when
 *   `fakeDelays()` is not in effect (Vitest: timers are not mocked).
 */
export async function passDelay(ms: number): Promise<void> {
  await waitFor(() => {
    if (!runningDelays.includes(ms)) throw new Error(`no delay of ${ms} ms is running`);
  });
  await vi.advanceTimersByTimeAsync(ms);
}
