/**
 * SPEC 2 'Add Credentials': a dropdown (scrollable, max height) of the nine issuable types
 * (core's ISSUABLE_DOCUMENT_TYPES) with their issuers; a type the holder already holds is
 * disabled (one credential per type, SPEC 5). Arrow keys move between entries; Escape closes.
 */
import { type DocumentType, ISSUABLE_DOCUMENT_TYPES } from '@pehchaan/core';
import { type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon, PlusIcon } from '@/components/ui/icons';
import { useDismiss } from '@/components/ui/use-dismiss';
import { documentTypeName, issuerDisplayName } from '@/lib/document-labels';

export function AddCredentialMenu({
  heldKeys,
  onSelect,
  busy = false,
}: {
  /** Catalogue keys of the types the holder already has. */
  heldKeys: ReadonlySet<string>;
  onSelect: (type: DocumentType) => void;
  busy?: boolean;
}) {
  const { t, i18n } = useTranslation('credentials');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root, trigger);

  const items = () =>
    Array.from(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  const openMenu = () => {
    setOpen(true);
    // Focus the first enabled entry once the menu is rendered.
    requestAnimationFrame(() =>
      items()
        .find((item) => !item.disabled)
        ?.focus(),
    );
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (
      event.key !== 'ArrowDown' &&
      event.key !== 'ArrowUp' &&
      event.key !== 'Home' &&
      event.key !== 'End'
    )
      return;
    event.preventDefault();
    const list = items().filter((item) => !item.disabled);
    if (list.length === 0) return;
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    let next = 0;
    if (event.key === 'ArrowDown') next = (at + 1) % list.length;
    else if (event.key === 'ArrowUp') next = (at - 1 + list.length) % list.length;
    else if (event.key === 'End') next = list.length - 1;
    list[next]?.focus();
  };

  return (
    <div ref={root} className="relative">
      <Button
        ref={trigger}
        onClick={() => (open ? setOpen(false) : openMenu())}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        loading={busy}
        loadingLabel={t('adding')}
      >
        <PlusIcon className="size-4" />
        {t('add')}
        <ChevronDownIcon className="size-4" />
      </Button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t('addMenu')}
          onKeyDown={onMenuKey}
          className="absolute start-0 z-30 mt-2 max-h-80 w-72 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg sm:end-0 sm:start-auto dark:border-slate-700 dark:bg-slate-900"
        >
          {ISSUABLE_DOCUMENT_TYPES.map((type) => {
            const held = heldKeys.has(type.key);
            return (
              <button
                key={type.key}
                type="button"
                role="menuitem"
                disabled={held}
                onClick={() => {
                  setOpen(false);
                  trigger.current?.focus();
                  onSelect(type);
                }}
                className="flex w-full flex-col items-start rounded-lg px-3 py-2 text-start hover:bg-orange-50 focus-visible:bg-orange-50 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
              >
                <span className="font-medium text-slate-900 dark:text-white">
                  {documentTypeName(type.key, i18n.language)}
                </span>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {issuerDisplayName(type.issuer, i18n.language)}
                  {held && ` · ${t('held')}`}
                </span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
