/**
 * The start of a prerendered public page (ADR 0010): the page is complete HTML, so the app
 * (React, the router, TanStack Query, i18next, about 200 KB) is started only when it is needed,
 * not on every visit:
 *
 * - at once when the HTML is not what this visitor should see: a language other than English
 *   (stored, or the browser's first preferred language), a stored theme other than 'system' (the
 *   theme button shows it; not on a page with an island, /verify/{id}, whose island shows it:
 *   see `needsAppAtOnce`), or a stored session (the header of a signed-in holder);
 * - when a new version of the app is waiting (lib/service-worker.ts), to show its prompt;
 * - otherwise on the visitor's first interaction: a key press, or a focus, tap or press that
 *   is not on a link (links are plain <a href> and open the next prerendered page by
 *   themselves), or the pointer over a button or form field.
 *
 * What the visitor does before the app has started is held and then replayed, in order, on the
 * same element of the started app (found again by its position under #root, so it also works
 * when the app renders afresh): a click on a button (`type="button"`; repeated clicks on one
 * button count once), a form's submission (never sent natively: the inline loader of
 * scripts/prerender.mjs holds it from the first paint on), a choice in a <select>, and a key
 * press with Ctrl or Cmd (a shortcut). Text typed into a field stays there: React keeps a
 * field's value when hydrating, and the forms adopt it (lib/use-value-typed-before-start.ts);
 * when the app renders the page afresh, the typed text is put into the new fields as if typed
 * there, and the focus and caret return (restoreTypedFields).
 * Native controls (links, <details>) work by themselves and are not replayed.
 *
 * On /verify/{id} (the page a stranger opens from a shared link) the verdict is needed at once,
 * but not the rest of the app: a small React root, the verify island (src/app/verify-island.ts),
 * hydrates the page's <main> and checks the credential; the header and footer wait like any
 * public page's, and when the app starts it takes over the page from the island, keeping its
 * verdict.
 *
 * Before the app starts, the page also registers the service worker (production builds), as
 * the app would. (The operating system's dark mode is followed live, SPEC 4 theme 'system', by
 * index.html's inline script from the first paint, before this module has loaded.)
 *
 * This module and its static imports are, with src/main.tsx, the whole entry chunk of a public
 * page: keep them free of React, zod and the encrypted storage (main.tsx loads the app, the
 * island and the service worker's registration with dynamic imports).
 */
import { paths } from './config/paths';
import { STORAGE_KEYS } from './lib/storage-keys';

/** The language of the prerendered HTML (src/app/prerender.tsx renders English). */
const PRERENDERED_LANGUAGE = 'en';
/** Stored themes the prerendered HTML does not show ('system' is what it shows). */
const EXPLICIT_THEMES = new Set(['light', 'dark']);

/** Events held from the first paint by the prerendered pages' inline loader (prerender.mjs). */
export interface EarlyEvents {
  events: Event[];
  /** Removes the loader's listeners; this module listens from then on. */
  stop: () => void;
}

declare global {
  interface Window {
    /** Set by the prerendered pages' inline loader (scripts/prerender.mjs). */
    __earlyEvents?: EarlyEvents;
  }
}

/** The event types held before the app starts (the inline loader listens to the same). */
export const HELD_EVENT_TYPES = [
  'click',
  'submit',
  'change',
  'keydown',
  'focusin',
  'pointerdown',
  'touchstart',
] as const;

/** A React root rendered into part of the page before the app starts (the verify island). */
export interface Island {
  /** The element the island renders into; events inside it are the island's own. */
  element: HTMLElement;
  unmount: () => void;
}

export interface PublicPageOptions {
  /** #root, holding the prerendered page. */
  container: HTMLElement;
  /** Starts the whole app (src/start-app.tsx); resolves once it has rendered. */
  startApp: (options: { hydrate: boolean; beforeRender?: () => void }) => Promise<void>;
  /**
   * Loads the island of `pathname`'s page, if it has one (src/app/verify-island.ts); resolves
   * to the function that mounts it.
   */
  loadIsland?: (pathname: string) => Promise<() => Island> | null;
  /** Registers the service worker; calls `onUpdateWaiting` when a new version waits. */
  registerServiceWorker?: (onUpdateWaiting: () => void) => void;
  early?: EarlyEvents;
  storage?: Pick<Storage, 'getItem'> | null;
  pathname?: string;
}

type HeldAction =
  | { kind: 'click'; path: number[] }
  | { kind: 'submit'; path: number[]; submitter: number[] | null }
  | { kind: 'change'; path: number[]; value: string }
  | { kind: 'key'; path: number[]; init: KeyboardEventInit };

/** The element indexes from `root` down to `element`; null when it is not inside `root`. */
export function pathTo(root: Element, element: Element): number[] | null {
  const path: number[] = [];
  let node: Element | null = element;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, node));
    node = parent;
  }
  return node === root ? path : null;
}

/** The element at `path` under `root`, if there is one. */
export function elementAt(root: Element, path: readonly number[]): Element | null {
  let node: Element | null = root;
  for (const index of path) {
    node = node?.children[index] ?? null;
    if (!node) return null;
  }
  return node;
}

