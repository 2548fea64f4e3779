/**
 * The "Failed to load ..." toasts of SPEC 8 for a screen whose query fell back to the browser
 * store (lib/local-fallback.ts), shown once when the screen's data comes from the store after a
 * failed API call, not again on every background refetch while it stays there (an
 * expected fallback is told once; the data-source badges and the offline banner say the rest).
 * A disabled API (`ERR_API_DISABLED`) is configuration, not a failure: no toast.
 */
import { useEffect } from 'react';
import { isApiError } from './api-client';
import type { Sourced } from './local-fallback';
import { toast } from './toast';

/** True when `result` is a fallback after a failed API call (not a disabled API). */
export function isFailedLoad(result: Sourced<unknown> | undefined): boolean {
  return (
    result !== undefined &&
    result.source === 'localStorage' &&
    !isApiError(result.error, 'ERR_API_DISABLED')
  );
}

/** Toasts `message` (as an error, one at a time) when `result` becomes a failed load. */
export function useFallbackToast(result: Sourced<unknown> | undefined, message: string): void {
  const failed = isFailedLoad(result);
  useEffect(() => {
    // lib/toast.tsx ids a text toast by its text: the same message is never stacked.
    if (failed) toast.error(message);
  }, [failed, message]);
}
