/**
 * The language menu of the footer and the demo frames: every language the product offers
 * (LANGUAGES, from core's registry), each named in its own script with its `lang` and `dir`
 * (lib/languages.tsx), and under it its name in the present UI language. The landing page keeps
 * its English/Hindi toggle (SPEC 1); this menu reaches the rest.
 *
 * A disclosure (WAI-ARIA Authoring Practices, "Disclosure"): a button with `aria-expanded` that
 * shows a list of buttons, the present language marked `aria-current`. Keyboard: Enter or Space
 * opens it and puts focus on the present language; Tab, or the arrow keys, Home and End, move
 * between languages; Escape (or a press outside) closes it and gives focus back to the button.
 * Choosing a language calls `setLanguage`, which fetches its texts first, remembers the choice
 * and sets <html lang> and <html dir>. Fits a 390 px screen (centred on the button, at most the
 * viewport's width less the page's margins, scrolling when the list is taller than the space).
 */
import { type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useDismiss } from '@/components/ui/use-dismiss';
import { isLanguage, LANGUAGES, type Language, setLanguage } from '@/lib/i18n';
import { endonymOf, LanguageName, languageNameIn } from '@/lib/languages';

export function LanguageMenu({
  placement = 'above',
  compact = false,
}: {
  /** Where the list opens: above the button (the footer) or below it (a header). */
  placement?: 'above' | 'below';
  /** Only the language's name on the button, the word "Language" for screen readers only. */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root, button);

  const items = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const to =
      event.key === 'ArrowDown'
        ? (at + 1) % all.length
        : event.key === 'ArrowUp'
          ? (at - 1 + all.length) % all.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? all.length - 1
              : -1;
    if (to < 0) return;
    event.preventDefault();
    all[to]?.focus();
  };

  const choose = (language: Language) => {
    setOpen(false);
    button.current?.focus();
    if (language !== current) void setLanguage(language);
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          const opening = !open;
          setOpen(opening);
          if (opening) {
            // Focus the present language once the list is drawn.
            requestAnimationFrame(() => {
              list.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus();
            });
          }
        }}
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
      >
        <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>
          {t('footer.language')}
        </span>
        <LanguageName code={current} className="font-medium" />
        <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <ul
          ref={list}
          id={listId}
          aria-label={t('footer.language')}
          onKeyDown={onListKey}
          className={`absolute z-50 grid max-h-[min(24rem,70vh)] w-[min(22rem,calc(100vw-2rem))] grid-cols-2 gap-1 overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900 ${
            placement === 'above'
              ? // The footer centres the button on a phone: the list too, else at the line's end.
                'bottom-full mb-2 start-1/2 -translate-x-1/2 rtl:translate-x-1/2 sm:start-auto sm:end-0 sm:translate-x-0 sm:rtl:translate-x-0'
              : 'top-full mt-2 end-0'
          }`}
        >
          {LANGUAGES.map((language) => {
            const name = languageNameIn(language, current);
            const selected = language === current;
            return (
              <li key={language}>
                <button
                  type="button"
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => choose(language)}
                  className={`flex min-h-11 w-full flex-col items-start rounded-lg px-3 py-1.5 text-start text-sm ${
                    selected
                      ? 'bg-orange-100 font-semibold text-orange-950 dark:bg-orange-950 dark:text-orange-100'
                      : 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'
                  }`}
                >
                  <LanguageName code={language} className="text-base" />
                  {name !== null &&
                    name.toLocaleLowerCase() !== endonymOf(language).toLocaleLowerCase() && (
                      <span className="text-xs text-slate-600 dark:text-slate-400">{name}</span>
                    )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
