/**
 * The Chromium binary the browser tests launch (playwright.config.ts, and the specs that start a
 * browser of their own with a fake camera: receive-credential, receive-from-issuer): CHROMIUM_PATH
 * when set, else Debian's `chromium-headless-shell` package (/usr/bin/chromium-headless-shell).
 *
 * The headless shell is Chromium's "old headless" mode built as a binary of its own, without the
 * desktop browser's UI layer; it is what Playwright itself runs headless tests in by default.
 * Playwright launches any executablePath with the same switches (`--headless` among them, which
 * the full /usr/bin/chromium 132+ takes as its "new headless" mode: the whole browser, no window).
 * The shell ran the same tests for less CPU (docs/performance.md "The browser tests in the
 * headless shell (s40-shell, 2026-12-08)"). `CHROMIUM_PATH=/usr/bin/chromium` runs them in the
 * full browser, which `.ci/run` also installs (the Lighthouse bench, the icon script).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
