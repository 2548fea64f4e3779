/**
 * The header's search (DECISIONS 6): a dialog opened by the search button or Ctrl/Cmd+K. For now
 * it finds the app's pages by name; the holder's credentials, consent requests and activity join
 * it with the features that own them.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

interface SearchEntry {
  label: string;
  href: string;
}

function usePageEntries(signedIn: boolean): SearchEntry[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const publicPages: SearchEntry[] = [
      { label: t('nav.home'), href: paths.home.getHref() },
      { label: t('nav.features'), href: paths.features.getHref() },
      { label: t('nav.about'), href: paths.about.getHref() },
      { label: t('nav.contact'), href: paths.contact.getHref() },
      { label: t('footer.supportCenter'), href: paths.support.getHref() },
      { label: t('footer.helpCenter'), href: paths.help.getHref() },
      { label: t('footer.privacy'), href: paths.privacy.getHref() },
      { label: t('footer.terms'), href: paths.terms.getHref() },
      { label: t('footer.kycDemo'), href: paths.kycDemo.getHref() },
      { label: t('footer.businessDashboard'), href: paths.businessDashboard.getHref() },
      { label: t('footer.digitalWallet'), href: paths.digitalWallet.getHref() },
      { label: t('footer.longterm'), href: paths.longterm.getHref() },
    ];
    const appPages: SearchEntry[] = [
      { label: t('nav.dashboard'), href: paths.app.dashboard.getHref() },
      { label: t('nav.credentials'), href: paths.app.credentials.getHref() },
      { label: t('nav.consent'), href: paths.app.consent.getHref() },
      { label: t('nav.logs'), href: paths.app.logs.getHref() },
      { label: t('nav.profile'), href: paths.app.profile.getHref() },
      { label: t('nav.settings'), href: paths.app.settings.getHref() },
    ];
    return signedIn ? [...appPages, ...publicPages] : publicPages;
  }, [t, signedIn]);
}

export function SearchDialog({ onClose, signedIn }: { onClose: () => void; signedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const entries = usePageEntries(signedIn);
  const results = entries.filter((e) =>
    e.label.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase()),
  );

  useEffect(() => {
    inputRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const go = (href: string) => {
    onClose();
    void navigate(href);
  };

  return (
    <div className="fixed inset-0 z-[60] flex items-start justify-center bg-slate-950/50 p-4 pt-[10vh]">
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 cursor-default"
        onClick={onClose}
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative w-full max-w-lg rounded-xl border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id={titleId} className="sr-only">
          {t('search.title')}
        </h2>
        <form
          className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700"
          onSubmit={(event) => {
            event.preventDefault();
            if (results[0]) go(results[0].href);
          }}
        >
          <SearchIcon className="size-5 text-slate-400" />
          <input
            ref={inputRef}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.title')}
            className="min-w-0 flex-1 bg-transparent py-1 outline-none placeholder:text-slate-400"
          />
          <button
            type="button"
            onClick={onClose}
            aria-label={t('search.close')}
            className="rounded p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <CloseIcon className="size-4" />
          </button>
        </form>
        {results.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">{t('search.noResults')}</p>
        ) : (
          <ul className="max-h-80 overflow-y-auto p-2">
            {results.map((entry) => (
              <li key={`${entry.href}-${entry.label}`}>
                <button
                  type="button"
                  onClick={() => go(entry.href)}
                  className="w-full rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  {entry.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
