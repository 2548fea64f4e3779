/**
 * A check the public verifier pages run on load, shown after at least SPEC 9's 1 second
 * verification delay (VERIFY_DELAY_MS): `outcome` is null while it runs (the page shows
 * 'Loading...'), then the check's answer; `retry` runs it again. A change of `check` (a new id)
 * starts over; an answer that arrives after the page moved on is dropped.
 */
import { useCallback, useEffect, useState } from 'react';
import { delay } from '@/lib/delay';

/** SPEC 9: verification's artificial delay. */
export const VERIFY_DELAY_MS = 1000;

/** @param check never rejects (the outcome says what happened); keep it stable (useCallback). */
export function useDelayedCheck<T>(check: () => Promise<T>) {
  const [outcome, setOutcome] = useState<T | null>(null);

  const run = useCallback(async () => {
    setOutcome(null);
    const [result] = await Promise.all([check(), delay(VERIFY_DELAY_MS)]);
    return result;
  }, [check]);

  useEffect(() => {
    let live = true;
    void run().then((result) => {
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [run]);

  return { outcome, retry: () => void run().then(setOutcome) };
}
