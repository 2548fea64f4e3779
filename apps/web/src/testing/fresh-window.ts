/**
 * The web project's first set-up file (vitest.config.ts setupFiles), run before each test file
 * is imported: the jsdom window, kept from file to file within a worker (testing/jsdom-kept.ts),
 * is put back as a new window starts: an empty document at the root URL, no attributes on <html>
 * or <body>, no title, nothing in localStorage or sessionStorage. It imports nothing, so it runs
 * before the modules of testing/setup.ts (lib/i18n marks <html lang> when it is imported).
 */
const root = document.documentElement;
for (const name of root.getAttributeNames()) root.removeAttribute(name);
document.head.replaceChildren();
document.body.replaceChildren();
for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
document.title = '';
window.history.replaceState(null, '', '/');
window.localStorage.clear();
window.sessionStorage.clear();

export {};
