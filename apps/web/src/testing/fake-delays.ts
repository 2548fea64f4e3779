/**
 * SPEC 9's simulated delays (lib/delay.ts: the 1 s verification delay, the 500 ms demo OTP send
 * and local sign-in, the 300 ms debugger check, ...) passed at a call instead of waited out, for
 * the tests whose subject is what shows before and after a delay, not how long it lasts in real
 * time. The clock is never faked: Testing Library's waits and their timeouts, user-event and
 * React keep real time (a faked clock once let a findBy* wait time out in 46 ms on a loaded CI
 * machine); `passDelay(ms)` ends the running delay of `ms` itself (testing/observed-delay.ts).
 */
import { act, waitFor } from '@testing-library/react';
import { runningDelays } from './observed-delay';

/** Forgets the delays of an earlier test (for a beforeEach): they ended with their test. */
export function forgetEarlierDelays(): void {
  runningDelays.length = 0;
}

/**
 * Waits until the code under test is in a delay of `ms` milliseconds (lib/delay.ts), then ends
 * that delay at once and lets the promise callbacks it starts run.
 * @throws when no such delay starts within Testing Library's wait (setup.ts: 5 s).
 */
export async function passDelay(ms: number): Promise<void> {
  let running: (typeof runningDelays)[number] | undefined;
  await waitFor(() => {
    running = runningDelays.find((delay) => delay.ms === ms);
    if (!running) throw new Error(`no delay of ${ms} ms is running`);
  });
  await act(async () => {
    running?.finish();
    await Promise.resolve();
  });
}
