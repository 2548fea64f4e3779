/** The whole app: providers around the router, and the service worker's update prompt. */
import { useEffect } from 'react';
import { UpdatePrompt } from '@/components/layouts/update-prompt';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App({
  onRendered,
}: {
  /** Called once the first render is committed and the effects of the whole tree have run. */
  onRendered?: () => void;
}) {
  // A parent's effects run after its children's.
  useEffect(() => onRendered?.(), [onRendered]);
  return (
    <AppProvider>
      <AppRouter />
      <UpdatePrompt />
    </AppProvider>
  );
}
