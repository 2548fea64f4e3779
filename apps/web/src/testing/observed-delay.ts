/**
 * lib/delay.ts in the web tests (testing/setup.ts mocks it with this module): the same delay (a
 * promise that resolves from a `setTimeout` of `ms` milliseconds), which also keeps each delay
 * still running in `runningDelays`, so a test can pass one of SPEC 9's delays at once
 * (testing/fake-delays.ts `passDelay`) instead of waiting it out, without faking the clock.
 */

/** A delay started and not yet over: its length (ms) and what ends it now. */
export interface RunningDelay {
  ms: number;
  /** Ends the delay at once (its timer cleared, its promise resolved). */
  finish: () => void;
}

/** The delays started and not yet over, in starting order. */
export const runningDelays: RunningDelay[] = [];

/** Resolves after `ms` milliseconds (the simulated delays of SPEC 9), or when finished early. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const running: RunningDelay = {
      ms,
      finish: () => {
        clearTimeout(timer);
        const at = runningDelays.indexOf(running);
        if (at !== -1) runningDelays.splice(at, 1);
        resolve();
      },
    };
    const timer = setTimeout(running.finish, ms);
    runningDelays.push(running);
  });
}
