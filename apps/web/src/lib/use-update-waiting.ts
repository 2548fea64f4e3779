/**
 * The app's view of lib/service-worker.ts: true while a new version of the app is installed and
 * waiting for the holder's Reload (components/layouts/update-prompt.tsx); false while prerendering.
 */
import { useSyncExternalStore } from 'react';
import { isUpdateWaiting, subscribeUpdateWaiting } from './service-worker';

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(subscribeUpdateWaiting, isUpdateWaiting, () => false);
}
