/**
 * Toasts of SPEC 2 and 9: top-right; 4000 ms by default and for errors, 2000 ms for successes,
 * loading toasts until dismissed; at most 20 held; at most 350 px wide.
 *
 * The same text is never stacked twice while shown (`toast` uses the text as the toast's id).
 *
 * The 20-toast cap is react-hot-toast's own store limit (its `toastLimit` setting is 20 and has
 * no public option), so TOAST_LIMIT documents it and `useToastLimit` enforces it on the visible
 * list too, should the library's default ever change.
 */
import { useEffect } from 'react';
import { toast as hotToast, Toaster, type ToastOptions, useToasterStore } from 'react-hot-toast';

export const TOAST_DURATION_MS = 4000;
export const TOAST_SUCCESS_DURATION_MS = 2000;
export const TOAST_LIMIT = 20;
export const TOAST_MAX_WIDTH_PX = 350;
/**
 * The toasts' layer: above every overlay of the app (the header z-40, dialogs and their backdrops
 * z-50, the search dialog z-60, react-hot-toast's own 9999), so a toast shown while a dialog is
 * open is read on its own background, never through a backdrop.
 */
export const TOAST_Z_INDEX = 10_000;

/** Dismisses the oldest visible toasts beyond TOAST_LIMIT. */
export function useToastLimit(limit: number = TOAST_LIMIT): void {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    for (const extra of visible.slice(limit)) hotToast.dismiss(extra.id);
  }, [toasts, limit]);
}

/**
 * The app's one Toaster, configured per SPEC 9, at TOAST_Z_INDEX. It sits at the root of the app
 * (app/provider.tsx), outside any stacking context, and dialogs render in place below it.
 */
export function AppToaster() {
  useToastLimit();
  return (
    <Toaster
      position="top-right"
      // Below the 64 px sticky header, so toasts never cover its menus; above every dialog.
      containerStyle={{ top: 72, zIndex: TOAST_Z_INDEX }}
      toastOptions={{
        duration: TOAST_DURATION_MS,
        success: { duration: TOAST_SUCCESS_DURATION_MS },
        error: { duration: TOAST_DURATION_MS },
        loading: { duration: Number.POSITIVE_INFINITY },
        // Colours come from index.css, so toasts follow the light/dark theme.
        style: {
          maxWidth: TOAST_MAX_WIDTH_PX,
          background: 'var(--toast-bg)',
          color: 'var(--toast-fg)',
        },
      }}
    />
  );
}

type Message = Parameters<typeof hotToast>[0];

/** The options with `id` = the message text when the caller gave no id (see `toast`). */
function once(message: Message, options?: ToastOptions): ToastOptions | undefined {
  if (options?.id !== undefined || typeof message !== 'string') return options;
  return { ...options, id: message };
}

/**
 * react-hot-toast's `toast`, except that a text message shown again while it is still on screen
 * is not stacked a second time: its id is the text, so the toast already shown is
 * renewed instead. Pass an explicit `id` to override.
 */
export const toast = Object.assign(
  (message: Message, options?: ToastOptions) => hotToast(message, once(message, options)),
  {
    success: (message: Message, options?: ToastOptions) =>
      hotToast.success(message, once(message, options)),
    error: (message: Message, options?: ToastOptions) =>
      hotToast.error(message, once(message, options)),
    loading: (message: Message, options?: ToastOptions) =>
      hotToast.loading(message, once(message, options)),
    dismiss: hotToast.dismiss,
    remove: hotToast.remove,
  },
);
