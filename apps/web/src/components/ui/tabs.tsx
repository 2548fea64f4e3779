/**
 * Accessible tabs (WAI-ARIA Authoring Practices "Tabs with automatic activation"): a
 * role=tablist labelled by `label`, one role=tab button per item with aria-selected and a roving
 * tabindex (only the selected tab is in the Tab order), and one role=tabpanel for the selected
 * tab, labelled by it and focusable. ArrowLeft/ArrowRight move to the previous/next tab
 * (wrapping), Home/End to the first/last; moving selects the tab at once.
 *
 * Controlled: the caller keeps `selected` and renders the selected tab's content as `children`.
 */
import { type KeyboardEvent, type ReactNode, type Ref, useId, useRef } from 'react';

export interface TabItem<T extends string> {
  id: T;
  /** The tab's visible text; it is also its accessible name (a count inside it is read too). */
  label: ReactNode;
}

export interface TabsProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** The selected tab's panel content. */
  children: ReactNode;
  /** Extra classes of the tab list (e.g. a bottom margin). */
  listClassName?: string;
  panelClassName?: string;
  /** The panel element, e.g. to keep focus in it when its focused content goes away. */
  panelRef?: Ref<HTMLDivElement>;
  /**
   * On phones, share the width equally and let labels wrap, so every tab shows without sideways
   * scrolling (for a few tabs). From the `sm` breakpoint up, tabs take their natural width.
   */
  fitOnPhones?: boolean;
}

export function Tabs<T extends string>({
  label,
  items,
  selected,
  onSelect,
  children,
  listClassName = '',
  panelClassName = '',
  panelRef,
  fitOnPhones = false,
}: TabsProps<T>) {
  const base = useId();
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (id: T) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;

  const move = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    onSelect(item.id);
    buttons.current.get(item.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(target);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className={`border-b border-slate-200 dark:border-slate-700 ${
          fitOnPhones
            ? 'grid grid-flow-col auto-cols-fr sm:flex sm:gap-1'
            : 'flex gap-1 overflow-x-auto'
        } ${listClassName}`}
      >
        {items.map((item, index) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(node) => {
                if (node) buttons.current.set(item.id, node);
                else buttons.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={isSelected}
              // Only the selected tab has a panel in the document to point at.
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(item.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`-mb-px inline-flex min-h-11 shrink-0 items-center gap-x-1.5 border-b-2 py-2 text-sm font-medium transition-colors sm:gap-x-2 sm:px-4 sm:whitespace-nowrap ${
                fitOnPhones ? 'flex-wrap justify-center px-1 text-center' : 'px-3 whitespace-nowrap'
              } ${
                isSelected
                  ? 'border-orange-700 text-orange-800 dark:border-orange-400 dark:text-orange-300'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:border-slate-600 dark:hover:text-white'
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        ref={panelRef}
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(selected)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: APG tabs: the panel is focusable, so keyboard users reach a panel without focusable content
        tabIndex={0}
        className={`rounded-b-lg ${panelClassName}`}
      >
        {children}
      </div>
    </div>
  );
}
