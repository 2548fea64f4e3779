/**
 * The one "Developer tools" panel of a page (DECISIONS 7; issue 19): SPEC 2's demo and debugging
 * controls (Login Debugger; Debug, Add Test Log, Clear Notifications; Debug Logs, Reset Requests;
 * the dashboard's backend status and system information) stay in the product but out of the
 * citizen's way, gathered here. Collapsed by default, open by default while Settings › Advanced
 * › Debug mode is on; the holder can open or close it either way (a disclosure button with
 * aria-expanded). Closed, its contents are not rendered, so their checks (e.g. GET /health) do
 * not run.
 */
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@/lib/preferences';
import { ChevronDownIcon, WrenchIcon } from './icons';

export function DeveloperTools({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { debugMode } = usePreferences();
  // null: follow Debug mode (it may arrive after the first render); then the holder's choice.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? debugMode;
  const ids = useId();
  // On a prerendered page (/login) a click before the app has started is held and replayed by
  // src/public-start.ts, so the toggle is never disabled.
  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-2xl border border-dashed border-slate-300 bg-slate-50/70 dark:border-slate-700 dark:bg-slate-900/50"
    >
      <h2 id={`${ids}-title`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${ids}-panel`}
          onClick={() => setChosen(!open)}
          className="flex min-h-11 w-full items-center gap-2 rounded-2xl px-4 py-3 text-start text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-orange-500 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <WrenchIcon className="size-4 shrink-0" />
          <span className="flex-1">{t('developerTools.title')}</span>
          <ChevronDownIcon
            className={`size-4 shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      {open && (
        <div
          id={`${ids}-panel`}
          className="space-y-4 border-t border-dashed border-slate-300 p-4 dark:border-slate-700"
        >
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('developerTools.description')}
          </p>
          {children}
        </div>
      )}
    </section>
  );
}
