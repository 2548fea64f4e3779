/**
 * A field of a prerendered form can be typed into before the app has started (ADR 0010: a public
 * page starts the app on the visitor's first interaction, src/public-start.ts). React keeps what
 * the field shows when it hydrates it, but the form's state starts from its initial value. Once,
 * when the field is first rendered by the app, this calls `adopt` with the field's value if it
 * differs from `value` (the state's), so the state and the screen agree. It runs as a layout
 * effect: before the first paint of the app and before a held submission is replayed.
 */
import { type RefObject, useLayoutEffect, useRef } from 'react';

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
