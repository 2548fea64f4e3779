/**
 * False while React renders on the server (build-time prerendering, src/app/prerender.tsx) and
 * while it hydrates that HTML in the browser; true from the render after. A prerendered form
 * uses it to stay disabled until its handlers are attached, so a click or Enter before then
 * cannot submit the form natively (a page reload that loses what was typed).
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
