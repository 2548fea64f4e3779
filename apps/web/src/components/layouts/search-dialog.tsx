/**
 * The header's search (DECISIONS 6): a modal dialog opened by the search button or Ctrl/Cmd+K
 * that finds, as the holder types, their credentials, consent requests and activity entries (the
 * records the notifications feature provides through `useHeaderIndicators`) and the app's pages,
 * grouped by kind (`findSearchResults`). Choosing a result goes to its screen: credentials to
 * /credentials, consent requests to /consent, activity to /logs, a page to the page.
 *
 * Keyboard: the input is a combobox over the results listbox; ArrowDown/ArrowUp (Home/End) move
 * the active result, Enter goes to it, Escape closes; Tab stays inside the dialog; on close focus
 * returns to where it was (the search button).
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useActivityText } from '@/lib/activity-text';
import { useConsentTexts } from '@/lib/consent-texts';
import { documentTypeName, issuerDisplayName } from '@/lib/document-labels';
import { useFormat } from '@/lib/preferences';
import { useHeaderIndicators } from './header-indicators';
import { findSearchResults, type SearchPage, type SearchResult } from './search-results';

function usePageEntries(signedIn: boolean): SearchPage[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const publicPages: SearchPage[] = [
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
    const appPages: SearchPage[] = [
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

function ResultDetail({ result }: { result: SearchResult }) {
  const { t } = useTranslation('notifications');
  const format = useFormat();
  if (result.kind === 'page') return null;
  const text =
    result.kind === 'activity_log' && result.detail
      ? format.relative(result.detail)
      : result.detail;
  return (
    <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600 dark:text-slate-400">
      {text && <span>{text}</span>}
      {result.status && (
        <span className="rounded bg-slate-100 px-1.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {t(`consentStatus.${result.status}`)}
        </span>
      )}
    </span>
  );
}

export function SearchDialog({ onClose, signedIn }: { onClose: () => void; signedIn: boolean }) {
  const { t, i18n } = useTranslation('notifications');
  const navigate = useNavigate();
  const { records, refresh } = useHeaderIndicators();
  const activityText = useActivityText();
  const consentTexts = useConsentTexts();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const pages = usePageEntries(signedIn);

  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts change with the language.
  const groups = useMemo(
    () =>
      findSearchResults(query, {
        ...records,
        pages,
        texts: {
          document: (name) => documentTypeName(name, language),
          issuer: (name) => issuerDisplayName(name, language),
          organisation: consentTexts.organisation,
          purpose: (request) => consentTexts.purpose(request.requester, request.purpose),
          activity: activityText,
        },
      }),
    [query, records, pages, language],
  );
  const flat = useMemo(() => groups.flatMap((group) => group.results), [groups]);
  const activeIndex = flat.length === 0 ? -1 : Math.min(active, flat.length - 1);

  // Opening: focus the input, ask for fresh records; closing: focus goes back.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    inputRef.current?.focus();
    refresh();
    return () => previous?.focus();
  }, [refresh]);

  // The active result stays in view while arrowing through a long list.
  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const go = (result: SearchResult | undefined) => {
    if (!result) return;
    onClose();
    void navigate(result.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        onClose();
        return;
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (flat.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + flat.length) % flat.length);
        return;
      }
      case 'Home':
      case 'End':
        if (event.target !== inputRef.current || flat.length === 0) return;
        if (event.ctrlKey || !query) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : flat.length - 1);
        }
        return;
      case 'Enter':
        if (event.target !== inputRef.current) return;
        event.preventDefault();
        go(flat[activeIndex]);
        return;
      case 'Tab': {
        // Focus stays inside the modal dialog.
        const focusable = Array.from(
          dialogRef.current?.querySelectorAll<HTMLElement>('input, button:not([tabindex="-1"])') ??
            [],
        );
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
        return;
      }
    }
  };

  let index = -1;
  // A portal: the sticky header's backdrop blur would otherwise confine `fixed` to the header.
  return createPortal(
    <div className="fixed inset-0 z-[60] flex items-start justify-center p-3 pt-[8vh] sm:p-4 sm:pt-[10vh]">
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 cursor-default bg-slate-950/50"
        onClick={onClose}
      />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className="relative flex max-h-[80vh] w-full max-w-xl flex-col rounded-xl border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id={titleId} className="sr-only">
          {t('search.title')}
        </h2>
        <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
          <SearchIcon className="size-5 shrink-0 text-slate-400" />
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            placeholder={t('search.placeholder')}
            aria-label={t('search.title')}
            aria-expanded={flat.length > 0}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            spellCheck={false}
            className="min-w-0 flex-1 bg-transparent py-1 text-base outline-none placeholder:text-slate-400"
          />
          <button
            type="button"
            onClick={onClose}
            aria-label={t('search.close')}
            className="rounded p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
        {flat.length === 0 ? (
          <p role="status" className="px-4 py-8 text-center text-sm text-slate-500">
            {t('search.noResults', { query: query.trim() })}
          </p>
        ) : (
          <div
            id={listboxId}
            role="listbox"
            aria-label={t('search.results')}
            className="min-h-0 flex-1 overflow-y-auto p-2"
          >
            {groups.map((group) => {
              const labelId = `${baseId}-group-${group.kind}`;
              return (
                // biome-ignore lint/a11y/useSemanticElements: an ARIA listbox group, not a form fieldset
                <div
                  key={group.kind}
                  role="group"
                  aria-labelledby={labelId}
                  className="mb-1 last:mb-0"
                >
                  <div
                    id={labelId}
                    role="presentation"
                    className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
                  >
                    {t(`search.groups.${group.kind}`)}
                  </div>
                  {group.results.map((result) => {
                    index += 1;
                    const mine = index;
                    const selected = mine === activeIndex;
                    return (
                      // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
                      <div
                        key={result.key}
                        id={optionId(mine)}
                        role="option"
                        tabIndex={-1}
                        aria-selected={selected}
                        onClick={() => go(result)}
                        onMouseMove={() => setActive(mine)}
                        className={`flex cursor-pointer flex-col rounded-md px-3 py-2 text-sm ${
                          selected
                            ? 'bg-orange-50 text-orange-900 dark:bg-orange-900/30 dark:text-orange-100'
                            : 'text-slate-800 dark:text-slate-200'
                        }`}
                      >
                        <span className="font-medium break-words">{result.title}</span>
                        <ResultDetail result={result} />
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
        )}
        <p className="hidden border-t border-slate-200 px-4 py-2 text-xs text-slate-500 sm:block dark:border-slate-700 dark:text-slate-400">
          {t('search.hint')}
        </p>
      </div>
    </div>,
    document.body,
  );
}
