/**
 * False while React renders on the server (build-time prerendering, src/app/prerender.tsx) and
 * while it hydrates that HTML in the browser; true from the render after. A prerendered frame
 * shared by many values (/verify/{id}) renders what depends on the value only from then on.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
