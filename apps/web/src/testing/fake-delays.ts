/**
 * SPEC 9's simulated delays (lib/delay.ts: the 1 s verification delay, the 500 ms demo OTP send
 * and sign-in, the 300 ms debugger check) passed at a call instead of waited out, for the tests
 * whose subject is what shows before and after a delay, not how long it lasts in real time.
 *
 * `fakeDelays()` fakes `setTimeout` and `clearTimeout` only (Vitest's fake timers) with the clock
 * also moving with real time (`shouldAdvanceTime`), so everything behaves as with real timers
 * (Testing Library's findBy* waits and their timeouts, user-event's pauses: render-app.tsx
 * advances the clock for them, React's and the packages' timers taken at import) except that
 * `passDelay(ms)` moves the clock `ms` ahead at once, running the timers due and the promise
 * callbacks they start. `setInterval` and `Date` stay real.
 * Undone after every test by testing/setup.ts (vi.useRealTimers).
 */
import { vi } from 'vitest';

/** Fakes `setTimeout`/`clearTimeout` for the current test (a beforeEach or the test itself). */
export function fakeDelays(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
}

/**
 * Moves the faked clock `ms` milliseconds ahead, running each timer due (a delay of SPEC 9 the
 * code under test is waiting on) and awaiting the promise callbacks it starts.
 * @throws when `fakeDelays()` is not in effect (Vitest: timers are not mocked).
 */
export async function passDelay(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}
