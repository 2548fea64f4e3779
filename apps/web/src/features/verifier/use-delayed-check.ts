/**
 * A check the public verifier pages run on load, shown after at least SPEC 9's 1 second
 * verification delay (VERIFY_DELAY_MS): `outcome` is null while it runs (the page shows
 * 'Loading...'), then the check's answer; `retry` runs it again. A change of `check` (a new id)
 * starts over; an answer that arrives after the page moved on is dropped.
 *
 * The answer is shown as a transition: React renders the verdict in slices, never one long task
 * (docs/performance.md, /verify/{id}'s Total Blocking Time).
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { delay } from '@/lib/delay';
import { VERIFY_DELAY_MS } from './verify-delay';

export { VERIFY_DELAY_MS };

export interface DelayedCheckOptions<T> {
  /**
   * An outcome already shown for this check on this page (the /verify island's, handed to the
   * app, src/app/verify-hand-over.ts): shown at once, and the check does not run on load.
   */
  initial?: T;
  /** Called with each outcome the hook sets: null when a check starts, then its answer. */
  onOutcome?: (outcome: T | null) => void;
}

/** @param check never rejects (the outcome says what happened); keep it stable (useCallback). */
export function useDelayedCheck<T>(
  check: () => Promise<T>,
  { initial, onOutcome }: DelayedCheckOptions<T> = {},
) {
  const [outcome, setOutcome] = useState<T | null>(initial ?? null);
  // Whether the first outcome was handed over: then the first load checks nothing.
  const [handedOver] = useState(initial !== undefined);
  // The latest callback, read when an outcome is set (a new function each render is fine).
  const report = useRef(onOutcome);
  report.current = onOutcome;

  const show = useCallback((next: T | null) => {
    report.current?.(next);
    if (next === null) setOutcome(null);
    else startTransition(() => setOutcome(next));
  }, []);

  const run = useCallback(async () => {
    show(null);
    const [result] = await Promise.all([check(), delay(VERIFY_DELAY_MS)]);
    return result;
  }, [check, show]);

  useEffect(() => {
    if (handedOver) return;
    let live = true;
    void run().then((result) => {
      if (live) show(result);
    });
    return () => {
      live = false;
    };
  }, [run, handedOver, show]);

  return { outcome, retry: () => void run().then(show) };
}
