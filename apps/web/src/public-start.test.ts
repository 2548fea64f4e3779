import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type EarlyEvents,
  elementAt,
  type Island,
  islandPageOf,
  needsAppAtOnce,
  type PublicPageOptions,
  pathTo,
  startPublicPage,
  visitorLanguage,
} from './public-start';

/** A prerendered page: header with a menu button and a link, a form with a select, a main. */
const PAGE = `
  <header><a href="/about">About</a><button type="button" id="menu">Menu</button></header>
  <main id="main"><p>Loading...</p></main>
  <form id="form"><input name="aadhaar"><select id="language"><option value="en">English</option>
  <option value="hi">Hindi</option></select><button type="submit" id="send">Send</button></form>`;

function storage(values: Record<string, string> = {}): Pick<Storage, 'getItem'> {
  return { getItem: (key) => values[key] ?? null };
}

/**
 * The app as the page sees it: `startApp` attaches its handlers to the page (as hydration does)
 * or renders it afresh (new elements, the same structure); `calls` records what the app handled.
 */
function fakeApp(container: HTMLElement, mode: 'hydrate' | 'fresh' = 'hydrate') {
  const calls: string[] = [];
  const startApp = vi.fn<PublicPageOptions['startApp']>(async ({ beforeRender }) => {
    // The app's modules load first: never inside the event that started it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    beforeRender?.();
    if (mode === 'fresh') container.innerHTML = PAGE;
    container.querySelector('#menu')?.addEventListener('click', () => calls.push('menu'));
    const form = container.querySelector('form');
    form?.addEventListener('submit', (event) => {
      event.preventDefault();
      calls.push(`submit:${(event as SubmitEvent).submitter?.id ?? ''}`);
    });
    container
      .querySelector('select')
      ?.addEventListener('change', (event) =>
        calls.push(`language:${(event.target as HTMLSelectElement).value}`),
      );
  });
  return { calls, startApp };
}

const click = (element: Element) =>
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

describe('element paths', () => {
  it('finds the same position under the root again', () => {
    const root = document.createElement('div');
    root.innerHTML = PAGE;
    const send = root.querySelector('#send') as Element;
    const path = pathTo(root, send);
    expect(path).toEqual([2, 2]);
    expect(elementAt(root, path ?? [])).toBe(send);
    expect(pathTo(root, document.body)).toBeNull();
    expect(elementAt(root, [9])).toBeNull();
  });
});

describe('whether the prerendered HTML is what the visitor sees', () => {
  it('is, for English, theme system and no session', () => {
    expect(needsAppAtOnce(storage(), ['en-IN', 'hi'])).toBe(false);
    expect(needsAppAtOnce(storage({ language: 'en', theme: 'system' }), ['hi'])).toBe(false);
    expect(needsAppAtOnce(null, [])).toBe(false);
  });

  it('is not for another language (stored first, else the browser’s), theme or a session', () => {
    expect(needsAppAtOnce(storage({ language: 'hi' }), ['en'])).toBe(true);
    expect(needsAppAtOnce(storage(), ['hi-IN', 'en'])).toBe(true);
    expect(needsAppAtOnce(storage({ theme: 'dark' }), ['en'])).toBe(true);
    expect(needsAppAtOnce(storage({ theme: 'light' }), ['en'])).toBe(true);
    expect(needsAppAtOnce(storage({ sessionToken: 'sealed' }), ['en'])).toBe(true);
  });

  it("is, on a page with an island, for a stored 'light' or 'dark' theme (the island shows it)", () => {
    const island = { island: true };
    expect(needsAppAtOnce(storage({ theme: 'dark' }), ['en'], island)).toBe(false);
    expect(needsAppAtOnce(storage({ theme: 'light' }), ['en'], island)).toBe(false);
    expect(needsAppAtOnce(storage({ theme: 'dark', language: 'hi' }), ['en'], island)).toBe(true);
    expect(needsAppAtOnce(storage({ theme: 'dark', sessionToken: 's' }), ['en'], island)).toBe(
      true,
    );
  });

  it('treats refused storage as empty', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(needsAppAtOnce(refusing, ['en'])).toBe(false);
    expect(visitorLanguage(refusing, ['hi-IN'])).toBe('hi');
  });
});

