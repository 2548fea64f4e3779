/**
 * A field of a prerendered form can be typed into before the app has started (ADR 0010: a public
 * page starts the app on the visitor's first interaction, src/public-start.ts). React keeps what
 * the field shows when it hydrates it, but the form's state starts from its initial value. Once,
 * when the field is first rendered by the app, this calls `adopt` with the field's value if it
 * differs from `value` (the state's), so the state and the screen agree. It runs as a layout
 * effect: before the first paint of the app and before a held submission is replayed.
 */
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

export function useValueTypedBeforeStart(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: string,
  adopt: (typed: string) => void,
): void {
  const initial = useRef({ value, adopt });
  useLayoutEffect(() => {
    const field = ref.current;
    if (field && field.value !== initial.current.value) initial.current.adopt(field.value);
  }, [ref]);
}

/**
 * A field's `maxLength` for a prerendered form: undefined in the HTML and while React hydrates it
 * (the same attributes as the HTML), `limit` from the app's first commit on (a layout effect:
 * before the app's first paint). A limit of raw characters in the HTML would cut what a visitor
 * types before the app starts, separators included, before the form filters it: SPEC 5's
 * "2345ab6789-01259" would keep 14 characters, "2345ab6789-012", and end "2345 6789 012"; without
 * it the form adopts the whole text and filters it to "2345 6789 0125" (useValueTypedBeforeStart).
 */
export function useLimitOnceStarted(limit: number): number | undefined {
  const [started, setStarted] = useState(false);
  useLayoutEffect(() => setStarted(true), []);
  return started ? limit : undefined;
}