/**
 * The language part ('hi' of 'hi-IN') of the language the app opens in for this visitor: the
 * stored choice, else the browser's first preferred language (the app's language detection,
 * lib/i18n.ts), else English.
 */
export function visitorLanguage(
  storage: Pick<Storage, 'getItem'> | null,
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): string {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(STORAGE_KEYS.language) ?? null;
  } catch {
    // Storage refused: nothing stored.
  }
  const language = stored ?? preferred[0] ?? PRERENDERED_LANGUAGE;
  return language.split('-')[0]?.toLowerCase() || PRERENDERED_LANGUAGE;
}

/** The stored theme when it is 'light' or 'dark' (not what the HTML shows); else null. */
export function storedExplicitTheme(
  storage: Pick<Storage, 'getItem'> | null,
): 'light' | 'dark' | null {
  try {
    const theme = storage?.getItem(STORAGE_KEYS.theme) ?? null;
    return theme !== null && EXPLICIT_THEMES.has(theme) ? (theme as 'light' | 'dark') : null;
  } catch {
    // Storage refused: nothing stored.
    return null;
  }
}

/**
 * True when the prerendered HTML is not what this visitor should see (see the module doc).
 * `island`: the page has an island (/verify/{id}), which shows a stored 'light' or 'dark' theme
 * itself (the colours are index.html's inline script's, before the first paint; the island sets
 * the header's theme button, verify-island-theme.ts), so such a theme needs no app there.
 */
export function needsAppAtOnce(
  storage: Pick<Storage, 'getItem'> | null,
  preferred?: readonly string[],
  { island = false }: { island?: boolean } = {},
): boolean {
  if (visitorLanguage(storage, preferred) !== PRERENDERED_LANGUAGE) return true;
  if (!island && storedExplicitTheme(storage) !== null) return true;
  try {
    return (storage?.getItem(STORAGE_KEYS.sessionToken) ?? null) !== null;
  } catch {
    // Storage refused: nothing stored, the HTML is right.
    return false;
  }
}

function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The island of `pathname`, if its page has one: /verify/{id}. */
export function islandPageOf(pathname: string): { credentialId: string } | null {
  const prefix = paths.verify.getHref('');
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length);
  if (!rest || rest.includes('/')) return null;
  try {
    return { credentialId: decodeURIComponent(rest) };
  } catch {
    return null;
  }
}

/** What was typed into a page's text fields, and the focused element, by position. */
export interface TypedFields {
  fields: { path: number[]; value: string; selection: number | null }[];
  focused: number[] | null;
}

const TEXT_FIELDS =
  'input:not([type]), input[type=text], input[type=tel], input[type=email], input[type=search], input[type=number], input[type=password], input[type=url], textarea';

/** The text fields under `root` whose value differs from the page's, and the focused element. */
export function typedFields(root: Element): TypedFields {
  const fields: TypedFields['fields'] = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)) {
    const path = pathTo(root, field);
    if (path && field.value !== field.defaultValue) {
      let selection: number | null = null;
      try {
        selection = field.selectionEnd;
      } catch {
        // type=number and type=email have no selection.
      }
      fields.push({ path, value: field.value, selection });
    }
  }
  const active = document.activeElement;
  const focused = active && active !== root && root.contains(active) ? pathTo(root, active) : null;
  return { fields, focused };
}

/**
 * Puts `typed` back into the fields at the same positions under `root` whose value differs (a
 * hydrated page kept it; a page rendered afresh lost it), through the value setter and an
 * `input` event, so a React form's state takes it as if typed; then focuses the element that had
 * the focus, with the caret where it was, unless the app has focused something since.
 */
