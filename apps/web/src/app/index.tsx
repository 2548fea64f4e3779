/** The whole app: providers around the router, and the service worker's update prompt. */
import { UpdatePrompt } from '@/components/layouts/update-prompt';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProvider>
      <AppRouter />
      <UpdatePrompt />
    </AppProvider>
  );
}