describe('the island pages', () => {
  it('is /verify/{id}, with the id decoded', () => {
    expect(islandPageOf('/verify/cred-1')).toEqual({ credentialId: 'cred-1' });
    expect(islandPageOf('/verify/a%20b')).toEqual({ credentialId: 'a b' });
    expect(islandPageOf('/verify/')).toBeNull();
    expect(islandPageOf('/verify/a/b')).toBeNull();
    expect(islandPageOf('/about')).toBeNull();
  });
});

describe('a prerendered public page before the app', () => {
  let container: HTMLElement;
  let stops: (() => void)[] = [];
  beforeEach(() => {
    container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = PAGE;
    document.body.append(container);
  });
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
    container.remove();
  });

  function start(options: Partial<PublicPageOptions> & Pick<PublicPageOptions, 'startApp'>) {
    const page = startPublicPage({ container, storage: storage(), pathname: '/about', ...options });
    stops.push(page.stop);
    return page;
  }

  it('does not start the app by itself', async () => {
    const app = fakeApp(container);
    start({ startApp: app.startApp });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(app.startApp).not.toHaveBeenCalled();
  });

  it('starts it at once, hydrating, when the HTML is not what the visitor should see', () => {
    const app = fakeApp(container);
    start({ startApp: app.startApp, storage: storage({ language: 'hi' }) });
    expect(app.startApp).toHaveBeenCalledWith(expect.objectContaining({ hydrate: true }));
  });

  it('starts it on a click on a button and replays the click once, however often it came', async () => {
    const app = fakeApp(container);
    const page = start({ startApp: app.startApp });
    const menu = container.querySelector('#menu') as Element;
    click(menu);
    click(menu);
    await page.started;
    expect(app.startApp).toHaveBeenCalledOnce();
    expect(app.calls).toEqual(['menu']);
    // The app has the page from now on.
    click(menu);
    expect(app.calls).toEqual(['menu', 'menu']);
  });

  it('replays on the same place when the app renders the page afresh', async () => {
    const app = fakeApp(container, 'fresh');
    const page = start({ startApp: app.startApp });
    click(container.querySelector('#menu') as Element);
    await page.started;
    expect(app.calls).toEqual(['menu']);
  });

  it('carries what was typed, the focus and the caret into a page rendered afresh', async () => {
    const app = fakeApp(container, 'fresh');
    const typedIntoTheApp: string[] = [];
    app.startApp.mockImplementationOnce(async ({ beforeRender }) => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      beforeRender?.();
      container.innerHTML = PAGE;
      container
        .querySelector('input')
        ?.addEventListener('input', (event) =>
          typedIntoTheApp.push((event.target as HTMLInputElement).value),
        );
    });
    const page = start({ startApp: app.startApp });
    const before = container.querySelector('input') as HTMLInputElement;
    // The focus starts the app; the visitor types on while its modules load.
    before.focus();
    before.value = '2345 6789';
    before.setSelectionRange(4, 4);
    await page.started;
    const after = container.querySelector('input') as HTMLInputElement;
    expect(after).not.toBe(before);
    expect(after.value).toBe('2345 6789');
    expect(typedIntoTheApp).toEqual(['2345 6789']);
    expect(document.activeElement).toBe(after);
    expect(after.selectionEnd).toBe(4);
  });

  it('leaves a hydrated field alone: it kept its value', async () => {
    const app = fakeApp(container);
    const page = start({ startApp: app.startApp });
    const field = container.querySelector('input') as HTMLInputElement;
    field.value = '2345';
    const events: string[] = [];
    field.addEventListener('input', () => events.push('input'));
    click(container.querySelector('#menu') as Element);
    await page.started;
    expect(field.value).toBe('2345');
    expect(events).toEqual([]);
  });

  it('holds a submission (never sent natively) and submits it again with its button', async () => {
    const app = fakeApp(container);
    const page = start({ startApp: app.startApp });
    const form = container.querySelector('form') as HTMLFormElement;
    const send = container.querySelector('#send') as HTMLButtonElement;
    const submitted = new SubmitEvent('submit', {
      bubbles: true,
      cancelable: true,
      submitter: send,
    });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    await page.started;
    expect(app.calls).toEqual(['submit:send']);
  });

  it('replays a choice in a select', async () => {
    const app = fakeApp(container);
    const page = start({ startApp: app.startApp });
    const select = container.querySelector('select') as HTMLSelectElement;
    select.value = 'hi';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    // Hydration puts back the value it renders; the replay chooses again.
    select.value = 'en';
    await page.started;
    expect(app.calls).toEqual(['language:hi']);
    expect(select.value).toBe('hi');
  });

  it('leaves a tap on a link to the browser, and starts on a focus', async () => {
    const app = fakeApp(container);
    start({ startApp: app.startApp });
    const link = container.querySelector('a') as HTMLAnchorElement;
    link.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    link.focus();
    click(link);
    expect(app.startApp).not.toHaveBeenCalled();
    (container.querySelector('input') as HTMLInputElement).focus();
    expect(app.startApp).toHaveBeenCalledOnce();
  });

  it('takes over what the inline loader held since the first paint', async () => {
    const app = fakeApp(container);
    const menu = container.querySelector('#menu') as Element;
    const held = new MouseEvent('click', { bubbles: true });
    menu.dispatchEvent(held);
    const early: EarlyEvents = { events: [held], stop: vi.fn() };
    const page = start({ startApp: app.startApp, early });
    expect(early.stop).toHaveBeenCalledOnce();
    await page.started;
    expect(app.calls).toEqual(['menu']);
  });

  it('starts when a new version of the app waits (its prompt is the app’s)', () => {
    const app = fakeApp(container);
    let onUpdateWaiting = () => {};
    start({
      startApp: app.startApp,
      registerServiceWorker: (listener) => {
        onUpdateWaiting = listener;
      },
    });
    expect(app.startApp).not.toHaveBeenCalled();
    onUpdateWaiting();
    expect(app.startApp).toHaveBeenCalledOnce();
  });

  it('mounts the island at once; the app then renders afresh in its place', async () => {
    const app = fakeApp(container);
    const main = container.querySelector('main') as HTMLElement;
    const island: Island = { element: main, unmount: vi.fn() };
    const loadIsland = vi.fn(async () => () => island);
    const page = start({ startApp: app.startApp, loadIsland, pathname: '/verify/cred-1' });
    await vi.waitFor(() => expect(loadIsland).toHaveBeenCalledWith('/verify/cred-1'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The island's own events are the island's.
    main.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(app.startApp).not.toHaveBeenCalled();

    click(container.querySelector('#menu') as Element);
    await page.started;
    expect(app.startApp).toHaveBeenCalledWith(expect.objectContaining({ hydrate: false }));
    expect(island.unmount).toHaveBeenCalledOnce();
    expect(app.calls).toEqual(['menu']);
  });

  it("mounts the island for a stored 'dark' theme, and does not follow the system's", async () => {
    const app = fakeApp(container);
    const listeners: string[] = [];
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: false,
          media: query,
          addEventListener: (type: string) => listeners.push(type),
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    try {
      const island: Island = {
        element: container.querySelector('main') as HTMLElement,
        unmount: vi.fn(),
      };
      const loadIsland = vi.fn(async () => () => island);
      start({
        startApp: app.startApp,
        loadIsland,
        pathname: '/verify/cred-1',
        storage: storage({ theme: 'dark' }),
      });
      await vi.waitFor(() => expect(loadIsland).toHaveBeenCalledWith('/verify/cred-1'));
      expect(app.startApp).not.toHaveBeenCalled();
      expect(listeners).toEqual([]);

      // Not on a page without an island: the whole app, at once.
      const other = fakeApp(container);
      start({ startApp: other.startApp, loadIsland, storage: storage({ theme: 'dark' }) });
      expect(other.startApp).toHaveBeenCalledOnce();
    } finally {
      matchMedia.mockRestore();
    }
  });

  it('does not mount the island when the visitor started the app while it loaded', async () => {
    const app = fakeApp(container);
    let loaded: (mount: () => Island) => void = () => {};
    const mount = vi.fn(() => ({ element: container, unmount: vi.fn() }));
    const page = start({
      startApp: app.startApp,
      loadIsland: () =>
        new Promise((resolve) => {
          loaded = resolve;
        }),
    });
    click(container.querySelector('#menu') as Element);
    loaded(mount);
    await page.started;
    expect(mount).not.toHaveBeenCalled();
    expect(app.startApp).toHaveBeenCalledWith(expect.objectContaining({ hydrate: true }));
  });
});