export function restoreTypedFields(root: Element, typed: TypedFields): void {
  for (const { path, value } of typed.fields) {
    const field = elementAt(root, path);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
    if (field.value === value) continue;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setValue?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (!typed.focused) return;
  const active = document.activeElement;
  if (active && active !== document.body && active !== root) return;
  const element = elementAt(root, typed.focused);
  if (!(element instanceof HTMLElement)) return;
  element.focus();
  const selection = typed.fields.find((f) => f.path.join('/') === typed.focused?.join('/'));
  if (
    selection?.selection != null &&
    (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
  ) {
    try {
      element.setSelectionRange(selection.selection, selection.selection);
    } catch {
      // No selection on this type of field.
    }
  }
}

/**
 * Runs a prerendered public page until the app is needed, then starts it (see the module doc).
 * @returns `start`, which starts the app now (idempotent); `started`, which resolves once the
 *   app has rendered and the held events were replayed; `stop`, which stops listening without
 *   starting the app (a page that is torn down, tests).
 */
export function startPublicPage(options: PublicPageOptions): {
  start: () => Promise<void>;
  started: Promise<void>;
  stop: () => void;
} {
  const { container } = options;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const held: HeldAction[] = [];
  let island: Island | null = null;
  let appStarting = false;
  let resolveStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    resolveStarted = resolve;
  });

  const insideIsland = (target: EventTarget | null) =>
    island !== null && target instanceof Node && island.element.contains(target);

  /** Records what must be replayed; true when `event` asks for the app. */
  function hold(event: Event): boolean {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || insideIsland(target)) return false;
    switch (event.type) {
      case 'submit': {
        event.preventDefault();
        const path = pathTo(container, target);
        const submitter = (event as SubmitEvent).submitter;
        if (path) {
          held.push({
            kind: 'submit',
            path,
            submitter: submitter ? pathTo(container, submitter) : null,
          });
        }
        return true;
      }
      case 'click': {
        const button = target.closest('button');
        if (button?.type !== 'button' || button.disabled) return false;
        const path = pathTo(container, button);
        const key = path?.join('/');
        if (path && !held.some((a) => a.kind === 'click' && a.path.join('/') === key)) {
          held.push({ kind: 'click', path });
        }
        return true;
      }
      case 'change': {
        if (!(target instanceof HTMLSelectElement)) return false;
        const path = pathTo(container, target);
        if (path) held.push({ kind: 'change', path, value: target.value });
        return true;
      }
      case 'keydown': {
        const key = event as KeyboardEvent;
        if (key.ctrlKey || key.metaKey) {
          const path = pathTo(container, target) ?? [];
          held.push({
            kind: 'key',
            path,
            init: {
              key: key.key,
              code: key.code,
              ctrlKey: key.ctrlKey,
              metaKey: key.metaKey,
              shiftKey: key.shiftKey,
              altKey: key.altKey,
              bubbles: true,
              cancelable: true,
            },
          });
        }
        return true;
      }
      case 'pointerdown':
      case 'touchstart':
      case 'focusin':
        // A tap on a link (which also focuses it) is a navigation: the next page is prerendered
        // too. A keyboard visitor starts the app with the key press itself.
        return !target.closest('a[href]');
      case 'pointerover':
        return target.closest('button, input, select, textarea, label') !== null;
      default:
        return true;
    }
  }

  function replay(): void {
    for (const action of held.splice(0)) {
      const element = elementAt(container, action.path);
      if (action.kind === 'click') {
        if (element instanceof HTMLElement) element.click();
      } else if (action.kind === 'submit') {
        if (!(element instanceof HTMLFormElement)) continue;
        const submitter = action.submitter ? elementAt(container, action.submitter) : null;
        const isSubmitter =
          submitter instanceof HTMLButtonElement &&
          submitter.type === 'submit' &&
          submitter.form === element;
        element.requestSubmit(isSubmitter ? submitter : undefined);
      } else if (action.kind === 'change') {
        if (!(element instanceof HTMLSelectElement)) continue;
        element.value = action.value;
        element.dispatchEvent(new Event('change', { bubbles: true }));
      } else {
        (element ?? document.body).dispatchEvent(new KeyboardEvent('keydown', action.init));
      }
    }
  }

  const types = [...HELD_EVENT_TYPES, 'pointerover'] as const;
  const onEvent = (event: Event) => {
    if (hold(event)) void start();
  };
  // The theme 'system' follows the OS from the first paint by index.html's inline script (not
  // this module, which may load late) until the app's ThemeProvider takes over.

  function stopListening(): void {
    for (const type of types) document.removeEventListener(type, onEvent, true);
  }

  let starting: Promise<void> | null = null;
  function start(): Promise<void> {
    starting ??= (async () => {
      appStarting = true;
      const islandNow = island;
      let typed: TypedFields = { fields: [], focused: null };
      await options.startApp({
        hydrate: islandNow === null,
        // From here on React has the page's events (a part not hydrated yet is hydrated first
        // when it gets one), and the island's place is the app's.
        beforeRender: () => {
          stopListening();
          islandNow?.unmount();
          island = null;
          typed = typedFields(container);
        },
      });
      // A page rendered afresh (a stored language or theme) has new, empty fields: what was
      // typed into the prerendered ones goes into them, as if typed there.
      restoreTypedFields(container, typed);
      // After the app's effects and the renders they asked for.
      await new Promise((resolve) => setTimeout(resolve, 0));
      replay();
      resolveStarted();
    })();
    return starting;
  }

  // Listen first, then take over what the inline loader held since the first paint.
  // Passive: only a submission is ever stopped (the browser need not wait for a scroll or tap).
  for (const type of types) {
    document.addEventListener(type, onEvent, { capture: true, passive: type !== 'submit' });
  }
  const early = options.early ?? window.__earlyEvents;
  early?.stop();
  let interacted = false;
  for (const event of early?.events.splice(0) ?? []) interacted = hold(event) || interacted;

  options.registerServiceWorker?.(() => void start());

  const pathname = options.pathname ?? window.location.pathname;
  const hasIsland = options.loadIsland !== undefined && islandPageOf(pathname) !== null;
  if (interacted || needsAppAtOnce(storage, undefined, { island: hasIsland })) {
    void start();
  } else {
    const loading = options.loadIsland?.(pathname);
    void loading?.then((mount) => {
      // Not when the visitor started the app while the island loaded: the app renders it all.
      if (!appStarting) island = mount();
    });
  }
  return { start, started, stop: stopListening };
}
