/** The header's user menu (SPEC 2): My Profile, Settings, Sign Out (sign out goes to /). */
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDownIcon, UserIcon } from '@/components/ui/icons';
import { Ltr } from '@/components/ui/ltr';
import { useDismiss } from '@/components/ui/use-dismiss';
import { paths } from '@/config/paths';
import { useAuth, useSignOut } from '@/lib/auth';
import { useGreetingName } from '@/lib/preferences';

const ITEM =
  'block w-full rounded-md px-3 py-2 text-start text-sm hover:bg-slate-100 dark:hover:bg-slate-800';

export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const greetingName = useGreetingName();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('userMenu.open')}
        className="flex items-center gap-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <span className="grid size-7 place-items-center rounded-full bg-orange-100 text-orange-700 dark:bg-orange-900/40 dark:text-orange-300">
          <UserIcon className="size-4" />
        </span>
        <ChevronDownIcon className="size-4" />
      </button>
      {open && (
        <nav
          id={menuId}
          aria-label={t('userMenu.label')}
          className="absolute end-0 z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          {user && (
            <p className="border-b border-slate-200 px-3 pt-1 pb-2 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
              {t('userMenu.signedInAs')}{' '}
              <span className="font-medium text-slate-800 dark:text-slate-200">
                {greetingName ?? <Ltr>{user.phone}</Ltr>}
              </span>
            </p>
          )}
          <ul className="pt-1">
            <li>
              <Link to={paths.app.profile.getHref()} onClick={close} className={ITEM}>
                {t('userMenu.myProfile')}
              </Link>
            </li>
            <li>
              <Link to={paths.app.settings.getHref()} onClick={close} className={ITEM}>
                {t('userMenu.settings')}
              </Link>
            </li>
            <li>
              <button
                type="button"
                onClick={() => {
                  close();
                  void signOut();
                }}
                className={`${ITEM} text-red-700 dark:text-red-400`}
              >
                {t('userMenu.signOut')}
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
