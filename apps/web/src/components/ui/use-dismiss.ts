/**
 * Closes a popup (menu, dropdown) on Escape or on a pointer press outside `ref`, while `open`.
 * Escape returns focus to `returnFocusRef` (the button that opened it), for keyboard users.
 */
import { type RefObject, useEffect } from 'react';

export function useDismiss(
  open: boolean,
  onClose: () => void,
  ref: RefObject<HTMLElement | null>,
  returnFocusRef?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        returnFocusRef?.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent | MouseEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) {
        onClose();
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open, onClose, ref, returnFocusRef]);
}
