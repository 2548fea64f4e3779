/**
 * lib/delay.ts in the web tests (testing/setup.ts mocks it with this module): the same delay
 * (a promise that resolves from a `setTimeout` of `ms` milliseconds), which also keeps the
 * length of each delay still running in `runningDelays`, so a test that passes SPEC 9's delays
 * on a faked clock (testing/fake-delays.ts) can wait until the code under test is waiting on one.
 */

/** The lengths (ms) of the delays started and not yet over, in starting order. */
export const runningDelays: number[] = [];

/** Resolves after `ms` milliseconds (the simulated delays of SPEC 9). */
export function delay(ms: number): Promise<void> {
  runningDelays.push(ms);
  return new Promise((resolve) =>
    setTimeout(() => {
      runningDelays.splice(runningDelays.indexOf(ms), 1);
      resolve();
    }, ms),
  );
}
