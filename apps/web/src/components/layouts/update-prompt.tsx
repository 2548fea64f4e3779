/**
 * "A new version is ready" (docs/adr/0007-service-worker.md): shown while a new service worker
 * waits (lib/service-worker.ts). Reload activates it and reloads the page; Later hides the prompt
 * for this page, and the new version then starts with the next visit once every tab is closed. The
 * app is never swapped silently in the middle of what the holder is doing.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { applyUpdate } from '@/lib/service-worker';
import { useUpdateWaiting } from '@/lib/use-update-waiting';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const waiting = useUpdateWaiting();
  const [dismissed, setDismissed] = useState(false);
  if (!waiting || dismissed) return null;
  return (
    <section
      aria-label={t('update.ready')}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-xl border border-orange-200 bg-white p-4 shadow-lg sm:inset-x-auto sm:end-4 sm:bottom-4 dark:border-orange-900 dark:bg-slate-900"
    >
      <p role="status" className="min-w-0 flex-1 font-medium text-slate-900 dark:text-white">
        {t('update.ready')}
      </p>
      <div className="flex gap-2">
        <Button variant="ghost" size="sm" onClick={() => setDismissed(true)}>
          {t('update.later')}
        </Button>
        <Button size="sm" onClick={applyUpdate}>
          {t('update.reload')}
        </Button>
      </div>
    </section>
  );
}
