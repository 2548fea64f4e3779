/**
 * The header's bell (SPEC 2): a badge with the number of updates (9+ above 9) and a dropdown
 * titled Recent Updates with Clear All (toast 'All notifications cleared'), the empty state
 * 'No recent updates', and a View All Activity link to /logs.
 */
import { formatRelativeTime } from '@pehchaan/core';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '@/components/ui/icons';
import { useDismiss } from '@/components/ui/use-dismiss';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { badgeText, useHeaderIndicators } from './header-indicators';

export function NotificationMenu() {
  const { t } = useTranslation();
  const { notifications, clearAll } = useHeaderIndicators();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);

  const count = notifications.length;
  const onClearAll = async () => {
    await clearAll();
    toast.success(t('notifications.cleared'));
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={
          count > 0
            ? t('notifications.openWithCount', { n: badgeText(count) })
            : t('notifications.open')
        }
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <BellIcon />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {badgeText(count)}
          </span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          aria-labelledby={`${panelId}-title`}
          className="absolute right-0 z-50 mt-2 w-[min(20rem,calc(100vw-1.5rem))] rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <h2 id={`${panelId}-title`} className="font-semibold">
              {t('notifications.title')}
            </h2>
            {count > 0 && (
              <button
                type="button"
                onClick={onClearAll}
                className="rounded text-sm font-medium text-orange-700 hover:underline dark:text-orange-400"
              >
                {t('notifications.clearAll')}
              </button>
            )}
          </div>
          {count === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
              {t('notifications.empty')}
            </p>
          ) : (
            <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
              {notifications.map((item) => (
                <li key={item.id} className="px-4 py-3 text-sm">
                  {item.href ? (
                    <Link to={item.href} onClick={close} className="font-medium hover:underline">
                      {item.title}
                    </Link>
                  ) : (
                    <p className="font-medium">{item.title}</p>
                  )}
                  {item.description && (
                    <p className="text-slate-600 dark:text-slate-400">{item.description}</p>
                  )}
                  {item.timestamp && (
                    <p className="text-xs text-slate-500">{formatRelativeTime(item.timestamp)}</p>
                  )}
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-slate-200 px-4 py-3 text-center dark:border-slate-700">
            <Link
              to={paths.app.logs.getHref()}
              onClick={close}
              className="text-sm font-medium text-orange-700 hover:underline dark:text-orange-400"
            >
              {t('notifications.viewAll')}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
